/*
 * pahtum.c - a PAH-TUM sparring partner for potm's benchmarks.
 *
 * This program is an independent opponent used to measure potm's PAH-TUM
 * engine.  It was written from the rules alone (the rulings potm is held to and the
 * original POTM text), without looking at potm's engine, so that the
 * benchmark compares potm against ideas that do not share its blind spots.
 *
 * Protocol (the POTM entry protocol): the 7x7 grid of "-+XO" arrives on
 * standard input, 7 lines each ended by '\n' (a CR before a newline, a
 * missing final newline and one blank line at the end are forgiven).  The
 * same grid with one '-' turned into the mover's letter goes to standard
 * output, nothing else.  X moves first; the mover follows from the counts.
 * Exit status: 0 a move was printed, 1 the grid is full (no move), 2 a
 * malformed grid or bad arguments (one line on stderr says why).
 *
 * Usage:
 *   pahtum [--player greedy|ab|uct] [--iterations N] [--clock S]
 *          [--share N] [--seed N] [--verbose] [--score]
 *
 * Players:
 *   greedy  One ply.  Takes the placement that adds the most to its own
 *           final score if the game ended now (placing a marker can never
 *           change the opponent's score, as an empty square already breaks
 *           its runs), ties broken by the change in the open-run potential
 *           below (own runs lengthened, opponent's runs cut), then by the
 *           seeded random generator.  Instant.
 *   ab      Iterative-deepening negamax alpha-beta, no transposition table.
 *           Evaluation, in half points for the side to move:
 *             2 * (own score - opponent's score) + potential(own) - potential(opp)
 *           where the potential of a line gives every own run that can still
 *           grow (it lies in a stretch of own-or-empty squares of length >= 3
 *           that is longer than the run) half of what its next extension
 *           would add: 1, 3, 7, 15, 31, 63 for runs of 1..6.  On a full grid
 *           the potential is zero, so once the depth reaches the number of
 *           empty squares the search is exact (it then stops).  Moves are
 *           ordered by the evaluation change they make; at the root the
 *           previous iteration's best goes first.  Time: clock/share CPU
 *           seconds (default 10/20 = 0.5 s), counted from process start,
 *           and the search stops mid-iteration when it is spent.
 *   uct     (default) Monte-Carlo tree search with UCT (UCB1, C = 0.6),
 *           one node added per iteration, uniform random playouts to the end
 *           of the game.  A playout is simply a uniformly random split of the
 *           empty squares (the mover gets the larger half), which is exactly
 *           the distribution of alternating uniform random moves.  Reward
 *           from the mover's side: 0.9 * (win 1, tie 0.5, loss 0) plus a
 *           margin term 0.1 * (1 + m/(|m|+20)) / 2 with m the point margin,
 *           because a PAH-TUM match is decided on total points over two
 *           games, so a bigger win (or smaller loss) is worth something.
 *           The move played is the most visited root child.  --iterations N
 *           (default 200000) per move; it also stops at 90% of --clock
 *           (default 10 s) of process CPU time, whichever comes first.
 *
 * Options:
 *   --player P      greedy, ab or uct (default uct)
 *   --iterations N  UCT iterations per move (default 200000)
 *   --clock S       CPU seconds allowed per move (default 10)
 *   --share N       ab spends clock/N (default 20)
 *   --seed N        random seed (default 1); same seed, same grid -> same move
 *   --verbose       one line on stderr about the move and the search
 *   --score         print "X <points> O <points>" for the grid as it stands
 *                   (meant for a full grid) instead of moving
 *
 * Time use: greedy is instant; ab uses clock/share of CPU; uct takes about
 * 0.16 s of CPU for 200000 iterations from an empty board with 5 holes (the
 * benchmark machine, an x86 core) and never more than 90% of the clock.
 * Memory: one 32-byte node per UCT iteration (6.4 MB at the default).
 *
 * Build: cc -O2 -std=c11 -Wall -Wextra -o pahtum pahtum.c -lm
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { N = 7, SQ = 49 };

/* Points of a maximal run by length (POTM table; runs of 1-2 score 0). */
static const int RUNPTS[8] = {0, 0, 0, 3, 10, 25, 56, 119};

