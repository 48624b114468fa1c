/* edit.c — one number of the model changed, described, undone; the --set syntax read.
 * Must not touch: the terminal, the engine, any global state. */
#define _GNU_SOURCE /* strtod_l, newlocale: numbers always use '.' whatever LC_NUMERIC says */
#include "edit.h"

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "text.h"

#define EDIT_QUOTE_BYTES 96   /* most bytes of the user's text quoted in a message */

/* The names --set accepts, by EditTarget, and how a description writes them. */
static const char *const edit_names[] = { "wq", "wk", "wv", "embedding" };
static const char *const edit_labels[] = { "Wq", "Wk", "Wv", "embedding" };

/* Reads "[" INDEX "]" at *p: a whole number, or (when m is not NULL) a vocabulary character.
 * Returns the index or -1 (not an index), -2 (a character not in the vocabulary). */
static long edit_index(const Model *m, const char **p, char *word, size_t cap)
{
    if (**p != '[')
        return -1;
    const char *start = *p + 1, *end = strchr(start, ']');
    if (!end || (size_t)(end - start) >= cap || end == start)
        return -1;
    memcpy(word, start, (size_t)(end - start));
    word[end - start] = '\0';
    *p = end + 1;
    char *stop;
    if (word[0] >= '0' && word[0] <= '9') {
        long v = strtol(word, &stop, 10);
        return *stop == '\0' && strlen(word) <= 6 ? v : -1;
    }
    if (!m)
        return -1;
    int id = model_find_char(m, word);
    return id >= 0 ? id : -2;
}

/* A finite number written as the model file writes them. */
static int edit_number(const char *s, double *out)
{
    locale_t c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    if (c == (locale_t)0)
        return -1;
    char *end;
    double v = strtod_l(s, &end, c);
    freelocale(c);
    if (end == s || *end != '\0' || !isfinite(v) || strlen(s) > MODEL_MAX_NUMBER)
        return -1;
    *out = v;
    return 0;
}

int edit_parse(const Model *m, const char *text, Edit *out, char *err, size_t errlen)
{
    return edit_parse_in(m, text, LANG_EN, out, err, errlen);
}

int edit_parse_in(const Model *m, const char *text, Lang lang, Edit *out, char *err, size_t errlen)
{
    char q[EDIT_QUOTE_BYTES], word[64];
    text_escape(text, q, sizeof q);
    const char *p = text;
    int target = -1;
    for (int t = 0; t <= EDIT_EMBEDDING; t++) {
        size_t n = strlen(edit_names[t]);
        if (strncmp(p, edit_names[t], n) == 0 && p[n] == '[') {
            target = t;
            p += n;
            break;
        }
    }
    if (target < 0) {
        snprintf(err, errlen, LANG_PICK(lang, "--set: '%s': give wq, wk, wv or embedding, then [i][j]=VALUE, "
                                              "e.g. wq[2][3]=1.5 or embedding[加][0]=0.1",
                                        "--set：「%s」：要写 wq、wk、wv 或 embedding，再接 [i][j]=数值，"
                                        "例如 wq[2][3]=1.5 或 embedding[加][0]=0.1"), q);
        return -1;
    }
    bool emb = target == EDIT_EMBEDDING;
    int rows = emb ? m->vocab_size : m->d;
    long row = edit_index(emb ? m : NULL, &p, word, sizeof word);
    if (row == -2) {
        char w[EDIT_QUOTE_BYTES];
        snprintf(err, errlen, LANG_PICK(lang, "--set: '%s': '%s' is not in the vocabulary",
                                        "--set：「%s」：「%s」不在词表里"), q,
                 text_escape(word, w, sizeof w));
        return -1;
    }
    long col = row >= 0 ? edit_index(NULL, &p, word, sizeof word) : -1;
    if (row < 0 || col < 0 || *p != '=') {
        snprintf(err, errlen, LANG_PICK(lang, "--set: '%s': expected %s[i][j]=VALUE",
                                        "--set：「%s」：应该写成 %s[i][j]=数值"), q, edit_names[target]);
        return -1;
    }
    if (row >= rows || col >= m->d) {
        snprintf(err, errlen, LANG_PICK(lang, "--set: '%s': index out of range: %s has %d rows (0-%d) and "
                                              "%d columns (0-%d)",
                                        "--set：「%s」：下标超出范围：%s 有 %d 行（0-%d）、%d 列（0-%d）"),
                 q, edit_names[target], rows, rows - 1, m->d, m->d - 1);
        return -1;
    }
    double v;
    if (edit_number(p + 1, &v) != 0) {
        char w[EDIT_QUOTE_BYTES];
        snprintf(err, errlen, LANG_PICK(lang, "--set: '%s': '%s' is not a number", "--set：「%s」：「%s」不是数"), q,
                 text_escape(p + 1, w, sizeof w));
        return -1;
    }
    out->target = (EditTarget)target;
    out->row = (int)row;
    out->col = (int)col;
    out->before = 0.0;
    out->after = v;
    return 0;
}

