/*
 * The compiled fast path of the double-dummy solver (skat_desktop/ai/solver.py).
 *
 * It runs the same search as the pure-Python solver, move for move: alpha-beta over
 * single cards with a transposition table at the start of each trick (cards in hand and
 * leader), equivalent-card reduction and its dominance rule for runs of unequal points
 * (add_run), heuristic move ordering (sure tricks first), and null-window searches
 * bisecting the range for the exact card-point value. The rank tables come from the engine at import time
 * (init_tables), so the rules of trick-taking exist only once, in engine/cards.py.
 *
 * Values are the declarer's card points from the cards still in play (including a
 * trick in progress); for Null the value is 1 when the declarer takes no further trick.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(_MSC_VER) && !defined(SKAT_DDS_PORTABLE)
#include <intrin.h>
#endif

#define NGAMES 7
#define NULL_GAME 5
#define TRUMP 4
#define TT_BITS 20
#define TT_SIZE (1u << TT_BITS)

/*
 * Bit counting on a 32-card mask, the same answers from every compiler: GCC and Clang
 * have builtins, MSVC has _BitScanForward, and anything else (or -DSKAT_DDS_PORTABLE,
 * which the tests use to check this path against the builtins) the plain C below.
 * No caller asks card_index for the empty mask (the builtin leaves it undefined).
 * popcount stays plain C under MSVC: its __popcnt needs the POPCNT instruction, which
 * older x86 CPUs lack (and ARM64 has no __popcnt), and it runs once per stored table
 * entry, where it does not show in the time.
 */
#if defined(SKAT_DDS_PORTABLE)
#define SKAT_DDS_PLAIN_C 1
#elif defined(__GNUC__) || defined(__clang__)
#define card_index(m) __builtin_ctz(m)
#define cards_in(m) __builtin_popcount(m)
#elif defined(_MSC_VER)
static __inline int card_index(uint32_t m) {
    unsigned long i;
    return _BitScanForward(&i, m) ? (int)i : 0;
}
#define SKAT_DDS_PLAIN_POPCOUNT 1
#else
#define SKAT_DDS_PLAIN_C 1
#endif

#if defined(SKAT_DDS_PLAIN_C)
/* the lowest set bit times a de Bruijn sequence: its top five bits name the bit */
static const uint8_t DE_BRUIJN[32] = {0,  1,  28, 2,  29, 14, 24, 3,  30, 22, 20,
                                      15, 25, 17, 4,  8,  31, 27, 13, 23, 21, 19,
                                      16, 7,  26, 12, 18, 6,  11, 5,  10, 9};
static int card_index(uint32_t m) {
    return DE_BRUIJN[(uint32_t)((m & (0u - m)) * 0x077CB531u) >> 27];
}
#define SKAT_DDS_PLAIN_POPCOUNT 1
#endif

