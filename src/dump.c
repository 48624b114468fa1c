/* dump.c — prints a forward pass: aligned text tables for people (English or Chinese),
 * JSON for tools, and the model itself in the model-file format.
 * Owns: layout of the --dump output, and finding out whether it was written.
 * Must not touch: the terminal, the arithmetic (it only reads the Trace and the model). */
#include "dump.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "format.h"
#include "text.h"

#define CELL 7           /* least columns per number in the text tables */
#define VOCAB_PER_LINE 10 /* vocabulary entries per line of a written model */

/* A heading in the two languages. */
#define SAY(zh, en_text, zh_text) ((zh) ? (zh_text) : (en_text))

/* ---------------------------------------------------------------- text helpers */

/* Width of the row-label column: the widest "label(char)" plus a gap. */
static int label_width(const Trace *tr)
{
    int w = 0;
    for (int t = 0; t < tr->T; t++) {
        int tw = text_width(tr->tokens[t]);
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

/* The text of one number as the tables write it. */
static char *cell_text(char *buf, size_t cap, double v, int percent)
{
    return percent ? format_percent(buf, cap, v) : format_fixed(buf, cap, v, 2);
}

/* Columns per number for a table of n numbers: CELL, or wider so that the widest
 * number keeps a blank before it. */
static int cell_width(const double *v, size_t n, int percent)
{
    int w = CELL;
    char num[FORMAT_BYTES];
    for (size_t i = 0; i < n; i++) {
        int len = (int)strlen(cell_text(num, sizeof num, v[i], percent)) + 1;
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
        put_padded(out, tr->tokens[s], cell, +1);
    fputc('\n', out);
}

/* One row: label, then n numbers with two decimals (or percentages). */
static void put_row(FILE *out, const char *label, int lw, const double *v, int n, int percent,
                    int cell)
{
    char num[FORMAT_BYTES];
    put_padded(out, label, lw, -1);
    for (int j = 0; j < n; j++)
        put_padded(out, cell_text(num, sizeof num, v[j], percent), cell, +1);
    fputc('\n', out);
}

/* A T×d table with one row per character. */
static void put_token_rows(FILE *out, const Trace *tr, const char *title, const double *m)
{
    int lw = label_width(tr);
    int cell = cell_width(m, (size_t)tr->T * (size_t)tr->d, 0);
    put_heading(out, title);
    put_dim_header(out, lw, tr->d, cell);
    for (int t = 0; t < tr->T; t++)
        put_row(out, tr->tokens[t], lw, m + (size_t)t * tr->d, tr->d, 0, cell);
}

/* A d×d weight matrix, row i = input dimension i. */
static void put_matrix(FILE *out, const char *title, const double *w, int d)
{
    char label[16];
    int cell = cell_width(w, (size_t)d * (size_t)d, 0);
    put_heading(out, title);
    put_dim_header(out, 4, d, cell);
    for (int i = 0; i < d; i++) {
        snprintf(label, sizeof label, "%d", i);
        put_row(out, label, 4, w + (size_t)i * d, d, 0, cell);
    }
}

/* A T×T table, row = the asking character, column = the answering one. */
static void put_square(FILE *out, const Trace *tr, const char *title, const double *m, int percent)
{
    int lw = label_width(tr);
    int cell = cell_width(m, (size_t)tr->T * (size_t)tr->T, percent);
    put_heading(out, title);
    put_token_header(out, tr, lw, cell);
    for (int t = 0; t < tr->T; t++)
        put_row(out, tr->tokens[t], lw, m + (size_t)t * tr->T, tr->T, percent, cell);
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
            fprintf(out, "%s 的输出最像 V(%s)：余弦 %s\n", tr->tokens[t], tr->tokens[s], cos_text);
        else
            fprintf(out, "output(%s) is most like V(%s): cosine %s\n", tr->tokens[t],
                    tr->tokens[s], cos_text);
    }
}

/* ---------------------------------------------------------------- text */

/* The two opening lines: the sentence and its sizes, the parameter count and √128. */
static void put_title(FILE *out, const Trace *tr, const char *sentence, bool zh)
{
    if (zh) {
        fprintf(out, "attn-tui：自注意力，句子 %s（T = %d 个字，d = %d，√d = %.6f）\n",
                sentence, tr->T, tr->d, tr->scale);
        fprintf(out, "Wq、Wk、Wv：3 × %d×%d = %d 个可训练参数。真实模型一个头 128 维："
                     "√128 = %.6f。\n", tr->d, tr->d, 3 * tr->d * tr->d, sqrt(128.0));
        return;
    }
    fprintf(out, "attn-tui: self-attention on %s  (T = %d %s, d = %d, √d = %.6f)\n",
            sentence, tr->T, tr->T == 1 ? "character" : "characters", tr->d, tr->scale);
    fprintf(out, "Wq, Wk, Wv: 3 × %d×%d = %d trainable numbers. "
                 "A real model's head is 128 wide: √128 = %.6f.\n",
            tr->d, tr->d, 3 * tr->d * tr->d, sqrt(128.0));
}

void dump_text(FILE *out, const Trace *tr, const char *sentence, bool zh)
{
    char title[160];
    put_title(out, tr, sentence, zh);
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
    put_square(out, tr, SAY(zh, "② Scores Q·Kᵀ   row = the character asking, column = the one asked",
                            "② 打分：Q·Kᵀ   行 = 提问的字，列 = 被问的字"), tr->scores, 0);
    if (zh)
        snprintf(title, sizeof title, "② 打分：分数 ÷ √%d = 分数 ÷ %.6f", tr->d, tr->scale);
    else
        snprintf(title, sizeof title, "② Scores ÷ √%d = scores ÷ %.6f", tr->d, tr->scale);
    put_square(out, tr, title, tr->scaled, 0);
    put_square(out, tr, SAY(zh, "③ Softmax shares   each row sums to 100%",
                            "③ 变百分比：softmax   每行加起来 100%"), tr->weights, 1);
    put_token_rows(out, tr, SAY(zh, "④ Output = shares · V   [T, d] in, [T, d] out",
                                "④ 取货：输出 = 百分比 · V   输入 [T, d]，输出 [T, d]"), tr->output);
    put_closest(out, tr, zh);
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

static void json_matrix(FILE *out, const char *key, const double *m, int rows, int cols)
{
    fprintf(out, ",\n  \"%s\": [", key);
    for (int r = 0; r < rows; r++) {
        fputs(r ? ",\n    [" : "\n    [", out);
        for (int c = 0; c < cols; c++)
            fprintf(out, "%s%.17g", c ? ", " : "", m[(size_t)r * cols + c]);
        fputc(']', out);
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
        fprintf(out, ", \"cosine\": %.17g}", c);
    }
    fputs("\n  ]", out);
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
    fprintf(out, "],\n  \"d\": %d,\n  \"scale\": %.17g", tr->d, tr->scale);
    json_matrix(out, "embedding", tr->embedding, tr->T, tr->d);
    json_matrix(out, "position", tr->position, tr->T, tr->d);
    json_matrix(out, "x", tr->x, tr->T, tr->d);
    json_matrix(out, "wq", tr->model->wq, tr->d, tr->d);
    json_matrix(out, "wk", tr->model->wk, tr->d, tr->d);
    json_matrix(out, "wv", tr->model->wv, tr->d, tr->d);
    json_matrix(out, "q", tr->q, tr->T, tr->d);
    json_matrix(out, "k", tr->k, tr->T, tr->d);
    json_matrix(out, "v", tr->v, tr->T, tr->d);
    json_matrix(out, "scores", tr->scores, tr->T, tr->T);
    json_matrix(out, "scaled", tr->scaled, tr->T, tr->T);
    json_matrix(out, "weights", tr->weights, tr->T, tr->T);
    json_matrix(out, "output", tr->output, tr->T, tr->d);
    json_closest(out, tr);
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
        model_row(out, NULL, 0, w + (size_t)i * d, d, width);
}

void dump_model(FILE *out, const Model *m, const char *sentence)
{
    int label_cols = 0;
    for (int i = 0; i < m->vocab_size; i++)
        if (text_width(m->vocab[i]) > label_cols)
            label_cols = text_width(m->vocab[i]);
    fputs("# An attn-tui model, written by `attn-tui --dump --format model`.\n"
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
        model_row(out, m->vocab[i], label_cols, m->embedding + (size_t)i * m->d, m->d, width);
    model_matrix(out, "wq", "Q = x · Wq: row i, column j carries input dimension i into "
                 "output dimension j", m->wq, m->d);
    model_matrix(out, "wk", "K = x · Wk", m->wk, m->d);
    model_matrix(out, "wv", "V = x · Wv", m->wv, m->d);
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
