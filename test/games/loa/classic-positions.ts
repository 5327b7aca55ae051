/**
 * Classic 8×8 positions for perft, as POTM files, with their perft counts from depth 1. The
 * mid-game ones come from the start by a fixed line of play; the counts were computed by the fast
 * core and confirmed by the plain reference generator (properties.test.ts, "perft, reference
 * against fast"). `boxed` has BLACK boxed in, so that BLACK must pass, again and again.
 */
export const CLASSIC_POSITIONS = {
	'black-move-8': {
		text: '1 8\n1 0 60.0\n2 0 60.0\n111.11.2\n2....2..\n.....1..\n2..2.2..\n2.1.2...\n2.11....\n2......2\n.1.1..1.\n',
		perft: [36, 1_115, 40_512, 1_256_099],
	},
	'white-move-13': {
		text: '2 13\n1 0 60.0\n2 0 60.0\n.111.1.1\n2....2..\n2...22..\n2.1....2\n22..1...\n2..12...\n........\n.1.11.12\n',
		perft: [43, 1_455, 56_556, 1_865_738],
	},
	boxed: {
		text: '1 5\n1 0 60.0\n2 0 60.0\n......21\n......22\n........\n..2.....\n........\n........\n22......\n12......\n',
		perft: [1, 30, 30, 937, 3_569],
	},
} as const;
