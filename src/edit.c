/* edit.c — one number of the model (or one raw score of the pass) changed, described,
 * undone; the --set syntax read.
 * Must not touch: the terminal, the engine's arithmetic, any global state. */
#include "edit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "number.h"
#include "text.h"

#define EDIT_QUOTE_BYTES 96   /* most bytes of the user's text quoted in a message */

/* The names --set accepts, by EditTarget, and how a description writes them. */
static const char *const edit_names[] = { "wq", "wk", "wv", "embedding", "score" };
static const char *const edit_labels[] = { "Wq", "Wk", "Wv", "embedding", "score" };

/* Reads "[" WORD "]" at *p into word (cap bytes) and moves *p past it. Returns the whole
 * number WORD is (at most 6 digits), -1 when there is no bracket or WORD is a malformed
 * number, or -3 when WORD is not a number (a character: the caller looks it up). */
static long edit_bracket(const char **p, char *word, size_t cap)
{
    if (**p != '[')
        return -1;
    const char *start = *p + 1, *end = strchr(start, ']');
    if (!end || (size_t)(end - start) >= cap || end == start)
        return -1;
    memcpy(word, start, (size_t)(end - start));
    word[end - start] = '\0';
    *p = end + 1;
    if (word[0] >= '0' && word[0] <= '9') {
        char *stop;
        long v = strtol(word, &stop, 10);
        return *stop == '\0' && strlen(word) <= 6 ? v : -1;
    }
    return -3;
}

/* Reads "[" INDEX "]" at *p: a whole number, or (when m is not NULL) a vocabulary character.
 * Returns the index or -1 (not an index), -2 (a character not in the vocabulary). */
static long edit_index(const Model *m, const char **p, char *word, size_t cap)
{
    long v = edit_bracket(p, word, cap);
    if (v != -3)
        return v;
    if (!m)
        return -1;
    int id = model_find_char(m, word);
    return id >= 0 ? id : -2;
}

/* A finite number written as the model file writes them. */
static int edit_number(const char *s, double *out)
{
    return number_parse(s, out) == NUMBER_OK ? 0 : -1;
}

/* Reads "[" CHARACTER "]" or "[" POSITION "]" at *p against the sentence's characters:
 * the position (a character: its first place), or -1 (not an index), -2 (a character not
 * in the sentence). */
static long edit_place(char tokens[][TEXT_CHAR_BYTES], int T, const char **p, char *word,
                       size_t cap)
{
    long v = edit_bracket(p, word, cap);
    if (v != -3)
        return v;
    int t = charname_find((const char (*)[TEXT_CHAR_BYTES])tokens, T, word);   /* 加, 加2, 加₂ */
    return t >= 0 ? t : -2;
}

/* The rest of "score[A][B]=VALUE" at p against the sentence. */
static int edit_parse_score(const char *sentence, const char *p, const char *q, Lang lang,
                            Edit *out, char *err, size_t errlen)
{
    char tokens[MODEL_MAX_TOKENS][TEXT_CHAR_BYTES], word[64], w[EDIT_QUOTE_BYTES];
    int T = sentence ? text_split_chars(sentence, tokens, MODEL_MAX_TOKENS) : -1;
    if (T < 1 || T > MODEL_MAX_TOKENS) {
        snprintf(err, errlen, LANG_PICK(lang, "--set: '%s': a score needs the sentence",
                                        "--set：「%s」：分数要有句子才能设"), q);
        return -1;
    }
    word[0] = '\0';
    long place[2] = { -1, -1 };
    for (int i = 0; i < 2; i++) {
        place[i] = edit_place(tokens, T, &p, word, sizeof word);
        if (place[i] == -2) {
            snprintf(err, errlen, LANG_PICK(lang, "--set: '%s': '%s' is not in the sentence",
                                            "--set：「%s」：「%s」不在句子里"), q,
                     text_escape(word, w, sizeof w));
            return -1;
        }
        if (place[i] < 0)
            break;
    }
    if (place[0] < 0 || place[1] < 0 || *p != '=') {
        snprintf(err, errlen, LANG_PICK(lang, "--set: '%s': expected score[ASKER][ASKED]=VALUE, e.g. "
                 "score[%s][%s]=6 (characters of the sentence or positions 0-%d)",
                 "--set：「%s」：要写 score[提问的字][被问的字]=数值，例如 score[%s][%s]=6"
                 "（句子里的字，或位置 0-%d）"), q,
                 tokens[T > 3 ? 3 : T - 1], tokens[T > 1 ? 1 : 0], T - 1);
        return -1;
    }
    if (place[0] >= T || place[1] >= T) {
        snprintf(err, errlen, LANG_PICK(lang, "--set: '%s': position out of range: the sentence has %d "
                 "characters (0-%d)", "--set：「%s」：位置超出范围：句子有 %d 个字（0-%d）"), q, T, T - 1);
        return -1;
    }
    double v;
    if (edit_number(p + 1, &v) != 0) {
        snprintf(err, errlen, LANG_PICK(lang, "--set: '%s': '%s' is not a number",
                                        "--set：「%s」：「%s」不是数"), q,
                 text_escape(p + 1, w, sizeof w));
        return -1;
    }
    memset(out, 0, sizeof *out);
    out->target = EDIT_SCORE;
    out->row = (int)place[0];
    out->col = (int)place[1];
    out->after = v;
    charname_of((const char (*)[TEXT_CHAR_BYTES])tokens, T, (int)place[0], out->names[0], sizeof out->names[0]);
    charname_of((const char (*)[TEXT_CHAR_BYTES])tokens, T, (int)place[1], out->names[1], sizeof out->names[1]);
    return 0;
}

