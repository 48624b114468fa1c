/* quiz_text.c — a practice question's words: the prompt with its operands as printed (a
 * worksheet's lines, or fitted to a screen), the worked solution whose every equation holds
 * from the printed numbers, the known mistakes with what each gives, in English or Chinese.
 * Must not touch: the terminal, drawing, global state; the numbers are the question's
 * (quiz.c) and check.h's, redone from what is printed (quiz_printed.h). */
#include "quiz_text.h"
#include "quiz_printed.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "charname.h"
#include "format.h"
#include "text.h"

#define QUIZ_LABEL_COLUMNS 12   /* the label column before a printed vector */
#define QUIZ_PER_LINE 8         /* numbers of a vector on one line */

/* ---------------------------------------------------------------- text helpers */

/* Character t of tr as a question names it (加₂ where it repeats), in a buffer that lives
 * to the end of the enclosing block. */
#define NAME(tr, t) charname_of((tr)->tokens, (tr)->T, (t), (char[CHARNAME_BYTES]){ 0 }, CHARNAME_BYTES)

static void say(QuizText *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(QuizText *out, const char *fmt, ...)
{
    if (out->n >= QUIZ_MAX_LINES)
        return;
    va_list ap;
    va_start(ap, fmt);
    char *line = out->line[out->n++];
    int n = vsnprintf(line, QUIZ_LINE_BYTES, fmt, ap);
    va_end(ap);
    if (n >= QUIZ_LINE_BYTES) {   /* cut: never inside a character (the sheet stays UTF-8) */
        size_t end = QUIZ_LINE_BYTES - 1, k = end;
        while (k > 0 && ((unsigned char)line[k - 1] & 0xC0) == 0x80)
            k--;   /* k - 1: the last character's first byte */
        unsigned char lead = k > 0 ? (unsigned char)line[k - 1] : 0;
        size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
        if (k > 0 && (k - 1) + need > end)
            line[k - 1] = '\0';
    }
}

/* Number text with `digits` decimals, in a buffer that lives to the end of the enclosing
 * block (a compound literal): several may appear in one printf. */
#define num(v, digits) format_fixed((char[FORMAT_BYTES]){ 0 }, FORMAT_BYTES, (v), (digits))

/* The same, in parentheses when negative: a factor or a term after an operator. */
#define term(v, digits) quiz_term((char[FORMAT_BYTES + 2]){ 0 }, (v), (digits))

static char *quiz_term(char *buf, double v, int digits)
{
    char n[FORMAT_BYTES];
    format_fixed(n, sizeof n, v, digits);
    snprintf(buf, FORMAT_BYTES + 2, n[0] == '-' ? "(%s)" : "%s", n);
    return buf;
}

/* The line "LABEL  n n n …": n values from `from` (every `stride`-th), 8 per line, each
 * right-aligned in `cell` columns (a blank and the number: 7 for "-0.42"). */
static void say_vector(QuizText *out, const char *label, const double *v, int n, size_t stride,
                       int digits, int cell)
{
    for (int i = 0; i < n; i += QUIZ_PER_LINE) {
        char line[QUIZ_LINE_BYTES];
        size_t used = text_pad(line, sizeof line, i == 0 ? label : "", QUIZ_LABEL_COLUMNS, -1);
        for (int k = i; k < n && k < i + QUIZ_PER_LINE && used < sizeof line; k++)
            used += (size_t)snprintf(line + used, sizeof line - used, " %*s", cell - 1,
                                     num(v[(size_t)k * stride], digits));
        say(out, "%s", line);
    }
}

/* The header "            0      1 …" of columns first..first+n-1, `cell` columns each. */
static void say_columns(QuizText *out, int first, int n, int cell)
{
    char line[QUIZ_LINE_BYTES];
    size_t used = text_pad(line, sizeof line, "", QUIZ_LABEL_COLUMNS, -1);
    for (int k = 0; k < n && k < QUIZ_PER_LINE && used < sizeof line; k++)
        used += (size_t)snprintf(line + used, sizeof line - used, " %*d", cell - 1, first + k);
    say(out, "%s", line);
}

/* How a prompt lays out its numbers: 8 to a line, or in blocks of fewer columns where a
 * line would not fit in cols (a narrow screen, quiz_prompt_fit; or wide numbers, 0.52023,
 * on the sheet's QUIZ_SHEET_COLUMNS). */
typedef struct {
    int cols;     /* columns a line may take */
} QuizLayout;

static QuizLayout quiz_layout(int cols)
{
    QuizLayout L = { cols };
    return L;
}

/* One vector of a block: n values v[k · stride]. */
typedef struct {
    const char *label;   /* its label */
    const double *v;     /* its first value */
    size_t stride;       /* between values */
    int digits;          /* decimals printed */
} QuizVec;

/* Columns of one printed value of the vectors (a blank and at least six: " %6s"). */
static int quiz_cell_columns(const QuizVec *vecs, int n, int len)
{
    int widest = 6;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < len; k++) {
            int w = (int)strlen(num(vecs[i].v[(size_t)k * vecs[i].stride], vecs[i].digits));
            widest = w > widest ? w : widest;
        }
    return widest + 1;
}

