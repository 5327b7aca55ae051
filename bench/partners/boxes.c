/*
 * boxes.c -- a sparring partner for the LINES and BOXES benchmarks of potm.
 *
 * It was written from the rules alone (the rulings potm is held to and the POTM contest
 * page), without looking at potm's engine, so that measuring potm against it
 * says something about potm and not about a copy of potm.  It is a POTM entry:
 * it reads one input file (path given as the LAST argument) and prints one
 * move `V1 V2` on stdout, lesser vertex first.
 *
 *   boxes [--player greedy|ab|uct|exact] [--share N] [--iterations N]
 *         [--seed N] [--verbose] FILE
 *   boxes --value FILE        exact margin (boxes still to come, side to move
 *                             minus opponent) under perfect play
 *   boxes --perft D FILE      number of move sequences of D moves (a check of
 *                             the move generator against `potm perft`)
 *
 * Exit status: 0 a move printed; 1 the board is full (no move); 2 bad
 * arguments or a bad file (one line on stderr).  Nothing else goes to stderr
 * except the one line that --verbose adds.
 *
 * Players
 *   greedy  Takes the most boxes now.  Ties, and the no-capture case, go to
 *           the move that leaves the opponent the fewest boxes to take with
 *           one reply, then fewest three-sided boxes, then the shortest move;
 *           what is still tied is drawn with the --seed generator (default 1,
 *           so it is deterministic for a given seed).  Negligible time.
 *   ab      (default) Plain iterative-deepening negamax alpha-beta, no
 *           transposition table, evaluation = boxes taken by the side to move
 *           minus boxes taken by the opponent along the searched line (exact
 *           once a line reaches the end of the game).  Ordering: captures
 *           (most first), then moves that hand no box over, then the rest; at
 *           the root the previous iteration's best first.  Time: remaining /
 *           share CPU seconds (--share, default 20), never more than
 *           remaining / 3; an iteration cut off by the clock is thrown away.
 *   uct     Monte-Carlo tree search, UCT (exploration constant 0.7 on
 *           rewards 1 / 0.5 / 0 for win / tie / loss from the root mover's
 *           view), --iterations per move (default 100000), --seed (default 1).
 *           The playouts are random but not uniform over legal moves: they
 *           draw a free unit segment uniformly and then play it alone half of
 *           the time, otherwise a random run through it.  Uniform choice
 *           among all runs would mostly draw long lines (an empty row of 8
 *           has 36 runs, 8 of them unit) and end games in a few moves, far
 *           from how games are played.  CPU: never more than remaining / 10.
 *   exact   Perfect play when the position is small enough: negamax over the
 *           set of drawn unit segments.  Turns always alternate, so the value
 *           of a position for the side to move (the margin of boxes still to
 *           come) depends only on which segments are drawn; a table indexed
 *           by that set (2^free entries, one byte each while at most 10 boxes
 *           are unfinished, else two; zero-filled lazily by the OS) holds
 *           lower and upper bounds from fail-soft alpha-beta.  Positions equal
 *           under a symmetry of the board share an entry; children's entries
 *           are fetched together and checked for a cutoff before any is
 *           searched.  The time goes on cache misses in the table, so these
 *           count more than the cost per node.  Measured on the 2-core EPYC:
 *           empty 3x3 (24 free) 0.45 s, its hardest reply 0.8 s; positions
 *           with 24 free from real 5x5 and 8x8 games up to 0.9 s, with 26 up
 *           to 5 s.  Used when at most EXACT_MAX_FREE (24) segments are free,
 *           with up to remaining / 4 for the solve (once solved, later
 *           positions are subproblems and cheap); if the clock runs out first,
 *           or the position is larger, it plays `ab` with what is left.  Among
 *           moves of equal value it plays the first in a fixed order
 *           (captures, most first, then moves handing nothing, then the rest;
 *           longer first).
 *
 * The board is a set of bitsets, one per grid line: bit i of horizontal line
 * r is the unit segment from column i to i+1 on vertex row r; bit i of
 * vertical line c is the unit segment from row i to i+1 on vertex column c.
 * A move is a run of undrawn unit segments on one line.
 *
 * Time is always this process's CPU time (CLOCK_PROCESS_CPUTIME_ID, counted
 * from process start), which is what the referee charges.
 *
 * Build: cc -O2 -std=c11 -Wall -Wextra -o boxes boxes.c -lm
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXR 8
#define MAXC 8
#define MAXSEG (2 * MAXR * MAXC + MAXR + MAXC) /* 144 */
#define MAXMOVES 648 /* 8x8 empty: 18 lines of 8 segments, 36 runs each */
#define MAXPLY (MAXSEG + 1)
#define INF 1000
/* Larger positions are handed to ab: 24 free segments solve within about a
 * second in game positions, 26 took up to 5 s (header). */
#define EXACT_MAX_FREE 24

typedef struct {
    uint8_t vert; /* 0 horizontal line, 1 vertical line */
    uint8_t line; /* vertex row (horizontal) or vertex column (vertical) */
    uint8_t a, b; /* vertices a..b along the line, segments a..b-1 */
} Move;

typedef struct {
    int R, C;
    uint16_t h[MAXR + 1];
    uint16_t v[MAXC + 1];
    uint8_t side[MAXR][MAXC]; /* drawn sides of each box */
    int nfree;                /* undrawn unit segments */
    int three;                /* boxes with exactly three sides */
} Board;

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---------------------------------------------------------------- board */

static void board_init(Board *bd, int R, int C)
{
    memset(bd, 0, sizeof *bd);
    bd->R = R;
    bd->C = C;
    bd->nfree = 2 * R * C + R + C;
}