/*
 * Lines are kept as 7-bit masks in bytes of a 64-bit word, once in row
 * layout (bit 8r+c) and once in column layout (bit 8c+r), so that scoring a
 * whole side is 14 table lookups and a move is a couple of ORs.
 */
static int16_t line_score[128];   /* points of a line's mask */
static int16_t line_val[1 << 14]; /* 2*points + potential, index own | empty<<7 */
static uint64_t ROWBIT[SQ], COLBIT[SQ];

typedef struct {
    uint64_t rb[2], cb[2]; /* markers of X (0) and O (1), row / column layout */
    uint64_t re, ce;       /* empty squares, row / column layout */
    uint64_t empty;        /* empty squares by index 7r+c */
    int nempty;
} Pos;

static char grid[N][N];

/* ---------------------------------------------------------------- tables */

static void init_tables(void)
{
    for (int m = 0; m < 128; m++) {
        int s = 0, run = 0;
        for (int i = 0; i <= N; i++) {
            if (i < N && (m >> i & 1)) {
                run++;
            } else {
                s += RUNPTS[run];
                run = 0;
            }
        }
        line_score[m] = (int16_t)s;
    }
    /* Half the gain of the next extension of a run of length r. */
    static const int grow[7] = {0, 1, 3, 7, 15, 31, 63};
    for (int own = 0; own < 128; own++) {
        for (int emp = 0; emp < 128; emp++) {
            if (own & emp)
                continue;
            int free = own | emp, pot = 0, i = 0;
            while (i < N) {
                if (!(free >> i & 1)) {
                    i++;
                    continue;
                }
                int a = i;
                while (i < N && (free >> i & 1))
                    i++;
                int len = i - a, has_empty = 0;
                for (int j = a; j < i; j++)
                    has_empty |= emp >> j & 1;
                if (len < 3 || !has_empty)
                    continue; /* nothing here can ever score more */
                for (int j = a; j < i;) {
                    if (!(own >> j & 1)) {
                        j++;
                        continue;
                    }
                    int b = j;
                    while (j < i && (own >> j & 1))
                        j++;
                    if (j - b < len)
                        pot += grow[j - b];
                }
            }
            line_val[own | emp << 7] = (int16_t)(2 * line_score[own] + pot);
        }
    }
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            ROWBIT[r * N + c] = 1ULL << (8 * r + c);
            COLBIT[r * N + c] = 1ULL << (8 * c + r);
        }
}

static inline int score_bb(uint64_t rb, uint64_t cb)
{
    int s = 0;
    for (int i = 0; i < N; i++)
        s += line_score[rb >> (8 * i) & 127] + line_score[cb >> (8 * i) & 127];
    return s;
}

static inline int score_side(const Pos *p, int s) { return score_bb(p->rb[s], p->cb[s]); }

/* Evaluation in half points from side s's point of view (see header). */
static inline int eval(const Pos *p, int s)
{
    int v = 0;
    const uint64_t mr = p->rb[s], or_ = p->rb[s ^ 1], mc = p->cb[s], oc = p->cb[s ^ 1];
    for (int i = 0; i < N; i++) {
        int sh = 8 * i;
        unsigned er = (unsigned)(p->re >> sh & 127) << 7, ec = (unsigned)(p->ce >> sh & 127) << 7;
        v += line_val[(mr >> sh & 127) | er] - line_val[(or_ >> sh & 127) | er];
        v += line_val[(mc >> sh & 127) | ec] - line_val[(oc >> sh & 127) | ec];
    }
    return v;
}

static inline void play(Pos *p, int s, int sq)
{
    p->rb[s] |= ROWBIT[sq];
    p->cb[s] |= COLBIT[sq];
    p->re &= ~ROWBIT[sq];
    p->ce &= ~COLBIT[sq];
    p->empty &= ~(1ULL << sq);
    p->nempty--;
}