/* Values per line of len values `cell` columns wide: all of them when the line fits, else
 * as few lines as fit, as even as they come (8: 4 and 4, not 7 and 1); on the sheet too,
 * where five decimals made a line of 85 columns. */
static int quiz_per_line(const QuizLayout *L, int len, int cell)
{
    int fit = (L->cols - QUIZ_LABEL_COLUMNS) / cell;
    if (fit >= len)
        return len;
    if (fit < 1)
        fit = 1;
    int lines = (len + fit - 1) / fit;
    return (len + lines - 1) / lines;
}

/* n vectors of len values under one header of column numbers first..: when the lines fit,
 * the header and the vectors as they are; else a block of columns at a time,
 * each block headed by its column numbers and every vector labelled again. */
static void say_block(QuizText *out, const QuizLayout *L, int first, int len, const QuizVec *vecs,
                      int n)
{
    int cell = quiz_cell_columns(vecs, n, len), per = quiz_per_line(L, len, cell);
    if (per >= len) {
        say_columns(out, first, len, cell);
        for (int i = 0; i < n; i++)
            say_vector(out, vecs[i].label, vecs[i].v, len, vecs[i].stride, vecs[i].digits, cell);
        return;
    }
    for (int from = 0; from < len; from += per) {
        int m = from + per < len ? per : len - from;
        say_columns(out, first + from, m, cell);
        for (int i = 0; i < n; i++)
            say_vector(out, vecs[i].label, vecs[i].v + (size_t)from * vecs[i].stride, m,
                       vecs[i].stride, vecs[i].digits, cell);
    }
}

/* One row of a block over the sentence's characters. */
typedef struct {
    const char *label;      /* the row's label */
    const double *values;   /* T values, one per character */
    int digits;             /* decimals printed */
    bool percent;           /* printed as a percentage (values are shares) */
    bool masked;            /* cells the mask hides from row t print as "—" */
} QuizRow;

/* Rows over the sentence's characters, QUIZ_PER_LINE characters to a line: each chunk
 * headed by its characters. t is the asking row (for the mask). */
static void say_rows(QuizText *out, const QuizLayout *L, const Trace *tr, int t, const QuizRow *rows,
                     int n)
{
    int widest = 6;   /* the widest cell: a percentage, a masked "—" or a number */
    for (int r = 0; r < n; r++)
        for (int s = 0; s < tr->T; s++) {
            char cell[FORMAT_BYTES];
            format_fixed(cell, sizeof cell, rows[r].values[s], rows[r].percent ? 1 : rows[r].digits);
            int w = (int)strlen(cell) + (rows[r].percent ? 1 : 0);
            widest = w > widest ? w : widest;
        }
    bool narrow = quiz_per_line(L, tr->T, widest + 1) < tr->T;
    int per = narrow ? quiz_per_line(L, tr->T, widest + 1) : QUIZ_PER_LINE;
    for (int from = 0; from < tr->T; from += per) {
        int to = from + per < tr->T ? from + per : tr->T;
        char line[QUIZ_LINE_BYTES];
        size_t used = text_pad(line, sizeof line, "", QUIZ_LABEL_COLUMNS, -1);
        for (int s = from; s < to; s++) {
            line[used++] = ' ';
            used += text_pad(line + used, sizeof line - used, NAME(tr, s), widest, 1);
        }
        say(out, "%s", line);
        for (int r = 0; r < n; r++) {
            used = text_pad(line, sizeof line, from == 0 || narrow ? rows[r].label : "",
                            QUIZ_LABEL_COLUMNS, -1);
            for (int s = from; s < to; s++) {
                char cell[FORMAT_BYTES];
                if (rows[r].masked && !engine_visible(tr, t, s))
                    snprintf(cell, sizeof cell, "—");
                else if (rows[r].percent)
                    format_percent(cell, sizeof cell, rows[r].values[s]);
                else
                    format_fixed(cell, sizeof cell, rows[r].values[s], rows[r].digits);
                line[used++] = ' ';
                used += text_pad(line + used, sizeof line - used, cell, widest, 1);
            }
            say(out, "%s", line);
        }
    }
}

static const char *role_name(Role r)
{
    return r == ROLE_Q ? "Q" : r == ROLE_K ? "K" : "V";
}

static const char *role_w(Role r)
{
    return r == ROLE_Q ? "Wq" : r == ROLE_K ? "Wk" : "Wv";
}

