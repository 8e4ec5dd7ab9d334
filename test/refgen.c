/*
 * refgen.c - deliberately naive, independent reference implementation of the
 * NONAGA move rules, used only by tests to cross-check the real engine.
 *
 * Build: cc -std=c11 -O2 -Wall -Wextra -Werror test/refgen.c -o build/refgen
 *
 * Input (stdin), one request per line:
 *   RULES moves POS          -> every legal move (strcmp order), then "."
 *   RULES perft POS N        -> leaf count at depth N, then "."
 *   RULES play  POS MOVE     -> resulting position (or "error"), then "."
 * RULES is "standard" or "simple".
 *
 * Position: tiles/red/blue/side/lock, cells "q,r" joined by ';',
 * side 'r' or 'b', lock a cell or '-'.
 *
 * Everything here is kept simple: sets of cells are plain arrays searched
 * linearly, connectivity and the freeness walk are plain BFS.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NT 19 /* number of discs */

/* Directions in cyclic order; A and A+D[i] share neighbours A+D[i-1], A+D[i+1]. */
static const int DQ[6] = {1, 1, 0, -1, -1, 0};
static const int DR[6] = {0, -1, -1, 0, 1, 1};

typedef struct {
    int q, r;
} Cell;

typedef struct {
    Cell t[NT];     /* discs */
    Cell tok[2][3]; /* tokens: [0] red, [1] blue */
    int side;       /* 0 red to move, 1 blue to move */
    int has_lock;
    Cell lock;
} Pos;

typedef struct {
    int has_slide;
    Cell sf, st;
    int win; /* slide made a winning shape, no relocation part */
    int has_reloc;
    Cell rf, rt;
    char s[96];
} Move;

typedef struct {
    Move *m;
    int n, cap;
} MoveList;

/* ------------------------------------------------------------------ */
/* small cell helpers                                                  */

static Cell mk(int q, int r) {
    Cell c;
    c.q = q;
    c.r = r;
    return c;
}

static Cell step(Cell c, int d) {
    return mk(c.q + DQ[(d % 6 + 6) % 6], c.r + DR[(d % 6 + 6) % 6]);
}

static int eq(Cell a, Cell b) { return a.q == b.q && a.r == b.r; }

static int in_set(const Cell *s, int n, Cell c) {
    for (int i = 0; i < n; i++)
        if (eq(s[i], c))
            return 1;
    return 0;
}

static int adjacent(Cell a, Cell b) {
    for (int d = 0; d < 6; d++)
        if (eq(step(a, d), b))
            return 1;
    return 0;
}

/* winning shape: at least two adjacent pairs among the three tokens */
static int is_win(const Cell tk[3]) {
    int pairs = adjacent(tk[0], tk[1]) + adjacent(tk[0], tk[2]) + adjacent(tk[1], tk[2]);
    return pairs >= 2;
}

/* any token (either side) on cell c */
static int has_token(const Cell (*tok)[3], Cell c) {
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < 3; k++)
            if (eq(tok[s][k], c))
                return 1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* connectivity: BFS over the set                                      */

static int connected(const Cell *s, int n) {
    if (n == 0)
        return 1;
    int seen[NT] = {0};
    int queue[NT];
    int head = 0, tail = 0;
    seen[0] = 1;
    queue[tail++] = 0;
    while (head < tail) {
        int x = queue[head++];
        for (int j = 0; j < n; j++)
            if (!seen[j] && adjacent(s[x], s[j])) {
                seen[j] = 1;
                queue[tail++] = j;
            }
    }
    return tail == n;
}

/* ------------------------------------------------------------------ */
/* freeness walk                                                       */
/* others: the other 18 discs. The walk starts on `start` (the taken
 * disc's own cell, which counts as empty) and moves through cells holding
 * no disc of `others`. A step X -> X+D[i] is blocked when both X+D[i-1]
 * and X+D[i+1] hold discs. Free if the walk reaches a cell outside the
 * bounding box of `others`. The region searched is the box expanded by 2
 * (a step from inside the box lands at most 1 outside, so that suffices). */