static inline void undo(Pos *p, int s, int sq)
{
    p->rb[s] &= ~ROWBIT[sq];
    p->cb[s] &= ~COLBIT[sq];
    p->re |= ROWBIT[sq];
    p->ce |= COLBIT[sq];
    p->empty |= 1ULL << sq;
    p->nempty++;
}

/* ------------------------------------------------------------ utilities */

static uint64_t rng_state;

static void seed_rng(uint64_t seed)
{
    /* splitmix64 so that small or zero seeds still give a good state */
    uint64_t z = seed + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    rng_state = z ? z : 1;
}

static inline uint64_t rnd(void)
{
    /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ULL;
}

/* Uniform in [0, n) by multiply-shift; the bias is below 2^-32 * n. */
static inline unsigned rndn(unsigned n) { return (unsigned)(((rnd() >> 32) * (uint64_t)n) >> 32); }

static double cpu_seconds(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
        return 0.0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#if defined(__GNUC__)
static inline int lowest_bit(uint64_t b) { return __builtin_ctzll(b); }
static inline int bit_count(uint64_t b) { return __builtin_popcountll(b); }
#else
static inline int lowest_bit(uint64_t b)
{
    int i = 0;
    while (!(b >> i & 1))
        i++;
    return i;
}
static inline int bit_count(uint64_t b)
{
    int n = 0;
    for (; b; b &= b - 1)
        n++;
    return n;
}
#endif

static void square_name(int sq, char out[3])
{
    out[0] = (char)('A' + sq / N);
    out[1] = (char)('1' + sq % N);
    out[2] = 0;
}

/* --------------------------------------------------------------- greedy */

static int greedy_move(Pos *p, int me, int verbose)
{
    int best = -1, bgain = 0, bpot = 0, nties = 0;
    int base_score = score_side(p, me), base_eval = eval(p, me);
    for (uint64_t e = p->empty; e; e &= e - 1) {
        int sq = lowest_bit(e);
        play(p, me, sq);
        int gain = score_side(p, me) - base_score;
        /* eval change minus the score part = own potential gained + opponent's lost */
        int pot = eval(p, me) - base_eval - 2 * gain;
        undo(p, me, sq);
        if (best < 0 || gain > bgain || (gain == bgain && pot > bpot)) {
            best = sq, bgain = gain, bpot = pot, nties = 1;
        } else if (gain == bgain && pot == bpot) {
            /* reservoir sampling keeps the seeded choice uniform among ties */
            if (rndn((unsigned)++nties) == 0)
                best = sq;
        }
    }
    if (verbose) {
        char nm[3];
        square_name(best, nm);
        fprintf(stderr, "pahtum greedy: %c plays %s, gain %d, potential %+d, %d tied\n",
                me ? 'O' : 'X', nm, bgain, bpot, nties);
    }
    return best;
}

/* ----------------------------------------------------------- alpha-beta */

enum { INF = 1000000 };

static double ab_deadline;
static long ab_nodes;
static int ab_abort;

/* Moves ordered by the evaluation change they make, best first. */
static int gen_ordered(Pos *p, int s, int *moves)
{
    int keys[SQ], n = 0;
    int base = eval(p, s);
    for (uint64_t e = p->empty; e; e &= e - 1) {
        int sq = lowest_bit(e);
        play(p, s, sq);
        int k = eval(p, s) - base;
        undo(p, s, sq);
        int j = n++;
        while (j > 0 && keys[j - 1] < k) {
            keys[j] = keys[j - 1];
            moves[j] = moves[j - 1];
            j--;
        }
        keys[j] = k;
        moves[j] = sq;
    }
    return n;
}

static int negamax(Pos *p, int s, int depth, int alpha, int beta)
{
    if (p->nempty == 0)
        return 2 * (score_side(p, s) - score_side(p, s ^ 1));
    if (depth == 0)
        return eval(p, s);
    if ((++ab_nodes & 1023) == 0 && cpu_seconds() >= ab_deadline)
        ab_abort = 1;
    if (ab_abort)
        return 0;
    int moves[SQ];
    int n = gen_ordered(p, s, moves);
    int best = -INF;
    for (int i = 0; i < n; i++) {
        play(p, s, moves[i]);
        int v = -negamax(p, s ^ 1, depth - 1, -beta, -alpha);
        undo(p, s, moves[i]);
        if (ab_abort)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta)
                    break;
            }
        }
    }
    return best;
}