const char *quiz_precision_text(const QuizQuestion *q, Lang lang)
{
    if (q->percent)
        return LANG_PICK(lang, "a percentage with one decimal", "百分比，保留一位小数");
    if (q->digits == 3)
        return LANG_PICK(lang, "three decimals", "保留三位小数");
    return LANG_PICK(lang, "two decimals", "保留两位小数");
}

/* A count of decimals in words: "two" (两), "three" (三) … up to "seven". */
static const char *digits_word(int n, Lang lang)
{
    static const char *const en[] = { "zero", "one", "two", "three", "four", "five", "six", "seven" };
    static const char *const zh[] = { "零", "一", "两", "三", "四", "五", "六", "七" };
    if (n < 0 || n > 7)
        n = 7;
    return LANG_PICK(lang, en[n], zh[n]);
}

/* The precision as the end of a prompt: "Two decimals". */
static const char *precision_sentence(const QuizQuestion *q, Lang lang)
{
    if (q->percent)
        return LANG_PICK(lang, "A percentage with one decimal", "写成百分比，保留一位小数");
    if (q->digits == 3)
        return LANG_PICK(lang, "Three decimals", "保留三位小数");
    return LANG_PICK(lang, "Two decimals", "保留两位小数");
}

char *quiz_value_text(const QuizQuestion *q, double value, char *buf, size_t cap)
{
    format_fixed(buf, cap, value, q->digits);
    if (q->percent && strlen(buf) + 2 <= cap)
        strcat(buf, "%");
    return buf;
}

/* "(head 2, columns 4-7)" when there are two heads, else "". */
static void head_note(const Trace *tr, int h, char *buf, size_t cap, Lang lang)
{
    if (tr->heads <= 1) {
        buf[0] = '\0';
        return;
    }
    snprintf(buf, cap, LANG_PICK(lang, " (head %d: columns %d-%d)", "（第 %d 个头：第 %d-%d 列）"),
             h + 1, h * tr->dh, h * tr->dh + tr->dh - 1);
}

/* ---------------------------------------------------------------- prompts */

static void prompt_x(const Trace *tr, const QuizQuestion *q, Lang lang, const QuizLayout *L,
                       QuizText *out)
{
    const char *c = NAME(tr, q->t);
    say(out, LANG_PICK(lang, "x(%s)[%d]: word vector + position fingerprint, component %d. %s.",
                       "x(%s)[%d]：词向量 + 位置指纹，下标为 %d 的分量。%s。"),
        c, q->j, q->j, precision_sentence(q, lang));
    char e[64], pe[64];
    snprintf(e, sizeof e, LANG_PICK(lang, "e(%s)", "词向量(%s)"), c);
    snprintf(pe, sizeof pe, LANG_PICK(lang, "pe(%s)", "位置(%s)"), c);
    const QuizVec vecs[2] = { { e, TRACE_ROW(tr, embedding, q->t), 1, 2 },
                              { pe, TRACE_ROW(tr, position, q->t), 1, 2 } };
    say_block(out, L, 0, tr->d, vecs, 2);
}

static void prompt_projection(const Trace *tr, const QuizQuestion *q, Lang lang, const QuizLayout *L,
                       QuizText *out)
{
    const char *c = NAME(tr, q->t);
    char what[96];
    if (q->role == ROLE_Q)
        snprintf(what, sizeof what, LANG_PICK(lang, "what %s looks for", "「%s」在找什么"), c);
    else if (q->role == ROLE_K)
        snprintf(what, sizeof what, LANG_PICK(lang, "the name tag %s hangs out", "「%s」挂出的名牌"), c);
    else
        snprintf(what, sizeof what, LANG_PICK(lang, "the content %s hands over", "「%s」要交出去的内容"), c);
    say(out, LANG_PICK(lang, "%s(%s)[%d] = Σ_i x(%s)[i] × %s[i][%d] (%s). %s.",
                       "%s(%s)[%d] = Σ_i x(%s)[i] × %s[i][%d]（%s）。%s。"),
        role_name(q->role), c, q->j, c, role_w(q->role), q->j, what, precision_sentence(q, lang));
    char label[64], xl[64];
    snprintf(xl, sizeof xl, "x(%s)", c);
    const double *w = engine_weights(tr, q->role);
    const QuizVec x_all = { xl, TRACE_ROW(tr, x, q->t), 1, q->digits_a };
    const QuizVec w_all = { xl, w, 1, q->digits_b };   /* all d × d of W, one after another */
    int cell = quiz_cell_columns(&x_all, 1, tr->d), cell_w = quiz_cell_columns(&w_all, 1, tr->d * tr->d);
    cell = cell_w > cell ? cell_w : cell;
    if (quiz_per_line(L, tr->d, cell) < tr->d) {
        /* x and the one column of W the sum takes, a block of columns at a time */
        snprintf(label, sizeof label, "%s[·][%d]", role_w(q->role), q->j);
        const QuizVec vecs[2] = { { xl, TRACE_ROW(tr, x, q->t), 1, q->digits_a },
                                  { label, w + q->j, (size_t)tr->d, q->digits_b } };
        say_block(out, L, 0, tr->d, vecs, 2);
        return;
    }
    say_columns(out, 0, tr->d, cell);
    say_vector(out, xl, TRACE_ROW(tr, x, q->t), tr->d, 1, q->digits_a, cell);
    if (tr->d <= QUIZ_PER_LINE) {
        say(out, LANG_PICK(lang, "%s (row i, column j):", "%s（第 i 行，第 j 列）："), role_w(q->role));
        for (int i = 0; i < tr->d; i++) {
            snprintf(label, sizeof label, "%d", i);
            say_vector(out, label, w + (size_t)i * (size_t)tr->d, tr->d, 1, q->digits_b, cell);
        }
    } else {
        snprintf(label, sizeof label, "%s[·][%d]", role_w(q->role), q->j);
        say_vector(out, label, w + q->j, tr->d, (size_t)tr->d, q->digits_b, cell);
    }
}