static int is_free(const Cell *others, int n, Cell start) {
    int minq = others[0].q, maxq = others[0].q, minr = others[0].r, maxr = others[0].r;
    for (int i = 1; i < n; i++) {
        if (others[i].q < minq) minq = others[i].q;
        if (others[i].q > maxq) maxq = others[i].q;
        if (others[i].r < minr) minr = others[i].r;
        if (others[i].r > maxr) maxr = others[i].r;
    }
#define OUTSIDE(c) ((c).q < minq || (c).q > maxq || (c).r < minr || (c).r > maxr)
    if (OUTSIDE(start))
        return 1;
    int bq = minq - 2, br = minr - 2;
    int w = maxq - minq + 5, h = maxr - minr + 5;
    char *seen = calloc((size_t)w * (size_t)h, 1);
    Cell *queue = malloc(sizeof(Cell) * (size_t)w * (size_t)h);
    if (!seen || !queue) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    int head = 0, tail = 0, result = 0;
    seen[(start.r - br) * w + (start.q - bq)] = 1;
    queue[tail++] = start;
    while (head < tail && !result) {
        Cell x = queue[head++];
        for (int d = 0; d < 6; d++) {
            Cell y = step(x, d);
            if (in_set(others, n, y))
                continue; /* not an empty cell */
            if (in_set(others, n, step(x, d - 1)) && in_set(others, n, step(x, d + 1)))
                continue; /* squeezed between two discs */
            if (OUTSIDE(y)) {
                result = 1;
                break;
            }
            int idx = (y.r - br) * w + (y.q - bq);
            if (seen[idx])
                continue;
            seen[idx] = 1;
            queue[tail++] = y;
        }
    }
#undef OUTSIDE
    free(seen);
    free(queue);
    return result;
}

/* ------------------------------------------------------------------ */
/* move list                                                           */

static void ml_push(MoveList *ml, const Move *m) {
    if (ml->n == ml->cap) {
        ml->cap = ml->cap ? ml->cap * 2 : 256;
        ml->m = realloc(ml->m, sizeof(Move) * (size_t)ml->cap);
        if (!ml->m) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
    }
    ml->m[ml->n++] = *m;
}

static void move_string(Move *m) {
    char a[48], b[48];
    if (m->has_slide)
        snprintf(a, sizeof a, "%d,%d>%d,%d", m->sf.q, m->sf.r, m->st.q, m->st.r);
    else
        snprintf(a, sizeof a, "-");
    if (m->win) {
        snprintf(m->s, sizeof m->s, "%s", a);
        return;
    }
    if (m->has_reloc)
        snprintf(b, sizeof b, "%d,%d>%d,%d", m->rf.q, m->rf.r, m->rt.q, m->rt.r);
    else
        snprintf(b, sizeof b, "-");
    snprintf(m->s, sizeof m->s, "%s/%s", a, b);
}

static int cmp_move(const void *a, const void *b) {
    return strcmp(((const Move *)a)->s, ((const Move *)b)->s);
}

/* ------------------------------------------------------------------ */
/* move generation                                                     */

/* Per disc (independent of token placement): may it be taken, and where
 * can it go. Tokens are checked separately per slide. */
typedef struct {
    int ok;           /* connectivity (+ freeness, lock in standard) */
    Cell tgt[6 * NT]; /* legal destination cells */
    int ntgt;
} DiscInfo;

static void disc_info(const Pos *p, int standard, DiscInfo info[NT]) {
    for (int i = 0; i < NT; i++) {
        Cell others[NT - 1];
        int n = 0;
        for (int j = 0; j < NT; j++)
            if (j != i)
                others[n++] = p->t[j];
        DiscInfo *di = &info[i];
        di->ntgt = 0;
        di->ok = connected(others, n);
        if (di->ok && standard) {
            if (p->has_lock && eq(p->lock, p->t[i]))
                di->ok = 0;
            else if (!is_free(others, n, p->t[i]))
                di->ok = 0;
        }
        if (!di->ok)
            continue;
        /* destinations: empty cells touching >= 2 of the others, not the
         * cell the disc left */
        for (int j = 0; j < n; j++)
            for (int d = 0; d < 6; d++) {
                Cell c = step(others[j], d);
                if (in_set(others, n, c) || eq(c, p->t[i]) || in_set(di->tgt, di->ntgt, c))
                    continue;
                int touch = 0;
                for (int e = 0; e < 6; e++)
                    if (in_set(others, n, step(c, e)))
                        touch++;
                if (touch >= 2)
                    di->tgt[di->ntgt++] = c;
            }
    }
}

