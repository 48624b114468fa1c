/* poem_check.c — continuing a text with a poem model, and the form test (poem_check.h).
 * Owns: the loop prompt → pick → append over one trace, the form rule. Must not touch: files,
 * the terminal, any global state. */
#include "poem_check.h"

#include <stdio.h>
#include <string.h>
#include <unictype.h>
#include <unistr.h>
#include "sqrtd.h"

bool poem_is_punctuation(const char *ch)
{
    ucs4_t cp;
    if (!ch || !*ch || u8_mbtoucr(&cp, (const uint8_t *)ch, strlen(ch)) <= 0)
        return false;
    return strcmp(ch, CORPUS_END_MARK) == 0 || uc_is_general_category(cp, UC_CATEGORY_P);
}

int poem_continue(const Model *m, const char *prompt, int chars, double temperature, uint64_t seed,
                  PoemEmit emit, void *ctx, char *out, size_t cap, Lang lang, char *err, size_t errlen)
{
    int ids[MODEL_MAX_CONTEXT];
    int n = transformer_ids(m, prompt, ids, m->context, lang, err, errlen);
    if (n < 0)
        return -1;
    TransformerTrace tr;
    if (transformer_trace_init(&tr, m) != 0) {
        snprintf(err, errlen, "%s", LANG_PICK(lang, "out of memory", "内存不足"));
        return -1;
    }
    transformer_forward(&tr, ids, n);
    SqrtdRng rng = sqrtd_rng(seed);
    size_t used = 0;
    if (out && cap)
        out[0] = '\0';
    int wrote = 0;
    while (wrote < chars) {
        int next = transformer_pick(&tr, temperature, &rng, NULL);
        const char *ch = m->vocab[next];
        wrote++;
        if (emit)
            emit(ch, ctx);
        size_t len = strlen(ch);
        if (out && used + len < cap) {
            memcpy(out + used, ch, len + 1);
            used += len;
        }
        if (strcmp(ch, CORPUS_END_MARK) == 0 || transformer_append(&tr, next) != 0)
            break;
    }
    transformer_trace_free(&tr);
    return wrote;
}

/* Greedy continuation of one poem's first line: 1 in form, 0 not, -1 not tested. */
static int form_of(const Model *m, const Corpus *c, const CorpusPoem *p, TransformerTrace *tr)
{
    int ids[MODEL_MAX_CONTEXT], n = 0;
    while (n < p->length && !corpus_line_end(c->vocab[c->tokens[p->start + n]]))
        n++;
    if ((n != 5 && n != 7) || n + 1 > p->length || 2 * (n + 1) > m->context)
        return -1;
    for (int i = 0; i <= n; i++)
        if ((ids[i] = model_find_char(m, c->vocab[c->tokens[p->start + i]])) < 0)
            return -1;
    transformer_forward(tr, ids, n + 1);
    for (int i = 0; i <= n; i++) {
        int next = transformer_pick(tr, 0.0, NULL, NULL);
        const char *ch = m->vocab[next];
        if (i < n ? poem_is_punctuation(ch) : !corpus_line_end(ch))
            return 0;
        if (i < n)
            transformer_append(tr, next);
    }
    return 1;
}

int poem_form_test(const Model *m, const Corpus *c, PoemForm *out)
{
    memset(out, 0, sizeof *out);
    TransformerTrace tr;
    if (transformer_trace_init(&tr, m) != 0)
        return -1;
    for (int i = 0; i < c->poems; i++) {
        int r = form_of(m, c, &c->poem[i], &tr);
        if (r < 0)
            continue;
        out->tested++;
        out->passed += r;
    }
    transformer_trace_free(&tr);
    return 0;
}
