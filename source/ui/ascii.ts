/**
 * --ascii: whatever the screens draw reaches the terminal as plain ASCII. The board's own glyphs
 * come from the ASCII theme; this catches the rest (separators, arrows, box borders) at the
 * stream, one character for one, so the layout is unchanged.
 */

const REPLACEMENTS: Readonly<Record<string, string>> = {
	'·': '-',
	'–': '-',
	'—': '-',
	'×': 'x',
	'…': '.',
	'◀': '<',
	'▶': '>',
	'▸': '>',
	'●': 'o',
	'◦': 'o',
	'█': '#',
	'░': '-',
	'←': '<',
	'→': '>',
	'↑': '^',
	'↓': 'v',
	'╭': '+',
	'╮': '+',
	'╰': '+',
	'╯': '+',
	'┌': '+',
	'┐': '+',
	'└': '+',
	'┘': '+',
	'─': '-',
	'│': '|',
};

/** The text with every non-ASCII character replaced by one ASCII character. */
export function toAscii(text: string): string {
	return text.replace(/[^\u0000-\u007f]/gu, ch => REPLACEMENTS[ch] ?? '?');
}

/** The stream, writing through toAscii; everything else (size, resize events, isTTY) as it is. */
export function asciiStream(stream: NodeJS.WriteStream): NodeJS.WriteStream {
	return new Proxy(stream, {
		get(target, property) {
			if (property === 'write') {
				return (chunk: unknown, ...rest: unknown[]) =>
					(target.write as (...args: unknown[]) => boolean)(typeof chunk === 'string' ? toAscii(chunk) : chunk, ...rest);
			}
			const value: unknown = Reflect.get(target, property, target);
			return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
		},
	});
}