static inline int bump(Board *bd, int r, int c)
{
    int s = ++bd->side[r][c];
    if (s == 3) bd->three++;
    if (s == 4) { bd->three--; return 1; }
    return 0;
}

static inline void unbump(Board *bd, int r, int c)
{
    int s = bd->side[r][c]--;
    if (s == 4) bd->three++;
    if (s == 3) bd->three--;
}

static inline uint16_t run_mask(Move m)
{
    return (uint16_t)(((1u << (m.b - m.a)) - 1u) << m.a);
}

/* Draws m (assumed legal); returns the boxes it completes. */
static int apply(Board *bd, Move m)
{
    int got = 0, L = m.line;
    if (!m.vert) {
        bd->h[L] |= run_mask(m);
        for (int c = m.a; c < m.b; c++) {
            if (L > 0) got += bump(bd, L - 1, c);
            if (L < bd->R) got += bump(bd, L, c);
        }
    } else {
        bd->v[L] |= run_mask(m);
        for (int r = m.a; r < m.b; r++) {
            if (L > 0) got += bump(bd, r, L - 1);
            if (L < bd->C) got += bump(bd, r, L);
        }
    }
    bd->nfree -= m.b - m.a;
    return got;
}

static void undo(Board *bd, Move m)
{
    int L = m.line;
    if (!m.vert) {
        bd->h[L] &= (uint16_t)~run_mask(m);
        for (int c = m.a; c < m.b; c++) {
            if (L > 0) unbump(bd, L - 1, c);
            if (L < bd->R) unbump(bd, L, c);
        }
    } else {
        bd->v[L] &= (uint16_t)~run_mask(m);
        for (int r = m.a; r < m.b; r++) {
            if (L > 0) unbump(bd, r, L - 1);
            if (L < bd->C) unbump(bd, r, L);
        }
    }
    bd->nfree += m.b - m.a;
}

static int legal(const Board *bd, Move m)
{
    const uint16_t *lines = m.vert ? bd->v : bd->h;
    return (lines[m.line] & run_mask(m)) == 0;
}

/* Every run of consecutive undrawn segments on every line, in a fixed order:
 * horizontal lines top to bottom, then vertical lines left to right. */
static int gen(const Board *bd, Move *out)
{
    int n = 0;
    for (int vert = 0; vert < 2; vert++) {
        int nl = vert ? bd->C + 1 : bd->R + 1, len = vert ? bd->R : bd->C;
        const uint16_t *lines = vert ? bd->v : bd->h;
        for (int L = 0; L < nl; L++) {
            uint16_t drawn = lines[L];
            for (int a = 0; a < len; a++) {
                for (int b = a; b < len && !(drawn >> b & 1); b++) {
                    Move m = {(uint8_t)vert, (uint8_t)L, (uint8_t)a, (uint8_t)(b + 1)};
                    out[n++] = m;
                }
            }
        }
    }
    return n;
}

/* Boxes m would complete (cap) and boxes it would leave with three sides
 * (hand), without drawing it: every box a move touches gains exactly one
 * side, since a straight run borders each box on one side at most. */
static void peek(const Board *bd, Move m, int *cap, int *hand)
{
    int c3 = 0, c2 = 0, L = m.line;
    for (int i = m.a; i < m.b; i++) {
        int s;
        if (L > 0) {
            s = m.vert ? bd->side[i][L - 1] : bd->side[L - 1][i];
            c3 += s == 3;
            c2 += s == 2;
        }
        if (L < (m.vert ? bd->C : bd->R)) {
            s = m.vert ? bd->side[i][L] : bd->side[L][i];
            c3 += s == 3;
            c2 += s == 2;
        }
    }
    *cap = c3;
    *hand = c2;
}

/* Stable bucket sort on the simple ordering key: captures (most first), then
 * moves handing nothing, then handing one, then the rest. */
static void order_moves(const Board *bd, Move *mv, int n)
{
    enum { NK = 17 * 3 };
    static Move tmp[MAXMOVES];
    uint8_t key[MAXMOVES];
    int cnt[NK + 1];
    memset(cnt, 0, sizeof cnt);
    for (int i = 0; i < n; i++) {
        int cap, hand;
        peek(bd, mv[i], &cap, &hand);
        int k = cap * 3 + (hand == 0 ? 2 : hand == 1 ? 1 : 0);
        key[i] = (uint8_t)(NK - 1 - k); /* ascending key = descending merit */
        cnt[key[i] + 1]++;
    }
    for (int k = 0; k < NK; k++) cnt[k + 1] += cnt[k];
    for (int i = 0; i < n; i++) tmp[cnt[key[i]]++] = mv[i];
    memcpy(mv, tmp, (size_t)n * sizeof *mv);
}

static void fmt_vertex(char *buf, int col, int row)
{
    sprintf(buf, "%c%d", 'A' + col, row + 1);
}

static void fmt_move(char *buf, Move m)
{
    char v1[8], v2[8];
    if (!m.vert) {
        fmt_vertex(v1, m.a, m.line);
        fmt_vertex(v2, m.b, m.line);
    } else {
        fmt_vertex(v1, m.line, m.a);
        fmt_vertex(v2, m.line, m.b);
    }
    sprintf(buf, "%s %s", v1, v2);
}

/* ------------------------------------------------------------- the file */

typedef struct {
    Board bd;
    int mover;      /* 1 or 2 */
    int score[3];   /* by player, as the moves decide */
    double time[3]; /* remaining CPU seconds by player */
} Game;

static const char *g_err;
static int g_errline;

static int bad(const char *msg, int line)
{
    g_err = msg;
    g_errline = line;
    return 0;
}

