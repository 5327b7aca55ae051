/*
 * loa.c -- a sparring partner for potm's benchmarks.
 *
 * An independent Lines of Action player, written from the rules alone
 * (the rulings potm is held to) and WITHOUT looking at potm's engine, so that
 * potm can be measured against opponents that do not share its ideas or
 * its bugs.  It speaks the POTM entry protocol: it is run once per move,
 * reads the position file named by its last argument and prints one move.
 *
 * Games (told apart by the file: 7 board lines or 8):
 *   LOAPS         7x7, points for captures and bonus squares, +12 for a
 *                 connection, more points wins, draw after player 2's 50th
 *                 move, a player with no legal move loses.
 *   classic LOA   8x8, first to connect wins, simultaneous connection is a
 *                 draw, a player with no legal move passes.
 *
 * Players:
 *   greedy   one ply: a winning move, else any move that does not end the
 *            game, then a tie or draw, then a loss; among equals the most
 *            points (LOAPS), then the plain evaluation below.  Deterministic,
 *            uses no clock to speak of.
 *   ab       (default) plain iterative-deepening negamax alpha-beta on
 *            bitboards: no transposition table, no quiescence search; move
 *            order = the previous iteration's best root move, then captures
 *            and scoring landings.  Plain evaluation: points margin (LOAPS)
 *            + concentration (distance of the pieces to their centre of
 *            mass beyond the tightest possible) + number of groups.
 *   strong   principal-variation search with a 2^20-entry transposition
 *            table (Zobrist keys, which in LOAPS include the points margin
 *            and the move count), null move, late-move reductions, killer
 *            and history ordering, aspiration windows, and a quiescence
 *            search of captures, scoring landings (LOAPS) and connecting
 *            moves.  Its LOAPS evaluation knows the race: a side wants to be
 *            compact only if connecting would win for it on points (behind
 *            by more than 12 its compactness is a liability, as a capture
 *            into its connection hands the opponent the game), and a lead
 *            counts only as far as the leader can still connect before the
 *            move-50 draw; plus the points, the next bonus landing the
 *            opponent threatens, centralisation and mobility.  Classic LOA:
 *            concentration, groups, centre of mass, centralisation,
 *            mobility.
 *
 * All three play the exact rules inside their searches: connections (and
 * captures that connect the opponent), points, the move-50 draw and the
 * no-move loss in LOAPS, simultaneous connection and passing in classic
 * LOA.  The file carries no history, so the threefold repetition of
 * classic LOA is unknown to them; strong only scores a repetition within
 * its own search line as a draw, to keep out of cycles.
 *
 * Options (the referee appends FILE as the last argument):
 *   --player greedy|ab|strong   which player (ab)
 *   --share N     ab: spend remaining/N CPU seconds on a move (20)
 *   --seed N      seeds the Zobrist keys (1); nothing else is random
 *   --verbose     one line on stderr: depth, score, nodes, CPU time used
 *   --perft D     print the number of move sequences of D moves and exit
 *
 * Time: the clock is the CPU time of this process (user + system, as POTM
 * counted), read from the file's "seconds" for the side to move, and the
 * budget is measured from process start, so start-up counts.
 *   ab      min(remaining/share, remaining/3); it stops mid-iteration and
 *           plays the last finished iteration's move, or the current one's
 *           if a move has already beaten it.
 *   strong  target = remaining / max(10, estimated moves left); no new
 *           iteration after 0.7 target, stop at min(2.5 target,
 *           remaining/4).  Games are short (LOAPS is mostly decided within
 *           10-15 moves a side), so the estimate starts at 16 (LOAPS) or
 *           24 (classic) and falls with the move number.
 *   Below 0.05 s left every player answers at once with the greedy move.
 *
 * Exit status: 0 with a move (or "pass" in classic LOA when stuck);
 * 1 in LOAPS when the side to move has no legal move; 2 for a bad file or
 * bad options (one line on stderr).
 *
 * Build: cc -O2 -std=c11 -Wall -Wextra -o loa loa.c -lm
 */
#define _POSIX_C_SOURCE 199309L
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;
typedef uint16_t Move;

/* ------------------------------------------------------------------ */
/* Bit helpers                                                          */
/* ------------------------------------------------------------------ */

/* The build has no -mpopcnt, where __builtin_popcountll becomes a libgcc
 * call; an inline SWAR count is quicker than that call. */
static inline int popcnt(u64 b)
{
    b = b - ((b >> 1) & 0x5555555555555555ULL);
    b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((b * 0x0101010101010101ULL) >> 56);
}

#if defined(__GNUC__) || defined(__clang__)
static inline int lsb(u64 b) { return __builtin_ctzll(b); }
#else
static inline int lsb(u64 b)
{
    int n = 0;
    while (!(b & 1)) { b >>= 1; n++; }
    return n;
}
#endif

#define BIT(s) ((u64)1 << (s))

/*
 * Both games live on one 8x8 layout (square = rank*8 + file, a1 = 0) so
 * that the same shifts serve both; on the 7x7 board the eighth file and
 * rank are simply never occupied.
 */
static const u64 FILE_A = 0x0101010101010101ULL;
static const u64 FILE_H = 0x8080808080808080ULL;

static u64 dilate(u64 x)
{
    u64 l = x & ~FILE_A, r = x & ~FILE_H;
    return x | (x << 8) | (x >> 8) | (r << 1) | (l >> 1)
             | (r << 9) | (l << 7) | (r >> 7) | (l >> 9);
}

/* The group of b that holds seed, grown a ring at a time. */
static u64 group_of(u64 seed, u64 b)
{
    u64 g = seed, prev;
    do { prev = g; g = dilate(g) & b; } while (g != prev);
    return g;
}

static int connected(u64 b)
{
    if (!b) return 1;
    return group_of(b & (0 - b), b) == b;
}

/* ------------------------------------------------------------------ */
/* Geometry                                                             */
/* ------------------------------------------------------------------ */

