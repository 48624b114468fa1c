/* quiz.c — practice questions: the seeded sequence, each kind's operands as printed and
 * right value from them (through check.h), grading and named mistakes, the tally; the
 * printed numbers the solutions redo (quiz_printed.h). Their words are quiz_text.c's, a
 * typed answer is read by typed.c.
 * Must not touch: the terminal, drawing, global state; no arithmetic beyond check/engine
 * calls, rounding and comparing at the precision asked. */
#include "quiz.h"
#include "quiz_printed.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "format.h"

/* ---------------------------------------------------------------- the generator */

/* splitmix64: one draw. */
static unsigned long long quiz_draw(QuizSeq *seq)
{
    seq->state += 0x9E3779B97F4A7C15ULL;
    unsigned long long z = seq->state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A choice among n (n ≥ 1). */
static int quiz_pick(QuizSeq *seq, int n)
{
    unsigned long long z = quiz_draw(seq);   /* drawn even for n = 1: the order stays fixed */
    return n <= 1 ? 0 : (int)((z >> 11) % (unsigned long long)n);
}

void quiz_seq_init(QuizSeq *seq, unsigned long long seed)
{
    memset(seq, 0, sizeof *seq);
    seq->state = seed;
    seq->last_t = -1;
    seq->last_s = -1;
}

/* A character other than t when there is one (an answerer for asker t). */
static int quiz_pick_other(QuizSeq *seq, int T, int t)
{
    if (T <= 1)
        return t;
    return (t + 1 + quiz_pick(seq, T - 1)) % T;
}

/* A character t's row can see, other than t when there is one. */
static int quiz_pick_visible(QuizSeq *seq, const Trace *tr, int t)
{
    int seen[MODEL_MAX_TOKENS], n = 0;
    for (int s = 0; s < tr->T; s++)
        if (s != t && engine_visible(tr, t, s))
            seen[n++] = s;
    int k = quiz_pick(seq, n > 0 ? n : 1);
    return n > 0 ? seen[k] : t;
}

/* ---------------------------------------------------------------- printed numbers */

/* v as printed with `digits` decimals. */
double quiz_printed(double v, int digits)
{
    return format_round(v, digits);
}

/* A share as printed, "52.4%", read back as a fraction (0.524). */
double quiz_printed_share(double share)
{
    return format_round(share * 100.0, 1) / 100.0;
}

/* Two values equal at `digits` decimals. */
static bool same_at(double a, double b, int digits)
{
    double ra = format_round(a, digits), rb = format_round(b, digits);
    return fabs(ra - rb) < 0.25 * pow(10.0, -digits);
}

/* Σ a·b of n terms as printed with da and db decimals (exact). */
double quiz_printed_sum(const ExplainTerm *terms, int n, int da, int db)
{
    CheckedSum c;
    check_sum_as_shown(&c, terms, n, da, db, 0.0, 2);
    return c.sum;
}

/* The decimals a softmax question on row t prints with: ÷√d as the row's hand check needs
 * them for every share to come out as the tables' (check_share: 1.432 for 等's row, not
 * 1.43), e^ with one more, and the raw scores with the fewest that give those ÷√d when
 * divided by the printed √d. In digits_a (raw) and digits_b (÷√d). */
static void softmax_digits(const Trace *tr, QuizQuestion *q)
{
    CheckedShare cs;
    check_share(&cs, tr, q->head, q->t, q->s);
    q->digits_b = cs.scaled_digits;
    q->digits_a = check_dividend_digits(&TRACE_HSQ(tr, scores, q->head, q->t, 0),
                                        &TRACE_HSQ(tr, scaled, q->head, q->t, 0), tr->T, tr->scale,
                                        QUIZ_SCALE_DIGITS, q->digits_b, 2, q->digits_b + 2);
}

/* Row t of the softmax of head h, recomputed from scores printed with raw_digits (divided by
 * the printed √dh and rounded again to scaled_digits when divide), e^ at exp_digits (one more
 * than scaled_digits; < 0: not rounded); share s in percent. */
void quiz_printed_row_share(const Trace *tr, int h, int t, int s, bool divide, int exp_digits,
                            int raw_digits, int scaled_digits, CheckedShare *c)
{
    double scores[MODEL_MAX_TOKENS];
    bool visible[MODEL_MAX_TOKENS];
    double root = quiz_printed(tr->scale, QUIZ_SCALE_DIGITS);
    for (int u = 0; u < tr->T; u++) {
        double raw = quiz_printed(TRACE_HSQ(tr, scores, h, t, u), raw_digits);
        scores[u] = divide ? raw / root : raw;
        if (divide && exp_digits >= 0)
            scores[u] = quiz_printed(scores[u], scaled_digits);
        visible[u] = engine_visible(tr, t, u);
    }
    check_share_printed(c, scores, visible, tr->T, s, exp_digits);
}

/* Records mistake m giving value (in the question's units) unless it gives the right one.
 * "A fraction" and "a percentage" are compared in their own units: 0.524 at 3 decimals for
 * 52.4 %, 98.6 at 0 decimals for 0.986 at 2 (÷ or × 100 of the right value). */
static void add_mistake_both(QuizQuestion *q, QuizMistake m, double value, double truth, int column)
{
    if (q->n_mistakes >= QUIZ_MAX_MISTAKES || !isfinite(value))
        return;
    int digits = q->digits;
    if (m == QUIZ_MISTAKE_FRACTION)
        digits += 2;
    if (m == QUIZ_MISTAKE_PERCENT)
        digits = digits >= 2 ? digits - 2 : 0;
    value = format_round(value, digits);
    truth = isfinite(truth) ? format_round(truth, digits) : value;
    if (same_at(value, q->right, digits) || same_at(value, q->also_right, digits))
        return;
    QuizMistakeValue *v = &q->mistakes[q->n_mistakes++];
    v->mistake = m;
    v->value = value;
    v->truth = same_at(truth, q->right, digits) || same_at(truth, q->also_right, digits) ? value : truth;
    v->digits = digits;
    v->percent = q->percent && m != QUIZ_MISTAKE_FRACTION;
    v->column = column;
}

/* A mistake with no full-precision figure of its own. */
static void add_mistake(QuizQuestion *q, QuizMistake m, double value, int column)
{
    add_mistake_both(q, m, value, value, column);
}

/* ---------------------------------------------------------------- the kinds */

static void make_x(const Trace *tr, QuizQuestion *q)
{
    double e = quiz_printed(TRACE_ROW(tr, embedding, q->t)[q->j], 2);
    double p = quiz_printed(TRACE_ROW(tr, position, q->t)[q->j], 2);
    q->exact = e + p;
    q->also_exact = TRACE_ROW(tr, x, q->t)[q->j];
    q->right = quiz_printed(q->exact, 2);
    q->also_right = quiz_printed(q->also_exact, 2);
    add_mistake(q, QUIZ_MISTAKE_NO_POSITION, e, -1);
}

/* Σ_i row[i] · W[i][col] (or W[col][i] when swapped) as printed with the question's decimals. */
static double project(const Trace *tr, const QuizQuestion *q, const double *row, const double *w, int col,
                      bool swapped)
{
    ExplainTerm terms[CHECK_MAX_TERMS];
    int d = tr->d;
    for (int i = 0; i < d; i++) {
        terms[i].a = row[i];
        terms[i].b = swapped ? w[(size_t)col * (size_t)d + (size_t)i] : w[(size_t)i * (size_t)d + (size_t)col];
    }
    return quiz_printed_sum(terms, d, q->digits_a, q->digits_b);
}

static void make_projection(const Trace *tr, QuizQuestion *q)
{
    const double *w = engine_weights(tr, q->role);
    const double *x = TRACE_ROW(tr, x, q->t);
    double truth = engine_projection(tr, q->role)[(size_t)q->t * (size_t)tr->d + (size_t)q->j];
    ExplainTerm terms[CHECK_MAX_TERMS];
    CheckedSum c;   /* the decimals x and W are printed with, for the sum to give the table's value */
    check_sum(&c, terms, engine_explain_projection(tr, q->role, q->t, q->j, terms), 2, 2, truth, 2);
    q->digits_a = c.digits_a;
    q->digits_b = c.digits_b;
    q->exact = q->also_exact = project(tr, q, x, w, q->j, false);
    q->right = q->also_right = quiz_printed(q->exact, 2);
    if (tr->d > QUIZ_PRINTS_ALL_OF_W)   /* the prompt prints W's column j only */
        return;
    add_mistake(q, QUIZ_MISTAKE_SWAPPED, project(tr, q, x, w, q->j, true), -1);
    for (int col = 0; col < tr->d; col++)
        if (col != q->j)
            add_mistake(q, QUIZ_MISTAKE_WRONG_COLUMN, project(tr, q, x, w, col, false), col);
}

/* Head h's Q(a)·K(b) as printed with the question's decimals. */
static double score_of(const Trace *tr, const QuizQuestion *q, int h, int a, int b)
{
    ExplainTerm terms[CHECK_MAX_TERMS];
    int n = engine_explain_score(tr, h, a, b, terms);
    return quiz_printed_sum(terms, n, q->digits_a, q->digits_b);
}

/* The decimals Q and K of both characters are printed with: the fewest for which both
 * Q(t)·K(s) and its mirror Q(s)·K(t) give the tables' values from the printed numbers. */
static void score_digits(const Trace *tr, QuizQuestion *q)
{
    int most = 2;
    for (int k = 0; k < 2; k++) {
        int a = k ? q->s : q->t, b = k ? q->t : q->s;
        ExplainTerm terms[CHECK_MAX_TERMS];
        CheckedSum c;
        check_sum(&c, terms, engine_explain_score(tr, q->head, a, b, terms), 2, 2,
                  TRACE_HSQ(tr, scores, q->head, a, b), 2);
        most = c.digits_a > most ? c.digits_a : most;
        most = c.digits_b > most ? c.digits_b : most;
    }
    q->digits_a = q->digits_b = most;
}

static void make_score(const Trace *tr, QuizQuestion *q)
{
    score_digits(tr, q);
    q->exact = q->also_exact = score_of(tr, q, q->head, q->t, q->s);
    q->right = q->also_right = quiz_printed(q->exact, 2);
    double mirror = score_of(tr, q, q->head, q->s, q->t);
    double truth = TRACE_HSQ(tr, scores, q->head, q->s, q->t);
    add_mistake_both(q, QUIZ_MISTAKE_MIRRORED, mirror, truth, -1);
    add_mistake_both(q, QUIZ_MISTAKE_SWAPPED, mirror, truth, -1);
}

/* printed score ÷ printed √dh, to 2 decimals. */
static double scaled_of(const Trace *tr, int h, int a, int b)
{
    CheckedQuotient c;
    check_quotient(&c, TRACE_HSQ(tr, scores, h, a, b), 2, tr->scale, QUIZ_SCALE_DIGITS,
                   TRACE_HSQ(tr, scaled, h, a, b), 2);
    return c.quotient;
}

/* printed score ÷ printed √dh, not rounded. */
static double scaled_exact(const Trace *tr, int h, int a, int b)
{
    return quiz_printed(TRACE_HSQ(tr, scores, h, a, b), 2) / quiz_printed(tr->scale, QUIZ_SCALE_DIGITS);
}

static void make_scaled(const Trace *tr, QuizQuestion *q)
{
    q->right = scaled_of(tr, q->head, q->t, q->s);
    q->exact = scaled_exact(tr, q->head, q->t, q->s);
    q->also_exact = TRACE_HSQ(tr, scaled, q->head, q->t, q->s);
    q->also_right = quiz_printed(q->also_exact, 2);
    add_mistake(q, QUIZ_MISTAKE_NO_SCALE, quiz_printed(TRACE_HSQ(tr, scores, q->head, q->t, q->s), 2), -1);
    double mirror = scaled_of(tr, q->head, q->s, q->t);
    double truth = TRACE_HSQ(tr, scaled, q->head, q->s, q->t);
    add_mistake_both(q, QUIZ_MISTAKE_MIRRORED, mirror, truth, -1);
    add_mistake_both(q, QUIZ_MISTAKE_SWAPPED, mirror, truth, -1);
}

/* e^(s − max) of q's row from the ÷√dh row as printed (q->digits_b decimals), or from the
 * raw row (q->digits_a) when raw. */
void quiz_exp_row(const Trace *tr, const QuizQuestion *q, bool raw, CheckedShare *c)
{
    double scores[MODEL_MAX_TOKENS];
    bool visible[MODEL_MAX_TOKENS];
    int h = q->head, t = q->t, s = q->s;
    for (int u = 0; u < tr->T; u++) {
        scores[u] = raw ? quiz_printed(TRACE_HSQ(tr, scores, h, t, u), q->digits_a)
                        : quiz_printed(TRACE_HSQ(tr, scaled, h, t, u), q->digits_b);
        visible[u] = engine_visible(tr, t, u);
    }
    check_share_printed(c, scores, visible, tr->T, s, QUIZ_EXP_DIGITS);
}

static void make_exp(const Trace *tr, QuizQuestion *q)
{
    CheckedShare c;
    softmax_digits(tr, q);
    quiz_exp_row(tr, q, false, &c);
    q->right = q->also_right = c.exps[q->s];
    q->exact = q->also_exact = c.visible[q->s] ? exp(c.scaled[q->s] - c.max) : 0.0;
    quiz_exp_row(tr, q, true, &c);
    add_mistake(q, QUIZ_MISTAKE_NO_SCALE, c.exps[q->s], -1);
}

static void make_share(const Trace *tr, QuizQuestion *q)
{
    CheckedShare c;
    softmax_digits(tr, q);
    int rd = q->digits_a, sd = q->digits_b;
    quiz_printed_row_share(tr, q->head, q->t, q->s, true, sd + 1, rd, sd, &c);
    q->exact = c.share * 100.0;
    q->right = quiz_printed(q->exact, 1);
    quiz_printed_row_share(tr, q->head, q->t, q->s, true, -1, rd, sd, &c);
    q->also_exact = c.share * 100.0;
    q->also_right = quiz_printed(q->also_exact, 1);
    quiz_printed_row_share(tr, q->head, q->t, q->s, false, sd + 1, rd, sd, &c);
    add_mistake(q, QUIZ_MISTAKE_NO_SCALE, c.share * 100.0, -1);
    add_mistake_both(q, QUIZ_MISTAKE_FRACTION, q->right / 100.0, q->also_right / 100.0, -1);
}

/* Σ_s share(s) · V(s)[j] with the shares as printed (0.1 %) and V at 2 decimals. */
static double collect(const Trace *tr, const double *shares, int j)
{
    ExplainTerm terms[MODEL_MAX_TOKENS];
    for (int s = 0; s < tr->T; s++) {
        terms[s].a = quiz_printed_share(shares[s]);
        terms[s].b = TRACE_ROW(tr, v, s)[j];
    }
    return quiz_printed_sum(terms, tr->T, 3, 2);
}

static void make_output(const Trace *tr, QuizQuestion *q)
{
    double row[MODEL_MAX_TOKENS];
    for (int s = 0; s < tr->T; s++)
        row[s] = TRACE_HSQ(tr, weights, q->head, q->t, s);
    q->exact = collect(tr, row, q->j);
    q->right = quiz_printed(q->exact, 2);
    q->also_exact = TRACE_ROW(tr, output, q->t)[q->j];
    q->also_right = quiz_printed(q->also_exact, 2);
    add_mistake(q, QUIZ_MISTAKE_OWN_V, quiz_printed(TRACE_ROW(tr, v, q->t)[q->j], 2), -1);
    add_mistake_both(q, QUIZ_MISTAKE_PERCENT, q->right * 100.0, q->also_right * 100.0, -1);
}

static double cosine_of(const Trace *tr, int t, int s, int digits)
{
    CheckedCosine c;
    check_cosine_printed(&c, TRACE_ROW(tr, output, t), TRACE_ROW(tr, v, s), tr->d, digits);
    return c.cosine;
}


static void make_cosine(const Trace *tr, QuizQuestion *q)
{
    /* the vectors printed so that the worked cosine is the screens' at four decimals */
    const double *a = TRACE_ROW(tr, output, q->t), *b = TRACE_ROW(tr, v, q->s);
    q->digits_a = q->digits_b = check_cosine_digits(a, b, tr->d, engine_cosine(a, b, tr->d), QUIZ_COSINE_DIGITS);
    q->exact = cosine_of(tr, q->t, q->s, q->digits_a);
    q->right = quiz_printed(q->exact, 2);
    q->also_exact = engine_cosine(TRACE_ROW(tr, output, q->t), TRACE_ROW(tr, v, q->s), tr->d);
    q->also_right = quiz_printed(q->also_exact, 2);
    add_mistake_both(q, QUIZ_MISTAKE_PERCENT, q->right * 100.0, q->also_right * 100.0, -1);
}

/* ---------------------------------------------------------------- the sequence */

/* Draws the cells of a question of q->kind, in a fixed order. */
static void quiz_cells(QuizSeq *seq, const Trace *tr, QuizQuestion *q)
{
    int T = tr->T, d = tr->d;
    q->t = quiz_pick(seq, T);
    q->head = quiz_pick(seq, tr->heads);
    switch (q->kind) {
    case QUIZ_X:
    case QUIZ_PROJECTION:
        q->j = quiz_pick(seq, d);
        break;
    case QUIZ_SCORE:
        q->s = quiz_pick_other(seq, T, q->t);
        break;
    case QUIZ_MIRRORED:
        if (seq->last_t >= 0 && seq->last_t < T && seq->last_s < T) {
            q->t = seq->last_s;
            q->s = seq->last_t;
            q->head = seq->last_head;
        } else {
            q->s = quiz_pick_other(seq, T, q->t);
        }
        break;
    case QUIZ_SCALED:
    case QUIZ_EXP:
    case QUIZ_SHARE:
        q->s = quiz_pick_visible(seq, tr, q->t);
        break;
    case QUIZ_OUTPUT:
        q->j = quiz_pick(seq, d);
        q->head = q->j / tr->dh;
        break;
    case QUIZ_COSINE:
        q->s = quiz_pick_other(seq, T, q->t);
        break;
    case QUIZ_KIND_COUNT:
        break;
    }
}

void quiz_make(const Trace *tr, QuizKind kind, Role role, int t, int s, int j, int head,
               int number, QuizQuestion *q)
{
    memset(q, 0, sizeof *q);
    if (tr->layered && (kind == QUIZ_X || kind == QUIZ_PROJECTION))
        kind = QUIZ_SCORE;   /* a layer of a layered model: only the in-head kinds are asked */
    q->kind = kind;
    q->number = number;
    q->role = role;
    q->t = t;
    q->s = s;
    q->j = j;
    q->head = kind == QUIZ_OUTPUT ? j / tr->dh : head;
    q->digits = 2;
    q->digits_a = q->digits_b = 2;
    q->masked = !engine_visible(tr, t, s);
    switch (kind) {
    case QUIZ_X:          make_x(tr, q); break;
    case QUIZ_PROJECTION: make_projection(tr, q); break;
    case QUIZ_SCORE:
    case QUIZ_MIRRORED:   make_score(tr, q); break;
    case QUIZ_SCALED:     make_scaled(tr, q); break;
    case QUIZ_EXP:        q->digits = QUIZ_EXP_DIGITS; make_exp(tr, q); break;
    case QUIZ_SHARE:      q->digits = 1; q->percent = true; make_share(tr, q); break;
    case QUIZ_OUTPUT:     make_output(tr, q); break;
    case QUIZ_COSINE:     make_cosine(tr, q); break;
    case QUIZ_KIND_COUNT: break;
    }
}

/* What if: true when the cells of q would ask about a score the learner set, whose Q·K is
 * not the number the tables print: the score or its mirror, or ÷√d, e^ and the share of
 * its row (their operands are that row of scores, printed under the name Q·K). Such a
 * question is not asked; the output and cosine ones (made from the shares) are. */
bool quiz_about_set(const Trace *tr, const QuizQuestion *q)
{
    switch (q->kind) {
    case QUIZ_SCORE:
    case QUIZ_MIRRORED:
        return engine_score_set(tr, q->head, q->t, q->s, NULL) ||
               engine_score_set(tr, q->head, q->s, q->t, NULL);
    case QUIZ_SCALED:   /* its prompt prints the mirror's score too */
        return engine_row_set(tr, q->head, q->t) || engine_score_set(tr, q->head, q->s, q->t, NULL);
    case QUIZ_EXP:
    case QUIZ_SHARE:
        return engine_row_set(tr, q->head, q->t);
    case QUIZ_X:
    case QUIZ_PROJECTION:
    case QUIZ_OUTPUT:
    case QUIZ_COSINE:
    case QUIZ_KIND_COUNT:
        break;
    }
    return false;
}

#define QUIZ_SET_TRIES 64   /* draws of cells that may hit a score set before the kind gives way */

/* ---------------------------------------------------------------- not asked again */

#define QUIZ_FRESH_TRIES 32   /* draws of a kind's cells that may hit a question asked before */

/* What a question asks, as one number: the kind (a score and its mirror are one kind: the
 * same Q·K) and only the cells it depends on. */
static unsigned quiz_key(const QuizQuestion *q)
{
    unsigned kind = q->kind == QUIZ_MIRRORED ? QUIZ_SCORE : q->kind, role = 0, t = (unsigned)q->t, s = 0, j = 0,
             head = 0;
    switch (q->kind) {
    case QUIZ_X:          j = (unsigned)q->j; break;
    case QUIZ_PROJECTION: j = (unsigned)q->j; role = (unsigned)q->role; break;
    case QUIZ_SCORE:
    case QUIZ_MIRRORED:
    case QUIZ_SCALED:
    case QUIZ_EXP:
    case QUIZ_SHARE:      s = (unsigned)q->s; head = (unsigned)q->head; break;
    case QUIZ_OUTPUT:     j = (unsigned)q->j; break;
    case QUIZ_COSINE:     s = (unsigned)q->s; break;
    case QUIZ_KIND_COUNT: break;
    }
    return kind | role << 4 | t << 6 | s << 11 | j << 16 | head << 26;
}

static bool quiz_seen(const QuizSeq *seq, const QuizQuestion *q)
{
    unsigned key = quiz_key(q);
    for (int i = 0; i < seq->n_seen; i++)
        if (seq->seen[i] == key)
            return true;
    return false;
}

/* Whether cells make a question the sequence may ask: about no score the learner set, a
 * score, share or cosine between two characters (a share's one the asker sees). */
static bool quiz_cells_fit(const Trace *tr, const QuizQuestion *c)
{
    if (quiz_about_set(tr, c))
        return false;
    switch (c->kind) {
    case QUIZ_SCORE:
    case QUIZ_MIRRORED:
    case QUIZ_COSINE:
        return tr->T <= 1 || c->s != c->t;
    case QUIZ_SCALED:
    case QUIZ_EXP:
    case QUIZ_SHARE:
        return (tr->T <= 1 || c->s != c->t) && engine_visible(tr, c->t, c->s);
    case QUIZ_OUTPUT:
        return c->head == c->j / tr->dh;
    case QUIZ_X:
    case QUIZ_PROJECTION:
    case QUIZ_KIND_COUNT:
        break;
    }
    return true;
}

/* The first question of kind not asked before, in order of role, t, s, j, head, into *c:
 * true, or false when every cell of the kind has been asked. */
static bool quiz_first_fresh(const QuizSeq *seq, const Trace *tr, QuizKind kind, QuizQuestion *c)
{
    bool by_role = kind == QUIZ_PROJECTION, by_s = kind != QUIZ_X && kind != QUIZ_PROJECTION && kind != QUIZ_OUTPUT;
    bool by_j = kind == QUIZ_X || kind == QUIZ_PROJECTION || kind == QUIZ_OUTPUT;
    bool by_head = kind == QUIZ_SCORE || kind == QUIZ_MIRRORED || kind == QUIZ_SCALED || kind == QUIZ_EXP ||
                   kind == QUIZ_SHARE;
    memset(c, 0, sizeof *c);
    c->kind = kind;
    for (int role = 0; role < (by_role ? 3 : 1); role++)
        for (int t = 0; t < tr->T; t++)
            for (int s = 0; s < (by_s ? tr->T : 1); s++)
                for (int j = 0; j < (by_j ? tr->d : 1); j++)
                    for (int h = 0; h < (by_head ? tr->heads : 1); h++) {
                        c->role = (Role)role;
                        c->t = t;
                        c->s = by_s ? s : t;
                        c->j = j;
                        c->head = kind == QUIZ_OUTPUT ? j / tr->dh : h;
                        if (quiz_cells_fit(tr, c) && !quiz_seen(seq, c))
                            return true;
                    }
    return false;
}

/* Cells of the round's kind (the next kind's when one has every cell asked) that make a
 * question not asked before into *cells: drawn (QUIZ_FRESH_TRIES times at most), else the
 * first one left. False when every kind and cell has been asked. */
static bool quiz_fresh_cells(QuizSeq *seq, const Trace *tr, QuizQuestion *cells)
{
    for (int k = 0; k < QUIZ_KIND_COUNT; k++) {
        QuizKind kind = (QuizKind)((seq->asked + k) % QUIZ_KIND_COUNT);
        for (int tries = 0; tries < QUIZ_FRESH_TRIES; tries++) {
            memset(cells, 0, sizeof *cells);
            cells->kind = kind;
            cells->role = (Role)(seq->round % 3);
            quiz_cells(seq, tr, cells);
            if (quiz_cells_fit(tr, cells) && !quiz_seen(seq, cells))
                return true;
        }
        if (quiz_first_fresh(seq, tr, kind, cells))
            return true;
    }
    return false;
}

void quiz_next(QuizSeq *seq, const Trace *tr, QuizQuestion *q)
{
    QuizQuestion cells;
    memset(&cells, 0, sizeof cells);
    bool fresh = seq->n_seen < QUIZ_SEQ_MEMORY && quiz_fresh_cells(seq, tr, &cells);
    if (!fresh) {   /* every kind and cell asked (or the memory full): remember afresh */
        seq->n_seen = 0;
        if (!seq->repeats_from)
            seq->repeats_from = seq->asked + 1;
        fresh = quiz_fresh_cells(seq, tr, &cells);
    }
    for (int tries = 0; !fresh; tries++) {   /* no question fits at all: as drawn */
        cells.kind = tries < QUIZ_SET_TRIES ? (QuizKind)(seq->asked % QUIZ_KIND_COUNT) : QUIZ_OUTPUT;
        cells.role = (Role)(seq->round % 3);
        quiz_cells(seq, tr, &cells);
        fresh = !quiz_about_set(tr, &cells) || tries > 2 * QUIZ_SET_TRIES;
    }
    quiz_make(tr, cells.kind, cells.role, cells.t, cells.s, cells.j, cells.head, seq->asked + 1, q);
    seq->seen[seq->n_seen++] = quiz_key(q);
    if (q->kind == QUIZ_SCORE) {
        seq->last_t = q->t;
        seq->last_s = q->s;
        seq->last_head = q->head;
    }
    seq->asked++;
    if (seq->asked % QUIZ_KIND_COUNT == 0)
        seq->round++;
}

void quiz_next_of(QuizSeq *seq, const Trace *tr, QuizKind kind, QuizQuestion *q)
{
    QuizQuestion cells;
    memset(&cells, 0, sizeof cells);
    for (int tries = 0;; tries++) {   /* a score set: as quiz_next, the kind gives way at last */
        cells.kind = tries < QUIZ_SET_TRIES ? kind : QUIZ_OUTPUT;
        quiz_cells(seq, tr, &cells);
        if (!quiz_about_set(tr, &cells))
            break;
    }
    quiz_make(tr, cells.kind, (Role)(seq->asked % 3), cells.t, cells.s, cells.j, cells.head,
              seq->asked + 1, q);
    seq->asked++;
}

unsigned long long quiz_kind_seed(unsigned long long seed, QuizKind kind)
{
    return seed ^ (0xD1B54A32D192ED03ULL * (unsigned long long)((int)kind + 1));
}

const char *quiz_kind_name(QuizKind kind, Lang lang)
{
    switch (kind) {
    case QUIZ_X:          return "x";
    case QUIZ_PROJECTION: return "Q/K/V";
    case QUIZ_SCORE:      return LANG_PICK(lang, "score", "分数");
    case QUIZ_MIRRORED:   return LANG_PICK(lang, "mirrored score", "镜像分数");
    case QUIZ_SCALED:     return "÷√d";
    case QUIZ_EXP:        return "e^";
    case QUIZ_SHARE:      return LANG_PICK(lang, "share", "百分比");
    case QUIZ_OUTPUT:     return LANG_PICK(lang, "output", "输出");
    case QUIZ_COSINE:     return LANG_PICK(lang, "cosine", "余弦");
    case QUIZ_KIND_COUNT: break;
    }
    return "?";
}

/* ---------------------------------------------------------------- grading */

/* v cut off (toward zero) at `digits` decimals. */
static double cut_at(double v, int digits)
{
    double scale = pow(10.0, digits);
    double cut = trunc(v * scale + (v < 0 ? -1e-9 : 1e-9)) / scale;   /* 0.3 · 10 is 2.9999… */
    return cut == 0.0 ? 0.0 : cut;
}

/* Names mistake m in g (once). */
static void grade_name(QuizGrade *g, QuizMistake m, int column)
{
    for (int k = 0; k < g->n_named; k++)
        if (g->named[k] == m && g->column[k] == column)
            return;
    if (g->n_named >= QUIZ_MAX_MISTAKES)
        return;
    g->named[g->n_named] = m;
    g->column[g->n_named] = column;
    g->n_named++;
}

/* The answer read against the two right values at the decimals typed: fewer than asked and
 * the answer rounded to them, or the answer cut off instead of rounded. */
static void grade_rounding(const QuizQuestion *q, QuizGrade *g)
{
    int k = g->decimals < q->digits ? g->decimals : q->digits;
    const double exact[4] = { q->exact, q->also_exact, q->right, q->also_right };
    bool fewer = false, cut = false;
    for (int i = 0; i < 4; i++) {
        if (g->decimals < q->digits && same_at(g->value, exact[i], k))
            fewer = true;
        double c = cut_at(exact[i], k);
        if (!same_at(c, exact[i], k) && fabs(g->value - c) < 0.25 * pow(10.0, -k))
            cut = true;
    }
    if (g->decimals < q->digits && (fewer || cut))
        grade_name(g, QUIZ_MISTAKE_FEWER_DECIMALS, -1);
    if (cut)
        grade_name(g, QUIZ_MISTAKE_TRUNCATED, -1);
}

void quiz_grade(const QuizQuestion *q, const TypedNumber *a, QuizGrade *g)
{
    memset(g, 0, sizeof *g);
    bool scaled = !q->percent && a->percent;   /* "98.6%" for a fraction: 0.986 */
    g->value = scaled ? a->value / 100.0 : a->value;
    g->decimals = a->decimals + (scaled ? 2 : 0);
    bool at_asked = same_at(g->value, q->right, q->digits) || same_at(g->value, q->also_right, q->digits);
    if (at_asked) {   /* "100" for 100.0% too: the zeros left off change nothing */
        g->correct = true;
        g->verdict = g->decimals > q->digits ? QUIZ_RIGHT_NOTED : QUIZ_RIGHT;
        return;
    }
    grade_rounding(q, g);
    if (g->n_named == 0) {
        int precise = -1;   /* the most decimals a matching mistake is compared at */
        for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < q->n_mistakes; i++) {
                const QuizMistakeValue *m = &q->mistakes[i];
                if (!(same_at(g->value, m->value, m->digits) || same_at(g->value, m->truth, m->digits)))
                    continue;
                if (pass == 0) {
                    precise = m->digits > precise ? m->digits : precise;
                    continue;
                }
                /* only the mistakes matched as precisely: 0.013 for 1.3% is a fraction, not
                   also "forgot ÷√d" because that gives 0.0% at one decimal */
                if (m->digits >= precise)
                    grade_name(g, m->mistake, m->column);
            }
    }
    g->verdict = g->n_named > 0 ? QUIZ_WRONG_NAMED : QUIZ_WRONG;
}