/* add all relocations for the given token placement; returns count added */
static int add_relocs(const Pos *p, const DiscInfo info[NT], const Cell (*tok)[3],
                      const Move *base, MoveList *out) {
    int added = 0;
    for (int i = 0; i < NT; i++) {
        if (!info[i].ok || has_token(tok, p->t[i]))
            continue;
        for (int k = 0; k < info[i].ntgt; k++) {
            Move m = *base;
            m.has_reloc = 1;
            m.rf = p->t[i];
            m.rt = info[i].tgt[k];
            move_string(&m);
            ml_push(out, &m);
            added++;
        }
    }
    return added;
}

static void gen_moves(const Pos *p, int standard, MoveList *out) {
    out->n = 0;
    if (is_win(p->tok[0]) || is_win(p->tok[1]))
        return; /* game over */
    int me = p->side;
    DiscInfo info[NT];
    disc_info(p, standard, info);

    int nslides = 0;
    for (int k = 0; k < 3; k++)
        for (int d = 0; d < 6; d++) {
            Cell from = p->tok[me][k], cur = from;
            for (;;) {
                Cell nx = step(cur, d);
                if (!in_set(p->t, NT, nx) || has_token(p->tok, nx))
                    break;
                cur = nx;
            }
            if (eq(cur, from))
                continue;
            nslides++;
            Cell tok[2][3];
            memcpy(tok, p->tok, sizeof tok);
            tok[me][k] = cur;
            Move m;
            memset(&m, 0, sizeof m);
            m.has_slide = 1;
            m.sf = from;
            m.st = cur;
            if (is_win(tok[me])) {
                m.win = 1;
                move_string(&m);
                ml_push(out, &m);
                continue;
            }
            if (add_relocs(p, info, (const Cell(*)[3])tok, &m, out) == 0) {
                move_string(&m); /* slide only: "a>b/-" */
                ml_push(out, &m);
            }
        }
    if (nslides == 0) {
        Move m;
        memset(&m, 0, sizeof m);
        if (add_relocs(p, info, p->tok, &m, out) == 0) {
            move_string(&m); /* "-/-" */
            ml_push(out, &m);
        }
    }
    qsort(out->m, (size_t)out->n, sizeof(Move), cmp_move);
}

static Pos apply_move(const Pos *p, const Move *m) {
    Pos q = *p;
    int me = p->side;
    if (m->has_slide)
        for (int k = 0; k < 3; k++)
            if (eq(q.tok[me][k], m->sf))
                q.tok[me][k] = m->st;
    q.has_lock = 0;
    if (m->has_reloc) {
        for (int i = 0; i < NT; i++)
            if (eq(q.t[i], m->rf))
                q.t[i] = m->rt;
        q.has_lock = 1;
        q.lock = m->rt;
    }
    q.side = 1 - me;
    return q;
}

static unsigned long long perft(const Pos *p, int standard, int depth) {
    if (depth == 0)
        return 1;
    MoveList ml = {0};
    gen_moves(p, standard, &ml);
    unsigned long long total = 0;
    if (depth == 1)
        total = (unsigned long long)ml.n;
    else
        for (int i = 0; i < ml.n; i++) {
            Pos q = apply_move(p, &ml.m[i]);
            total += perft(&q, standard, depth - 1);
        }
    free(ml.m);
    return total;
}

/* ------------------------------------------------------------------ */
/* parsing / printing                                                  */

/* parse "q,r;q,r;..." into out (max n cells); returns count or -1 */
static int parse_cells(const char *s, Cell *out, int max) {
    int n = 0;
    const char *p = s;
    while (*p) {
        char *end;
        long q = strtol(p, &end, 10);
        if (end == p || *end != ',')
            return -1;
        p = end + 1;
        long r = strtol(p, &end, 10);
        if (end == p)
            return -1;
        if (n >= max)
            return -1;
        out[n++] = mk((int)q, (int)r);
        p = end;
        if (*p == ';')
            p++;
        else if (*p)
            return -1;
    }
    return n;
}