static int N;          /* 7 = LOAPS, 8 = classic */
static int loaps;
static const int DF[8] = { 1, -1, 0, 0, 1, -1, 1, -1 };
static const int DR[8] = { 0, 0, 1, -1, 1, -1, -1, 1 };
/* Direction d moves along line d/2; the two directions of a line share
 * their piece count, which is why they come in pairs. */
static unsigned char LINE_ID[64][4];   /* rank, file, diagonal, anti-diagonal */
static signed char TARGET[64][8][9];
static u64 BETWEEN[64][8][9];
static u64 NEIGH[64];
static int BONUS[64];
static int CENTRE[64];   /* centralisation table, small integers */

static void init_geometry(int n)
{
    N = n;
    loaps = (n == 7);
    memset(TARGET, -1, sizeof TARGET);
    for (int r = 0; r < n; r++)
        for (int f = 0; f < n; f++) {
            int sq = r * 8 + f;
            for (int d = 0; d < 8; d++) {
                u64 between = 0;
                for (int k = 1; k <= 8; k++) {
                    int rr = r + DR[d] * k, ff = f + DF[d] * k;
                    if (rr < 0 || rr >= n || ff < 0 || ff >= n) break;
                    int t = rr * 8 + ff;
                    TARGET[sq][d][k] = (signed char)t;
                    BETWEEN[sq][d][k] = between;
                    between |= BIT(t);
                }
            }
            LINE_ID[sq][0] = (unsigned char)r;
            LINE_ID[sq][1] = (unsigned char)f;
            LINE_ID[sq][2] = (unsigned char)(r - f + 7);
            LINE_ID[sq][3] = (unsigned char)(r + f);
            NEIGH[sq] = dilate(BIT(sq)) & ~BIT(sq);
            /* distance to the centre in half squares, Chebyshev */
            int dr = abs(2 * r - (n - 1)), df = abs(2 * f - (n - 1));
            int dc = dr > df ? dr : df;
            CENTRE[sq] = (n - 1) - dc;   /* 6/7 in the middle .. 0 on the rim */
        }
    if (loaps) {
        BONUS[3 * 8 + 3] = 7;                        /* d4 */
        BONUS[1 * 8 + 1] = BONUS[5 * 8 + 1] = 3;     /* b2 b6 */
        BONUS[1 * 8 + 5] = BONUS[5 * 8 + 5] = 3;     /* f2 f6 */
    }
}

/* ------------------------------------------------------------------ */
/* Position, moves, rules                                               */
/* ------------------------------------------------------------------ */

typedef struct {
    u64 bb[2];       /* side 0 = player 1, side 1 = player 2 */
    u64 hash;
    int side;        /* to move */
    int pts[2];      /* LOAPS game points */
    int p2made;      /* moves player 2 has made: the move-50 limit */
    /* pieces on each line, kept up to date so that move generation needs
     * no counting: [rank|file|diagonal|anti-diagonal][line id] */
    unsigned char lc[4][16];
} Pos;

#define MK(f, t, c) ((Move)((f) | ((t) << 6) | ((c) << 12)))
#define MFROM(m) ((m) & 63)
#define MTO(m) (((m) >> 6) & 63)
#define MCAP(m) (((m) >> 12) & 1)
#define MAXM 128

enum { ONGOING = 0, R_WIN, R_DRAW, R_LOSS };   /* from the mover's view */

static u64 Z_PIECE[2][64], Z_SIDE, Z_MARGIN[256], Z_P2[64];

static u64 splitmix(u64 *s)
{
    u64 z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void init_zobrist(u64 seed)
{
    u64 s = seed * 0x2545F4914F6CDD1DULL + 12345;
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < 64; i++) Z_PIECE[c][i] = splitmix(&s);
    Z_SIDE = splitmix(&s);
    for (int i = 0; i < 256; i++) Z_MARGIN[i] = splitmix(&s);
    for (int i = 0; i < 64; i++) Z_P2[i] = splitmix(&s);
}

/* In LOAPS the value of a position depends on the points margin and on
 * the move count (the move-50 draw), so both go into the key. */
static u64 extra_key(const Pos *p)
{
    if (!loaps) return 0;
    int p2 = p->p2made > 63 ? 63 : p->p2made;
    return Z_MARGIN[(p->pts[0] - p->pts[1]) & 255] ^ Z_P2[p2];
}

static u64 full_hash(const Pos *p)
{
    u64 h = extra_key(p);
    for (int c = 0; c < 2; c++)
        for (u64 b = p->bb[c]; b; b &= b - 1) h ^= Z_PIECE[c][lsb(b)];
    if (p->side) h ^= Z_SIDE;
    return h;
}

static void count_lines(Pos *p)
{
    memset(p->lc, 0, sizeof p->lc);
    for (u64 b = p->bb[0] | p->bb[1]; b; b &= b - 1) {
        int sq = lsb(b);
        for (int l = 0; l < 4; l++) p->lc[l][LINE_ID[sq][l]]++;
    }
}

static int gen_moves(const Pos *p, Move *out)
{
    u64 me = p->bb[p->side], op = p->bb[p->side ^ 1];
    int n = 0;
    for (u64 b = me; b; b &= b - 1) {
        int sq = lsb(b);
        for (int l = 0; l < 4; l++) {
            int cnt = p->lc[l][LINE_ID[sq][l]];
            for (int d = 2 * l; d < 2 * l + 2; d++) {
                int t = TARGET[sq][d][cnt];
                if (t < 0 || (me & BIT(t)) || (BETWEEN[sq][d][cnt] & op)) continue;
                out[n++] = MK(sq, t, (op & BIT(t)) ? 1 : 0);
            }
        }
    }
    return n;
}

