/* origin.c — the dependency walk from one number of a forward pass back to what is given:
 * first the cells each table contributes (a block of rows × columns), then one link per
 * table with its numbers read from the Trace. Must not touch: the terminal, formatting,
 * arithmetic, global state. */
#include "origin.h"

#include <string.h>

/* Marks rows × cols of table t (rows/cols NULL: every one up to n). */
static void mark(OriginChain *c, OriginTable t, const bool *rows, int nrows, const bool *cols, int ncols)
{
    for (int r = 0; r < nrows; r++)
        c->rows[t][r] = c->rows[t][r] || !rows || rows[r];
    for (int k = 0; k < ncols; k++)
        c->cols[t][k] = c->cols[t][k] || !cols || cols[k];
}

/* A set holding only i among n. */
static void only(bool *set, int n, int i)
{
    memset(set, 0, (size_t)n * sizeof *set);
    set[i] = true;
}

/* The head's columns, h·dh .. h·dh + dh − 1. */
static void head_columns(const Trace *tr, int h, bool *set)
{
    memset(set, 0, (size_t)tr->d * sizeof *set);
    for (int k = 0; k < tr->dh; k++)
        set[h * tr->dh + k] = true;
}

/* What x's rows (cols: x's columns used) come from: e + pe, or on a layered model's layer
 * LN₁ of the layer's input rows, whole (a row's mean and variance read every column), which
 * on the first layer are e + pe and on a later one the block before's output. */
static void mark_x_from(OriginChain *c, const Trace *tr, const bool *rows, const bool *cols)
{
    mark(c, ORIGIN_X, rows, tr->T, cols, tr->d);
    if (tr->layered) {
        mark(c, ORIGIN_INPUT, rows, tr->T, NULL, tr->d);
        if (tr->layer > 0)
            return;
        cols = NULL;
    }
    mark(c, ORIGIN_EMBEDDING, rows, tr->T, cols, tr->d);
    mark(c, ORIGIN_POSITION, rows, tr->T, cols, tr->d);
}

static void mark_x(OriginChain *c, const Trace *tr, const bool *rows)
{
    mark_x_from(c, tr, rows, NULL);
}

/* role's rows × cols, the W columns they use, and x's rows. */
static void mark_projection(OriginChain *c, const Trace *tr, OriginTable role, const bool *rows,
                            const bool *cols)
{
    OriginTable w = role == ORIGIN_Q ? ORIGIN_WQ : role == ORIGIN_K ? ORIGIN_WK : ORIGIN_WV;
    mark(c, role, rows, tr->T, cols, tr->d);
    mark(c, w, NULL, tr->d, cols, tr->d);
    mark_x(c, tr, rows);
}

static void mark_scores(OriginChain *c, const Trace *tr, int h, int t, const bool *cols)
{
    bool row[MODEL_MAX_TOKENS], heads[MODEL_MAX_D];
    only(row, tr->T, t);
    head_columns(tr, h, heads);
    mark(c, ORIGIN_SCORES, row, tr->T, cols, tr->T);
    mark_projection(c, tr, ORIGIN_Q, row, heads);
    mark_projection(c, tr, ORIGIN_K, cols, heads);
}

static void mark_scaled(OriginChain *c, const Trace *tr, int h, int t, const bool *cols)
{
    bool row[MODEL_MAX_TOKENS];
    only(row, tr->T, t);
    mark(c, ORIGIN_SCALED, row, tr->T, cols, tr->T);
    mark_scores(c, tr, h, t, cols);
}

/* share(t, s), s among cols: softmax needs the whole visible row ÷√dh. */
static void mark_weights(OriginChain *c, const Trace *tr, int h, int t, const bool *cols)
{
    bool row[MODEL_MAX_TOKENS], seen[MODEL_MAX_TOKENS];
    only(row, tr->T, t);
    for (int s = 0; s < tr->T; s++)
        seen[s] = engine_visible(tr, t, s);
    mark(c, ORIGIN_WEIGHTS, row, tr->T, cols, tr->T);
    mark_scaled(c, tr, h, t, seen);
}

static void mark_output(OriginChain *c, const Trace *tr, int t, int j)
{
    bool row[MODEL_MAX_TOKENS], seen[MODEL_MAX_TOKENS], col[MODEL_MAX_D];
    int h = j / tr->dh;
    only(row, tr->T, t);
    only(col, tr->d, j);
    for (int s = 0; s < tr->T; s++)
        seen[s] = engine_visible(tr, t, s);
    mark(c, ORIGIN_OUTPUT, row, tr->T, col, tr->d);
    mark_weights(c, tr, h, t, seen);
    mark_projection(c, tr, ORIGIN_V, seen, col);
}