static int ab_move(Pos *p, int me, double budget, int verbose)
{
    ab_deadline = budget; /* CPU time is counted from process start */
    int moves[SQ];
    int n = gen_ordered(p, me, moves);
    int best = moves[0], best_val = 0, done_depth = 0;
    for (int depth = 1; depth <= p->nempty; depth++) {
        int alpha = -INF, ibest = -1, ival = -INF;
        for (int i = 0; i < n; i++) {
            play(p, me, moves[i]);
            int v = -negamax(p, me ^ 1, depth - 1, -INF, -alpha);
            undo(p, me, moves[i]);
            if (ab_abort)
                break;
            if (v > ival) {
                ival = v, ibest = i;
                if (v > alpha)
                    alpha = v;
            }
        }
        /*
         * A cut-short iteration is still usable once its first move (the
         * previous best) is done: any later move that beat it did so at the
         * deeper depth.
         */
        if (ibest >= 0) {
            best = moves[ibest];
            best_val = ival;
            int m = moves[ibest];
            memmove(moves + 1, moves, (size_t)ibest * sizeof moves[0]);
            moves[0] = m;
        }
        if (ab_abort)
            break;
        done_depth = depth;
        if (cpu_seconds() >= ab_deadline)
            break;
    }
    if (verbose) {
        char nm[3];
        square_name(best, nm);
        fprintf(stderr, "pahtum ab: %c plays %s, depth %d%s, value %+.1f, %ld nodes, %.3f s CPU\n",
                me ? 'O' : 'X', nm, done_depth, done_depth >= p->nempty ? " (exact)" : "",
                best_val / 2.0, ab_nodes, cpu_seconds());
    }
    return best;
}

/* ------------------------------------------------------------------ UCT */

typedef struct {
    uint64_t untried;       /* empty squares not yet expanded as children */
    double w;               /* reward sum, for the side that moved into this node */
    int32_t child, sibling; /* first child, next sibling; -1 none */
    int32_t visits;
    int32_t sq;
} Node;

static const double UCT_C = 0.6;

/* Reward for X of a finished game with margin m = X points - O points. */
static inline double reward_x(int m)
{
    double outcome = m > 0 ? 1.0 : m < 0 ? 0.0 : 0.5;
    return 0.9 * outcome + 0.05 * (1.0 + (double)m / (double)(abs(m) + 20));
}