/* Number of legal moves of side c without storing them (mobility). */
static int count_moves(const Pos *p, int c)
{
    u64 me = p->bb[c], op = p->bb[c ^ 1];
    int n = 0;
    for (u64 b = me; b; b &= b - 1) {
        int sq = lsb(b);
        for (int l = 0; l < 4; l++) {
            int cnt = p->lc[l][LINE_ID[sq][l]];
            for (int d = 2 * l; d < 2 * l + 2; d++) {
                int t = TARGET[sq][d][cnt];
                if (t < 0 || (me & BIT(t)) || (BETWEEN[sq][d][cnt] & op)) continue;
                n++;
            }
        }
    }
    return n;
}

/* Points the move earns at once (LOAPS), without the connection bonus. */
static inline int move_gain(Move m)
{
    return loaps ? MCAP(m) + BONUS[MTO(m)] : 0;
}

static int points_result(const Pos *p, int mover)
{
    int d = p->pts[mover] - p->pts[mover ^ 1];
    return d > 0 ? R_WIN : d < 0 ? R_LOSS : R_DRAW;
}

/*
 * Plays m and reports whether that ended the game, from the mover's view.
 * The side to move is switched even when the game ends, so a caller can
 * always score the child from the mover's side.
 */
static int make_move(Pos *p, Move m)
{
    int s = p->side, o = s ^ 1;
    int from = MFROM(m), to = MTO(m), cap = MCAP(m);
    p->hash ^= extra_key(p);
    p->bb[s] ^= BIT(from) | BIT(to);
    p->hash ^= Z_PIECE[s][from] ^ Z_PIECE[s][to] ^ Z_SIDE;
    for (int l = 0; l < 4; l++) p->lc[l][LINE_ID[from][l]]--;
    if (cap) { p->bb[o] ^= BIT(to); p->hash ^= Z_PIECE[o][to]; }
    else for (int l = 0; l < 4; l++) p->lc[l][LINE_ID[to][l]]++;
    p->side = o;
    if (loaps) {
        int res = ONGOING;
        p->pts[s] += cap + BONUS[to];
        if (connected(p->bb[s])) {
            p->pts[s] += 12;
            res = points_result(p, s);
        } else if (cap && connected(p->bb[o])) {
            p->pts[o] += 12;
            res = points_result(p, s);
        } else if (s == 1 && ++p->p2made >= 50) {
            res = R_DRAW;
        }
        p->hash ^= extra_key(p);
        return res;
    }
    int cs = connected(p->bb[s]);
    if (cap && connected(p->bb[o])) return cs ? R_DRAW : R_LOSS;
    return cs ? R_WIN : ONGOING;
}

/* ------------------------------------------------------------------ */
/* Clock                                                                */
/* ------------------------------------------------------------------ */

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double t_hard;        /* absolute CPU time at which searches stop */
static int stop;
static long long nodes;

static inline int out_of_time(void)
{
    if (!stop && (nodes & 1023) == 0 && cpu_now() >= t_hard) stop = 1;
    return stop;
}

/* ------------------------------------------------------------------ */
/* Plain evaluation (greedy tiebreak and ab)                            */
/* ------------------------------------------------------------------ */

typedef struct {
    int n, groups, largest, sumdist, surplus;
    int com_r, com_f;         /* centre of mass, rounded */
} Shape;

static int min_sumdist(int n)
{
    /* the tightest cluster: 8 pieces at distance 1, 16 at distance 2, .. */
    if (n <= 1) return 0;
    if (n <= 9) return n - 1;
    if (n <= 25) return 8 + 2 * (n - 9);
    return 40 + 3 * (n - 25);
}

static void shape_of(u64 b, Shape *s)
{
    int n = 0, sr = 0, sf = 0;
    for (u64 x = b; x; x &= x - 1) {
        int sq = lsb(x);
        n++; sr += sq >> 3; sf += sq & 7;
    }
    s->n = n;
    if (!n) { s->groups = s->largest = s->sumdist = s->surplus = 0; s->com_r = s->com_f = 0; return; }
    s->com_r = (2 * sr + n) / (2 * n);
    s->com_f = (2 * sf + n) / (2 * n);
    int sum = 0;
    for (u64 x = b; x; x &= x - 1) {
        int sq = lsb(x);
        int dr = abs((sq >> 3) - s->com_r), df = abs((sq & 7) - s->com_f);
        sum += dr > df ? dr : df;
    }
    s->sumdist = sum;
    s->surplus = sum - min_sumdist(n);
    if (s->surplus < 0) s->surplus = 0;
    int g = 0, big = 0;
    for (u64 rest = b; rest; ) {
        u64 grp = group_of(rest & (0 - rest), rest);
        int c = popcnt(grp);
        if (c > big) big = c;
        rest &= ~grp;
        g++;
    }
    s->groups = g;
    s->largest = big;
}

/* Connectivity only: fewer groups, tighter around the centre of mass. */
static int plain_conn(u64 b)
{
    Shape s;
    shape_of(b, &s);
    return -(6 * s.surplus + 10 * (s.groups - 1));
}

static int plain_eval(const Pos *p)
{
    int me = p->side, op = me ^ 1;
    int v = plain_conn(p->bb[me]) - plain_conn(p->bb[op]);
    if (loaps) v += 30 * (p->pts[me] - p->pts[op]);
    return v;
}

/* ------------------------------------------------------------------ */
/* Shared search bits                                                   */
/* ------------------------------------------------------------------ */

#define MATE 30000
#define MATE_BOUND (MATE - 1000)
#define INF 32000
#define MAXPLY 128

/* Score of a game-ending move for the side that made it, at ply `ply`. */
static int terminal_score(int res, int ply)
{
    if (res == R_WIN) return MATE - ply - 1;
    if (res == R_LOSS) return -(MATE - ply - 1);
    return 0;
}

typedef struct {
    Move move;
    int depth, score;
} Result;

/* ------------------------------------------------------------------ */
/* Player 1: greedy                                                     */
/* ------------------------------------------------------------------ */