static int parse_pos(const char *s, Pos *p) {
    char buf[4096];
    if (strlen(s) >= sizeof buf)
        return 0;
    strcpy(buf, s);
    char *field[5];
    int nf = 0;
    char *c = buf;
    field[nf++] = c;
    for (; *c; c++)
        if (*c == '/') {
            *c = 0;
            if (nf == 5)
                return 0;
            field[nf++] = c + 1;
        }
    if (nf != 5)
        return 0;
    memset(p, 0, sizeof *p);
    if (parse_cells(field[0], p->t, NT) != NT)
        return 0;
    if (parse_cells(field[1], p->tok[0], 3) != 3)
        return 0;
    if (parse_cells(field[2], p->tok[1], 3) != 3)
        return 0;
    if (strcmp(field[3], "r") == 0)
        p->side = 0;
    else if (strcmp(field[3], "b") == 0)
        p->side = 1;
    else
        return 0;
    if (strcmp(field[4], "-") == 0)
        p->has_lock = 0;
    else {
        if (parse_cells(field[4], &p->lock, 1) != 1)
            return 0;
        p->has_lock = 1;
    }
    return 1;
}

static int cmp_cell(const void *a, const void *b) {
    const Cell *x = a, *y = b;
    if (x->r != y->r)
        return x->r < y->r ? -1 : 1;
    if (x->q != y->q)
        return x->q < y->q ? -1 : 1;
    return 0;
}

static void print_cells(const Cell *c, int n) {
    Cell tmp[NT];
    memcpy(tmp, c, sizeof(Cell) * (size_t)n);
    qsort(tmp, (size_t)n, sizeof(Cell), cmp_cell);
    for (int i = 0; i < n; i++)
        printf("%s%d,%d", i ? ";" : "", tmp[i].q, tmp[i].r);
}

static void print_pos(const Pos *p) {
    print_cells(p->t, NT);
    putchar('/');
    print_cells(p->tok[0], 3);
    putchar('/');
    print_cells(p->tok[1], 3);
    printf("/%c/", p->side ? 'b' : 'r');
    if (p->has_lock)
        printf("%d,%d", p->lock.q, p->lock.r);
    else
        putchar('-');
    putchar('\n');
}

static void finish(void) {
    printf(".\n");
    fflush(stdout);
}

int main(void) {
    static char line[65536];
    while (fgets(line, sizeof line, stdin)) {
        char *tok[5];
        int nt = 0;
        for (char *w = strtok(line, " \t\r\n"); w && nt < 5; w = strtok(NULL, " \t\r\n"))
            tok[nt++] = w;
        if (nt == 0)
            continue;
        if (nt < 3) {
            printf("error\n");
            finish();
            continue;
        }
        int standard;
        if (strcmp(tok[0], "standard") == 0)
            standard = 1;
        else if (strcmp(tok[0], "simple") == 0)
            standard = 0;
        else {
            printf("error\n");
            finish();
            continue;
        }
        Pos p;
        if (!parse_pos(tok[2], &p)) {
            printf("error\n");
            finish();
            continue;
        }
        if (strcmp(tok[1], "moves") == 0) {
            MoveList ml = {0};
            gen_moves(&p, standard, &ml);
            for (int i = 0; i < ml.n; i++)
                printf("%s\n", ml.m[i].s);
            free(ml.m);
        } else if (strcmp(tok[1], "perft") == 0 && nt >= 4) {
            printf("%llu\n", perft(&p, standard, atoi(tok[3])));
        } else if (strcmp(tok[1], "play") == 0 && nt >= 4) {
            MoveList ml = {0};
            gen_moves(&p, standard, &ml);
            int found = -1;
            for (int i = 0; i < ml.n; i++)
                if (strcmp(ml.m[i].s, tok[3]) == 0)
                    found = i;
            if (found < 0)
                printf("error\n");
            else {
                Pos q = apply_move(&p, &ml.m[found]);
                print_pos(&q);
            }
            free(ml.m);
        } else {
            printf("error\n");
        }
        finish();
    }
    return 0;
}