static void prompt_score(const Trace *tr, const QuizQuestion *q, Lang lang, const QuizLayout *L,
                       QuizText *out)
{
    const char *a = NAME(tr, q->t), *b = NAME(tr, q->s);
    char note[96];
    head_note(tr, q->head, note, sizeof note, lang);
    if (q->kind == QUIZ_MIRRORED && q->t == q->s)   /* one character: the cell is its own mirror */
        say(out, LANG_PICK(lang, "The mirrored score Q(%s)·K(%s): %s asks itself, so the mirror is the same cell%s. %s.",
                           "镜像的那一格 Q(%s)·K(%s)：「%s」问的是自己，镜像就是同一格%s。%s。"),
            a, b, a, note, precision_sentence(q, lang));
    else if (q->kind == QUIZ_MIRRORED)
        say(out, LANG_PICK(lang, "The mirrored score Q(%s)·K(%s): now %s asks and %s answers%s. %s.",
                           "镜像的那一格 Q(%s)·K(%s)：现在「%s」在问，「%s」在答%s。%s。"),
            a, b, a, b, note, precision_sentence(q, lang));
    else
        say(out, LANG_PICK(lang, "The raw score Q(%s)·K(%s): %s asks, %s answers%s. %s.",
                           "原始分数 Q(%s)·K(%s)：「%s」在问，「%s」在答%s。%s。"),
            a, b, a, b, note, precision_sentence(q, lang));
    if (q->masked)
        say(out, "%s", LANG_PICK(lang, "(The mask hides this cell from softmax; the score is still computed.)",
                                 "（掩码让 softmax 看不到这一格，但分数照样算。）"));
    int off = q->head * tr->dh;
    const int who[2] = { q->t, q->s };
    char labels[4][64];
    QuizVec vecs[4];
    for (int k = 0; k < 2; k++) {
        snprintf(labels[2 * k], sizeof labels[0], "Q(%s)", NAME(tr, who[k]));
        snprintf(labels[2 * k + 1], sizeof labels[0], "K(%s)", NAME(tr, who[k]));
        vecs[2 * k] = (QuizVec){ labels[2 * k], TRACE_ROW(tr, q, who[k]) + off, 1, q->digits_a };
        vecs[2 * k + 1] = (QuizVec){ labels[2 * k + 1], TRACE_ROW(tr, k, who[k]) + off, 1, q->digits_b };
    }
    say_block(out, L, off, tr->dh, vecs, q->t == q->s ? 2 : 4);   /* a self-score: Q and K once */
}

static void prompt_scaled(const Trace *tr, const QuizQuestion *q, Lang lang, const QuizLayout *L,
                       QuizText *out)
{
    (void)L;   /* three short lines: they fit any screen */
    const char *a = NAME(tr, q->t), *b = NAME(tr, q->s);
    char note[96];
    head_note(tr, q->head, note, sizeof note, lang);
    say(out, LANG_PICK(lang, "Scale the score of %s asking %s: Q(%s)·K(%s) ÷ √%d%s. %s.",
                       "缩放「%s」问「%s」的分数：Q(%s)·K(%s) ÷ √%d%s。%s。"),
        a, b, a, b, tr->dh, note, precision_sentence(q, lang));
    say(out, "Q(%s)·K(%s) = %s", a, b, num(TRACE_HSQ(tr, scores, q->head, q->t, q->s), 2));
    if (q->s != q->t)   /* the mirror, beside it (a self-score is its own mirror) */
        say(out, "Q(%s)·K(%s) = %s", b, a, num(TRACE_HSQ(tr, scores, q->head, q->s, q->t), 2));
    say(out, "√%d = %s", tr->dh, num(tr->scale, QUIZ_SCALE_DIGITS));
}

