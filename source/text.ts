/** Text laid out in columns of a terminal: used by the screens and by the referee's reports. */

/** Columns a text takes (one per character: the texts here are not wide East Asian script). */
export const columnsOf = (text: string): number => [...text].length;

/** Text cut to `width` columns, an ellipsis marking the cut. */
export function cut(text: string, width: number, ascii = false): string {
	if (width <= 0) return '';
	const chars = [...text];
	if (chars.length <= width) return text;
	return width === 1 ? chars[0]! : `${chars.slice(0, width - 1).join('')}${ascii ? '>' : '…'}`;
}

/**
 * Text broken into lines of at most `width` columns, between words where it can be (a word
 * longer than a line is broken where it must); `indent` starts every line after the first.
 */
export function wrapLines(text: string, width: number, indent = ''): string[] {
	if (width <= 0) return [];
	const lines: string[] = [];
	const lead = () => (lines.length === 0 ? '' : indent);
	// The line being filled, its indent included.
	let line = '';
	for (const word of text.split(/\s+/).filter(Boolean)) {
		if (line !== '' && columnsOf(line) + 1 + columnsOf(word) <= width) {
			line += ` ${word}`;
			continue;
		}
		if (line !== '') lines.push(line);
		let rest = [...word];
		while (columnsOf(lead()) + rest.length > width && rest.length > 1) {
			const fits = Math.max(1, width - columnsOf(lead()));
			lines.push(lead() + rest.slice(0, fits).join(''));
			rest = rest.slice(fits);
		}
		line = lead() + rest.join('');
	}
	if (line !== '') lines.push(line);
	return lines;
}
