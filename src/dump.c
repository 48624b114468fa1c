/* dump.c — prints a forward pass: aligned text tables for people, JSON for tools.
 * Owns: layout of the --dump output. Must not touch: the terminal, the arithmetic
 * (it only reads the Trace and the model it points to). */
#include "dump.h"

#include <math.h>
#include <string.h>
#include "format.h"
#include "text.h"

#define CELL 7   /* columns per number in the text tables */

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

/* Header row of dimension numbers 0..cols-1. */
static void put_dim_header(FILE *out, int lw, int cols)
{
    put_padded(out, "", lw, -1);
    for (int j = 0; j < cols; j++)
        fprintf(out, "%*d", CELL, j);
    fputc('\n', out);
}

/* Header row of the sentence's characters (columns of a T×T table). */
static void put_token_header(FILE *out, const Trace *tr, int lw)
{
    put_padded(out, "", lw, -1);
    for (int s = 0; s < tr->T; s++)
        put_padded(out, tr->tokens[s], CELL, +1);
    fputc('\n', out);
}

/* One row: label, then n numbers with `digits` decimals (or percentages). */
static void put_row(FILE *out, const char *label, int lw, const double *v, int n, int percent)
{
    char num[32];
    put_padded(out, label, lw, -1);
    for (int j = 0; j < n; j++) {
        if (percent)
            format_percent(num, sizeof num, v[j]);
        else
            format_fixed(num, sizeof num, v[j], 2);
        put_padded(out, num, CELL, +1);
    }
    fputc('\n', out);
}

/* A T×d table with one row per character. */
static void put_token_rows(FILE *out, const Trace *tr, const char *title, const double *m)
{
    int lw = label_width(tr);
    put_heading(out, title);
    put_dim_header(out, lw, tr->d);
    for (int t = 0; t < tr->T; t++)
        put_row(out, tr->tokens[t], lw, m + (size_t)t * tr->d, tr->d, 0);
}

/* A d×d weight matrix, row i = input dimension i. */
static void put_matrix(FILE *out, const char *title, const double *w, int d)
{
    char label[16];
    put_heading(out, title);
    put_dim_header(out, 4, d);
    for (int i = 0; i < d; i++) {
        snprintf(label, sizeof label, "%d", i);
        put_row(out, label, 4, w + (size_t)i * d, d, 0);
    }
}

/* A T×T table, row = the asking character, column = the answering one. */
static void put_square(FILE *out, const Trace *tr, const char *title, const double *m, int percent)
{
    int lw = label_width(tr);
    put_heading(out, title);
    put_token_header(out, tr, lw);
    for (int t = 0; t < tr->T; t++)
        put_row(out, tr->tokens[t], lw, m + (size_t)t * tr->T, tr->T, percent);
}

static void put_closest(FILE *out, const Trace *tr)
{
    char cos_text[32];
    put_heading(out, "Whose V each output most resembles (cosine)");
    for (int t = 0; t < tr->T; t++) {
        double c;
        int s = engine_closest_value(tr, t, &c);
        fprintf(out, "output(%s) is most like V(%s): cosine %s\n", tr->tokens[t], tr->tokens[s],
                format_fixed(cos_text, sizeof cos_text, c, 4));
    }
}

/* ---------------------------------------------------------------- text */

void dump_text(FILE *out, const Trace *tr, const char *sentence)
{
    char title[128];
    fprintf(out, "attn-tui: self-attention on %s  (T = %d characters, d = %d, √d = %.6f)\n",
            sentence, tr->T, tr->d, tr->scale);
    fprintf(out, "Wq, Wk, Wv: 3 × %d×%d = %d trainable numbers. "
                 "A real model's head is 128 wide: √128 = %.6f.\n",
            tr->d, tr->d, 3 * tr->d * tr->d, sqrt(128.0));
    put_token_rows(out, tr, "Word vectors (lesson 3)", tr->embedding);
    put_token_rows(out, tr, "Position fingerprints (lesson 5): sin/cos(p / 10000^(2i/d))", tr->position);
    put_token_rows(out, tr, "x = word vector + fingerprint", tr->x);
    put_matrix(out, "Wq (row i = input dimension i, column j = output dimension j)", tr->model->wq, tr->d);
    put_matrix(out, "Wk", tr->model->wk, tr->d);
    put_matrix(out, "Wv", tr->model->wv, tr->d);
    put_token_rows(out, tr, "① Q = x·Wq   what I look for", tr->q);
    put_token_rows(out, tr, "① K = x·Wk   my name tag", tr->k);
    put_token_rows(out, tr, "① V = x·Wv   what I hand over", tr->v);
    put_square(out, tr, "② Scores Q·Kᵀ   row = the character asking, column = the one asked", tr->scores, 0);
    snprintf(title, sizeof title, "② Scores ÷ √%d = scores ÷ %.6f", tr->d, tr->scale);
    put_square(out, tr, title, tr->scaled, 0);
    put_square(out, tr, "③ Softmax shares   each row sums to 100%", tr->weights, 1);
    put_token_rows(out, tr, "④ Output = shares · V   [T, d] in, [T, d] out", tr->output);
    put_closest(out, tr);
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
    fputs("\n}\n", out);
}
