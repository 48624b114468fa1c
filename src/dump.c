/* dump.c — prints a forward pass: aligned text tables for people (English or Chinese),
 * JSON for tools, and the model itself in the model-file format.
 * Owns: layout of the --dump output, and finding out whether it was written.
 * Must not touch: the terminal, the arithmetic (it only reads the Trace and the model). */
#include "dump.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "charname.h"
#include "check.h"
#include "format.h"
#include "model_write.h"
#include "text.h"

#define CELL 7           /* least columns per number in the text tables */
#define DECIMALS 2       /* decimals of a table's numbers, as the lesson rounds (4.05) */
#define PERCENT (-1)     /* "decimals" of a table of shares: percentages, 52.4% */
#define VOCAB_PER_LINE 10 /* vocabulary entries per line of a written model */

/* A heading in the two languages. */
#define SAY(zh, en_text, zh_text) ((zh) ? (zh_text) : (en_text))

/* ---------------------------------------------------------------- text helpers */

/* Character t as the text tables name it (加₂ where it repeats; JSON keeps positions), in a
 * buffer that lives to the end of the enclosing block. */
#define NAME(tr, t) charname_of((tr)->tokens, (tr)->T, (t), (char[CHARNAME_BYTES]){ 0 }, CHARNAME_BYTES)

/* Width of the row-label column: the widest "label(char)" plus a gap. */
static int label_width(const Trace *tr)
{
    int w = 0;
    for (int t = 0; t < tr->T; t++) {
        int tw = text_width(NAME(tr, t));
        if (tw > w)
            w = tw;
    }
    return w + 2;
}

static void put_padded(FILE *out, const char *s, int columns, int align)
{
    char buf[256];
    text_pad(buf, sizeof buf, s, columns, align);
    fputs(buf, out);
}

static void put_heading(FILE *out, const char *title)
{
    fprintf(out, "\n%s\n", title);
}

/* The text of one number as the tables write it: with `digits` decimals, or a percentage
 * when digits is PERCENT. */
static char *cell_text(char *buf, size_t cap, double v, int digits)
{
    return digits == PERCENT ? format_percent(buf, cap, v) : format_fixed(buf, cap, v, digits);
}

/* Columns per number for a table of n numbers: CELL, or wider so that the widest
 * number keeps a blank before it. */
static int cell_width(const double *v, size_t n, int digits)
{
    int w = CELL;
    char num[FORMAT_BYTES];
    for (size_t i = 0; i < n; i++) {
        int len = (int)strlen(cell_text(num, sizeof num, v[i], digits)) + 1;
        if (len > w)
            w = len;
    }
    return w;
}

/* Header row of dimension numbers 0..cols-1. */
static void put_dim_header(FILE *out, int lw, int cols, int cell)
{
    put_padded(out, "", lw, -1);
    for (int j = 0; j < cols; j++)
        fprintf(out, "%*d", cell, j);
    fputc('\n', out);
}

/* Header row of the sentence's characters (columns of a T×T table). */
static void put_token_header(FILE *out, const Trace *tr, int lw, int cell)
{
    put_padded(out, "", lw, -1);
    for (int s = 0; s < tr->T; s++)
        put_padded(out, NAME(tr, s), cell, +1);
    fputc('\n', out);
}

/* One row: label, then n numbers with `digits` decimals (or percentages); where hidden is
 * given, a hidden entry (masked) is written "-inf". */
static void put_row_masked(FILE *out, const char *label, int lw, const double *v, int n,
                           int digits, int cell, const bool *hidden)
{
    char num[FORMAT_BYTES];
    put_padded(out, label, lw, -1);
    for (int j = 0; j < n; j++)
        put_padded(out, hidden && hidden[j] ? "-inf" : cell_text(num, sizeof num, v[j], digits),
                   cell, +1);
    fputc('\n', out);
}

static void put_row(FILE *out, const char *label, int lw, const double *v, int n, int digits,
                    int cell)
{
    put_row_masked(out, label, lw, v, n, digits, cell, NULL);
}