static Move greedy_move(const Pos *p, const Move *mv, int n)
{
    /* rank: win > any ongoing move > tie/draw > loss, then points, then eval */
    static const int CLASS[4] = { 2, 3, 1, 0 };
    Move best = mv[0];
    long long bestkey = -(1LL << 62);
    for (int i = 0; i < n; i++) {
        Pos q = *p;
        int r = make_move(&q, mv[i]);
        long long key = (long long)CLASS[r] << 40;
        key += (long long)move_gain(mv[i]) << 24;
        if (r == ONGOING) key += -plain_eval(&q) + (1 << 20);  /* q is the opponent's view */
        if (key > bestkey) { bestkey = key; best = mv[i]; }
    }
    return best;
}

/* ------------------------------------------------------------------ */
/* Player 2: plain alpha-beta                                           */
/* ------------------------------------------------------------------ */

static int ab_order_key(Move m)
{
    return MCAP(m) * 8 + (loaps ? BONUS[MTO(m)] : 0);
}

/* Captures and scoring landings first; stable so the order is fixed. */
static void ab_order(Move *mv, int n)
{
    for (int i = 1; i < n; i++) {
        Move m = mv[i];
        int k = ab_order_key(m), j = i;
        while (j > 0 && ab_order_key(mv[j - 1]) < k) { mv[j] = mv[j - 1]; j--; }
        mv[j] = m;
    }
}

static int ab_search(const Pos *p, int depth, int alpha, int beta, int ply, int passed)
{
    nodes++;
    if (out_of_time()) return 0;
    if (depth <= 0 || ply >= MAXPLY - 1) return plain_eval(p);
    Move mv[MAXM];
    int n = gen_moves(p, mv);
    if (n == 0) {
        if (loaps) return -(MATE - ply);          /* no move: loses */
        if (passed) return 0;                      /* nobody can move */
        Pos q = *p;
        q.side ^= 1; q.hash ^= Z_SIDE;
        return -ab_search(&q, depth - 1, -beta, -alpha, ply + 1, 1);
    }
    ab_order(mv, n);
    int best = -INF;
    for (int i = 0; i < n; i++) {
        Pos q = *p;
        int r = make_move(&q, mv[i]), s;
        if (r != ONGOING) s = terminal_score(r, ply);
        else s = -ab_search(&q, depth - 1, -beta, -alpha, ply + 1, 0);
        if (stop) return 0;
        if (s > best) {
            best = s;
            if (s > alpha) { alpha = s; if (s >= beta) break; }
        }
    }
    return best;
}

static Result ab_root(const Pos *p, Move *mv, int n)
{
    Result res = { mv[0], 0, 0 };
    ab_order(mv, n);
    res.move = mv[0];
    if (n == 1) return res;
    for (int depth = 1; depth < MAXPLY - 1; depth++) {
        int alpha = -INF, best = -INF, done = 0;
        Move bestm = mv[0];
        for (int i = 0; i < n; i++) {
            Pos q = *p;
            int r = make_move(&q, mv[i]), s;
            if (r != ONGOING) s = terminal_score(r, 0);
            else s = -ab_search(&q, depth - 1, -INF, -alpha, 1, 0);
            if (stop) break;
            done++;
            if (s > best) { best = s; bestm = mv[i]; if (s > alpha) alpha = s; }
        }
        if (done > 0) { res.move = bestm; res.score = best; }
        if (stop) break;
        res.depth = depth;
        /* previous best first in the next iteration */
        for (int i = 0; i < n; i++)
            if (mv[i] == bestm) { memmove(mv + 1, mv, i * sizeof *mv); mv[0] = bestm; break; }
        if (best > MATE_BOUND || best < -MATE_BOUND) break;   /* decided */
    }
    return res;
}

/* ------------------------------------------------------------------ */
/* Player 3: strong                                                     */
/* ------------------------------------------------------------------ */

typedef struct {
    u64 key;
    int16_t score;
    Move move;
    int8_t depth;
    uint8_t flag;
} TTEntry;

enum { TT_NONE, TT_UPPER, TT_LOWER, TT_EXACT };

static TTEntry *tt;
static u64 tt_mask;
static Move killers[MAXPLY][2];
static int history[2][64][64];
static u64 path[MAXPLY + 8];     /* hashes on the current line, for repetitions */

static int tt_score_in(int s, int ply)
{
    if (s > MATE_BOUND) return s + ply;
    if (s < -MATE_BOUND) return s - ply;
    return s;
}

static int tt_score_out(int s, int ply)
{
    if (s > MATE_BOUND) return s - ply;
    if (s < -MATE_BOUND) return s + ply;
    return s;
}

static void tt_store(u64 key, int depth, int flag, int score, Move m, int ply)
{
    TTEntry *e = &tt[key & tt_mask];
    if (e->key == key && depth < e->depth && flag != TT_EXACT) return;
    if (e->key == key && !m) m = e->move;   /* keep the known best move */
    e->key = key;
    e->depth = (int8_t)depth;
    e->flag = (uint8_t)flag;
    e->score = (int16_t)tt_score_in(score, ply);
    e->move = m;
}

/*
 * Moves to connect, roughly: every piece outside the main group needs
 * about one move, but one move can also merge two groups.
 */
static int connect_distance(const Shape *s)
{
    int stray = s->n - s->largest;
    int d = (s->groups - 1 > (stray + 1) / 2) ? s->groups - 1 : (stray + 1) / 2;
    d += s->surplus / 6;
    return d < 1 ? 1 : d;
}

/* Centralisation of a set of pieces: central pieces move more freely and
 * meet sooner. */
static int placement(u64 b)
{
    int v = 0;
    for (u64 x = b; x; x &= x - 1) v += CENTRE[lsb(x)];
    return v;
}

/*
 * Best bonus side c could land on with its next move (LOAPS).  Looked at
 * from the bonus squares: a piece reaches t along a line exactly when it
 * stands that line's count away from t, so no move generation is needed.
 */
static const int BONUS_SQ[5] = { 27, 9, 41, 13, 45 };   /* d4, then b2 b6 f2 f6 */