/* ---------------------------------------------------------------- links */

/* The links each table's numbers are made from, and how. */
static OriginOp origin_op(const Trace *tr, OriginTable t, OriginTable *a, OriginTable *b)
{
    *a = *b = ORIGIN_TABLE_COUNT;
    switch (t) {
    case ORIGIN_OUTPUT:  *a = ORIGIN_WEIGHTS; *b = ORIGIN_V; return ORIGIN_OP_COLLECT;
    case ORIGIN_WEIGHTS: *a = ORIGIN_SCALED; return ORIGIN_OP_SOFTMAX;
    case ORIGIN_SCALED:  *a = ORIGIN_SCORES; return ORIGIN_OP_DIVIDE;
    case ORIGIN_SCORES:  *a = ORIGIN_Q; *b = ORIGIN_K; return ORIGIN_OP_DOT;
    case ORIGIN_V:       *a = ORIGIN_X; *b = ORIGIN_WV; return ORIGIN_OP_PROJECT;
    case ORIGIN_Q:       *a = ORIGIN_X; *b = ORIGIN_WQ; return ORIGIN_OP_PROJECT;
    case ORIGIN_K:       *a = ORIGIN_X; *b = ORIGIN_WK; return ORIGIN_OP_PROJECT;
    case ORIGIN_X:
        if (tr->layered) {
            *a = ORIGIN_INPUT;
            return ORIGIN_OP_NORM;
        }
        *a = ORIGIN_EMBEDDING; *b = ORIGIN_POSITION; return ORIGIN_OP_ADD;
    case ORIGIN_INPUT:
        if (tr->layer > 0)
            return ORIGIN_OP_BLOCK;
        *a = ORIGIN_EMBEDDING; *b = ORIGIN_POSITION; return ORIGIN_OP_ADD;
    case ORIGIN_WV:
    case ORIGIN_WQ:
    case ORIGIN_WK:
    case ORIGIN_EMBEDDING:
    case ORIGIN_POSITION:
    case ORIGIN_TABLE_COUNT: break;
    }
    return ORIGIN_OP_GIVEN;
}

/* Rows (or columns) a table has. */
static int origin_rows(const Trace *tr, OriginTable t)
{
    return t == ORIGIN_WQ || t == ORIGIN_WK || t == ORIGIN_WV ? tr->d : tr->T;
}

static int origin_cols(const Trace *tr, OriginTable t)
{
    return t == ORIGIN_WEIGHTS || t == ORIGIN_SCALED || t == ORIGIN_SCORES ? tr->T : tr->d;
}

/* The one index set in set[0..n), or -1 when none or several are. */
static int single(const bool *set, int n)
{
    int at = -1;
    for (int i = 0; i < n; i++) {
        if (!set[i])
            continue;
        if (at >= 0)
            return -1;
        at = i;
    }
    return at;
}

double origin_value(const Trace *tr, OriginTable table, int h, int row, int col)
{
    size_t rd = (size_t)row * (size_t)tr->d + (size_t)col;
    switch (table) {
    case ORIGIN_OUTPUT:    return tr->output[rd];
    case ORIGIN_WEIGHTS:   return TRACE_HSQ(tr, weights, h, row, col);
    case ORIGIN_SCALED:    return TRACE_HSQ(tr, scaled, h, row, col);
    case ORIGIN_SCORES:    return TRACE_HSQ(tr, scores, h, row, col);
    case ORIGIN_V:         return tr->v[rd];
    case ORIGIN_Q:         return tr->q[rd];
    case ORIGIN_K:         return tr->k[rd];
    case ORIGIN_X:         return tr->x[rd];
    case ORIGIN_WV:        return engine_weights(tr, ROLE_V)[rd];
    case ORIGIN_WQ:        return engine_weights(tr, ROLE_Q)[rd];
    case ORIGIN_WK:        return engine_weights(tr, ROLE_K)[rd];
    case ORIGIN_EMBEDDING: return tr->embedding[rd];
    case ORIGIN_POSITION:  return tr->position[rd];
    case ORIGIN_INPUT:     return tr->input ? tr->input[rd] : 0.0;
    case ORIGIN_TABLE_COUNT: break;
    }
    return 0.0;
}