static void prompt_exp(const Trace *tr, const QuizQuestion *q, Lang lang, const QuizLayout *L,
                       QuizText *out)
{
    const char *a = NAME(tr, q->t), *b = NAME(tr, q->s);
    char note[96];
    head_note(tr, q->head, note, sizeof note, lang);
    say(out, LANG_PICK(lang, "e^(s − max) for %s asking %s: s is the score ÷ √%d, max the largest of %s's row%s. %s.",
                       "「%s」问「%s」的 e^(s − max)：s 是除以 √%d 后的分数，max 是「%s」这一行的最大值%s。%s。"),
        a, b, tr->dh, a, note, precision_sentence(q, lang));
    char raw[64], scaled[64];
    snprintf(raw, sizeof raw, "Q(%s)·K", a);
    snprintf(scaled, sizeof scaled, "÷√%d", tr->dh);
    QuizRow rows[2] = { { raw, &TRACE_HSQ(tr, scores, q->head, q->t, 0), q->digits_a, false, true },
                        { scaled, &TRACE_HSQ(tr, scaled, q->head, q->t, 0), q->digits_b, false, true } };
    say_rows(out, L, tr, q->t, rows, 2);
}

static void prompt_share(const Trace *tr, const QuizQuestion *q, Lang lang, const QuizLayout *L,
                       QuizText *out)
{
    const char *a = NAME(tr, q->t), *b = NAME(tr, q->s);
    char note[96];
    head_note(tr, q->head, note, sizeof note, lang);
    say(out, LANG_PICK(lang, "The share %s gives %s: softmax of %s's scores ÷ √%d%s (each ÷ to %s decimals, e^ to %s). %s.",
                       "「%s」分给「%s」的百分比：「%s」这一行分数除以 √%d 后做 softmax%s（商保留%s位小数，e^ 保留%s位小数）。%s。"),
        a, b, a, tr->dh, note, digits_word(q->digits_b, lang), digits_word(q->digits_b + 1, lang),
        precision_sentence(q, lang));
    char raw[64];
    snprintf(raw, sizeof raw, "Q(%s)·K", a);
    QuizRow rows[1] = { { raw, &TRACE_HSQ(tr, scores, q->head, q->t, 0), q->digits_a, false, true } };
    say_rows(out, L, tr, q->t, rows, 1);
    say(out, "√%d = %s", tr->dh, num(tr->scale, QUIZ_SCALE_DIGITS));
}

static void prompt_output(const Trace *tr, const QuizQuestion *q, Lang lang, const QuizLayout *L,
                       QuizText *out)
{
    const char *a = NAME(tr, q->t);
    char note[96];   /* with two heads: whose shares component j collects by */
    head_note(tr, q->head, note, sizeof note, lang);
    say(out, LANG_PICK(lang, "output(%s)[%d] = Σ_s share(%s,s) × V(s)[%d]: what %s collects, component %d%s. %s.",
                       "输出(%s)[%d] = Σ_s 百分比(%s,s) × V(s)[%d]：「%s」取到的货，下标为 %d 的分量%s。%s。"),
        a, q->j, a, q->j, a, q->j, note, precision_sentence(q, lang));
    char shares[64], values[64];
    snprintf(shares, sizeof shares, LANG_PICK(lang, "share(%s,·)", "百分比(%s,·)"), a);
    snprintf(values, sizeof values, "V(·)[%d]", q->j);
    double column[MODEL_MAX_TOKENS];
    for (int s = 0; s < tr->T; s++)
        column[s] = TRACE_ROW(tr, v, s)[q->j];
    QuizRow rows[2] = { { shares, &TRACE_HSQ(tr, weights, q->head, q->t, 0), 1, true, true },
                        { values, column, 2, false, false } };
    say_rows(out, L, tr, q->t, rows, 2);
}

static void prompt_cosine(const Trace *tr, const QuizQuestion *q, Lang lang, const QuizLayout *L,
                       QuizText *out)
{
    const char *a = NAME(tr, q->t), *b = NAME(tr, q->s);
    say(out, LANG_PICK(lang, "The cosine of output(%s) and V(%s): how alike what %s collected is to what %s hands over. %s.",
                       "输出(%s) 和 V(%s) 的余弦：「%s」取到的货和「%s」交出去的内容有多像。%s。"),
        a, b, a, b, precision_sentence(q, lang));
    char out_l[64], v_l[64];
    snprintf(out_l, sizeof out_l, LANG_PICK(lang, "output(%s)", "输出(%s)"), a);
    snprintf(v_l, sizeof v_l, "V(%s)", b);
    const QuizVec vecs[2] = {
        { out_l, TRACE_ROW(tr, output, q->t), 1, q->kind == QUIZ_COSINE ? q->digits_a : 2 },
        { v_l, TRACE_ROW(tr, v, q->s), 1, q->kind == QUIZ_COSINE ? q->digits_b : 2 } };
    say_block(out, L, 0, tr->d, vecs, 2);
}

