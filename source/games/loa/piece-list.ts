/**
 * The piece list's layout, shared by the board (which keeps the list) and the evaluations (which
 * read it): in a module of its own, so that the evaluations need nothing of the board at run time.
 */

/** A side's slice of the piece list has room for this many pieces. */
export const LIST_STRIDE = 16;