static int bonus_reach(const Pos *p, int c)
{
    u64 me = p->bb[c], op = p->bb[c ^ 1];
    int best = 0;
    for (int i = 0; i < 5; i++) {
        int t = BONUS_SQ[i];
        if (me & BIT(t)) continue;
        int g = BONUS[t] + ((op & BIT(t)) ? 1 : 0);
        if (g <= best) continue;
        for (int d = 0; d < 8; d++) {
            int cnt = p->lc[d / 2][LINE_ID[t][d / 2]];
            int from = TARGET[t][d][cnt];
            if (from >= 0 && (me & BIT(from)) && !(BETWEEN[t][d][cnt] & op)) { best = g; break; }
        }
    }
    return best;
}

/*
 * Connectivity quality, 0 (scattered) .. about 100 (one step from
 * connected).  The same measure for both games; the games differ in what
 * they make of it.
 */
static int closeness(const Shape *s)
{
    int v = 100 - 9 * s->surplus - 14 * (s->groups - 1);
    return v < 0 ? 0 : v;
}

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/*
 * How much side s wants its own compactness, given its points margin.
 * Connecting gives s +12 and ends the game, so it wins for s only while
 * margin + 12 > 0.  Behind by more than 12, compactness is a liability:
 * the opponent may capture into s's connection and win.  `feasible` (0..1024)
 * shrinks the wish when the move-50 draw will come first.
 */
static int race_term(int margin, int close, int feasible)
{
    int outcome = margin + 12;
    if (outcome > 0) return 3 * close * feasible / 1024;
    if (outcome < 0) return -close;
    return 0;
}

/*
 * LOAPS evaluation from the side to move's view.  Points decide the game
 * only through a connection: a lead is worth what the leader can still
 * cash before the move-50 draw makes every score equal.
 */
static int eval_loaps(const Pos *p)
{
    int me = p->side, op = me ^ 1;
    Shape sm, so;
    shape_of(p->bb[me], &sm);
    shape_of(p->bb[op], &so);
    int margin = p->pts[me] - p->pts[op];

    /* moves each side still has before the draw, less what it needs */
    int left_me = 50 - p->p2made;
    int left_op = (me == 1) ? 49 - p->p2made : 50 - p->p2made;
    int feas_me = clampi((left_me - connect_distance(&sm)) * 1024 / 6, 0, 1024);
    int feas_op = clampi((left_op - connect_distance(&so)) * 1024 / 6, 0, 1024);

    int v = race_term(margin, closeness(&sm), feas_me)
          - race_term(-margin, closeness(&so), feas_op);

    /* the lead, with diminishing returns past 24 points */
    int feas_lead = margin > 0 ? feas_me : feas_op;
    int lead = margin > 24 ? 24 + (margin - 24) / 4
             : margin < -24 ? -24 + (margin + 24) / 4 : margin;
    v += lead * (4 + 12 * feas_lead / 1024);
    /* past 12 the trailer can no longer win by connecting */
    if (margin > 12 || margin < -12) v += 5 * margin / 2;

    /* The side to move takes points in reach in the quiescence search;
     * the other side's next landing is a threat still to be met. */
    v -= 5 * bonus_reach(p, op);

    v += 2 * (placement(p->bb[me]) - placement(p->bb[op]));
    v += 2 * (count_moves(p, me) - count_moves(p, op));
    return v + 8;    /* having the move */
}

/* Classic LOA: concentration, groups, centralisation, mobility. */
static int eval_classic(const Pos *p)
{
    int me = p->side, op = me ^ 1;
    Shape sm, so;
    shape_of(p->bb[me], &sm);
    shape_of(p->bb[op], &so);
    int v = 0;
    v += 4 * (closeness(&sm) - closeness(&so));
    v -= 6 * (sm.surplus - so.surplus);
    v -= 12 * (sm.groups - so.groups);
    /* a centre of mass near the middle keeps pieces mobile and together */
    v += 6 * (CENTRE[sm.com_r * 8 + sm.com_f] - CENTRE[so.com_r * 8 + so.com_f]);
    v += 8 * (placement(p->bb[me]) / sm.n - placement(p->bb[op]) / so.n);
    v += 2 * (count_moves(p, me) - count_moves(p, op));
    return v + 12;    /* having the move */
}

static int strong_eval(const Pos *p)
{
    int v = loaps ? eval_loaps(p) : eval_classic(p);
    if (v > MATE_BOUND - 1) v = MATE_BOUND - 1;
    if (v < -MATE_BOUND + 1) v = -MATE_BOUND + 1;
    return v;
}

/* Could moving `from` to `to` leave all of `me` in one group? */
static int connects(u64 me, Move m)
{
    u64 rest = me & ~BIT(MFROM(m));
    if (rest && !(NEIGH[MTO(m)] & rest)) return 0;
    return connected(rest | BIT(MTO(m)));
}

#define QMAX 6

