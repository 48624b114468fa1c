/* model_write.c — a layered model in the model format (model_write.h).
 * Owns: the sections in the order a reader meets them (shape, vocabulary, word vectors, block
 * after block, the readout, the heads' statistics) with a comment saying what each holds.
 * Must not touch: parsing, the arithmetic, the terminal. */
#include "model_write.h"

#include <string.h>
#include "format.h"

#define CHARS_PER_LINE 50   /* vocabulary characters per line of [vocab] */

/* n numbers on one line, separated by single spaces, after an optional label. */
static void write_numbers(FILE *out, const char *label, const double *v, int n)
{
    char num[FORMAT_BYTES];
    if (label)
        fputs(label, out);
    for (int j = 0; j < n; j++) {
        if (j || label)
            fputc(' ', out);
        fputs(format_exact(num, sizeof num, v[j]), out);
    }
    fputc('\n', out);
}

/* A section of rows × cols numbers under its header and a note. */
static void write_section(FILE *out, const char *name, const char *note, const double *w, int rows, int cols)
{
    fprintf(out, "\n[%s]\n# %s\n", name, note);
    for (int i = 0; i < rows; i++)
        write_numbers(out, NULL, w + (size_t)i * (size_t)cols, cols);
}

/* Block l's fourteen sections. */
static void write_layer(FILE *out, const Model *m, int l)
{
    const ModelLayer *L = &m->layer[l];
    int d = m->d, dh = m->d / m->heads;
    char name[32], note[160];
#define SECTION(kind, text, w, rows, cols) \
    (snprintf(name, sizeof name, "layer %d " kind, l + 1), write_section(out, name, text, w, rows, cols))
    SECTION("ln1", "LN₁: y = gain · (x − mean) / √(variance + 1e-5) + bias; the gain row, then the bias row",
            L->ln1_gain, 2, d);
    snprintf(note, sizeof note, "Q = LN₁(x) · Wq + bq: d rows of d; head h owns columns %d·h … %d·h + %d",
             dh, dh, dh - 1);
    SECTION("wq", note, L->wq, d, d);
    SECTION("bq", "one row of d", L->bq, 1, d);
    SECTION("wk", "K = LN₁(x) · Wk + bk", L->wk, d, d);
    SECTION("bk", "one row of d", L->bk, 1, d);
    SECTION("wv", "V = LN₁(x) · Wv + bv", L->wv, d, d);
    SECTION("bv", "one row of d", L->bv, 1, d);
    SECTION("wo", "the heads side by side · Wo + bo, added to x", L->wo, d, d);
    SECTION("bo", "one row of d", L->bo, 1, d);
    SECTION("ln2", "LN₂, as LN₁: the gain row, then the bias row", L->ln2_gain, 2, d);
    SECTION("w1", "the MLP: GELU(LN₂(h) · W1 + b1) · W2 + b2, added to h; W1 is d rows of m", L->w1, d, m->mlp);
    SECTION("b1", "one row of m", L->b1, 1, m->mlp);
    SECTION("w2", "m rows of d", L->w2, m->mlp, d);
    SECTION("b2", "one row of d", L->b2, 1, d);
#undef SECTION
}

void model_write_layered(FILE *out, const Model *m, const char *sentence, const char *preamble)
{
    for (const char *s = preamble; s && *s;) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        fprintf(out, "# %.*s\n", (int)n, s);
        s += n + (nl ? 1 : 0);
    }
    fprintf(out, "# An attn-tui layered model: %d layer%s × %d head%s of width %d (d = %d), context %d,\n"
            "# vocabulary %d. The format: model-format.md (see `man attn-tui`).\n",
            m->layers, m->layers == 1 ? "" : "s", m->heads, m->heads == 1 ? "" : "s", m->d / m->heads, m->d,
            m->context, m->vocab_size);
    fputs("\n[vocab]\n", out);
    for (int i = 0; i < m->vocab_size; i++)
        fprintf(out, "%s%s", m->vocab[i],
                i + 1 == m->vocab_size || i % CHARS_PER_LINE == CHARS_PER_LINE - 1 ? "\n" : " ");
    fprintf(out, "\n[d]\n%d\n\n[layers]\n%d\n\n[heads]\n%d\n\n[context]\n%d\n", m->d, m->layers,
            m->heads, m->context);
    fprintf(out, "\n[sentence]\n%s\n", sentence);
    fprintf(out, "\n[embedding]\n# character, then its word vector of d = %d numbers\n", m->d);
    for (int i = 0; i < m->vocab_size; i++)
        write_numbers(out, m->vocab[i], m->embedding + (size_t)i * (size_t)m->d, m->d);
    if (m->position)
        write_section(out, "position", "the learned position table: a row of d per position 0 … context − 1 "
                      "(without it, the lesson's fingerprint)", m->position, m->context, m->d);
    for (int l = 0; l < m->layers; l++)
        write_layer(out, m, l);
    write_section(out, "ln_f", "the last LN, after the last layer: the gain row, then the bias row",
                  m->lnf_gain, 2, m->d);
    fprintf(out, "\n[lm_head]\n# logits = ln_f(h) · W + b: a line per character: it, its d = %d weights, "
            "its bias\n", m->d);
    double row[MODEL_MAX_D + 1];
    for (int v = 0; v < m->vocab_size; v++) {
        for (int i = 0; i < m->d; i++)
            row[i] = m->lm_head[(size_t)i * (size_t)m->vocab_size + (size_t)v];
        row[m->d] = m->lm_bias[v];
        write_numbers(out, m->vocab[v], row, m->d + 1);
    }
    if (m->head_stats)
        write_section(out, "head stats", "a row per head (layer 1 head 1, layer 1 head 2, …): its mean "
                      "entropy (nats); its mean share at the same place one line up, at the first character, "
                      "at offsets 0 … context − 1", m->head_stats, m->layers * m->heads, MODEL_STATS_COLS(m->context));
}