void quiz_prompt_fit(const Trace *tr, const QuizQuestion *q, Lang lang, int cols, QuizText *out)
{
    QuizLayout lay = quiz_layout(cols);
    const QuizLayout *L = &lay;
    out->n = 0;
    switch (q->kind) {
    case QUIZ_X:          prompt_x(tr, q, lang, L, out); break;
    case QUIZ_PROJECTION: prompt_projection(tr, q, lang, L, out); break;
    case QUIZ_SCORE:
    case QUIZ_MIRRORED:   prompt_score(tr, q, lang, L, out); break;
    case QUIZ_SCALED:     prompt_scaled(tr, q, lang, L, out); break;
    case QUIZ_EXP:        prompt_exp(tr, q, lang, L, out); break;
    case QUIZ_SHARE:      prompt_share(tr, q, lang, L, out); break;
    case QUIZ_OUTPUT:     prompt_output(tr, q, lang, L, out); break;
    case QUIZ_COSINE:     prompt_cosine(tr, q, lang, L, out); break;
    case QUIZ_KIND_COUNT: break;
    }
}

void quiz_prompt(const Trace *tr, const QuizQuestion *q, Lang lang, QuizText *out)
{
    quiz_prompt_fit(tr, q, lang, QUIZ_SHEET_COLUMNS, out);
}

/* ---------------------------------------------------------------- solutions */

/* "Σ = 4.0512 → 4.05 (two decimals)". */
static void say_total(QuizText *out, const QuizQuestion *q, double sum, int sum_digits, Lang lang)
{
    char v[FORMAT_BYTES];
    say(out, LANG_PICK(lang, "Σ = %s → %s (%s)", "Σ = %s → %s（%s）"), num(sum, sum_digits),
        quiz_value_text(q, q->right, v, sizeof v), quiz_precision_text(q, lang));
}

/* One line per product "  a × b = ab", then the total. */
static void say_products(QuizText *out, const QuizQuestion *q, const ExplainTerm *terms, int n,
                         int da, int db, Lang lang)
{
    CheckedSum c;
    check_sum_as_shown(&c, terms, n, da, db, 0.0, 2);
    for (int i = 0; i < c.n && out->n < QUIZ_MAX_LINES - 4; i++) {
        ExplainTerm one = { c.a[i], c.b[i] };
        say(out, "  %s × %s = %s", num(c.a[i], da), term(c.b[i], db),
            num(quiz_printed_sum(&one, 1, da, db), da + db));
    }
    say_total(out, q, c.sum, c.sum_digits, lang);
}

static void solve_projection(const Trace *tr, const QuizQuestion *q, Lang lang, QuizText *out)
{
    const char *c = NAME(tr, q->t);
    ExplainTerm terms[CHECK_MAX_TERMS];
    int n = engine_explain_projection(tr, q->role, q->t, q->j, terms);
    say(out, LANG_PICK(lang, "%s(%s)[%d] = Σ_i x(%s)[i] × %s[i][%d]:", "%s(%s)[%d] = Σ_i x(%s)[i] × %s[i][%d]："),
        role_name(q->role), c, q->j, c, role_w(q->role), q->j);
    say_products(out, q, terms, n, q->digits_a, q->digits_b, lang);
}

static void solve_score(const Trace *tr, const QuizQuestion *q, Lang lang, QuizText *out)
{
    const char *a = NAME(tr, q->t), *b = NAME(tr, q->s);
    ExplainTerm terms[CHECK_MAX_TERMS];
    int n = engine_explain_score(tr, q->head, q->t, q->s, terms);
    say(out, LANG_PICK(lang, "Q(%s)·K(%s) = Σ_i Q(%s)[i] × K(%s)[i]:", "Q(%s)·K(%s) = Σ_i Q(%s)[i] × K(%s)[i]："),
        a, b, a, b);
    say_products(out, q, terms, n, q->digits_a, q->digits_b, lang);
}

static void solve_scaled(const Trace *tr, const QuizQuestion *q, Lang lang, QuizText *out)
{
    double raw = quiz_printed(TRACE_HSQ(tr, scores, q->head, q->t, q->s), 2);
    double root = quiz_printed(tr->scale, QUIZ_SCALE_DIGITS);
    char v[FORMAT_BYTES];
    say(out, LANG_PICK(lang, "%s ÷ %s ≈ %s → %s (%s)", "%s ÷ %s ≈ %s → %s（%s）"), num(raw, 2),
        num(root, QUIZ_SCALE_DIGITS), num(raw / root, 6), quiz_value_text(q, q->right, v, sizeof v),
        quiz_precision_text(q, lang));
}