static int qsearch(const Pos *p, int alpha, int beta, int ply, int qply)
{
    nodes++;
    if (out_of_time()) return 0;
    if (ply >= MAXPLY - 1) return strong_eval(p);
    Move mv[MAXM];
    int n = gen_moves(p, mv);
    if (n == 0) return loaps ? -(MATE - ply) : strong_eval(p);

    u64 me = p->bb[p->side];
    Shape s;
    shape_of(me, &s);
    int best = -INF;
    /* A connecting move ends the game: it must be seen before standing pat. */
    if (s.groups <= 3) {
        for (int i = 0; i < n; i++) {
            if (!connects(me, mv[i])) continue;
            Pos q = *p;
            int r = make_move(&q, mv[i]);
            int sc = terminal_score(r, ply);
            if (r == R_WIN) return sc;
            if (sc > best) best = sc;
        }
    }
    int stand = strong_eval(p);
    if (stand > best) best = stand;
    if (best >= beta || qply >= QMAX) return best;
    if (best > alpha) alpha = best;

    /* captures (and, in LOAPS, scoring landings), biggest gain first */
    int key[MAXM], k = 0;
    for (int i = 0; i < n; i++) {
        int g = MCAP(mv[i]) * 2 + (loaps ? BONUS[MTO(mv[i])] : 0);
        if (!g) continue;
        /* classic LOA has captures everywhere; only the first q-ply looks */
        if (!loaps && qply >= 2) continue;
        mv[k] = mv[i]; key[k] = g; k++;
    }
    for (int i = 0; i < k; i++) {
        int bi = i;
        for (int j = i + 1; j < k; j++) if (key[j] > key[bi]) bi = j;
        Move m = mv[bi]; mv[bi] = mv[i]; mv[i] = m;
        int kk = key[bi]; key[bi] = key[i]; key[i] = kk;
        Pos q = *p;
        int r = make_move(&q, m), sc;
        if (r != ONGOING) sc = terminal_score(r, ply);
        else sc = -qsearch(&q, -beta, -alpha, ply + 1, qply + 1);
        if (stop) return 0;
        if (sc > best) {
            best = sc;
            if (sc > alpha) { alpha = sc; if (sc >= beta) break; }
        }
    }
    return best;
}

static int is_repetition(const Pos *p, int ply)
{
    for (int i = ply - 2; i >= 0; i -= 2)
        if (path[i] == p->hash) return 1;
    return 0;
}

static void order_moves(const Pos *p, Move *mv, int *key, int n, Move ttm, int ply)
{
    int c = p->side;
    for (int i = 0; i < n; i++) {
        Move m = mv[i];
        int k;
        if (m == ttm) k = 1 << 28;
        else if (MCAP(m) || move_gain(m)) k = (1 << 26) + 1000 * move_gain(m) + 100 * MCAP(m) + CENTRE[MTO(m)];
        else if (m == killers[ply][0]) k = (1 << 25) + 1;
        else if (m == killers[ply][1]) k = 1 << 25;
        else k = history[c][MFROM(m)][MTO(m)];
        key[i] = k;
    }
}

static int pvs(Pos *p, int depth, int alpha, int beta, int ply, int can_null, int passed)
{
    if (depth <= 0) return qsearch(p, alpha, beta, ply, 0);
    nodes++;
    if (out_of_time()) return 0;
    if (ply >= MAXPLY - 2) return strong_eval(p);
    int pv = beta - alpha > 1;
    /* the third occurrence draws; treating the second as one keeps the
     * search out of cycles (the file carries no history) */
    if (!loaps && ply >= 2 && is_repetition(p, ply)) return 0;
    path[ply] = p->hash;

    int alpha0 = alpha;
    TTEntry *e = &tt[p->hash & tt_mask];
    Move ttm = 0;
    if (e->key == p->hash) {
        ttm = e->move;
        if (!pv && e->depth >= depth) {
            int s = tt_score_out(e->score, ply);
            if (e->flag == TT_EXACT) return s;
            if (e->flag == TT_LOWER && s >= beta) return s;
            if (e->flag == TT_UPPER && s <= alpha) return s;
        }
    }

    Move mv[MAXM];
    int key[MAXM];
    int n = gen_moves(p, mv);
    if (n == 0) {
        if (loaps) return -(MATE - ply);
        if (passed) return 0;
        Pos q = *p;
        q.side ^= 1; q.hash ^= Z_SIDE;
        return -pvs(&q, depth - 1, -beta, -alpha, ply + 1, 0, 1);
    }

    /* Null move: LOA has no real zugzwang; near the move limit a pass
     * would distort the horizon, so none there. */
    if (!pv && can_null && depth >= 3 && beta < MATE_BOUND && beta > -MATE_BOUND
        && !(loaps && 50 - p->p2made <= depth)) {
        int se = strong_eval(p);
        if (se >= beta) {
            Pos q = *p;
            q.side ^= 1; q.hash ^= Z_SIDE;
            int R = depth >= 7 ? 3 : 2;
            int s = -pvs(&q, depth - 1 - R, -beta, -beta + 1, ply + 1, 0, 0);
            if (stop) return 0;
            if (s >= beta) return s > MATE_BOUND ? beta : s;
        }
    }

    order_moves(p, mv, key, n, ttm, ply);
    int best = -INF;
    Move bestm = 0;
    for (int i = 0; i < n; i++) {
        int bi = i;
        for (int j = i + 1; j < n; j++) if (key[j] > key[bi]) bi = j;
        Move m = mv[bi]; mv[bi] = mv[i]; mv[i] = m;
        int kk = key[bi]; key[bi] = key[i]; key[i] = kk;

        Pos q = *p;
        int r = make_move(&q, m), s;
        if (r != ONGOING) {
            s = terminal_score(r, ply);
        } else if (i == 0) {
            s = -pvs(&q, depth - 1, -beta, -alpha, ply + 1, 1, 0);
        } else {
            int quiet = !MCAP(m) && !move_gain(m) && m != killers[ply][0] && m != killers[ply][1];
            int red = 0;
            if (quiet && depth >= 3 && i >= 3) {
                red = 1;
                if (i >= 8 && depth >= 5) red = 2;
                if (pv && red > 1) red = 1;
            }
            s = -pvs(&q, depth - 1 - red, -alpha - 1, -alpha, ply + 1, 1, 0);
            if (s > alpha && red) s = -pvs(&q, depth - 1, -alpha - 1, -alpha, ply + 1, 1, 0);
            if (s > alpha && s < beta) s = -pvs(&q, depth - 1, -beta, -alpha, ply + 1, 1, 0);
        }
        if (stop) return 0;
        if (s > best) {
            best = s;
            bestm = m;
            if (s > alpha) {
                alpha = s;
                if (s >= beta) {
                    if (!MCAP(m) && !move_gain(m)) {
                        if (killers[ply][0] != m) { killers[ply][1] = killers[ply][0]; killers[ply][0] = m; }
                        history[p->side][MFROM(m)][MTO(m)] += depth * depth;
                        if (history[p->side][MFROM(m)][MTO(m)] > (1 << 24)) {
                            for (int a = 0; a < 64; a++)
                                for (int b = 0; b < 64; b++) {
                                    history[0][a][b] /= 2;
                                    history[1][a][b] /= 2;
                                }
                        }
                    }
                    break;
                }
            }
        }
    }
    int flag = best >= beta ? TT_LOWER : best > alpha0 ? TT_EXACT : TT_UPPER;
    tt_store(p->hash, depth, flag, best, bestm, ply);
    return best;
}