static int uct_move(Pos *root, int me, long iterations, double limit, int verbose)
{
    Node *pool = malloc((size_t)(iterations + 2) * sizeof *pool);
    if (!pool) {
        fprintf(stderr, "pahtum: out of memory\n");
        exit(3);
    }
    long nn = 1, it;
    pool[0] = (Node){root->empty, 0.0, -1, -1, 0, -1};
    int squares[SQ];
    int path[SQ + 2];
    for (it = 0; it < iterations; it++) {
        if ((it & 255) == 0 && cpu_seconds() >= limit)
            break;
        Pos q = *root;
        int s = me, len = 0, cur = 0;
        path[len++] = 0;
        for (;;) {
            Node *n = &pool[cur];
            if (n->untried) {
                /* expand one untried move, chosen at random */
                int k = bit_count(n->untried);
                unsigned pick = rndn((unsigned)k);
                uint64_t u = n->untried;
                while (pick--)
                    u &= u - 1;
                int sq = lowest_bit(u);
                n->untried &= ~(1ULL << sq);
                play(&q, s, sq);
                s ^= 1;
                int id = (int)nn++;
                pool[id] = (Node){q.empty, 0.0, -1, n->child, 0, sq};
                n->child = id;
                path[len++] = id;
                break;
            }
            if (n->child < 0)
                break; /* a finished game */
            double logn = log((double)n->visits);
            int bc = -1;
            double bu = -1.0;
            for (int c = n->child; c >= 0; c = pool[c].sibling) {
                const Node *ch = &pool[c];
                double u = ch->w / ch->visits + UCT_C * sqrt(logn / ch->visits);
                if (u > bu)
                    bu = u, bc = c;
            }
            play(&q, s, pool[bc].sq);
            s ^= 1;
            cur = bc;
            path[len++] = bc;
        }
        /* random playout: the side to move gets ceil(n/2) random empties */
        int ne = 0;
        for (uint64_t e = q.empty; e; e &= e - 1)
            squares[ne++] = lowest_bit(e);
        int k = (ne + 1) / 2;
        uint64_t chr = 0, chc = 0;
        for (int i = 0; i < k; i++) {
            int j = i + (int)rndn((unsigned)(ne - i));
            int t = squares[j];
            squares[j] = squares[i];
            squares[i] = t;
            chr |= ROWBIT[t];
            chc |= COLBIT[t];
        }
        uint64_t sr = q.rb[s] | chr, sc = q.cb[s] | chc;
        uint64_t orr = q.rb[s ^ 1] | (q.re & ~chr), oc = q.cb[s ^ 1] | (q.ce & ~chc);
        int ms = score_bb(sr, sc) - score_bb(orr, oc);
        double rx = reward_x(s == 0 ? ms : -ms);
        /* the node at depth d was entered by a move of me if d is odd */
        double rme = me == 0 ? rx : 1.0 - rx;
        for (int d = 0; d < len; d++) {
            Node *n = &pool[path[d]];
            n->visits++;
            n->w += (d & 1) ? rme : 1.0 - rme;
        }
    }
    int best = -1;
    for (int c = pool[0].child; c >= 0; c = pool[c].sibling)
        if (best < 0 || pool[c].visits > pool[best].visits ||
            (pool[c].visits == pool[best].visits && pool[c].w > pool[best].w))
            best = c;
    int sq;
    if (best < 0) {
        /* only when the clock ran out before a single iteration */
        sq = lowest_bit(root->empty);
    } else {
        sq = pool[best].sq;
    }
    if (verbose) {
        char nm[3];
        square_name(sq, nm);
        fprintf(stderr, "pahtum uct: %c plays %s, %ld iterations, %d visits, value %.3f, %.3f s CPU\n",
                me ? 'O' : 'X', nm, it, best >= 0 ? pool[best].visits : 0,
                best >= 0 && pool[best].visits ? pool[best].w / pool[best].visits : 0.0, cpu_seconds());
    }
    free(pool);
    return sq;
}

/* --------------------------------------------------------------- input */

static void bad_grid(const char *why, int line)
{
    if (line > 0)
        fprintf(stderr, "pahtum: bad grid: line %d: %s\n", line, why);
    else
        fprintf(stderr, "pahtum: bad grid: %s\n", why);
    exit(2);
}

static void read_grid(void)
{
    static char buf[4096];
    size_t len = fread(buf, 1, sizeof buf, stdin);
    if (len == sizeof buf)
        bad_grid("too long", 0);
    if (len == 0)
        bad_grid("empty input", 0);
    size_t i = 0;
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < N; c++, i++) {
            if (i >= len || buf[i] == '\n' || buf[i] == '\r')
                bad_grid(i >= len ? "the grid has fewer than 7 lines of 7 characters"
                                  : "fewer than 7 characters",
                         r + 1);
            char ch = buf[i];
            if (ch != '-' && ch != '+' && ch != 'X' && ch != 'O')
                bad_grid("a character other than - + X O", r + 1);
            grid[r][c] = ch;
        }
        int cr = i < len && buf[i] == '\r';
        i += (size_t)cr;
        if (i >= len) {
            if (r == N - 1 && !cr)
                break; /* a missing final newline */
            bad_grid(cr ? "a CR not followed by a newline" : "the grid ends early", r + 1);
        }
        if (buf[i] != '\n')
            bad_grid(cr ? "a CR not followed by a newline" : "more than 7 characters", r + 1);
        i++;
    }
    /* one blank line at the end is forgiven */
    if (i < len && buf[i] == '\r')
        i++;
    if (i < len && buf[i] == '\n')
        i++;
    if (i < len)
        bad_grid("text after the 7th line", 0);
}

