/** Positions the puzzle tests share. */

/** RED to move: g5 f4 brings the straggler to rank 4, and f4 d4 then joins c3-c4. */
export const CONNECT_IN_TWO = [
	'1 20',
	'1 0 60.0',
	'2 0 60.0',
	'2.....2',
	'.......',
	'......1',
	'..1....',
	'..1....',
	'.......',
	'......2',
	'',
].join('\n');