/* Lines "三: e^(0.447 − 1.432) = e^(-0.985) = 0.3734" of a row (all, or only s when s ≥ 0):
 * the scores with sd decimals, the e^ as c rounds them. */
static void say_exps(QuizText *out, const Trace *tr, const CheckedShare *c, int only, int sd, Lang lang)
{
    for (int u = 0; u < c->n; u++) {
        if (only >= 0 && u != only)
            continue;
        if (!c->visible[u]) {
            say(out, LANG_PICK(lang, "  %s: masked, 0", "  %s：被掩码挡住，0"), NAME(tr, u));
            continue;
        }
        say(out, LANG_PICK(lang, "  %s: e^(%s − %s) = e^(%s) → %s", "  %s：e^(%s − %s) = e^(%s) → %s"),
            NAME(tr, u), num(c->scaled[u], sd),
            term(c->max, sd), num(c->scaled[u] - c->max, sd), num(c->exps[u], c->exp_digits));
    }
}

/* "max = 1.43 (加)". */
static void say_max(QuizText *out, const Trace *tr, const CheckedShare *c, Lang lang, int sd)
{
    int at = 0;
    for (int u = 0; u < c->n; u++)
        if (c->visible[u] && c->scaled[u] == c->max) {
            at = u;
            break;
        }
    say(out, LANG_PICK(lang, "max of the row = %s (%s)", "这一行的最大值 = %s（「%s」）"), num(c->max, sd),
        NAME(tr, at));
}

static void solve_exp(const Trace *tr, const QuizQuestion *q, Lang lang, QuizText *out)
{
    CheckedShare c;
    quiz_exp_row(tr, q, false, &c);
    say_max(out, tr, &c, lang, q->digits_b);
    say_exps(out, tr, &c, q->s, q->digits_b, lang);
    char v[FORMAT_BYTES];
    say(out, LANG_PICK(lang, "→ %s (%s)", "→ %s（%s）"), quiz_value_text(q, q->right, v, sizeof v),
        quiz_precision_text(q, lang));
}

static void solve_share(const Trace *tr, const QuizQuestion *q, Lang lang, QuizText *out)
{
    double root = quiz_printed(tr->scale, QUIZ_SCALE_DIGITS);
    int rd = q->digits_a, sd = q->digits_b;
    for (int u = 0; u < tr->T; u++) {
        double raw = quiz_printed(TRACE_HSQ(tr, scores, q->head, q->t, u), rd);
        if (engine_visible(tr, q->t, u))
            say(out, LANG_PICK(lang, "  %s: %s ÷ %s ≈ %s → %s", "  %s：%s ÷ %s ≈ %s → %s"), NAME(tr, u),
                num(raw, rd), num(root, QUIZ_SCALE_DIGITS),
                num(raw / root, sd + 3), num(quiz_printed(raw / root, sd), sd));
    }
    CheckedShare c;
    quiz_printed_row_share(tr, q->head, q->t, q->s, true, sd + 1, rd, sd, &c);
    say_max(out, tr, &c, lang, sd);
    say_exps(out, tr, &c, -1, sd, lang);
    say(out, "Σ e^ = %s", num(c.sum, c.exp_digits));
    char v[FORMAT_BYTES];
    say(out, LANG_PICK(lang, "share = %s ÷ %s ≈ %s → %s (%s)", "百分比 = %s ÷ %s ≈ %s → %s（%s）"),
        num(c.exps[q->s], c.exp_digits), num(c.sum, c.exp_digits), num(c.share, 6),
        quiz_value_text(q, q->right, v, sizeof v), quiz_precision_text(q, lang));
}

static void solve_output(const Trace *tr, const QuizQuestion *q, Lang lang, QuizText *out)
{
    const char *a = NAME(tr, q->t);
    ExplainTerm terms[MODEL_MAX_TOKENS];
    for (int s = 0; s < tr->T; s++) {
        terms[s].a = quiz_printed_share(TRACE_HSQ(tr, weights, q->head, q->t, s));
        terms[s].b = TRACE_ROW(tr, v, s)[q->j];
    }
    double big = 0.0;   /* the row's largest share, the example of a percentage as a fraction */
    for (int s = 0; s < tr->T; s++)
        big = terms[s].a > big ? terms[s].a : big;
    char pct[FORMAT_BYTES], frac[FORMAT_BYTES];
    format_fixed(pct, sizeof pct, big * 100.0, 1);
    format_fixed(frac, sizeof frac, big, 3);
    say(out, LANG_PICK(lang, "output(%s)[%d] = Σ_s share(%s,s) × V(s)[%d] (%s%% is %s):",
                       "输出(%s)[%d] = Σ_s 百分比(%s,s) × V(s)[%d]（%s%% 就是 %s）："),
        a, q->j, a, q->j, pct, frac);
    say_products(out, q, terms, tr->T, 3, 2, lang);
}