static void origin_link(OriginChain *c, const Trace *tr, OriginTable t)
{
    OriginLink *l = &c->link[c->n];
    int nr = origin_rows(tr, t), nc = origin_cols(tr, t);
    memset(l, 0, sizeof *l);
    l->table = t;
    l->head = c->head;
    l->row = single(c->rows[t], nr);
    l->col = single(c->cols[t], nc);
    l->divisor = t == ORIGIN_SCALED ? tr->scale : 0.0;
    for (int r = 0; r < nr; r++)
        for (int k = 0; k < nc; k++) {
            if (!c->rows[t][r] || !c->cols[t][k])
                continue;
            if (l->n < ORIGIN_MAX_NUMBERS)
                l->numbers[l->n++] = origin_value(tr, t, c->head, r, k);
            l->total++;
        }
    c->link_of[t] = c->n++;
}

/* ---------------------------------------------------------------- the walk */

/* Marks what cell depends on. Returns 0, or -1 when the cell is not in tr. */
static int origin_mark(OriginChain *c, const Trace *tr, OriginCell cell)
{
    int T = tr->T, d = tr->d;
    bool tt = cell.table == ORIGIN_WEIGHTS || cell.table == ORIGIN_SCALED || cell.table == ORIGIN_SCORES;
    if (cell.row < 0 || cell.row >= T || cell.col < 0 || cell.col >= (tt ? T : d))
        return -1;
    if (cell.head < 0 || cell.head >= tr->heads || (!tt && cell.head != 0))
        return -1;
    bool row[MODEL_MAX_TOKENS], col[MODEL_MAX_D];
    only(row, T, cell.row);
    only(col, tt ? T : d, cell.col);
    c->head = tt ? cell.head : cell.col / tr->dh;
    switch (cell.table) {
    case ORIGIN_OUTPUT:  mark_output(c, tr, cell.row, cell.col); return 0;
    case ORIGIN_WEIGHTS: mark_weights(c, tr, cell.head, cell.row, col); return 0;
    case ORIGIN_SCALED:  mark_scaled(c, tr, cell.head, cell.row, col); return 0;
    case ORIGIN_SCORES:  mark_scores(c, tr, cell.head, cell.row, col); return 0;
    case ORIGIN_Q:
    case ORIGIN_K:
    case ORIGIN_V:       mark_projection(c, tr, cell.table, row, col); return 0;
    case ORIGIN_X:       mark_x_from(c, tr, row, col); return 0;
    case ORIGIN_INPUT:
        if (!tr->layered)
            return -1;
        mark(c, ORIGIN_INPUT, row, T, col, d);
        if (tr->layer == 0) {
            mark(c, ORIGIN_EMBEDDING, row, T, col, d);
            mark(c, ORIGIN_POSITION, row, T, col, d);
        }
        return 0;
    case ORIGIN_WV:
    case ORIGIN_WQ:
    case ORIGIN_WK:
    case ORIGIN_EMBEDDING:
    case ORIGIN_POSITION:
    case ORIGIN_TABLE_COUNT: break;   /* given, not computed: nothing to trace */
    }
    return -1;
}

int origin_trace(const Trace *tr, OriginCell cell, OriginChain *out)
{
    memset(out, 0, sizeof *out);
    for (int t = 0; t < ORIGIN_TABLE_COUNT; t++)
        out->link_of[t] = -1;
    if (origin_mark(out, tr, cell) != 0)
        return -1;
    for (int t = 0; t < ORIGIN_TABLE_COUNT; t++) {
        bool any = false;
        for (int r = 0; r < origin_rows(tr, (OriginTable)t) && !any; r++)
            any = out->rows[t][r];
        if (any)
            origin_link(out, tr, (OriginTable)t);
    }
    for (int i = 0; i < out->n; i++) {
        OriginLink *l = &out->link[i];
        OriginTable a, b;
        l->op = origin_op(tr, l->table, &a, &b);
        l->from[0] = a < ORIGIN_TABLE_COUNT ? out->link_of[a] : -1;
        l->from[1] = b < ORIGIN_TABLE_COUNT ? out->link_of[b] : -1;
    }
    return out->n;
}

bool origin_depends(const OriginChain *c, OriginTable table, int h, int row, int col)
{
    if (table < 0 || table >= ORIGIN_TABLE_COUNT || row < 0 || col < 0 || row >= MODEL_MAX_D ||
        col >= MODEL_MAX_D || c->link_of[table] < 0)
        return false;
    bool tt = table == ORIGIN_WEIGHTS || table == ORIGIN_SCALED || table == ORIGIN_SCORES;
    if (tt && h != c->head)
        return false;
    return c->rows[table][row] && c->cols[table][col];
}

const char *origin_table_name(OriginTable t)
{
    static const char *const names[ORIGIN_TABLE_COUNT] = {
        "output", "share", "÷√d", "Q·K", "V", "Q", "K", "x", "in", "Wv", "Wq", "Wk", "e", "pe",
    };
    return t >= 0 && t < ORIGIN_TABLE_COUNT ? names[t] : "?";
}
