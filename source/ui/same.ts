/**
 * Whether two values show the same: for the screens' panels memoised with React.memo, whose props
 * are made anew each frame (a board's view, a move list) though what they hold seldom changes. A
 * clock's frame then draws the clock, not the board. Plain objects, arrays and sets are compared
 * by what they hold, anything else (functions, class instances) by identity.
 */
export function same(a: unknown, b: unknown): boolean {
	if (Object.is(a, b)) return true;
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
	if (Array.isArray(a)) {
		if (!Array.isArray(b) || a.length !== b.length) return false;
		for (let index = 0; index < a.length; index++) if (!same(a[index], b[index])) return false;
		return true;
	}
	if (a instanceof Set) {
		if (!(b instanceof Set) || a.size !== b.size) return false;
		for (const value of a) if (!b.has(value)) return false;
		return true;
	}
	const prototype = Object.getPrototypeOf(a) as unknown;
	if ((prototype !== Object.prototype && prototype !== null) || Object.getPrototypeOf(b) !== prototype) return false;
	// Counted and compared key by key, without arrays of keys: a frame compares the props of every panel.
	let count = 0;
	for (const key in a) {
		if (!Object.hasOwn(a, key)) continue;
		count++;
		if (!Object.hasOwn(b, key) || !same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
	}
	for (const key in b) if (Object.hasOwn(b, key)) count--;
	return count === 0;
}