/* Splits a line into at most 4 whitespace-separated tokens; returns the
 * count (4 means "too many"). */
static int tokens(char *s, char **tok)
{
    int n = 0;
    for (;;) {
        while (*s && isspace((unsigned char)*s)) s++;
        if (!*s) return n;
        if (n == 4) return n;
        tok[n++] = s;
        while (*s && !isspace((unsigned char)*s)) s++;
        if (*s) *s++ = 0;
    }
}

static int parse_int(const char *s, long *out)
{
    char *end;
    if (!*s) return 0;
    long v = strtol(s, &end, 10);
    if (*end) return 0;
    *out = v;
    return 1;
}

static int parse_num(const char *s, double *out)
{
    char *end;
    if (!*s) return 0;
    double v = strtod(s, &end);
    if (*end || !isfinite(v)) return 0;
    *out = v;
    return 1;
}

static int parse_vertex(const char *s, int R, int C, int *col, int *row)
{
    int letter = toupper((unsigned char)s[0]);
    if (letter < 'A' || letter > 'A' + C) return 0;
    long r;
    if (!isdigit((unsigned char)s[1]) || !parse_int(s + 1, &r)) return 0;
    if (r < 1 || r > R + 1) return 0;
    *col = letter - 'A';
    *row = (int)r - 1;
    return 1;
}

static int read_game(const char *path, Game *g)
{
    FILE *f = fopen(path, "r");
    if (!f) return bad("cannot open the file", 0);
    char buf[512];
    int lineno = 0, header = 0, nplayer_moves = 0, seen_player_move = 0;
    long P = 0;
    memset(g, 0, sizeof *g);
    while (fgets(buf, sizeof buf, f)) {
        lineno++;
        if (!strchr(buf, '\n') && !feof(f)) { fclose(f); return bad("line too long", lineno); }
        char *tok[4];
        int n = tokens(buf, tok);
        if (n == 0) continue; /* blank lines carry nothing */
        if (n != 3) { fclose(f); return bad("expected three fields", lineno); }
        if (header == 0) {
            long R, C;
            if (!parse_int(tok[0], &P) || !parse_int(tok[1], &R) || !parse_int(tok[2], &C))
                { fclose(f); return bad("expected `P R C`", lineno); }
            if (P != 1 && P != 2) { fclose(f); return bad("player to move must be 1 or 2", lineno); }
            if (R < 3 || R > MAXR || C < 3 || C > MAXC)
                { fclose(f); return bad("rows and columns must be 3..8", lineno); }
            board_init(&g->bd, (int)R, (int)C);
            header = 1;
            continue;
        }
        if (header == 1 || header == 2) {
            long who, sc;
            double t;
            if (!parse_int(tok[0], &who) || who != header || !parse_int(tok[1], &sc) ||
                !parse_num(tok[2], &t))
                { fclose(f); return bad(header == 1 ? "expected `1 score time`" : "expected `2 score time`", lineno); }
            g->time[header] = t;
            header++;
            continue;
        }
        long who;
        int c1, r1, c2, r2;
        if (!parse_int(tok[0], &who) || who < 0 || who > 2)
            { fclose(f); return bad("move player must be 0, 1 or 2", lineno); }
        if (!parse_vertex(tok[1], g->bd.R, g->bd.C, &c1, &r1) ||
            !parse_vertex(tok[2], g->bd.R, g->bd.C, &c2, &r2))
            { fclose(f); return bad("vertex off the board", lineno); }
        Move m;
        if (r1 == r2 && c1 < c2) {
            Move t = {0, (uint8_t)r1, (uint8_t)c1, (uint8_t)c2};
            m = t;
        } else if (c1 == c2 && r1 < r2) {
            Move t = {1, (uint8_t)c1, (uint8_t)r1, (uint8_t)r2};
            m = t;
        } else {
            fclose(f);
            return bad(r1 == r2 || c1 == c2 ? "reversed or empty segment" : "diagonal segment", lineno);
        }
        if (!legal(&g->bd, m)) { fclose(f); return bad("segment overlaps a drawn line", lineno); }
        if (who == 0) {
            if (seen_player_move) { fclose(f); return bad("pre-drawn line after a player's move", lineno); }
        } else {
            seen_player_move = 1;
            if (who != 1 + nplayer_moves % 2) { fclose(f); return bad("player out of turn", lineno); }
            nplayer_moves++;
        }
        int got = apply(&g->bd, m);
        if (who) g->score[who] += got;
    }
    fclose(f);
    if (header < 3) return bad("file ends before the three header lines", lineno);
    g->mover = 1 + nplayer_moves % 2;
    if (P != g->mover) return bad("line 1 names the wrong player to move", 1);
    return 1;
}

/* --------------------------------------------------------------- greedy */

typedef struct { uint64_t s; } Rng;