/* The matrix named at *p, moving *p to its '[': wq, wk, wv, embedding in any case (Wq as
 * the status line writes it, WQ), or 词向量 as the Chinese status line names the embedding;
 * -1 for none. */
static int edit_target(const char **p)
{
    static const char zh_embedding[] = "词向量";
    size_t zn = strlen(zh_embedding);
    if (strncmp(*p, zh_embedding, zn) == 0 && (*p)[zn] == '[') {
        *p += zn;
        return EDIT_EMBEDDING;
    }
    for (int t = 0; t <= EDIT_EMBEDDING; t++) {
        size_t n = strlen(edit_names[t]);
        if (text_ascii_ncasecmp(*p, edit_names[t], n) == 0 && (*p)[n] == '[') {
            *p += n;
            return t;
        }
    }
    return -1;
}

int edit_parse(const Model *m, const char *sentence, const char *text, Edit *out, char *err,
               size_t errlen)
{
    return edit_parse_in(m, sentence, text, LANG_EN, out, err, errlen);
}

int edit_parse_in(const Model *m, const char *sentence, const char *text, Lang lang, Edit *out,
                  char *err, size_t errlen)
{
    char q[EDIT_QUOTE_BYTES], word[64];
    text_escape(text, q, sizeof q);
    const char *p = text;
    if (text_ascii_ncasecmp(p, "score[", 6) == 0)
        return edit_parse_score(sentence, p + 5, q, lang, out, err, errlen);
    int target = edit_target(&p);
    if (target < 0) {
        snprintf(err, errlen, LANG_PICK(lang, "--set: '%s': give wq, wk, wv, embedding or score, then "
                                              "[i][j]=VALUE, e.g. wq[2][3]=1.5, embedding[加][0]=0.1 or score[等][加]=6",
                                        "--set：「%s」：要写 wq、wk、wv、embedding 或 score，再接 [i][j]=数值，"
                                        "例如 wq[2][3]=1.5、embedding[加][0]=0.1 或 score[等][加]=6"), q);
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
    memset(out, 0, sizeof *out);
    out->target = (EditTarget)target;
    out->row = (int)row;
    out->col = (int)col;
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
    case EDIT_EMBEDDING:
    case EDIT_SCORE:     break;
    }
    return m->embedding + at;
}

/* True when the score set in *score is the cell e addresses. */
static bool edit_score_here(const ScoreSet *score, const Edit *e)
{
    return score && score->on && score->head == e->head && score->row == e->row &&
           score->col == e->col;
}

double edit_current(Model *m, const ScoreSet *score, const Edit *e)
{
    if (e->target != EDIT_SCORE)
        return *edit_cell(m, e);
    return edit_score_here(score, e) ? score->value : e->before;
}

void edit_apply(Model *m, ScoreSet *score, Edit *e)
{
    if (e->target == EDIT_SCORE) {
        e->before = edit_current(m, score, e);
        e->prior = *score;
        *score = (ScoreSet){ .on = true, .head = e->head, .row = e->row, .col = e->col,
                             .value = e->after };
        return;
    }
    double *cell = edit_cell(m, e);
    e->before = *cell;
    *cell = e->after;
}

int edit_push(Model *m, ScoreSet *score, EditLog *log, const Edit *e)
{
    if (log->n >= EDIT_MAX || (e->target == EDIT_SCORE && !score))
        return -1;
    log->e[log->n] = *e;
    edit_apply(m, score, &log->e[log->n]);
    log->n++;
    return 0;
}

/* Puts back what edit e changed. */
static void edit_take_back(Model *m, ScoreSet *score, const Edit *e)
{
    if (e->target == EDIT_SCORE)
        *score = e->prior;
    else
        *edit_cell(m, e) = e->before;
}

void edit_undo_all(Model *m, ScoreSet *score, EditLog *log)
{
    for (int i = log->n - 1; i >= 0; i--)
        edit_take_back(m, score, &log->e[i]);
    log->n = 0;
}

void edit_pop(Model *m, ScoreSet *score, EditLog *log)
{
    if (log->n <= 0)
        return;
    log->n--;
    edit_take_back(m, score, &log->e[log->n]);
}