/* ---------------------------------------------------------------- main */

static void usage(const char *why)
{
    fprintf(stderr, "pahtum: %s (usage: pahtum [--player greedy|ab|uct] [--iterations N] [--clock S] "
                    "[--share N] [--seed N] [--verbose] [--score])\n",
            why);
    exit(2);
}

static double num_arg(int argc, char **argv, int *i, double lo)
{
    if (*i + 1 >= argc)
        usage("an option lacks its value");
    char *end;
    double v = strtod(argv[++*i], &end);
    if (*end || end == argv[*i] || !(v >= lo) || !isfinite(v))
        usage("bad option value");
    return v;
}

int main(int argc, char **argv)
{
    const char *player = "uct";
    long iterations = 200000;
    double clock_s = 10.0, share = 20.0;
    uint64_t seed = 1;
    int verbose = 0, score_only = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--player")) {
            if (i + 1 >= argc)
                usage("--player lacks its value");
            player = argv[++i];
            if (strcmp(player, "greedy") && strcmp(player, "ab") && strcmp(player, "uct"))
                usage("unknown player");
        } else if (!strcmp(a, "--iterations")) {
            iterations = (long)num_arg(argc, argv, &i, 1);
            if (iterations > 50000000)
                usage("too many iterations");
        } else if (!strcmp(a, "--clock")) {
            clock_s = num_arg(argc, argv, &i, 0.001);
        } else if (!strcmp(a, "--share")) {
            share = num_arg(argc, argv, &i, 1);
        } else if (!strcmp(a, "--seed")) {
            if (i + 1 >= argc)
                usage("--seed lacks its value");
            char *end;
            const char *v = argv[++i];
            seed = strtoull(v, &end, 10);
            if (*end || end == v || v[0] == '-')
                usage("bad --seed value");
        } else if (!strcmp(a, "--verbose")) {
            verbose = 1;
        } else if (!strcmp(a, "--score")) {
            score_only = 1;
        } else if (a[0] == '-' && a[1] == '-') {
            usage("unknown option");
        }
        /*
         * A bare argument is ignored: POTM-style referees may append the
         * input file's path, but the PAH-TUM grid always comes on stdin.
         */
    }

    init_tables();
    seed_rng(seed);
    read_grid();

    Pos p;
    memset(&p, 0, sizeof p);
    int nx = 0, no = 0;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            int sq = r * N + c;
            switch (grid[r][c]) {
            case 'X': nx++, p.rb[0] |= ROWBIT[sq], p.cb[0] |= COLBIT[sq]; break;
            case 'O': no++, p.rb[1] |= ROWBIT[sq], p.cb[1] |= COLBIT[sq]; break;
            case '-':
                p.re |= ROWBIT[sq], p.ce |= COLBIT[sq], p.empty |= 1ULL << sq, p.nempty++;
                break;
            default: break;
            }
        }
    if (score_only) {
        printf("X %d O %d\n", score_side(&p, 0), score_side(&p, 1));
        return 0;
    }
    if (nx != no && nx != no + 1)
        bad_grid("the counts of X and O do not allow either side to move", 0);
    if (p.nempty == 0) {
        fprintf(stderr, "pahtum: the grid is full, there is no move to make\n");
        return 1;
    }
    int me = nx == no ? 0 : 1;

    int sq;
    if (!strcmp(player, "greedy"))
        sq = greedy_move(&p, me, verbose);
    else if (!strcmp(player, "ab"))
        sq = ab_move(&p, me, clock_s / share, verbose);
    else
        sq = uct_move(&p, me, iterations, 0.9 * clock_s, verbose);

    grid[sq / N][sq % N] = me ? 'O' : 'X';
    char out[N * (N + 1)];
    for (int r = 0; r < N; r++) {
        memcpy(out + r * (N + 1), grid[r], N);
        out[r * (N + 1) + N] = '\n';
    }
    fwrite(out, 1, sizeof out, stdout);
    return fflush(stdout) == 0 ? 0 : 3;
}