double *edit_cell(Model *m, const Edit *e)
{
    size_t at = (size_t)e->row * (size_t)m->d + (size_t)e->col;
    switch (e->target) {
    case EDIT_WQ:        return m->wq + at;
    case EDIT_WK:        return m->wk + at;
    case EDIT_WV:        return m->wv + at;
    case EDIT_EMBEDDING: break;
    }
    return m->embedding + at;
}

void edit_apply(Model *m, Edit *e)
{
    double *cell = edit_cell(m, e);
    e->before = *cell;
    *cell = e->after;
}

int edit_push(Model *m, EditLog *log, const Edit *e)
{
    if (log->n >= EDIT_MAX)
        return -1;
    log->e[log->n] = *e;
    edit_apply(m, &log->e[log->n]);
    log->n++;
    return 0;
}

void edit_undo_all(Model *m, EditLog *log)
{
    for (int i = log->n - 1; i >= 0; i--)
        *edit_cell(m, &log->e[i]) = log->e[i].before;
    log->n = 0;
}

void edit_pop(Model *m, EditLog *log)
{
    if (log->n <= 0)
        return;
    log->n--;
    *edit_cell(m, &log->e[log->n]) = log->e[log->n].before;
}

bool edit_carry_out(Model *m, EditLog *log, EditAsk ask, const Edit *e)
{
    switch (ask) {
    case EDIT_ASK_NONE:
        return false;
    case EDIT_ASK_UNDO:
        if (log->n == 0)
            return false;
        edit_undo_all(m, log);
        return true;
    case EDIT_ASK_SET:
        if (*edit_cell(m, e) == e->after)
            return false;
        return edit_push(m, log, e) == 0;
    }
    return false;
}

/* The fewest decimals, 2 to 6, that write v exactly (6 when none does). */
static int edit_digits(double v)
{
    int digits = 2;
    while (digits < 6 && fabs(format_round(v, digits) - v) > 1e-12)
        digits++;
    return digits;
}

char *edit_describe(const Model *m, const Edit *e, char *buf, size_t cap)
{
    return edit_describe_in(m, e, LANG_EN, buf, cap);
}

char *edit_describe_in(const Model *m, const Edit *e, Lang lang, char *buf, size_t cap)
{
    char row[TEXT_CHAR_BYTES + 8], a[FORMAT_BYTES], b[FORMAT_BYTES];
    if (e->target == EDIT_EMBEDDING)
        snprintf(row, sizeof row, "%s", m->vocab[e->row]);
    else
        snprintf(row, sizeof row, "%d", e->row);
    int digits = edit_digits(e->before);
    if (edit_digits(e->after) > digits)
        digits = edit_digits(e->after);
    format_fixed(a, sizeof a, e->before, digits);
    format_fixed(b, sizeof b, e->after, digits);
    const char *label = e->target == EDIT_EMBEDDING && lang == LANG_ZH ? "词向量" : edit_labels[e->target];
    snprintf(buf, cap, "%s[%s][%d] %s → %s", label, row, e->col, a, b);
    return buf;
}
