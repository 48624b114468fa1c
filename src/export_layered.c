/* export_layered.c — the Python scripts that check a layered model's numbers (export_layered.h).
 * Owns: the data half of each script (weights, line, batches, attn-tui's results as Python
 * literals at full precision); the program half is scripts/export/layered.py. Must not touch:
 * the arithmetic, the terminal, any global state. */
#include "export_layered.h"

#include <stdlib.h>
#include <string.h>
#include "export.h"
#include "format.h"
#include "transformer.h"
#include "layered_py.h"   /* build/gen: layered_py, the program */

/* ---------------------------------------------------------------- literals */

/* "[a, b, …]" with every number exact. */
static void py_list(FILE *out, const double *v, int n)
{
    char num[FORMAT_BYTES];
    fputc('[', out);
    for (int j = 0; j < n; j++)
        fprintf(out, "%s%s", j ? ", " : "", format_exact(num, sizeof num, v[j]));
    fputc(']', out);
}

/* rows × cols as a list of rows (row stride `stride`). */
static void py_rows(FILE *out, const double *w, int rows, int cols, size_t stride)
{
    fputs("[\n", out);
    for (int i = 0; i < rows; i++) {
        fputs("    ", out);
        py_list(out, w + (size_t)i * stride, cols);
        fputs(",\n", out);
    }
    fputc(']', out);
}

static void py_key(FILE *out, const char *key)
{
    fprintf(out, "\"%s\": ", key);
}

/* A Python string literal of UTF-8 text (quotes and backslashes escaped). */
static void py_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

/* NAME = {…}: every weight of m in attn-tui's layout (x · W). */
static void py_weights(FILE *out, const char *name, const Model *m)
{
    int d = m->d, V = m->vocab_size, M = m->mlp;
    fprintf(out, "%s = {\n", name);
    py_key(out, "embedding");
    py_rows(out, m->embedding, V, d, (size_t)d);
    fputs(",\n", out);
    if (m->position) {
        py_key(out, "position");
        py_rows(out, m->position, m->context, d, (size_t)d);
        fputs(",\n", out);
    }
    fputs("\"layers\": [\n", out);
    for (int l = 0; l < m->layers; l++) {
        const ModelLayer *L = &m->layer[l];
        const struct { const char *key; const double *w; int rows, cols; } t[] = {
            { "ln1_gain", L->ln1_gain, 0, d }, { "ln1_bias", L->ln1_bias, 0, d },
            { "wq", L->wq, d, d }, { "bq", L->bq, 0, d }, { "wk", L->wk, d, d }, { "bk", L->bk, 0, d },
            { "wv", L->wv, d, d }, { "bv", L->bv, 0, d }, { "wo", L->wo, d, d }, { "bo", L->bo, 0, d },
            { "ln2_gain", L->ln2_gain, 0, d }, { "ln2_bias", L->ln2_bias, 0, d },
            { "w1", L->w1, d, M }, { "b1", L->b1, 0, M }, { "w2", L->w2, M, d }, { "b2", L->b2, 0, d },
        };
        fputs("{\n", out);
        for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
            py_key(out, t[i].key);
            if (t[i].rows)
                py_rows(out, t[i].w, t[i].rows, t[i].cols, (size_t)t[i].cols);
            else
                py_list(out, t[i].w, t[i].cols);
            fputs(",\n", out);
        }
        fputs("},\n", out);
    }
    fputs("],\n", out);
    py_key(out, "lnf_gain");
    py_list(out, m->lnf_gain, d);
    fputs(",\n", out);
    py_key(out, "lnf_bias");
    py_list(out, m->lnf_bias, d);
    fputs(",\n", out);
    py_key(out, "lm_head");
    py_rows(out, m->lm_head, d, V, (size_t)V);
    fputs(",\n", out);
    py_key(out, "lm_bias");
    py_list(out, m->lm_bias, V);
    fputs(",\n}\n\n", out);
}

/* The shape's constants. */
static void py_shape(FILE *out, const Model *m, Lang lang)
{
    char tol[FORMAT_BYTES];
    fprintf(out, "import sys\n\nLANG = \"%s\"   # the language of the messages: en or zh (attn-tui --lang)\n",
            lang == LANG_ZH ? "zh" : "en");
    fprintf(out, "TOLERANCE = %s\n", format_exact(tol, sizeof tol, EXPORT_TOLERANCE));
    fprintf(out, "D = %d\nHEADS = %d\nLAYERS = %d\nCONTEXT = %d\nMLP_WIDTH = %d\nVOCAB = %d\n"
            "LEARNED_POSITION = %s\n\n", m->d, m->heads, m->layers, m->context, m->mlp, m->vocab_size,
            m->position ? "True" : "False");
}

/* ---------------------------------------------------------------- the forward check */

