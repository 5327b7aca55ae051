/** What a full-screen terminal program sends its terminal around the screens Ink draws. */

/**
 * The most frames a second Ink draws: the person's own clock near its end shows tenths; a screen
 * showing the engine think draws one every THINKING_FRAME_MS.
 */
export const MAX_FPS = 10;

/**
 * The most frames a second a served screen draws. What it shows changes mostly when somebody
 * else moves, at any moment: under a cap of 10 a move that comes within 100 ms of the last frame
 * (the clock's, a second apart) waits for the rest of those 100 ms. At 30 the serve bench's
 * 95th percentile at 100 sessions fell from 116 to 47 ms, at the same share of the cores.
 */
export const SERVED_MAX_FPS = 30;

/**
 * The alternate screen, cleared, with the cursor at its top left: a terminal keeps the cursor
 * where the shell left it (below npm's lines under `npm start`), and Ink draws from there.
 */
export const ALTERNATE_SCREEN_ON = '\u001B[?1049h\u001B[H\u001B[2J';
export const ALTERNATE_SCREEN_OFF = '\u001B[?1049l';
/** Bracketed paste: a terminal marks what is pasted, so that a line break in it is not taken for Enter. */
export const PASTE_MARKS_ON = '\u001B[?2004h';
export const PASTE_MARKS_OFF = '\u001B[?2004l';
export const SHOW_CURSOR = '\u001B[?25h';
/** The terminal as it was before the screens: paste marks off, the normal screen back, the cursor shown. */
export const SCREEN_RESTORED = `${PASTE_MARKS_OFF}${ALTERNATE_SCREEN_OFF}${SHOW_CURSOR}`;
