/** LOAPS positions that more than one test searches. */
import {position} from '../games/loa/diagram.js';

/**
 * RED 0, BLUE 14, RED to move. Three RED moves connect: d2-f2 lands on the f2 bonus (12 + 3 = 15,
 * wins 15 to 14); g2-e2 and g2-f1 score only the 12 and lose 12 to 14. d2-d4 grabs 7 points but
 * connects nothing, and e1-f2 takes the same +3 without connecting.
 */
export const connectOnBonus = position(['....2..', '.......', '...2...', '.......', '..2....', '...1..1', '..2.1..'], {
	moveNumber: 10,
	points: [0, 14],
});