static uint64_t rng_next(Rng *r)
{
    /* splitmix64: tiny, good enough, and seeds from any value */
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint32_t rng_below(Rng *r, uint32_t n)
{
    return (uint32_t)((rng_next(r) >> 32) * n >> 32);
}

/* The most boxes the side to move can take with one move. */
static int best_capture(const Board *bd)
{
    if (bd->three == 0) return 0;
    static Move mv[MAXMOVES];
    int n = gen(bd, mv), best = 0;
    for (int i = 0; i < n; i++) {
        int cap, hand;
        peek(bd, mv[i], &cap, &hand);
        if (cap > best) best = cap;
    }
    return best;
}

static Move play_greedy(Board *bd, Rng *rng, char *info)
{
    static Move mv[MAXMOVES];
    int n = gen(bd, mv), ties = 0;
    Move best = mv[0];
    long bestkey = -1;
    for (int i = 0; i < n; i++) {
        int cap = apply(bd, mv[i]);
        int reply = best_capture(bd), three = bd->three, len = mv[i].b - mv[i].a;
        undo(bd, mv[i]);
        /* lexicographic: most taken, least given back, fewest 3-sided, shortest */
        long key = (long)cap * 1000000 + (long)(99 - reply) * 10000 + (long)(99 - three) * 100 + (99 - len);
        if (key > bestkey) { bestkey = key; best = mv[i]; ties = 1; }
        else if (key == bestkey && rng_below(rng, (uint32_t)++ties) == 0) best = mv[i];
    }
    sprintf(info, "greedy: %d moves, key %ld", n, bestkey);
    return best;
}

/* ------------------------------------------------------------------- ab */

typedef struct {
    Board bd;
    double deadline;
    long nodes;
    int aborted;
    int horizon; /* some line stopped at the depth limit: not exact yet */
} AB;

static Move ab_moves[MAXPLY][MAXMOVES];

static int ab_node(AB *s, int ply, int depth, int alpha, int beta)
{
    Board *bd = &s->bd;
    if (bd->nfree == 0) return 0;
    if (depth == 0) { s->horizon = 1; return 0; }
    if ((++s->nodes & 1023) == 0 && cpu_now() > s->deadline) { s->aborted = 1; return 0; }
    if (depth == 1) {
        /* every child is a leaf worth 0, so the value is the best capture */
        if (bd->nfree > 1) s->horizon = 1;
        return best_capture(bd);
    }
    Move *mv = ab_moves[ply];
    int n = gen(bd, mv);
    order_moves(bd, mv, n);
    int best = -INF;
    for (int i = 0; i < n; i++) {
        int got = apply(bd, mv[i]);
        int v = got - ab_node(s, ply + 1, depth - 1, got - beta, got - alpha);
        undo(bd, mv[i]);
        if (s->aborted) return 0;
        if (v > best) {
            best = v;
            if (v > alpha) { alpha = v; if (alpha >= beta) break; }
        }
    }
    return best;
}

/* Iterative deepening until the clock (deadline, absolute CPU seconds) or an
 * exact result.  Depth 1 always finishes, whatever the clock says, so there
 * is always a move. */
static Move play_ab(const Board *start, double deadline, char *info)
{
    static AB s;
    s.bd = *start;
    s.deadline = deadline;
    s.nodes = 0;
    Move *mv = ab_moves[0];
    int n = gen(&s.bd, mv);
    order_moves(&s.bd, mv, n);
    Move best = mv[0];
    int bestv = 0, depth_done = 0, exact = 0;
    for (int depth = 1; depth <= start->nfree; depth++) {
        s.aborted = 0;
        s.horizon = 0;
        int alpha = -INF, iter_best = 0;
        for (int i = 0; i < n; i++) {
            int got = apply(&s.bd, mv[i]);
            int v = got - ab_node(&s, 1, depth - 1, -INF, got - alpha);
            undo(&s.bd, mv[i]);
            if (s.aborted && depth > 1) break;
            if (v > alpha) { alpha = v; iter_best = i; }
        }
        if (s.aborted && depth > 1) break;
        /* the best move goes first next time; the rest keep their order */
        Move b = mv[iter_best];
        memmove(mv + 1, mv, (size_t)iter_best * sizeof *mv);
        mv[0] = b;
        best = b;
        bestv = alpha;
        depth_done = depth;
        if (!s.horizon) { exact = 1; break; }
        if (cpu_now() > deadline) break;
    }
    sprintf(info, "ab: depth %d%s value %+d nodes %ld", depth_done, exact ? " (exact)" : "", bestv, s.nodes);
    return best;
}

/* ---------------------------------------------------------------- exact */

static inline int popcount32(uint32_t v)
{
#if defined(__GNUC__)
    return __builtin_popcount(v);
#else
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    return (int)((((v + (v >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
#endif
}

static inline int popcount64(uint64_t v)
{
#if defined(__GNUC__)
    return __builtin_popcountll(v);
#else
    return popcount32((uint32_t)v) + popcount32((uint32_t)(v >> 32));
#endif
}

#define MAXPM 160 /* potential moves over at most 30 free segments */
#define MAXSYM 8

typedef struct {
    int F, nb, nm, nsym;
    uint32_t full;
    uint32_t bmask[MAXR * MAXC]; /* free sides of each unfinished box */
    uint32_t mmask[MAXPM];       /* segments of each potential move */
    uint64_t tmask[MAXPM];       /* unfinished boxes each potential move borders */
    Move mv[MAXPM];              /* longest first, then generation order */
    /* images of the drawn set under the board's symmetries that preserve the
     * free set, a byte at a time: equal values share one table entry */
    uint32_t sym[MAXSYM - 1][4][256];
    /* [canonical drawn set] -> bounds (lo, hi) of the value; 0 unknown.  With
     * at most 10 unfinished boxes one byte codes every pair lo <= hi (half
     * the cache misses, which is where the time goes); else two bytes. */
    uint8_t *memo8;
    uint16_t *memo16;
    int8_t dlo[256], dhi[256];
    uint8_t enc[21][21];
    double deadline;
    long nodes;
    int aborted;
} Exact;

/* Maps the free segments of bd to bit indices and lists every run of free
 * segments (the moves that can ever be legal from here) with the unfinished
 * boxes each one borders.  Returns 0 if there are too many free segments. */
static int exact_setup(Exact *x, const Board *bd, int maxfree)
{
    int R = bd->R, C = bd->C;
    int hidx[MAXR + 1][MAXC], vidx[MAXC + 1][MAXR], bidx[MAXR][MAXC];
    memset(x, 0, sizeof *x);
    if (bd->nfree > maxfree || bd->nfree > 30) return 0;
    int F = 0;
    for (int r = 0; r <= R; r++)
        for (int c = 0; c < C; c++) hidx[r][c] = (bd->h[r] >> c & 1) ? -1 : F++;
    for (int c = 0; c <= C; c++)
        for (int r = 0; r < R; r++) vidx[c][r] = (bd->v[c] >> r & 1) ? -1 : F++;
    x->F = F;
    x->full = (1u << F) - 1u;
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++) {
            bidx[r][c] = -1;
            if (bd->side[r][c] == 4) continue;
            uint32_t m = 0;
            if (hidx[r][c] >= 0) m |= 1u << hidx[r][c];
            if (hidx[r + 1][c] >= 0) m |= 1u << hidx[r + 1][c];
            if (vidx[c][r] >= 0) m |= 1u << vidx[c][r];
            if (vidx[c + 1][r] >= 0) m |= 1u << vidx[c + 1][r];
            bidx[r][c] = x->nb;
            x->bmask[x->nb++] = m;
        }
    static Move all[MAXMOVES];
    int n = gen(bd, all);
    for (int len = MAXC; len >= 1; len--)
        for (int i = 0; i < n; i++) {
            Move m = all[i];
            if (m.b - m.a != len) continue;
            uint32_t mm = 0;
            uint64_t tm = 0;
            int L = m.line;
            for (int k = m.a; k < m.b; k++) {
                if (!m.vert) {
                    mm |= 1u << hidx[L][k];
                    if (L > 0) tm |= 1ull << bidx[L - 1][k];
                    if (L < R) tm |= 1ull << bidx[L][k];
                } else {
                    mm |= 1u << vidx[L][k];
                    if (L > 0) tm |= 1ull << bidx[k][L - 1];
                    if (L < C) tm |= 1ull << bidx[k][L];
                }
            }
            x->mv[x->nm] = m;
            x->mmask[x->nm] = mm;
            x->tmask[x->nm] = tm;
            x->nm++;
        }
    /* symmetries: t bit 0 mirrors columns, bit 1 mirrors rows, bit 2
     * transposes (square boards only); vertices (col, row) */
    for (int t = 1; t < (R == C ? 8 : 4); t++) {
        int img[32], ok = 1;
        for (int vert = 0; vert < 2 && ok; vert++) {
            int nl = vert ? C + 1 : R + 1, len = vert ? R : C;
            for (int L = 0; L < nl && ok; L++)
                for (int k = 0; k < len && ok; k++) {
                    int from = vert ? vidx[L][k] : hidx[L][k];
                    if (from < 0) continue;
                    /* the segment's two ends */
                    int x1 = vert ? L : k, y1 = vert ? k : L, x2 = vert ? L : k + 1, y2 = vert ? k + 1 : L;
                    if (t & 1) { x1 = C - x1; x2 = C - x2; }
                    if (t & 2) { y1 = R - y1; y2 = R - y2; }
                    if (t & 4) { int s = x1; x1 = y1; y1 = s; s = x2; x2 = y2; y2 = s; }
                    int to;
                    if (y1 == y2) to = hidx[y1][x1 < x2 ? x1 : x2];
                    else to = vidx[x1][y1 < y2 ? y1 : y2];
                    if (to < 0) ok = 0;
                    else img[from] = to;
                }
        }
        if (!ok) continue;
        for (int byte = 0; byte < 4; byte++)
            for (int v = 0; v < 256; v++) {
                uint32_t o = 0;
                for (int b = 0; b < 8; b++)
                    if (v >> b & 1 && byte * 8 + b < F) o |= 1u << img[byte * 8 + b];
                x->sym[x->nsym][byte][v] = o;
            }
        x->nsym++;
    }
    if (x->nb <= 10) {
        int code = 1;
        for (int lo = -10; lo <= 10; lo++)
            for (int hi = lo; hi <= 10; hi++) {
                x->enc[lo + 10][hi + 10] = (uint8_t)code;
                x->dlo[code] = (int8_t)lo;
                x->dhi[code] = (int8_t)hi;
                code++;
            }
        x->memo8 = calloc((size_t)1 << F, 1);
        return x->memo8 != NULL;
    }
    x->memo16 = calloc((size_t)1 << F, 2);
    return x->memo16 != NULL;
}

/* Bounds stored for key; 0 if none. */
static inline int memo_get(const Exact *x, uint32_t key, int *lo, int *hi)
{
    if (x->memo8) {
        uint8_t e = x->memo8[key];
        if (!e) return 0;
        *lo = x->dlo[e];
        *hi = x->dhi[e];
        return 1;
    }
    uint16_t e = x->memo16[key];
    if (!e) return 0;
    *lo = (e >> 8) - 128;
    *hi = (e & 255) - 128;
    return 1;
}

static inline void memo_put(Exact *x, uint32_t key, int lo, int hi)
{
    if (x->memo8) x->memo8[key] = x->enc[lo + 10][hi + 10];
    else x->memo16[key] = (uint16_t)((lo + 128) << 8 | (hi + 128));
}

static inline void memo_prefetch(const Exact *x, uint32_t key)
{
#if defined(__GNUC__)
    if (x->memo8) __builtin_prefetch(&x->memo8[key]);
    else __builtin_prefetch(&x->memo16[key]);
#else
    (void)x;
    (void)key;
#endif
}

static inline uint32_t canon(const Exact *x, uint32_t d)
{
    uint32_t best = d;
    for (int s = 0; s < x->nsym; s++) {
        uint32_t e = x->sym[s][0][d & 255] | x->sym[s][1][d >> 8 & 255] |
                     x->sym[s][2][d >> 16 & 255] | x->sym[s][3][d >> 24];
        if (e < best) best = e;
    }
    return best;
}

/* Legal moves at drawn set d with their captures, in the fixed order:
 * captures (most first), then moves handing no box, one box, more; within a
 * class longer first (measured: half the nodes of shorter-first on 3x3, as
 * long moves leave small subtrees that settle bounds early). */
static int exact_moves(const Exact *x, uint32_t d, uint8_t *out, int8_t *caps)
{
    uint64_t b1 = 0, b2 = 0; /* unfinished boxes with one, two free sides */
    for (int b = 0; b < x->nb; b++) {
        int f = popcount32(x->bmask[b] & ~d);
        if (f == 1) b1 |= 1ull << b;
        else if (f == 2) b2 |= 1ull << b;
    }
    uint8_t cl[4][MAXPM], cc[MAXPM];
    int nc[4] = {0, 0, 0, 0};
    for (int i = 0; i < x->nm; i++) {
        if (x->mmask[i] & d) continue;
        uint64_t tm = x->tmask[i];
        int cap = b1 & tm ? popcount64(b1 & tm) : 0;
        int k;
        if (cap) { k = 0; cc[nc[0]] = (uint8_t)cap; }
        else {
            int hand = b2 & tm ? popcount64(b2 & tm) : 0;
            k = hand == 0 ? 1 : hand == 1 ? 2 : 3;
        }
        cl[k][nc[k]++] = (uint8_t)i;
    }
    int n = 0;
    /* captures: most first, stable */
    for (int want = 2 * MAXC; want > 0 && n < nc[0]; want--)
        for (int j = 0; j < nc[0]; j++)
            if (cc[j] == want) { out[n] = cl[0][j]; caps[n++] = (int8_t)want; }
    for (int k = 1; k < 4; k++)
        for (int j = 0; j < nc[k]; j++) { out[n] = cl[k][j]; caps[n++] = 0; }
    return n;
}

static inline uint32_t memo_key(const Exact *x, uint32_t d)
{
    return x->nsym ? canon(x, d) : d;
}

/* Fail-soft alpha-beta; rem = unfinished boxes, which bounds the value; key
 * = memo_key(d), computed by the parent. */
static int exact_node(Exact *x, uint32_t d, uint32_t key, int rem, int alpha, int beta)
{
    if (d == x->full) return 0;
    if ((++x->nodes & 0xFFFF) == 0 && cpu_now() > x->deadline) x->aborted = 1;
    if (x->aborted) return 0;
    int lo = -rem, hi = rem;
    memo_get(x, key, &lo, &hi);
    if (lo >= beta) return lo;
    if (hi <= alpha) return hi;
    if (lo == hi) return lo;
    if (alpha < lo) alpha = lo;
    if (beta > hi) beta = hi;
    int a0 = alpha;
    uint8_t mv[MAXPM];
    int8_t cap[MAXPM];
    uint32_t ck[MAXPM];
    int n = exact_moves(x, d, mv, cap);
    /* the children's entries are fetched together, so that their cache misses
     * overlap, and any child already known to be bad enough for the opponent
     * cuts off at once */
    for (int i = 0; i < n; i++) {
        ck[i] = memo_key(x, d | x->mmask[mv[i]]);
        memo_prefetch(x, ck[i]);
    }
    int best = -INF;
    for (int i = 0; i < n; i++) {
        int clo, chi;
        if (memo_get(x, ck[i], &clo, &chi) && cap[i] - chi > best) best = cap[i] - chi;
    }
    if (best >= beta) {
        memo_put(x, key, best, hi);
        return best;
    }
    best = -INF;
    for (int i = 0; i < n; i++) {
        int c = cap[i];
        int v = c - exact_node(x, d | x->mmask[mv[i]], ck[i], rem - c, c - beta, c - alpha);
        if (x->aborted) return 0;
        if (v > best) {
            best = v;
            if (v > alpha) { alpha = v; if (alpha >= beta) break; }
        }
    }
    if (best <= a0) hi = best;        /* failed low: an upper bound */
    else if (best >= beta) lo = best; /* failed high: a lower bound */
    else lo = hi = best;
    memo_put(x, key, lo, hi);
    return best;
}

/* Solves the root: the first move of greatest value in the fixed order.
 * Returns 0 if the clock ran out. */
static int exact_root(Exact *x, Move *best, int *value)
{
    uint8_t mv[MAXPM];
    int8_t cap[MAXPM];
    int n = exact_moves(x, 0, mv, cap);
    int bestv = -INF;
    for (int i = 0; i < n; i++) {
        int c = cap[i];
        uint32_t d = x->mmask[mv[i]];
        /* window (bestv, inf): a later move replaces only if strictly better */
        int v = c - exact_node(x, d, memo_key(x, d), x->nb - c, c - INF, c - bestv);
        if (x->aborted) return 0;
        if (v > bestv) { bestv = v; *best = x->mv[mv[i]]; }
    }
    *value = bestv;
    return 1;
}

/* ------------------------------------------------------------------ uct */

typedef struct {
    int32_t child, sib;
    uint32_t n;
    float w; /* reward of the player who moved into this node */
    Move mv;
    uint16_t nexp, nmov; /* nmov == 0xFFFF: moves not counted yet */
    uint16_t off, stride;
} Node;

typedef struct {
    Node *pool;
    size_t cap, used;
} Tree;

static int32_t new_node(Tree *t, Move m)
{
    if (t->used == t->cap) {
        size_t nc = t->cap ? t->cap * 2 : 1024;
        Node *p = realloc(t->pool, nc * sizeof *p);
        if (!p) return -1;
        t->pool = p;
        t->cap = nc;
    }
    Node *nd = &t->pool[t->used];
    memset(nd, 0, sizeof *nd);
    nd->child = nd->sib = -1;
    nd->mv = m;
    nd->nmov = 0xFFFF;
    return (int32_t)t->used++;
}

static unsigned gcd(unsigned a, unsigned b)
{
    while (b) { unsigned t = a % b; a = b; b = t; }
    return a;
}

/* Random playout to the end; returns the boxes the side to move at the start
 * of the playout takes minus what the other side takes. */
static int playout(Board *bd, Rng *rng)
{
    int R = bd->R, C = bd->C, HN = (R + 1) * C;
    int seg[MAXSEG], pos[MAXSEG], nf = 0;
    for (int id = 0; id < HN + (C + 1) * R; id++) {
        int drawn = id < HN ? bd->h[id / C] >> (id % C) & 1 : bd->v[(id - HN) / R] >> ((id - HN) % R) & 1;
        pos[id] = -1;
        if (!drawn) { pos[id] = nf; seg[nf++] = id; }
    }
    int diff = 0, sign = 1;
    while (nf > 0) {
        int id = seg[rng_below(rng, (uint32_t)nf)];
        Move m;
        int len;
        const uint16_t *lines;
        if (id < HN) { m.vert = 0; m.line = (uint8_t)(id / C); m.a = (uint8_t)(id % C); len = C; lines = bd->h; }
        else { m.vert = 1; m.line = (uint8_t)((id - HN) / R); m.a = (uint8_t)((id - HN) % R); len = R; lines = bd->v; }
        m.b = (uint8_t)(m.a + 1);
        if (rng_next(rng) & 1) {
            /* a random run through the chosen segment, within its free stretch */
            int lo = m.a, hi = m.a + 1;
            uint16_t drawn = lines[m.line];
            while (lo > 0 && !(drawn >> (lo - 1) & 1)) lo--;
            while (hi < len && !(drawn >> hi & 1)) hi++;
            m.a = (uint8_t)(lo + (int)rng_below(rng, (uint32_t)(m.a - lo + 1)));
            m.b = (uint8_t)(m.b + (int)rng_below(rng, (uint32_t)(hi - m.b + 1)));
        }
        diff += sign * apply(bd, m);
        sign = -sign;
        for (int k = m.a; k < m.b; k++) {
            int sid = m.vert ? HN + m.line * R + k : m.line * C + k;
            int p = pos[sid], last = seg[--nf];
            seg[p] = last;
            pos[last] = p;
            pos[sid] = -1;
        }
    }
    return diff;
}

static Move play_uct(const Board *start, int mydiff, long iterations, double deadline, Rng *rng, char *info)
{
    static Move mv[MAXMOVES];
    Tree t = {NULL, 0, 0};
    Move none = {0, 0, 0, 0};
    int32_t root = new_node(&t, none);
    long it;
    const double cexp = 0.7;
    for (it = 0; it < iterations; it++) {
        if ((it & 63) == 0 && it > 0 && cpu_now() > deadline) break;
        Board bd = *start;
        int32_t path[MAXPLY];
        int depth = 0, diff = 0, sign = 1; /* diff: root mover's boxes minus opponent's, since the root */
        int32_t cur = root;
        path[depth++] = cur;
        for (;;) {
            Node *nd = &t.pool[cur];
            if (nd->nmov == 0xFFFF) {
                int n = gen(&bd, mv);
                nd->nmov = (uint16_t)n;
                if (n > 0) {
                    nd->off = (uint16_t)rng_below(rng, (uint32_t)n);
                    unsigned st = 1 + rng_below(rng, (uint32_t)n);
                    while (gcd(st, (unsigned)n) != 1) st++;
                    nd->stride = (uint16_t)st;
                }
            }
            if (nd->nmov == 0) break; /* the game is over here */
            if (nd->nexp < nd->nmov) {
                /* expand the next untried move, in a random permutation */
                gen(&bd, mv);
                Move m = mv[(nd->off + (unsigned)nd->nexp * nd->stride) % nd->nmov];
                int32_t c = new_node(&t, m);
                if (c < 0) goto out;
                nd = &t.pool[cur]; /* the pool may have moved */
                nd->nexp++;
                t.pool[c].sib = nd->child;
                nd->child = c;
                diff += sign * apply(&bd, m);
                sign = -sign;
                path[depth++] = c;
                diff += sign * playout(&bd, rng);
                break;
            }
            double lnN = log((double)nd->n), bestu = -1;
            int32_t bestc = nd->child;
            for (int32_t c = nd->child; c >= 0; c = t.pool[c].sib) {
                const Node *ch = &t.pool[c];
                double u = ch->w / ch->n + cexp * sqrt(lnN / ch->n);
                if (u > bestu) { bestu = u; bestc = c; }
            }
            diff += sign * apply(&bd, t.pool[bestc].mv);
            sign = -sign;
            cur = bestc;
            path[depth++] = cur;
        }
        float r = diff + mydiff > 0 ? 1.0f : diff + mydiff == 0 ? 0.5f : 0.0f;
        for (int k = 0; k < depth; k++) {
            Node *nd = &t.pool[path[k]];
            nd->n++;
            nd->w += (k & 1) ? r : 1.0f - r; /* odd depth: the root mover moved into it */
        }
    }
out:;
    Node *rt = &t.pool[root];
    int32_t bestc = rt->child;
    for (int32_t c = rt->child; c >= 0; c = t.pool[c].sib) {
        const Node *ch = &t.pool[c], *bc = &t.pool[bestc];
        if (ch->n > bc->n || (ch->n == bc->n && ch->w > bc->w)) bestc = c;
    }
    Move best = t.pool[bestc].mv;
    sprintf(info, "uct: %ld iterations, %zu nodes, best %u visits %.3f", it, t.used,
            t.pool[bestc].n, t.pool[bestc].n ? t.pool[bestc].w / t.pool[bestc].n : 0.0);
    free(t.pool);
    return best;
}

/* ---------------------------------------------------------------- perft */

static long perft(Board *bd, int depth)
{
    if (depth == 0) return 1;
    Move mv[MAXMOVES];
    int n = gen(bd, mv);
    if (depth == 1) return n;
    long sum = 0;
    for (int i = 0; i < n; i++) {
        apply(bd, mv[i]);
        sum += bd->nfree == 0 ? 1 : perft(bd, depth - 1);
        undo(bd, mv[i]);
    }
    return sum;
}

/* ----------------------------------------------------------------- main */

static int usage(const char *msg)
{
    fprintf(stderr, "boxes: %s (usage: boxes [--player greedy|ab|uct|exact] [--share N] "
                    "[--iterations N] [--seed N] [--verbose] FILE)\n", msg);
    return 2;
}

int main(int argc, char **argv)
{
    const char *player = "ab", *file = NULL;
    double share = 20;
    long iterations = 100000, perft_depth = -1;
    uint64_t seed = 1;
    int verbose = 0, value_mode = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int more = i + 1 < argc;
        char *end;
        if (!strcmp(a, "--player") && more) {
            player = argv[++i];
            if (strcmp(player, "greedy") && strcmp(player, "ab") && strcmp(player, "uct") && strcmp(player, "exact"))
                return usage("unknown player");
        } else if (!strcmp(a, "--share") && more) {
            share = strtod(argv[++i], &end);
            if (*end || !(share >= 1)) return usage("--share needs a number >= 1");
        } else if (!strcmp(a, "--iterations") && more) {
            iterations = strtol(argv[++i], &end, 10);
            if (*end || iterations < 1) return usage("--iterations needs a positive integer");
        } else if (!strcmp(a, "--seed") && more) {
            seed = strtoull(argv[++i], &end, 10);
            if (*end) return usage("--seed needs an integer");
        } else if (!strcmp(a, "--perft") && more) {
            perft_depth = strtol(argv[++i], &end, 10);
            if (*end || perft_depth < 0) return usage("--perft needs a depth");
        } else if (!strcmp(a, "--verbose")) {
            verbose = 1;
        } else if (!strcmp(a, "--value")) {
            value_mode = 1;
        } else if (a[0] == '-' && a[1]) {
            return usage("unknown option");
        } else {
            if (file) return usage("one file only");
            file = a;
        }
    }
    if (!file) return usage("no file");
    static Game g;
    if (!read_game(file, &g)) {
        if (g_errline) fprintf(stderr, "boxes: %s line %d: %s\n", file, g_errline, g_err);
        else fprintf(stderr, "boxes: %s: %s\n", file, g_err);
        return 2;
    }
    Board *bd = &g.bd;
    if (perft_depth >= 0) {
        printf("%ld\n", perft(bd, (int)perft_depth));
        return 0;
    }
    if (value_mode) {
        static Exact x;
        Move m;
        int v;
        if (!exact_setup(&x, bd, 28)) return usage("too many free segments for --value");
        x.deadline = 1e30;
        if (bd->nfree == 0) v = 0;
        else exact_root(&x, &m, &v);
        printf("%d\n", v);
        if (verbose) fprintf(stderr, "exact: %ld nodes, %.2f s CPU\n", x.nodes, cpu_now());
        return 0;
    }
    if (bd->nfree == 0) {
        fprintf(stderr, "boxes: %s: the board is full, no move\n", file);
        return 1;
    }
    double remaining = g.time[g.mover];
    if (remaining < 0.05) remaining = 0.05; /* still answer: depth 1 is instant */
    Rng rng = {seed};
    char info[160] = "";
    Move best;
    if (!strcmp(player, "greedy")) {
        best = play_greedy(bd, &rng, info);
    } else if (!strcmp(player, "uct")) {
        int mydiff = g.score[g.mover] - g.score[3 - g.mover];
        best = play_uct(bd, mydiff, iterations, remaining / 10, &rng, info);
    } else {
        int solved = 0, tried = 0;
        if (!strcmp(player, "exact")) {
            static Exact x;
            int v;
            if (exact_setup(&x, bd, EXACT_MAX_FREE)) {
                tried = 1;
                x.deadline = remaining / 4;
                solved = exact_root(&x, &best, &v);
                if (solved) sprintf(info, "exact: value %+d nodes %ld", v, x.nodes);
            }
            free(x.memo8);
            free(x.memo16);
        }
        if (!solved) {
            /* deadlines are CPU seconds since process start; after a failed
             * exact attempt the share is taken of what is left, within the
             * same remaining / 3 */
            double deadline = remaining / share;
            if (tried) {
                double spent = cpu_now();
                deadline = spent + (remaining - spent) / share;
            }
            if (deadline > remaining / 3) deadline = remaining / 3;
            best = play_ab(bd, deadline, info);
        }
    }
    char out[16];
    fmt_move(out, best);
    printf("%s\n", out);
    if (verbose) fprintf(stderr, "boxes %s: %s; move %s; %.3f s CPU\n", player, info, out, cpu_now());
    return 0;
}
