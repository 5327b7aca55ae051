/**
 * Text laid out in columns of a terminal: used by the screens and by the referee's reports. A
 * character takes the columns string-width gives it, as Ink lays it out: two for a wide one (CJK,
 * most emoji), none for a combining mark; a name or a line of chat in such characters is measured,
 * cut and padded in columns, so that it does not shift the rest of its row.
 */
import stringWidth from 'string-width';

/**
 * Characters of a column each, a UTF-16 unit each, none combining: printable ASCII, Latin-1 and
 * the Latin extensions (the soft hyphen aside, which takes none), general punctuation (dashes,
 * the ellipsis, bullets), arrows, box drawing, block elements and the geometric shapes but the
 * two that are emoji (U+25FD, U+25FE): what potm's own screens draw, measured without string-width,
 * which takes some 28 µs for a line of 50 characters (a served screen measures many a frame).
 * test/text.test.ts holds each to string-width.
 */
export const NARROW = /^[\x20-\x7E\u00A0-\u00AC\u00AE-\u02FF\u2010-\u2027\u2030-\u205E\u2190-\u21FF\u2500-\u25FC\u25FF]*$/;
const segmenter = new Intl.Segmenter();

/** Columns a text takes in a terminal. */
export const columnsOf = (text: string): number => (NARROW.test(text) ? text.length : stringWidth(text));

/** The text's graphemes: what a terminal draws as one character (an emoji with its modifiers, a letter with its accents). */
const graphemes = (text: string): string[] =>
	NARROW.test(text) ? text.split('') : Array.from(segmenter.segment(text), ({segment}) => segment);

/** The longest start of `text` within `width` columns, whole graphemes only. */
export function headOf(text: string, width: number): string {
	if (columnsOf(text) <= width) return text;
	let head = '';
	let used = 0;
	for (const grapheme of graphemes(text)) {
		used += columnsOf(grapheme);
		if (used > width) break;
		head += grapheme;
	}
	return head;
}

/** The longest end of `text` within `width` columns, whole graphemes only. */
export function tailOf(text: string, width: number): string {
	if (columnsOf(text) <= width) return text;
	let tail = '';
	let used = 0;
	for (const grapheme of graphemes(text).reverse()) {
		used += columnsOf(grapheme);
		if (used > width) break;
		tail = grapheme + tail;
	}
	return tail;
}

/** Text cut to `width` columns, an ellipsis marking the cut (a wide character that does not fit whole leaves a column less). */
export function cut(text: string, width: number, ascii = false): string {
	if (width <= 0) return '';
	if (columnsOf(text) <= width) return text;
	return width === 1 ? headOf(text, 1) : `${headOf(text, width - 1)}${ascii ? '>' : '…'}`;
}

/** Text and spaces after it to fill `width` columns (as padEnd does for a text of a column a character). */
export const padColumns = (text: string, width: number): string => text + ' '.repeat(Math.max(0, width - columnsOf(text)));

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
		let rest = word;
		while (columnsOf(lead()) + columnsOf(rest) > width && graphemes(rest).length > 1) {
			// What fits of it, at least one grapheme.
			const fits = headOf(rest, width - columnsOf(lead())) || graphemes(rest)[0]!;
			lines.push(lead() + fits);
			rest = rest.slice(fits.length);
		}
		line = lead() + rest;
	}
	if (line !== '') lines.push(line);
	return lines;
}