static Result strong_root(Pos *p, Move *mv, int n, double t_start, double t_soft)
{
    Result res = { mv[0], 0, 0 };
    int score[MAXM];
    for (int i = 0; i < n; i++) score[i] = move_gain(mv[i]) * 10 + MCAP(mv[i]);
    /* order by the quick key once, then by each iteration's scores */
    for (int i = 1; i < n; i++) {
        Move m = mv[i]; int s = score[i], j = i;
        while (j > 0 && score[j - 1] < s) { mv[j] = mv[j - 1]; score[j] = score[j - 1]; j--; }
        mv[j] = m; score[j] = s;
    }
    res.move = mv[0];
    if (n == 1) return res;
    path[0] = p->hash;
    int prev = 0;
    for (int depth = 1; depth < MAXPLY - 8; depth++) {
        int window = 40;
        int lo = depth >= 4 ? prev - window : -INF, hi = depth >= 4 ? prev + window : INF;
        int best, done;
        Move bestm;
        for (;;) {
            int alpha = lo;
            best = -INF; done = 0; bestm = mv[0];
            for (int i = 0; i < n; i++) score[i] = -INF;
            for (int i = 0; i < n; i++) {
                Pos q = *p;
                int r = make_move(&q, mv[i]), s;
                if (r != ONGOING) s = terminal_score(r, 0);
                else if (i == 0) s = -pvs(&q, depth - 1, -hi, -alpha, 1, 1, 0);
                else {
                    s = -pvs(&q, depth - 1, -alpha - 1, -alpha, 1, 1, 0);
                    if (s > alpha && s < hi && !stop) s = -pvs(&q, depth - 1, -hi, -alpha, 1, 1, 0);
                }
                if (stop) break;
                done++;
                score[i] = s;
                if (s > best) {
                    best = s; bestm = mv[i];
                    if (s > alpha) alpha = s;
                    if (s >= hi) break;
                }
            }
            if (stop) break;
            if (best <= lo && lo > -INF) { lo = best - 4 * window; if (lo < -INF) lo = -INF; window *= 4; continue; }
            if (best >= hi && hi < INF) { hi = best + 4 * window; if (hi > INF) hi = INF; window *= 4; continue; }
            break;
        }
        /* a move that beat the previous best within this iteration is trusted */
        if (stop) {
            if (done > 0 && bestm != mv[0] && best > lo) { res.move = bestm; res.score = best; }
            break;
        }
        res.move = bestm; res.score = best; res.depth = depth;
        prev = best;
        /* stable sort: best first, then by score */
        for (int i = 1; i < n; i++) {
            Move m = mv[i]; int s = score[i], j = i;
            while (j > 0 && score[j - 1] < s) { mv[j] = mv[j - 1]; score[j] = score[j - 1]; j--; }
            mv[j] = m; score[j] = s;
        }
        for (int i = 0; i < n; i++)
            if (mv[i] == bestm) { memmove(mv + 1, mv, i * sizeof *mv); mv[0] = bestm; break; }
        if (best > MATE_BOUND || best < -MATE_BOUND) break;
        if (cpu_now() - t_start >= t_soft) break;
    }
    return res;
}

/* ------------------------------------------------------------------ */
/* Perft                                                                */
/* ------------------------------------------------------------------ */

static long long perft(const Pos *p, int depth)
{
    Move mv[MAXM];
    int n = gen_moves(p, mv);
    if (n == 0) {
        if (loaps) return 0;            /* the game is over: no sequence */
        Pos q = *p;                     /* classic: a pass is the move */
        q.side ^= 1;
        return depth == 1 ? 1 : perft(&q, depth - 1);
    }
    if (depth == 1) return n;
    long long total = 0;
    for (int i = 0; i < n; i++) {
        Pos q = *p;
        /* a sequence cut short by the game's end has fewer than d moves */
        if (make_move(&q, mv[i]) == ONGOING) total += perft(&q, depth - 1);
    }
    return total;
}

/* ------------------------------------------------------------------ */
/* Input                                                                */
/* ------------------------------------------------------------------ */

static void die_bad(const char *why)
{
    fprintf(stderr, "bad input: %s\n", why);
    exit(2);
}