bool edit_carry_out(Model *m, ScoreSet *score, EditLog *log, EditAsk ask, const Edit *e)
{
    switch (ask) {
    case EDIT_ASK_NONE:
        return false;
    case EDIT_ASK_UNDO:
        if (log->n == 0)
            return false;
        edit_pop(m, score, log);
        return true;
    case EDIT_ASK_SET:
        if (e->target == EDIT_SCORE ? !score || (edit_score_here(score, e) && score->value == e->after)
                                    : *edit_cell(m, e) == e->after)
            return false;
        return edit_push(m, score, log, e) == 0;
    }
    return false;
}

/* True when a and b change the same number. */
static bool edit_same_cell(const Edit *a, const Edit *b)
{
    return a->target == b->target && a->row == b->row && a->col == b->col &&
           (a->target != EDIT_SCORE || a->head == b->head);
}

/* One number changed, from its value as loaded to its value now. */
typedef struct {
    Edit e;          /* the cell: before as loaded, after now */
    bool what_if;    /* a what-if change touched it */
    int last;        /* the order of its newest change */
} EditMark;

void edit_marks(const EditLog *set, const EditLog *what_if, EditMarks *out)
{
    EditMark cells[2 * EDIT_MAX];
    memset(cells, 0, sizeof cells);
    int n = 0, order = 0;
    memset(out, 0, sizeof *out);
    const EditLog *logs[2] = { set, what_if };
    for (int l = 0; l < 2; l++)
        for (int i = 0; logs[l] && i < logs[l]->n; i++, order++) {
            const Edit *e = &logs[l]->e[i];
            if (e->target == EDIT_SCORE)   /* one score at a time: another one is back */
                for (int k = 0; k < n; k++)
                    if (cells[k].e.target == EDIT_SCORE && !edit_same_cell(&cells[k].e, e))
                        cells[k].e.after = cells[k].e.before;
            int k = 0;
            while (k < n && !edit_same_cell(&cells[k].e, e))
                k++;
            if (k == n) {
                cells[n].e = *e;
                cells[n].what_if = false;
                n++;
            }
            cells[k].e.after = e->after;
            cells[k].what_if = cells[k].what_if || l == 1;
            cells[k].last = order;
        }
    int newest = -1;
    for (int k = 0; k < n; k++) {
        if (cells[k].e.after == cells[k].e.before)
            continue;
        out->cells++;
        out->set_cells += !cells[k].what_if;
        if (newest < 0 || cells[k].last > cells[newest].last)
            newest = k;
    }
    if (newest >= 0) {
        out->newest = cells[newest].e;
        out->newest_set = !cells[newest].what_if;
    }
}

/* The fewest decimals, 2 to 6, that write v exactly (6 when none does). */
static int edit_digits(double v)
{
    int digits = 2;
    while (digits < 6 && fabs(format_round(v, digits) - v) > 1e-12)
        digits++;
    return digits;
}

/* True when v is not zero but six decimals write it as one (1e-07). */
static bool edit_tiny(double v)
{
    return v != 0.0 && format_round(v, 6) == 0.0;
}

/* v with `digits` decimals; a number too small for six (1e-07 typed) as it reads back
 * exactly, never as 0.000000: the change would read as a zero. */
static void edit_format(char *buf, size_t cap, double v, int digits)
{
    if (edit_tiny(v))
        format_exact(buf, cap, v);
    else
        format_fixed(buf, cap, v, digits);
}

char *edit_describe(const Model *m, const Edit *e, char *buf, size_t cap)
{
    return edit_describe_in(m, e, LANG_EN, buf, cap);
}

char *edit_describe_in(const Model *m, const Edit *e, Lang lang, char *buf, size_t cap)
{
    char row[TEXT_CHAR_BYTES + 8], a[FORMAT_BYTES], b[FORMAT_BYTES];
    if (e->target == EDIT_SCORE)
        row[0] = '\0';
    else if (e->target == EDIT_EMBEDDING)
        snprintf(row, sizeof row, "%s", m->vocab[e->row]);
    else
        snprintf(row, sizeof row, "%d", e->row);
    /* a score is computed, not written in a file: the tables' two decimals, or what the
     * number typed needs */
    int digits = e->target == EDIT_SCORE ? 2 : edit_digits(e->before);
    int typed = edit_tiny(e->after) ? 2 : edit_digits(e->after);   /* 1e-07: written exactly */
    if (typed > digits && (e->target != EDIT_SCORE || typed < 6))   /* a nudged score: 2 */
        digits = typed;
    edit_format(a, sizeof a, e->before, digits);
    edit_format(b, sizeof b, e->after, digits);
    if (e->target == EDIT_SCORE) {
        char head[16] = "";
        if (e->head > 0)
            snprintf(head, sizeof head, " h%d", e->head + 1);
        snprintf(buf, cap, "%s%s(%s→%s) %s → %s", LANG_PICK(lang, "score", "分数"), head,
                 e->names[0], e->names[1], a, b);
    } else {
        const char *label = e->target == EDIT_EMBEDDING && lang == LANG_ZH ? "词向量" : edit_labels[e->target];
        snprintf(buf, cap, "%s[%s][%d] %s → %s", label, row, e->col, a, b);
    }
    return buf;
}