static void solve_cosine(const Trace *tr, const QuizQuestion *q, Lang lang, QuizText *out)
{
    const char *a = NAME(tr, q->t), *b = NAME(tr, q->s);
    CheckedCosine c;
    int dd = 2 * q->digits_a;   /* the sums' exact decimals */
    check_cosine_printed(&c, TRACE_ROW(tr, output, q->t), TRACE_ROW(tr, v, q->s), tr->d, q->digits_a);
    const char *o = LANG_PICK(lang, "output", "输出");   /* as the question names it */
    say(out, "%s(%s)·V(%s) = Σ_i %s(%s)[i] × V(%s)[i] = %s", o, a, b, o, a, b, num(c.dot, dd));
    say(out, "|%s(%s)| = √(Σ_i %s(%s)[i]²) = √%s ≈ %s", o, a, o, a, num(c.aa, dd), num(c.na, 6));
    say(out, "|V(%s)| = √(Σ_i V(%s)[i]²) = √%s ≈ %s", b, b, num(c.bb, dd), num(c.nb, 6));
    char v[FORMAT_BYTES];
    say(out, LANG_PICK(lang, "cos = %s ÷ (%s × %s) ≈ %s → %s (%s)", "余弦 = %s ÷ (%s × %s) ≈ %s → %s（%s）"),
        num(c.dot, dd), num(c.na, 6), num(c.nb, 6), num(c.cosine, QUIZ_COSINE_DIGITS),
        quiz_value_text(q, q->right, v, sizeof v), quiz_precision_text(q, lang));
}

static void solve_x(const Trace *tr, const QuizQuestion *q, Lang lang, QuizText *out)
{
    const char *c = NAME(tr, q->t);
    /* the rows' own names, as the question's table labels them */
    say(out, LANG_PICK(lang, "x(%s)[%d] = e(%s)[%d] + pe(%s)[%d] = %s + %s = %s",
                       "x(%s)[%d] = 词向量(%s)[%d] + 位置(%s)[%d] = %s + %s = %s"), c, q->j, c, q->j, c, q->j,
        num(TRACE_ROW(tr, embedding, q->t)[q->j], 2), term(TRACE_ROW(tr, position, q->t)[q->j], 2),
        num(q->right, 2));
}

/* "known mistakes: forgot ÷√d gives 4.05", one line each. */
static void say_mistakes(QuizText *out, const QuizQuestion *q, Lang lang)
{
    if (q->n_mistakes == 0)
        return;
    say(out, "%s", LANG_PICK(lang, "Known mistakes give:", "常见的错误答案："));
    for (int i = 0; i < q->n_mistakes && out->n < QUIZ_MAX_LINES - 1; i++) {
        const QuizMistakeValue *m = &q->mistakes[i];
        char v[FORMAT_BYTES];
        format_fixed(v, sizeof v, m->value, m->digits);
        if (m->percent)
            strcat(v, "%");
        if (m->column >= 0)
            say(out, LANG_PICK(lang, "  %s (column %d): %s", "  %s（第 %d 列）：%s"),
                quiz_mistake_name(m->mistake, lang), m->column, v);
        else
            say(out, LANG_PICK(lang, "  %s: %s", "  %s：%s"), quiz_mistake_name(m->mistake, lang), v);
    }
}

void quiz_solution(const Trace *tr, const QuizQuestion *q, Lang lang, QuizText *out)
{
    out->n = 0;
    switch (q->kind) {
    case QUIZ_X:          solve_x(tr, q, lang, out); break;
    case QUIZ_PROJECTION: solve_projection(tr, q, lang, out); break;
    case QUIZ_SCORE:
    case QUIZ_MIRRORED:   solve_score(tr, q, lang, out); break;
    case QUIZ_SCALED:     solve_scaled(tr, q, lang, out); break;
    case QUIZ_EXP:        solve_exp(tr, q, lang, out); break;
    case QUIZ_SHARE:      solve_share(tr, q, lang, out); break;
    case QUIZ_OUTPUT:     solve_output(tr, q, lang, out); break;
    case QUIZ_COSINE:     solve_cosine(tr, q, lang, out); break;
    case QUIZ_KIND_COUNT: break;
    }
    say_mistakes(out, q, lang);
    char v[FORMAT_BYTES];
    if (out->n >= QUIZ_MAX_LINES)
        out->n = QUIZ_MAX_LINES - 1;   /* the answer line is always there */
    say(out, LANG_PICK(lang, "answer %d: %s", "答案 %d：%s"), q->number, quiz_value_text(q, q->right, v, sizeof v));
}