/* A T×d table with one row per character. */
static void put_token_rows(FILE *out, const Trace *tr, const char *title, const double *m)
{
    int lw = label_width(tr);
    int cell = cell_width(m, (size_t)tr->T * (size_t)tr->d, DECIMALS);
    put_heading(out, title);
    put_dim_header(out, lw, tr->d, cell);
    for (int t = 0; t < tr->T; t++)
        put_row(out, NAME(tr, t), lw, m + (size_t)t * (size_t)tr->d, tr->d, DECIMALS, cell);
}

/* A d×d weight matrix, row i = input dimension i. */
static void put_matrix(FILE *out, const char *title, const double *w, int d)
{
    char label[16];
    int cell = cell_width(w, (size_t)d * (size_t)d, DECIMALS);
    put_heading(out, title);
    put_dim_header(out, 4, d, cell);
    for (int i = 0; i < d; i++) {
        snprintf(label, sizeof label, "%d", i);
        put_row(out, label, 4, w + (size_t)i * (size_t)d, d, DECIMALS, cell);
    }
}

/* A T×T table, row = the asking character, column = the answering one, its numbers with
 * `digits` decimals (or PERCENT); with masked, what the causal mask hides is written "-inf". */
static void put_square(FILE *out, const Trace *tr, const char *title, const double *m, int digits,
                       bool masked)
{
    int lw = label_width(tr);
    int cell = cell_width(m, (size_t)tr->T * (size_t)tr->T, digits);
    put_heading(out, title);
    put_token_header(out, tr, lw, cell);
    for (int t = 0; t < tr->T; t++) {
        bool hidden[MODEL_MAX_TOKENS];
        for (int s = 0; s < tr->T; s++)
            hidden[s] = masked && !engine_visible(tr, t, s);
        put_row_masked(out, NAME(tr, t), lw, m + (size_t)t * (size_t)tr->T, tr->T, digits, cell, hidden);
    }
}

/* What if: the line under head h's scores saying which one the learner set (none: nothing). */
static void put_score_set(FILE *out, const Trace *tr, int h, bool zh)
{
    const ScoreSet *set = &tr->score_set;
    double was;
    if (!engine_score_set(tr, h, set->row, set->col, &was))
        return;
    char now[FORMAT_BYTES], before[FORMAT_BYTES];
    format_fixed(now, sizeof now, TRACE_HSQ(tr, scores, h, set->row, set->col), 2);
    format_fixed(before, sizeof before, was, 2);
    const char *a = NAME(tr, set->row), *b = NAME(tr, set->col);
    if (zh)
        fprintf(out, "分数(%s→%s) = %s 是你改过的数（--set）；原来 Q(%s)·K(%s) = %s\n", a, b, now, a, b, before);
    else
        fprintf(out, "score(%s→%s) = %s was set by you (what-if, --set); Q(%s)·K(%s) was %s\n", a, b, now, a, b, before);
}

/* The decimals of head h's ÷√d table: the most any row's hand check needs (check_share:
 * 1.432 for 等's row, as the arcs' softmax panel prints it), so that softmax redone from a
 * printed row gives the printed shares; 2 decimals gave 52.3% for 52.4%. */
static int scaled_digits(const Trace *tr, int h)
{
    int digits = DECIMALS;
    for (int t = 0; t < tr->T; t++) {
        int row = check_scaled_digits(tr, h, t);
        digits = row > digits ? row : digits;
    }
    return digits;
}