/* Reads the POTM file; returns the side to move's remaining seconds. */
static double read_position(const char *path, Pos *p)
{
    FILE *f = fopen(path, "r");
    if (!f) die_bad("cannot open the file");
    char buf[8192];
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[len] = 0;

    char *lines[64];
    int nl = 0;
    for (char *s = buf; *s && nl < 64; ) {
        char *e = strchr(s, '\n');
        if (e) *e = 0;
        /* strip trailing blanks and CR */
        size_t l = strlen(s);
        while (l > 0 && isspace((unsigned char)s[l - 1])) s[--l] = 0;
        while (*s == ' ' || *s == '\t') s++;
        if (*s) lines[nl++] = s;
        if (!e) break;
        s = e + 1;
    }
    if (nl != 3 + 7 && nl != 3 + 8) die_bad("expected 3 header lines and 7 or 8 board lines");
    int n = nl - 3;
    init_geometry(n);

    int player, moveno, who[2], pts[2];
    double secs[2];
    char tail;
    if (sscanf(lines[0], "%d %d %c", &player, &moveno, &tail) != 2 || (player != 1 && player != 2) || moveno < 1)
        die_bad("line 1 must be: player (1|2) and move number");
    for (int i = 0; i < 2; i++)
        if (sscanf(lines[1 + i], "%d %d %lf %c", &who[i], &pts[i], &secs[i], &tail) != 3 || who[i] != i + 1)
            die_bad("lines 2 and 3 must be: player, points, seconds");

    memset(p, 0, sizeof *p);
    for (int i = 0; i < n; i++) {
        const char *row = lines[3 + i];
        if ((int)strlen(row) != n) die_bad("board line of the wrong length");
        int r = n - 1 - i;     /* the first board line is the top rank */
        for (int fl = 0; fl < n; fl++) {
            char c = row[fl];
            if (c == '1') p->bb[0] |= BIT(r * 8 + fl);
            else if (c == '2') p->bb[1] |= BIT(r * 8 + fl);
            else if (c != '.') die_bad("board characters must be 1, 2 or .");
        }
    }
    if (!p->bb[0] || !p->bb[1]) die_bad("a side has no pieces");
    int most = loaps ? 8 : 12;
    if (popcnt(p->bb[0]) > most || popcnt(p->bb[1]) > most) die_bad("too many pieces for the game");
    if (loaps && moveno > 50) die_bad("LOAPS move numbers run from 1 to 50");
    p->side = player - 1;
    p->pts[0] = loaps ? pts[0] : 0;
    p->pts[1] = loaps ? pts[1] : 0;
    p->p2made = moveno - 1;   /* the same whichever side is to move */
    if (p->p2made > 63) p->p2made = 63;
    p->hash = full_hash(p);
    count_lines(p);
    return secs[player - 1];
}

static void print_move(Move m)
{
    printf("%c%d %c%d\n", 'a' + (MFROM(m) & 7), 1 + (MFROM(m) >> 3),
           'a' + (MTO(m) & 7), 1 + (MTO(m) >> 3));
}

/* ------------------------------------------------------------------ */
/* Main                                                                 */
/* ------------------------------------------------------------------ */

static void usage(const char *why)
{
    fprintf(stderr, "usage: loa [--player greedy|ab|strong] [--share N] [--seed N] [--verbose] [--perft D] FILE (%s)\n", why);
    exit(2);
}

static long parse_int(const char *s, const char *opt)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == 0 || *end != 0) usage(opt);
    return v;
}

int main(int argc, char **argv)
{
    const char *player = "ab", *file = NULL;
    long share = 20, seed = 1, perft_depth = -1;
    int verbose = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (i == argc - 1 && strncmp(a, "--", 2) != 0) file = a;
        else if (!strcmp(a, "--player") && i + 1 < argc - 1) player = argv[++i];
        else if (!strcmp(a, "--share") && i + 1 < argc - 1) share = parse_int(argv[++i], "--share");
        else if (!strcmp(a, "--seed") && i + 1 < argc - 1) seed = parse_int(argv[++i], "--seed");
        else if (!strcmp(a, "--perft") && i + 1 < argc - 1) perft_depth = parse_int(argv[++i], "--perft");
        else if (!strcmp(a, "--verbose")) verbose = 1;
        else usage(a);
    }
    if (!file) usage("no FILE");
    int kind = !strcmp(player, "greedy") ? 0 : !strcmp(player, "ab") ? 1 : !strcmp(player, "strong") ? 2 : -1;
    if (kind < 0) usage("unknown player");
    if (share < 1) usage("--share must be at least 1");

    init_zobrist((u64)seed);
    Pos pos;
    double remaining = read_position(file, &pos);

    if (perft_depth >= 0) {
        printf("%lld\n", perft_depth == 0 ? 1LL : perft(&pos, (int)perft_depth));
        return 0;
    }

    Move mv[MAXM];
    int n = gen_moves(&pos, mv);
    if (n == 0) {
        if (loaps) return 1;     /* pinned: the game is lost, nothing to say */
        printf("pass\n");
        return 0;
    }

    double t0 = cpu_now();
    Result res = { mv[0], 0, 0 };
    /* with (almost) no time left, any sane move beats a time loss */
    if (remaining < 0.05 || kind == 0) {
        res.move = greedy_move(&pos, mv, n);
    } else if (kind == 1) {
        double budget = remaining / (double)share;
        if (budget > remaining / 3) budget = remaining / 3;
        t_hard = budget - 0.003;   /* absolute: process CPU time counts from start */
        res = ab_root(&pos, mv, n);
    } else {
        /* Games rarely run their course: a LOAPS game between sound
         * players is usually decided by a connection within 10-15 moves a
         * side, a classic one within 15-25.  The floor of 10 keeps a long
         * game from draining the clock. */
        int moves_left;
        if (loaps) {
            moves_left = 16 - pos.p2made / 2;
            if (moves_left > 50 - pos.p2made) moves_left = 50 - pos.p2made;
        } else {
            moves_left = 24 - pos.p2made / 2;
        }
        if (moves_left < 10) moves_left = 10;
        double target = remaining / moves_left;
        double cap = remaining / 4;
        double hard = 2.5 * target < cap ? 2.5 * target : cap;
        t_hard = hard - 0.004;
        /* a small budget cannot use a big table; page faults cost time too */
        int bits = target < 0.05 ? 14 : target < 0.3 ? 17 : 20;
        tt = calloc((size_t)1 << bits, sizeof *tt);
        if (!tt) { bits = 12; tt = calloc((size_t)1 << bits, sizeof *tt); }
        if (!tt) res.move = greedy_move(&pos, mv, n);
        else {
            tt_mask = ((u64)1 << bits) - 1;
            res = strong_root(&pos, mv, n, t0, 0.7 * target);
        }
    }
    print_move(res.move);
    fflush(stdout);
    if (verbose)
        fprintf(stderr, "depth %d score %d nodes %lld time %.3f\n", res.depth, res.score, nodes, cpu_now());
    return 0;
}