void quiz_tally_add(QuizTally *t, const QuizGrade *g, int try_number)
{
    t->asked++;
    if (g && g->correct && try_number <= 1) {
        t->correct++;
        t->streak++;
        if (t->streak > t->best_streak)
            t->best_streak = t->streak;
        return;
    }
    t->second += g && g->correct;
    t->revealed += g == NULL;
    t->streak = 0;
}

const char *quiz_mistake_name(QuizMistake m, Lang lang)
{
    switch (m) {
    case QUIZ_MISTAKE_NO_SCALE:    return LANG_PICK(lang, "forgot ÷√d", "忘了除以 √d");
    case QUIZ_MISTAKE_MIRRORED:    return LANG_PICK(lang, "the mirrored score", "镜像的分数（问和答对调了）");
    case QUIZ_MISTAKE_OWN_V:       return LANG_PICK(lang, "the asker's own V", "用了提问者自己的 V");
    case QUIZ_MISTAKE_SWAPPED:     return LANG_PICK(lang, "row and column swapped", "行和列对调了");
    case QUIZ_MISTAKE_FRACTION:    return LANG_PICK(lang, "a fraction, not a percentage", "写成了小数，不是百分比");
    case QUIZ_MISTAKE_PERCENT:     return LANG_PICK(lang, "a percentage, not a fraction", "写成了百分比，不是小数");
    case QUIZ_MISTAKE_NO_POSITION: return LANG_PICK(lang, "position fingerprint left out", "漏了位置指纹");
    case QUIZ_MISTAKE_WRONG_COLUMN: return LANG_PICK(lang, "the wrong column of W", "用错了 W 的列");
    case QUIZ_MISTAKE_FEWER_DECIMALS: return LANG_PICK(lang, "rounded to fewer decimals than asked",
                                                      "小数位数比要求的少");
    case QUIZ_MISTAKE_TRUNCATED:   return LANG_PICK(lang, "cut off, not rounded", "直接截断了，没有四舍五入");
    case QUIZ_MISTAKE_COUNT:       break;
    }
    return "?";
}