/* The T×T tables of every head: raw scores, ÷√dh (masked "-inf"), shares. */
static void put_heads(FILE *out, const Trace *tr, bool zh)
{
    char title[640], head[64];   /* the longest: ③ in Chinese, causal, two heads (263 bytes) */
    size_t TT = (size_t)tr->T * (size_t)tr->T;
    for (int h = 0; h < tr->heads; h++) {
        head[0] = '\0';
        if (tr->heads > 1)
            snprintf(head, sizeof head, zh ? "——头 %d（第 %d-%d 维）" : " — head %d (dimensions %d-%d)",
                     h + 1, h * tr->dh, h * tr->dh + tr->dh - 1);
        snprintf(title, sizeof title, "%s%s", SAY(zh, "② Scores Q·Kᵀ   row = the character asking, column = the one asked",
                                              "② 打分：Q·Kᵀ   行 = 提问的字，列 = 被问的字"), head);
        put_square(out, tr, title, tr->scores + (size_t)h * TT, DECIMALS, false);
        put_score_set(out, tr, h, zh);
        if (zh)
            snprintf(title, sizeof title, "③ 变百分比的第一步：分数 ÷ √%d = 分数 ÷ %.6f%s%s\n"
                     "（用没有四舍五入的分数算，保留 %d 位小数：对每一行做 softmax，正好得到下面的百分比）",
                     tr->dh, tr->scale, tr->mask == MASK_CAUSAL ? "（因果掩码：看不到后面的字，-inf）" : "",
                     head, scaled_digits(tr, h));
        else
            snprintf(title, sizeof title, "③ Scores ÷ √%d = scores ÷ %.6f, softmax's first step%s%s\n"
                     "(of the unrounded scores, to %d decimals: softmax of each row gives the shares below)",
                     tr->dh, tr->scale, tr->mask == MASK_CAUSAL ? " (causal mask: later characters are -inf)" : "",
                     head, scaled_digits(tr, h));
        put_square(out, tr, title, tr->scaled + (size_t)h * TT, scaled_digits(tr, h), true);
        snprintf(title, sizeof title, "%s%s", SAY(zh, "③ Softmax shares   each row sums to 100%",
                                              "③ 变百分比：softmax   每行加起来正好 100%"), head);
        put_square(out, tr, title, tr->weights + (size_t)h * TT, PERCENT, false);
    }
}

/* Under the cosines, when any differs from what the two-decimal tables above give (0.9851
 * for the lesson's 0.9855): they are of the unrounded numbers. One value per cosine: the
 * lesson's; the line says why a hand check from the tables lands a little off. */
static void put_closest_printed(FILE *out, const Trace *tr, bool zh)
{
    bool differ = false;
    for (int t = 0; t < tr->T && !differ; t++) {
        double c;
        int s = engine_closest_value(tr, t, &c);
        CheckedCosine cc;
        check_cosine_printed(&cc, TRACE_ROW(tr, output, t), TRACE_ROW(tr, v, s), tr->d, DECIMALS);
        char printed[FORMAT_BYTES], unrounded[FORMAT_BYTES];
        differ = strcmp(format_fixed(printed, sizeof printed, cc.cosine, 4),
                        format_fixed(unrounded, sizeof unrounded, c, 4)) != 0;
    }
    if (!differ)
        return;
    fputs(SAY(zh, "(of the unrounded output and V: redone from the two-decimal tables above, the last "
                  "digits come out a little otherwise)\n",
              "（用没有四舍五入的输出和 V 算；拿上面两位小数的表重算，最后几位会略有不同）\n"), out);
}

static void put_closest(FILE *out, const Trace *tr, bool zh)
{
    char cos_text[FORMAT_BYTES];
    put_heading(out, SAY(zh, "Whose V each output most resembles (cosine)",
                         "每个字的输出最像谁的 V（余弦）"));
    for (int t = 0; t < tr->T; t++) {
        double c;
        int s = engine_closest_value(tr, t, &c);
        format_fixed(cos_text, sizeof cos_text, c, 4);
        if (zh)
            fprintf(out, "「%s」的输出最像 V(%s)：余弦 %s\n", NAME(tr, t), NAME(tr, s), cos_text);
        else
            fprintf(out, "output(%s) is most like V(%s): cosine %s\n", NAME(tr, t),
                    NAME(tr, s), cos_text);
    }
    put_closest_printed(out, tr, zh);
}

/* ---------------------------------------------------------------- text */

/* The opening lines: the sentence and its sizes, the parameter count and √128, and how the
 * tables are rounded (Q redone from the printed x and Wq is 0.01 off in 9 of 48 places). */