int export_layered_python(FILE *out, const Model *m, const int *ids, int T, const char *text, Lang lang)
{
    TransformerTrace tr;
    if (transformer_trace_init(&tr, m) != 0)
        return -1;
    transformer_forward(&tr, ids, T);
    int d = m->d, V = m->vocab_size, H = m->heads;
    fputs("#!/usr/bin/env python3\n# attn-tui --export python: a layered model's forward pass over one line, "
          "with attn-tui's numbers,\n# checked with NumPy and PyTorch (run: python3 this-file.py).\n", out);
    py_shape(out, m, lang);
    fputs("LINE = ", out);
    py_string(out, text);
    fputs("\nIDS = [", out);
    for (int t = 0; t < T; t++)
        fprintf(out, "%s%d", t ? ", " : "", ids[t]);
    fputs("]\n\n", out);
    py_weights(out, "W", m);
    fputs("ATTN_TUI = {\n", out);
    py_key(out, "x");
    py_rows(out, tr.x, T, d, (size_t)d);
    fputs(",\n\"layers\": [\n", out);
    for (int l = 0; l < m->layers; l++) {
        const TransformerLayer *L = &tr.layer[l];
        fputs("{\n", out);
        const struct { const char *key; const double *a; } rows[] = {
            { "ln1", L->ln1_out }, { "q", L->q }, { "k", L->k }, { "v", L->v }, { "output", L->output },
        };
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
            py_key(out, rows[i].key);
            py_rows(out, rows[i].a, T, d, (size_t)d);
            fputs(",\n", out);
        }
        fputs("\"shares\": [\n", out);
        for (int h = 0; h < H; h++) {
            py_rows(out, TRANSFORMER_HEAD_ROW(&tr, L->shares, h, 0), T, T, (size_t)tr.cap);
            fputs(",\n", out);
        }
        fputs("],\n},\n", out);
    }
    fputs("],\n", out);
    py_key(out, "logits");
    py_rows(out, tr.logits, T, V, (size_t)V);
    fputs(",\n", out);
    py_key(out, "probs");
    py_rows(out, tr.probs, T, V, (size_t)V);
    fputs(",\n}\n\n", out);
    fputs((const char *)layered_py, out);
    transformer_trace_free(&tr);
    return 0;
}

/* ---------------------------------------------------------------- the training check */

int export_layered_train(FILE *out, PoemTrainRun *r, int steps, Lang lang)
{
    const Model *m = poem_train_model(r);
    int batch = poem_train_config(r)->batch;
    int *windows = malloc((size_t)batch * sizeof *windows);
    double *lrs = malloc(((size_t)steps + 1) * sizeof *lrs), *losses = malloc(((size_t)steps + 1) * sizeof *losses);
    char *start = NULL;
    size_t start_len = 0;
    FILE *mem = open_memstream(&start, &start_len);
    if (!windows || !lrs || !losses || !mem) {
        free(windows);
        free(lrs);
        free(losses);
        if (mem)
            fclose(mem);
        free(start);
        return -1;
    }
    fputs("#!/usr/bin/env python3\n# attn-tui --export python-train: AdamW steps of a layered model with "
          "attn-tui's losses and weights,\n# redone with PyTorch's autograd and torch.optim.AdamW "
          "(run: python3 this-file.py).\n", out);
    py_shape(out, m, lang);
    py_weights(mem, "W", m);   /* the weights before the first step */
    fclose(mem);
    fputs("BATCHES = [\n", out);
    for (int s = 0; s < steps; s++) {
        losses[s] = poem_train_step(r);
        lrs[s] = poem_train_lr_at(r, s + 1);
        int n = poem_train_last_batch(r, windows);
        fputs("    [\n", out);
        for (int b = 0; b < n && b < batch; b++) {
            const int *ids, *targets;
            int len;
            poem_train_window(r, false, windows[b], &ids, &targets, &len);
            fputs("        ([", out);
            for (int t = 0; t < len; t++)
                fprintf(out, "%s%d", t ? ", " : "", ids[t]);
            fputs("], [", out);
            for (int t = 0; t < len; t++)
                fprintf(out, "%s%d", t ? ", " : "", targets[t]);
            fputs("]),\n", out);
        }
        fputs("    ],\n", out);
    }
    fputs("]\nLRS = ", out);
    py_list(out, lrs, steps);
    fputs("\nLOSSES = ", out);
    py_list(out, losses, steps);
    fputs("\nBETAS = (0.9, 0.999)\nEPS = 1e-08\n", out);
    char num[FORMAT_BYTES];
    fprintf(out, "DECAY = %s\n\n", format_exact(num, sizeof num, poem_train_config(r)->decay));
    fwrite(start, 1, start_len, out);
    py_weights(out, "END", poem_train_model(r));
    fputs((const char *)layered_py, out);
    free(windows);
    free(lrs);
    free(losses);
    free(start);
    return 0;
}