#if defined(SKAT_DDS_PLAIN_POPCOUNT)
static int cards_in(uint32_t m) {
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    return (int)((((m + (m >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
#endif

static uint8_t EFF[NGAMES][32];
static uint8_t POW[NGAMES][32];
static uint8_t PTS[32];
static uint32_t EMASK[NGAMES][5];
/* cards of each effective suit, ascending power */
static uint8_t ORDER[NGAMES][5][12];
static uint8_t ORDER_N[NGAMES][5];
/* cards of the same effective suit that beat a card */
static uint32_t HIGHER[NGAMES][32];
static int tables_ready = 0;

typedef struct {
    uint64_t key;   /* cards in hand << 2 | leader at a trick's start, +1: 0 is empty */
    uint32_t gen;
    int8_t lo, hi;
    int8_t best;    /* best card at this trick start, -1 unknown */
    int8_t pad;
} Entry;

/* Transposition tables, one per search running at the same time: the GIL is
 * released while searching, so threads of a player can solve worlds in parallel.
 * A search takes a free table (or waits for the first); tables are allocated when
 * first needed. */
#define TT_TABLES 4
typedef struct {
    Entry *entries;
    uint32_t generation;
    PyThread_type_lock lock;
} Table;
static Table tables[TT_TABLES];

typedef struct {
    int game, decl, is_null;
    uint32_t hand[3];
    int trick[3];
    int nt, leader;
    long long nodes;
    long long limit; /* stop (aborted) after this many nodes; 0: no limit */
    int aborted;
    Entry *tt;       /* this search's transposition table and its generation */
    uint32_t gen;
} State;

static uint8_t BYTE_PTS[4][256];

static inline int points_of(uint32_t m) {
    return BYTE_PTS[0][m & 255] + BYTE_PTS[1][(m >> 8) & 255] + BYTE_PTS[2][(m >> 16) & 255] +
           BYTE_PTS[3][m >> 24];
}

static inline Entry *tt_slot(const State *s, uint64_t key) {
    uint32_t generation = s->gen;
    uint64_t h = key * 0x9E3779B97F4A7C15ULL;
    Entry *e = &s->tt[(h >> (64 - TT_BITS)) & ~1ULL];
    if (e[0].key == key && e[0].gen == generation) return &e[0];
    if (e[1].key == key && e[1].gen == generation) return &e[1];
    /* a miss: the slot to overwrite, an empty or stale one, else the shallower */
    if (e[0].gen != generation) return &e[0];
    if (e[1].gen != generation) return &e[1];
    return e[0].pad <= e[1].pad ? &e[0] : &e[1];
}

/* index in the current trick of the card that wins so far */
static int winning_index(const State *s) {
    int g = s->game, best = 0;
    for (int i = 1; i < s->nt; i++) {
        int c = s->trick[i], b = s->trick[best];
        if ((EFF[g][c] == EFF[g][b] && POW[g][c] > POW[g][b]) ||
            (EFF[g][c] == TRUMP && EFF[g][b] != TRUMP))
            best = i;
    }
    return best;
}

static int beats(int g, int c, int b) {
    return (EFF[g][c] == EFF[g][b] && POW[g][c] > POW[g][b]) ||
           (EFF[g][c] == TRUMP && EFF[g][b] != TRUMP);
}

/* Can player p, following the trick led with a card of lead_mask, beat card b? */
static inline int can_beat(const State *s, int p, uint32_t lead_mask, int b) {
    int g = s->game;
    uint32_t h = s->hand[p];
    if (h & lead_mask) return (h & lead_mask & HIGHER[g][b]) != 0;
    return EFF[g][b] == TRUMP ? (h & HIGHER[g][b]) != 0 : (h & EMASK[g][TRUMP]) != 0;
}

/* For move ordering only: does the mover's side take the trick with c, as far as the
 * opponents still to play cannot beat it? (A partner in between is not looked at.) */
static int sure_trick(const State *s, int mover, int c) {
    int g = s->game;
    uint32_t lead_mask = EMASK[g][EFF[g][s->nt ? s->trick[0] : c]];
    int mine = mover == s->decl;
    for (int k = s->nt + 1; k < 3; k++) {
        int p = (mover + k - s->nt) % 3;
        if ((p == s->decl) != mine && can_beat(s, p, lead_mask, c)) return 0;
    }
    return 1;
}

/*
 * Which side takes the current trick if the mover plays c, whatever the players after
 * him play: 1 the declarer, 0 the defenders, -1 it depends on them.
 */
static int fixed_side(const State *s, int mover, int c) {
    int g = s->game, decl = s->decl;
    int best_c = c, best_p = mover;
    if (s->nt) {
        int wi = winning_index(s);
        if (!beats(g, c, s->trick[wi])) {
            best_c = s->trick[wi];
            best_p = (s->leader + wi) % 3;
        }
    }
    uint32_t lead_mask = EMASK[g][EFF[g][s->nt ? s->trick[0] : c]];
    int p1 = (mover + 1) % 3, p2 = (mover + 2) % 3;
    uint32_t l1 = s->hand[p1] & lead_mask, l2 = s->hand[p2] & lead_mask;
    if (!l1) l1 = s->hand[p1];
    if (!l2) l2 = s->hand[p2];
    if (s->nt == 2) return best_p == decl;
    if (s->nt == 1) {
        int side = best_p == decl;
        for (uint32_t m = l1; m; m &= m - 1) {
            int w = beats(g, card_index(m), best_c) ? p1 : best_p;
            if ((w == decl) != side) return -1;
        }
        return side;
    }
    int side = mover == decl;
    for (uint32_t m = l1; m; m &= m - 1) {
        int x = card_index(m), bc = best_c, bp = best_p;
        if (beats(g, x, bc)) { bc = x; bp = p1; }
        for (uint32_t k = l2; k; k &= k - 1) {
            int w = beats(g, card_index(k), bc) ? p2 : bp;
            if ((w == decl) != side) return -1;
        }
    }
    return side;
}

/*
 * Adds the moves worth searching among a run of the mover's legal cards that lie next
 * to each other in power among the cards in play (ascending). Cards of a run win and
 * lose the same tricks, so only their points tell them apart: cards with equal points
 * are interchangeable (the highest stands for them; in Null every card of the run is).
 * When the side that takes this trick does not depend on which card of the run is
 * played nor on the players after the mover, the run's richest card is best if the
 * mover's side takes it and the poorest if not (whoever later takes the card kept back,
 * the swap never gains), so that card alone is searched.
 */
static int add_run(const State *s, int mover, const int *run, int rn, int *moves, int n) {
    if (!rn) return n;
    if (s->is_null) {
        moves[n++] = run[rn - 1];
        return n;
    }
    int lo = run[rn - 1], hi = run[rn - 1], mixed = 0;
    for (int i = rn - 2; i >= 0; i--) { /* highest card of the poorest / richest points */
        int c = run[i];
        if (PTS[c] != PTS[run[rn - 1]]) mixed = 1;
        if (PTS[c] < PTS[lo]) lo = c;
        if (PTS[c] > PTS[hi]) hi = c;
    }
    if (mixed) {
        int side = fixed_side(s, mover, run[rn - 1]);
        if (side >= 0) {
            moves[n++] = (side == (mover == s->decl)) ? hi : lo;
            return n;
        }
    }
    for (int i = 0; i < rn; i++) {
        if (i + 1 < rn && PTS[run[i + 1]] == PTS[run[i]]) continue; /* the next stands for it */
        moves[n++] = run[i];
    }
    return n;
}

/* Representative legal moves of the player to move, best first. */
static int gen_moves(const State *s, int mover, int first, int *moves) {
    int g = s->game;
    uint32_t hand = s->hand[mover];
    uint32_t legal = hand;
    if (s->nt) {
        uint32_t follow = hand & EMASK[g][EFF[g][s->trick[0]]];
        if (follow) legal = follow;
    }
    uint32_t in_play = s->hand[0] | s->hand[1] | s->hand[2];
    for (int i = 0; i < s->nt; i++) in_play |= 1u << s->trick[i];
    int n = 0;
    for (int e = 0; e < 5; e++) {
        if (!(legal & EMASK[g][e])) continue;
        int run[12], rn = 0;
        for (int i = 0; i < ORDER_N[g][e]; i++) {
            int c = ORDER[g][e][i];
            if (!(in_play >> c & 1)) continue;
            if (legal >> c & 1) {
                run[rn++] = c;
            } else {
                n = add_run(s, mover, run, rn, moves, n);
                rn = 0;
            }
        }
        n = add_run(s, mover, run, rn, moves, n);
    }
    /* order: heuristic score, TT move first */
    int score[12];
    int decl_side = (mover == s->decl);
    int wi = s->nt ? winning_index(s) : 0;
    int cur_best = s->nt ? s->trick[wi] : -1;
    int winner_pos = s->nt ? (s->leader + wi) % 3 : -1;
    int partner_wins = s->nt && ((winner_pos == s->decl) == decl_side);
    for (int i = 0; i < n; i++) {
        int c = moves[i], sc;
        if (s->is_null) {
            if (decl_side) {
                /* declarer: duck under the current winner with the highest card possible */
                if (s->nt && !beats(g, c, cur_best)) sc = 100 + POW[g][c];
                else sc = 50 - POW[g][c];
            } else {
                if (s->nt && partner_wins && winner_pos != s->decl) sc = 80 - POW[g][c];
                else sc = 60 + POW[g][c];
            }
        } else if (s->nt == 0) {
            sc = POW[g][c] + (EFF[g][c] == TRUMP ? (decl_side ? 40 : -20) : 0) + PTS[c];
            if (sure_trick(s, mover, c)) sc += 300; /* a sure trick first */
        } else if (beats(g, c, cur_best)) {
            if (s->nt == 2) sc = 200 + 3 * PTS[c] - POW[g][c] / 2;
            else if (sure_trick(s, mover, c)) sc = 250 + 3 * PTS[c];
            else sc = 150 + POW[g][c];
        } else if (partner_wins) {
            sc = 100 + 3 * PTS[c];
        } else {
            sc = 50 - 3 * PTS[c] - POW[g][c] / 4;
        }
        if (c == first) sc += 1000;
        score[i] = sc;
    }
    for (int i = 1; i < n; i++) { /* insertion sort, stable, descending */
        int c = moves[i], sc = score[i], j = i - 1;
        while (j >= 0 && score[j] < sc) {
            moves[j + 1] = moves[j];
            score[j + 1] = score[j];
            j--;
        }
        moves[j + 1] = c;
        score[j + 1] = sc;
    }
    return n;
}

/* rep[c]: the card whose value stands for c (runs of equivalent cards share one) */
static void equivalence_classes(const State *s, int mover, uint32_t legal, int *rep) {
    int g = s->game;
    uint32_t in_play = s->hand[0] | s->hand[1] | s->hand[2];
    for (int i = 0; i < s->nt; i++) in_play |= 1u << s->trick[i];
    for (int c = 0; c < 32; c++) rep[c] = c;
    (void)mover;
    for (int e = 0; e < 5; e++) {
        int run[12], n = 0, prev = -1;
        for (int i = 0; i <= ORDER_N[g][e]; i++) {
            int c = i < ORDER_N[g][e] ? ORDER[g][e][i] : -1;
            if (c >= 0 && !(in_play >> c & 1)) continue;
            int joins = c >= 0 && (legal >> c & 1) && prev >= 0 &&
                        (s->is_null || PTS[prev] == PTS[c]);
            if (!joins) {
                /* close the run: the highest card represents it, as in gen_moves */
                for (int k = 0; k < n; k++) rep[run[k]] = run[n - 1];
                n = 0;
            }
            if (c >= 0 && (legal >> c & 1)) {
                run[n++] = c;
                prev = c;
            } else {
                prev = -1;
            }
        }
    }
}

static int search(State *s, int alpha, int beta) {
    s->nodes++;
    if (s->limit && s->nodes > s->limit) {
        s->aborted = 1; /* unwinds without storing anything further */
        return alpha;
    }
    int mover = (s->leader + s->nt) % 3;
    Entry *slot = NULL;
    uint64_t key = 0;
    int first = -1;
    if (s->nt == 0) {
        /* a trick's start: bounds, the last trick, the table (within a trick a
         * table probe costs more than the few transpositions it finds) */
        uint32_t rem = s->hand[0] | s->hand[1] | s->hand[2];
        if (!rem) return s->is_null ? 1 : 0;
        int top = s->is_null ? 1 : points_of(rem);
        if (alpha >= top) return top;
        if (beta <= 0) return 0;
        if (!(s->hand[s->leader] & (s->hand[s->leader] - 1))) {
            /* the last trick plays itself */
            int l = s->leader, g = s->game;
            int a = card_index(s->hand[l]), b = card_index(s->hand[(l + 1) % 3]);
            int c = card_index(s->hand[(l + 2) % 3]), w = l, best = a;
            if (beats(g, b, best)) { best = b; w = (l + 1) % 3; }
            if (beats(g, c, best)) w = (l + 2) % 3;
            if (s->is_null) return w != s->decl;
            return w == s->decl ? top : 0;
        }
        key = (((uint64_t)rem << 2) | (uint64_t)s->leader) + 1;
        slot = tt_slot(s, key);
        if (slot->key == key && slot->gen == s->gen) {
            if (slot->lo >= beta) return slot->lo;
            if (slot->hi <= alpha) return slot->hi;
            if (slot->lo > alpha) alpha = slot->lo;
            if (slot->hi < beta) beta = slot->hi;
            if (alpha >= beta) return alpha;
            first = slot->best;
        }
    }
    int moves[12];
    int n = gen_moves(s, mover, first, moves);
    int is_max = (mover == s->decl);
    int best = is_max ? -1 : 1000, best_move = -1;
    int a = alpha, b = beta;
    for (int i = 0; i < n; i++) {
        int c = moves[i], v;
        s->hand[mover] &= ~(1u << c);
        s->trick[s->nt++] = c;
        if (s->nt == 3) {
            int w = (s->leader + winning_index(s)) % 3;
            int old_leader = s->leader;
            int t0 = s->trick[0], t1 = s->trick[1], t2 = s->trick[2];
            s->leader = w;
            s->nt = 0;
            if (s->is_null) {
                v = (w == s->decl) ? 0 : search(s, a, b);
            } else {
                int gain = (w == s->decl) ? PTS[t0] + PTS[t1] + PTS[t2] : 0;
                v = gain + search(s, a - gain, b - gain);
            }
            s->nt = 3;
            s->leader = old_leader;
            s->trick[0] = t0;
            s->trick[1] = t1;
            s->trick[2] = t2;
        } else {
            v = search(s, a, b);
        }
        s->nt--;
        s->hand[mover] |= 1u << c;
        if (is_max) {
            if (v > best) { best = v; best_move = c; }
            if (best > a) a = best;
        } else {
            if (v < best) { best = v; best_move = c; }
            if (best < b) b = best;
        }
        if (a >= b || s->aborted) break;
    }
    if (slot && !s->aborted) {
        int lo = 0, hi = 120;
        if (slot->key == key && slot->gen == s->gen) { lo = slot->lo; hi = slot->hi; }
        if (best <= alpha) { if (best < hi) hi = best; }
        else if (best >= beta) { if (best > lo) lo = best; }
        else { lo = hi = best; }
        slot->key = key;
        slot->gen = s->gen;
        slot->lo = (int8_t)lo;
        slot->hi = (int8_t)hi;
        slot->best = (int8_t)best_move;
        slot->pad = (int8_t)cards_in(s->hand[0] | s->hand[1] | s->hand[2]);
    }
    return best;
}

/* Exact value by bisection over null-window searches: the fail-soft bounds of this
 * search move by single points (MTD(f) would need dozens of probes); halving the
 * interval needs about seven, and every probe reuses the table of the ones before. */
static int bisect_value(State *s, int lower, int upper) {
    while (lower < upper) {
        int beta = (lower + upper + 1) / 2;
        int g = search(s, beta - 1, beta);
        if (g >= beta) lower = g < upper ? g : upper;
        else upper = g > lower ? g : lower;
    }
    return lower;
}

static int total_points(const State *s) {
    uint32_t m = s->hand[0] | s->hand[1] | s->hand[2];
    int p = points_of(m);
    for (int i = 0; i < s->nt; i++) p += PTS[s->trick[i]];
    return p;
}

static int exact(State *s) {
    if (s->is_null) return search(s, 0, 1);
    return bisect_value(s, 0, total_points(s));
}

/* The value of the position after the player to move plays card c (same search). */
static int after_move(State *s, int c, int mode, int threshold) {
    int mover = (s->leader + s->nt) % 3;
    int v;
    s->hand[mover] &= ~(1u << c);
    s->trick[s->nt++] = c;
    int saved_nt = s->nt, saved_leader = s->leader;
    int t0 = s->trick[0], t1 = s->trick[1], t2 = s->trick[2];
    int gain = 0, done = 0;
    if (s->nt == 3) {
        int w = (s->leader + winning_index(s)) % 3;
        if (s->is_null && w == s->decl) { v = 0; done = 1; }
        else {
            if (!s->is_null && w == s->decl) gain = PTS[t0] + PTS[t1] + PTS[t2];
            s->leader = w;
            s->nt = 0;
        }
    }
    if (!done) {
        if (mode == 1) {
            int r = search(s, threshold - gain - 1, threshold - gain);
            v = (r + gain >= threshold) ? 1 : 0;
        } else {
            v = gain + exact(s);
        }
    }
    s->nt = saved_nt;
    s->leader = saved_leader;
    s->trick[0] = t0; s->trick[1] = t1; s->trick[2] = t2;
    s->nt--;
    s->hand[mover] |= 1u << c;
    return v;
}

static int parse_state(State *s, int game, int decl, PyObject *hands, PyObject *trick, int leader) {
    if (game < 0 || game > 5) {
        PyErr_SetString(PyExc_ValueError, "the solver plays suit, grand and null games");
        return -1;
    }
    s->game = game;
    s->decl = decl;
    s->is_null = (game == NULL_GAME);
    s->nodes = 0;
    if (!PyTuple_Check(hands) || PyTuple_GET_SIZE(hands) != 3) {
        PyErr_SetString(PyExc_TypeError, "hands must be a tuple of three masks");
        return -1;
    }
    for (int i = 0; i < 3; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(hands, i));
        if (PyErr_Occurred()) return -1;
        s->hand[i] = (uint32_t)v;
    }
    Py_ssize_t nt = PySequence_Size(trick);
    if (nt < 0 || nt > 2) {
        PyErr_SetString(PyExc_ValueError, "a trick in progress holds 0 to 2 cards");
        return -1;
    }
    s->nt = (int)nt;
    for (Py_ssize_t i = 0; i < nt; i++) {
        PyObject *o = PySequence_GetItem(trick, i);
        long c = PyLong_AsLong(o);
        Py_XDECREF(o);
        if (PyErr_Occurred()) return -1;
        s->trick[i] = (int)c;
    }
    s->leader = leader;
    return 0;
}

/* analyze(game, declarer, hands, trick, leader, mode, threshold)
 *   mode 0: exact value, the set of optimal cards
 *   mode 1: win query: is value >= threshold (declarer's view), optimal cards
 *   mode 2: exact value of every legal card
 * -> (value, [(card, value)...], nodes)
 */
static PyObject *analyze(PyObject *self, PyObject *args) {
    (void)self;
    int game, decl, leader, mode, threshold;
    long long limit = 0;
    PyObject *hands, *trick;
    if (!PyArg_ParseTuple(args, "iiOOiii|L", &game, &decl, &hands, &trick, &leader, &mode,
                          &threshold, &limit))
        return NULL;
    if (!tables_ready) {
        PyErr_SetString(PyExc_RuntimeError, "init_tables() was not called");
        return NULL;
    }
    State s;
    if (parse_state(&s, game, decl, hands, trick, leader) < 0) return NULL;
    s.limit = limit > 0 ? limit : 0;
    s.aborted = 0;
    int root_only = mode & 8; /* the position's answer alone, no per-card answers */
    mode &= 7;
    int value;
    int cards[12], vals[12], n = 0;
    int no_memory = 0;
    Py_BEGIN_ALLOW_THREADS
    Table *table = NULL;
    for (int i = 0; i < TT_TABLES && !table; i++)
        if (PyThread_acquire_lock(tables[i].lock, NOWAIT_LOCK)) table = &tables[i];
    if (!table) {
        table = &tables[0];
        PyThread_acquire_lock(table->lock, WAIT_LOCK);
    }
    if (!table->entries) table->entries = (Entry *)calloc(TT_SIZE, sizeof(Entry));
    if (!table->entries) {
        no_memory = 1;
        PyThread_release_lock(table->lock);
        goto unlocked;
    }
    s.tt = table->entries;
    s.gen = ++table->generation;
    if (mode == 1) {
        int r = s.is_null ? search(&s, 0, 1) : search(&s, threshold - 1, threshold);
        value = s.is_null ? r : (r >= threshold ? 1 : 0);
    } else {
        value = exact(&s);
    }
    /* every legal card with its value (mode 2), or whether it keeps the optimum */
    int mover = (s.leader + s.nt) % 3;
    uint32_t legal = s.hand[mover];
    if (s.nt) {
        uint32_t follow = legal & EMASK[s.game][EFF[s.game][s.trick[0]]];
        if (follow) legal = follow;
    }
    int rep[32], done[32];
    equivalence_classes(&s, mover, legal, rep);
    for (int c = 0; c < 32; c++) done[c] = -1000;
    for (int pass = 0; pass < 2; pass++)
    for (int c = 0; c < 32 && !root_only && !s.aborted; c++) {
        if (!(legal >> c & 1)) continue;
        if ((pass == 0) != (rep[c] == c)) continue; /* representatives first */
        int v;
        if (pass == 1) {
            v = done[rep[c]];
            cards[n] = c;
            vals[n] = v;
            n++;
            continue;
        }
        if (mode == 2 || s.is_null) {
            v = after_move(&s, c, 0, 0);
        } else if (mode == 1) {
            v = after_move(&s, c, 1, threshold);
        } else {
            /* keeps the optimum? one null-window test around the value */
            int is_max = (mover == s.decl);
            int hit = after_move(&s, c, 1, is_max ? value : value + 1);
            v = is_max ? (hit ? value : -1) : (hit ? -1 : value);
        }
        done[c] = v;
        cards[n] = c;
        vals[n] = v;
        n++;
    }
    PyThread_release_lock(table->lock);
unlocked:
    Py_END_ALLOW_THREADS
    if (no_memory) return PyErr_NoMemory();
    if (s.aborted) return Py_BuildValue("(OOL)", Py_None, Py_None, s.nodes);
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    for (int i = 0; i < n; i++)
        PyList_SET_ITEM(list, i, Py_BuildValue("(ii)", cards[i], vals[i]));
    return Py_BuildValue("(iNL)", value, list, s.nodes);
}

static int fill(PyObject *seq, uint8_t *dst, int n) {
    if (PySequence_Size(seq) != n) return -1;
    for (int i = 0; i < n; i++) {
        PyObject *o = PySequence_GetItem(seq, i);
        long v = PyLong_AsLong(o);
        Py_XDECREF(o);
        if (PyErr_Occurred() || v < 0 || v > 255) return -1;
        dst[i] = (uint8_t)v;
    }
    return 0;
}

/* init_tables(effective_suit[7][32], power[7][32], points[32]) from engine.cards */
static PyObject *init_tables(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *eff, *pw, *pts;
    if (!PyArg_ParseTuple(args, "OOO", &eff, &pw, &pts)) return NULL;
    if (PySequence_Size(eff) != NGAMES || PySequence_Size(pw) != NGAMES) goto bad;
    for (int g = 0; g < NGAMES; g++) {
        PyObject *e = PySequence_GetItem(eff, g), *p = PySequence_GetItem(pw, g);
        int r1 = fill(e, EFF[g], 32), r2 = fill(p, POW[g], 32);
        Py_XDECREF(e);
        Py_XDECREF(p);
        if (r1 < 0 || r2 < 0) goto bad;
    }
    if (fill(pts, PTS, 32) < 0) goto bad;
    for (int q = 0; q < 4; q++)
        for (int b = 0; b < 256; b++) {
            int p = 0;
            for (int i = 0; i < 8; i++)
                if (b >> i & 1) p += PTS[8 * q + i];
            BYTE_PTS[q][b] = (uint8_t)p;
        }
    for (int g = 0; g < NGAMES; g++) {
        for (int e = 0; e < 5; e++) { EMASK[g][e] = 0; ORDER_N[g][e] = 0; }
        for (int c = 0; c < 32; c++) {
            if (EFF[g][c] > 4) goto bad;
            EMASK[g][EFF[g][c]] |= 1u << c;
        }
        for (int e = 0; e < 5; e++) {
            /* ascending power */
            for (int c = 0; c < 32; c++) {
                if (EFF[g][c] != e) continue;
                int n = ORDER_N[g][e], j = n - 1;
                if (n >= 12) goto bad;
                while (j >= 0 && POW[g][ORDER[g][e][j]] > POW[g][c]) {
                    ORDER[g][e][j + 1] = ORDER[g][e][j];
                    j--;
                }
                ORDER[g][e][j + 1] = (uint8_t)c;
                ORDER_N[g][e]++;
            }
        }
    }
    for (int g = 0; g < NGAMES; g++)
        for (int c = 0; c < 32; c++) {
            HIGHER[g][c] = 0;
            for (int x = 0; x < 32; x++)
                if (EFF[g][x] == EFF[g][c] && POW[g][x] > POW[g][c]) HIGHER[g][c] |= 1u << x;
        }
    for (int i = 0; i < TT_TABLES; i++)
        if (!tables[i].lock) {
            tables[i].lock = PyThread_allocate_lock();
            if (!tables[i].lock) return PyErr_NoMemory();
        }
    tables_ready = 1;
    Py_RETURN_NONE;
bad:
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "malformed rank tables");
    return NULL;
}

static PyMethodDef methods[] = {
    {"init_tables", init_tables, METH_VARARGS, "Take the engine's rank tables."},
    {"analyze", analyze, METH_VARARGS, "Solve a position (see solver.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_dds",
                                    "Compiled double-dummy search for Skat.", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__dds(void) { return PyModule_Create(&module); }