static void put_title(FILE *out, const Trace *tr, const char *sentence, bool zh)
{
    if (zh) {
        fprintf(out, "attn-tui：自注意力，句子「%s」（T = %d 个字，d = %d，√%d = %.6f）\n",
                sentence, tr->T, tr->d, tr->dh, tr->scale);
        fprintf(out, "Wq、Wk、Wv：3 × %d×%d = %d 个可训练参数。真实模型一个头 128 维："
                     "√128 = %.6f。\n", tr->d, tr->d, 3 * tr->d * tr->d, sqrt(128.0));
        fprintf(out, "每张表都用没有四舍五入的数算，显示时才四舍五入：拿显示的数重算，最后一位可能差 1。\n");
        return;
    }
    fprintf(out, "attn-tui: self-attention on %s  (T = %d %s, d = %d, √%d = %.6f)\n",
            sentence, tr->T, tr->T == 1 ? "character" : "characters", tr->d, tr->dh, tr->scale);
    fprintf(out, "Wq, Wk, Wv: 3 × %d×%d = %d trainable numbers. "
                 "A real model's head is 128 wide: √128 = %.6f.\n",
            tr->d, tr->d, 3 * tr->d * tr->d, sqrt(128.0));
    fprintf(out, "Tables are computed from the unrounded numbers, then rounded: redone from the printed "
                 "ones, a last digit can be 1 off.\n");
}

/* Lesson 7's preview, when it is on: the mask and the heads. */
static void put_lesson7(FILE *out, const Trace *tr, bool zh)
{
    if (tr->mask == MASK_CAUSAL)
        fputs(SAY(zh, "Lesson 7 preview: causal mask (each character sees itself and the ones before it)\n",
                  "第 7 课预览：因果掩码（每个字只看自己和前面的字）\n"), out);
    if (tr->heads > 1) {
        if (zh)
            fprintf(out, "第 7 课预览：%d 个头，每个宽 %d（Wq、Wk、Wv 按列切开），各自 ÷ √%d，输出拼起来\n",
                    tr->heads, tr->dh, tr->dh);
        else
            fprintf(out, "Lesson 7 preview: %d heads of width %d (Wq, Wk, Wv split column-wise), "
                         "each ÷ √%d, outputs side by side\n", tr->heads, tr->dh, tr->dh);
    }
}

/* The readout at the last position: each answer's logit and probability, then the
 * prediction ("三加五等于? → 八  97.3%"). Nothing for a model without a readout. */
static void put_readout(FILE *out, const Trace *tr, const char *sentence, bool zh)
{
    const Model *m = tr->model;
    double p;
    const char *said = engine_prediction(tr, &p);
    if (!said)
        return;
    put_heading(out, SAY(zh, "Readout at the last character: logits = h·Wo + bo, probabilities = softmax",
                         "输出层：logits（未归一化的分数）= h·Wo + bo，概率 = softmax(logits)"));
    char num[FORMAT_BYTES];
    for (int c = 0; c < m->answers_count; c++) {
        put_padded(out, m->vocab[m->answers[c]], 4, -1);
        fprintf(out, "%10s", format_fixed(num, sizeof num, tr->logits[c], 4));
        fprintf(out, "%9s\n", format_percent(num, sizeof num, tr->probs[c]));
    }
    fprintf(out, "%s %s → %s  %s\n", SAY(zh, "prediction:", "预测："), sentence, said,
            format_percent(num, sizeof num, p));
}

void dump_text(FILE *out, const Trace *tr, const char *sentence, bool zh)
{
    put_title(out, tr, sentence, zh);
    put_lesson7(out, tr, zh);
    put_token_rows(out, tr, SAY(zh, "Word vectors (lesson 3)", "词向量（第 3 课）"), tr->embedding);
    put_token_rows(out, tr, SAY(zh, "Position fingerprints (lesson 5): sin/cos(p / 10000^(2i/d))",
                                "位置指纹（第 5 课）：sin/cos(p / 10000^(2i/d))"), tr->position);
    put_token_rows(out, tr, SAY(zh, "x = word vector + fingerprint", "x = 词向量 + 位置指纹"), tr->x);
    put_matrix(out, SAY(zh, "Wq (row i = input dimension i, column j = output dimension j)",
                        "Wq（第 i 行 = 输入第 i 维，第 j 列 = 输出第 j 维）"), tr->model->wq, tr->d);
    put_matrix(out, "Wk", tr->model->wk, tr->d);
    put_matrix(out, "Wv", tr->model->wv, tr->d);
    put_token_rows(out, tr, SAY(zh, "① Q = x·Wq   what I look for",
                                "① 三个分身：Q = x·Wq   我在找什么"), tr->q);
    put_token_rows(out, tr, SAY(zh, "① K = x·Wk   my name tag",
                                "① 三个分身：K = x·Wk   我挂出的名牌"), tr->k);
    put_token_rows(out, tr, SAY(zh, "① V = x·Wv   what I hand over",
                                "① 三个分身：V = x·Wv   我要交出去的内容"), tr->v);
    put_heads(out, tr, zh);
    put_token_rows(out, tr, SAY(zh, "④ Output = shares · V   [T, d] in, [T, d] out",
                                "④ 取货：输出 = 百分比 · V   输入 [T, d]，输出 [T, d]"), tr->output);
    put_closest(out, tr, zh);
    put_readout(out, tr, sentence, zh);
}

/* ---------------------------------------------------------------- json */

static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(out, "\\u%04x", *p);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}

/* One rows × cols matrix as rows of numbers (null where hidden[r·cols + c], if given). */
static void json_rows(FILE *out, const double *m, int rows, int cols, const bool *hidden,
                      const char *indent)
{
    for (int r = 0; r < rows; r++) {
        fprintf(out, "%s\n%s[", r ? "," : "", indent);
        for (int c = 0; c < cols; c++) {
            size_t i = (size_t)r * (size_t)cols + (size_t)c;
            if (hidden && hidden[i])
                fprintf(out, "%snull", c ? ", " : "");
            else
                format_c_fprintf(out, "%s%.17g", c ? ", " : "", m[i]);
        }
        fputc(']', out);
    }
}

static void json_matrix(FILE *out, const char *key, const double *m, int rows, int cols)
{
    fprintf(out, ",\n  \"%s\": [", key);
    json_rows(out, m, rows, cols, NULL, "    ");
    fputs("\n  ]", out);
}

/* A T×T table of every head: [T][T] with one head, [H][T][T] with more; where masked,
 * the entries the mask hides are null (PyTorch's −∞). */
static void json_heads(FILE *out, const Trace *tr, const char *key, const double *m, bool masked)
{
    size_t TT = (size_t)tr->T * (size_t)tr->T;
    bool hidden[MODEL_MAX_TOKENS * MODEL_MAX_TOKENS];
    for (int t = 0; t < tr->T; t++)
        for (int s = 0; s < tr->T; s++)
            hidden[t * tr->T + s] = masked && !engine_visible(tr, t, s);
    fprintf(out, ",\n  \"%s\": [", key);
    if (tr->heads == 1) {
        json_rows(out, m, tr->T, tr->T, hidden, "    ");
    } else {
        for (int h = 0; h < tr->heads; h++) {
            fprintf(out, "%s\n    [", h ? "," : "");
            json_rows(out, m + (size_t)h * TT, tr->T, tr->T, hidden, "      ");
            fputs("\n    ]", out);
        }
    }
    fputs("\n  ]", out);
}

/* "most_like_v": for each character, the V its output most resembles. */
static void json_closest(FILE *out, const Trace *tr)
{
    fputs(",\n  \"most_like_v\": [", out);
    for (int t = 0; t < tr->T; t++) {
        double c;
        int s = engine_closest_value(tr, t, &c);
        fprintf(out, "%s\n    {\"index\": %d, \"token\": ", t ? "," : "", s);
        json_string(out, tr->tokens[s]);
        format_c_fprintf(out, ", \"cosine\": %.17g}", c);
    }
    fputs("\n  ]", out);
}

static void json_vector(FILE *out, const char *key, const double *v, int n)
{
    fprintf(out, ",\n  \"%s\": [", key);
    for (int i = 0; i < n; i++)
        format_c_fprintf(out, "%s%.17g", i ? ", " : "", v[i]);
    fputc(']', out);
}

/* What if: the score the learner set, with the Q·K it replaced (none: nothing). */
static void json_score_set(FILE *out, const Trace *tr)
{
    const ScoreSet *set = &tr->score_set;
    double was;
    if (!engine_score_set(tr, set->head, set->row, set->col, &was))
        return;
    format_c_fprintf(out, ",\n  \"score_set\": {\"head\": %d, \"row\": %d, \"col\": %d, \"value\": %.17g, "
            "\"was\": %.17g}", set->head, set->row, set->col, set->value, was);
}

/* A model with a readout: answers, Wo, bo (W1, b1, W2), logits, probs and the prediction. */
static void json_readout(FILE *out, const Trace *tr)
{
    const Model *m = tr->model;
    double p;
    const char *said = engine_prediction(tr, &p);
    if (!said)
        return;
    fputs(",\n  \"answers\": [", out);
    for (int c = 0; c < m->answers_count; c++) {
        if (c)
            fputs(", ", out);
        json_string(out, m->vocab[m->answers[c]]);
    }
    fputc(']', out);
    json_matrix(out, "wo", m->wo, m->d, m->answers_count);
    json_vector(out, "bo", m->bo, m->answers_count);
    if (m->hidden > 0) {
        json_matrix(out, "w1", m->w1, m->d, m->hidden);
        json_vector(out, "b1", m->b1, m->hidden);
        json_matrix(out, "w2", m->w2, m->hidden, m->d);
    }
    json_vector(out, "logits", tr->logits, m->answers_count);
    json_vector(out, "probs", tr->probs, m->answers_count);
    fputs(",\n  \"prediction\": {\"char\": ", out);
    json_string(out, said);
    format_c_fprintf(out, ", \"p\": %.17g}", p);
}

void dump_json(FILE *out, const Trace *tr, const char *sentence)
{
    fputs("{\n  \"sentence\": ", out);
    json_string(out, sentence);
    fputs(",\n  \"tokens\": [", out);
    for (int t = 0; t < tr->T; t++) {
        if (t)
            fputs(", ", out);
        json_string(out, tr->tokens[t]);
    }
    format_c_fprintf(out, "],\n  \"d\": %d,\n  \"heads\": %d,\n  \"head_width\": %d,\n  \"mask\": \"%s\","
                 "\n  \"scale\": %.17g", tr->d, tr->heads, tr->dh,
            tr->mask == MASK_CAUSAL ? "causal" : "none", tr->scale);
    json_matrix(out, "embedding", tr->embedding, tr->T, tr->d);
    json_matrix(out, "position", tr->position, tr->T, tr->d);
    json_matrix(out, "x", tr->x, tr->T, tr->d);
    json_matrix(out, "wq", tr->model->wq, tr->d, tr->d);
    json_matrix(out, "wk", tr->model->wk, tr->d, tr->d);
    json_matrix(out, "wv", tr->model->wv, tr->d, tr->d);
    json_matrix(out, "q", tr->q, tr->T, tr->d);
    json_matrix(out, "k", tr->k, tr->T, tr->d);
    json_matrix(out, "v", tr->v, tr->T, tr->d);
    json_heads(out, tr, "scores", tr->scores, false);
    json_score_set(out, tr);
    json_heads(out, tr, "scaled", tr->scaled, true);
    json_heads(out, tr, "weights", tr->weights, false);
    json_matrix(out, "output", tr->output, tr->T, tr->d);
    json_closest(out, tr);
    json_readout(out, tr);
    fputs("\n}\n", out);
}

/* ---------------------------------------------------------------- model */

/* The widest of n numbers written exactly, in bytes (they are ASCII). */
static int exact_width(const double *v, size_t n)
{
    char num[FORMAT_BYTES];
    int w = 1;
    for (size_t i = 0; i < n; i++) {
        int len = (int)strlen(format_exact(num, sizeof num, v[i]));
        if (len > w)
            w = len;
    }
    return w;
}

/* One line of numbers, each right-aligned to width, after an optional label. */
static void model_row(FILE *out, const char *label, int label_cols, const double *v, int n,
                      int width)
{
    char num[FORMAT_BYTES];
    if (label)
        put_padded(out, label, label_cols, -1);
    for (int j = 0; j < n; j++)
        fprintf(out, "%s%*s", j || label ? " " : "", width, format_exact(num, sizeof num, v[j]));
    fputc('\n', out);
}

static void model_matrix(FILE *out, const char *name, const char *note, const double *w, int d)
{
    int width = exact_width(w, (size_t)d * (size_t)d);
    fprintf(out, "\n[%s]\n# %s\n", name, note);
    for (int i = 0; i < d; i++)
        model_row(out, NULL, 0, w + (size_t)i * (size_t)d, d, width);
}

/* A rows × cols block of numbers under its header and a note. */
static void model_block(FILE *out, const char *name, const char *note, const double *w, int rows,
                        int cols)
{
    int width = exact_width(w, (size_t)rows * (size_t)cols);
    fprintf(out, "\n[%s]\n# %s\n", name, note);
    for (int i = 0; i < rows; i++)
        model_row(out, NULL, 0, w + (size_t)i * (size_t)cols, cols, width);
}

/* The optional sections of a model with a readout (and an MLP, and its heads). */
static void dump_model_readout(FILE *out, const Model *m)
{
    if (m->heads > 0)
        fprintf(out, "\n[heads]\n%d\n", m->heads);
    if (m->answers_count == 0)
        return;
    fputs("\n[answers]\n", out);
    for (int i = 0; i < m->answers_count; i++)
        fprintf(out, "%s%s", m->vocab[m->answers[i]],
                i + 1 == m->answers_count || i % VOCAB_PER_LINE == VOCAB_PER_LINE - 1 ? "\n" : " ");
    if (m->hidden > 0) {
        model_block(out, "w1", "the MLP: a = relu(h0 · W1 + b1), d rows of m", m->w1, m->d, m->hidden);
        model_block(out, "b1", "one row of m", m->b1, 1, m->hidden);
        model_block(out, "w2", "h = h0 + a · W2, m rows of d", m->w2, m->hidden, m->d);
    }
    model_block(out, "wo", "logits = h · Wo + bo: d rows, a column per answer", m->wo, m->d,
                m->answers_count);
    model_block(out, "bo", "one row, a number per answer", m->bo, 1, m->answers_count);
}

void dump_model(FILE *out, const Model *m, const char *sentence)
{
    if (m->layers > 0) {   /* a layered model has its own sections */
        model_write_layered(out, m, sentence, NULL);
        return;
    }
    int label_cols = 0;
    for (int i = 0; i < m->vocab_size; i++)
        if (text_width(m->vocab[i]) > label_cols)
            label_cols = text_width(m->vocab[i]);
    fputs("# An attn-tui model, written by attn-tui (--dump --format model, --train, or w on the\n"
          "# train screen).\n"
          "# The format: model-format.md (see `man attn-tui`). Edit it, then run\n"
          "#   attn-tui --model FILE\n", out);
    fputs("\n[vocab]\n", out);
    for (int i = 0; i < m->vocab_size; i++)
        fprintf(out, "%s%s", m->vocab[i],
                i + 1 == m->vocab_size || i % VOCAB_PER_LINE == VOCAB_PER_LINE - 1 ? "\n" : " ");
    fprintf(out, "\n[d]\n%d\n", m->d);
    fprintf(out, "\n[sentence]\n%s\n", sentence);
    fprintf(out, "\n[embedding]\n# character, then its word vector of d = %d numbers\n", m->d);
    int width = exact_width(m->embedding, (size_t)m->vocab_size * (size_t)m->d);
    for (int i = 0; i < m->vocab_size; i++)
        model_row(out, m->vocab[i], label_cols, m->embedding + (size_t)i * (size_t)m->d, m->d, width);
    model_matrix(out, "wq", "Q = x · Wq: row i, column j carries input dimension i into "
                 "output dimension j", m->wq, m->d);
    model_matrix(out, "wk", "K = x · Wk", m->wk, m->d);
    model_matrix(out, "wv", "V = x · Wv", m->wv, m->d);
    dump_model_readout(out, m);
}

/* ---------------------------------------------------------------- writing */

/* Writes len bytes to out and flushes; 0 or the errno of the failure. */
static int write_all(FILE *out, const char *buf, size_t len)
{
    errno = 0;
    if (fwrite(buf, 1, len, out) != len || fflush(out) != 0 || ferror(out))
        return errno ? errno : EIO;
    return 0;
}

int dump_write(FILE *out, const Trace *tr, const char *sentence, const DumpOptions *o)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return errno ? errno : ENOMEM;
    if (o->format == DUMP_JSON)
        dump_json(mem, tr, sentence);
    else if (o->format == DUMP_MODEL)
        dump_model(mem, tr->model, sentence);
    else
        dump_text(mem, tr, sentence, o->zh);
    int failed = ferror(mem);
    if (fclose(mem) != 0 || failed) {
        free(buf);
        return ENOMEM;
    }
    int e = write_all(out, buf, len);
    free(buf);
    return e;
}
