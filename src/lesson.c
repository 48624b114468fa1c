/* lesson.c — builds the set of forward passes and curves the screens read.
 * Owns: which passes exist, what they run with, and their lifetime.
 * Must not touch: arithmetic (engine.c, sqrtd.c), the terminal, drawing. */
#include "lesson.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The √d curve, computed by sqrtd_curve when building (scripts/gen-curve.c): it depends on
 * nothing a run chooses, and computing it took 8 ms of every start. */
#include "lesson_curve.h"

/* In 唐诗三百首 (fortunes-zh's tang300) as poems 217, 220, 244, 234 and 216, none of them among
 * the poems poems.model held out (i mod 10 = 9): lines it trained on, as the famous openings
 * a learner cycles through (红豆生南国 and 千山鸟飞绝 are held out: typed with e, the model
 * meets them new). */
const char *const lesson_openings[LESSON_OPENINGS] = {
    "床前明月光，疑是地上霜。", "白日依山尽，黄河入海流。", "春眠不觉晓，处处闻啼鸟。",
    "松下问童子，言师采药去。", "空山不见人，但闻人语响。",
};

void lesson_params(LessonParams *p, const char *sentence)
{
    memset(p, 0, sizeof *p);
    snprintf(p->sentence, sizeof p->sentence, "%s", sentence);
    p->config.mask = MASK_NONE;
    p->config.heads = 1;
}

/* The sentence compared with: the one asked for, else the lesson's second sentence (or
 * its first, when the sentence already is the second). */
static const char *compare_sentence(const LessonParams *p, const Trace *tr)
{
    char now[MODEL_SENTENCE_BYTES];
    if (p->compare[0])
        return p->compare;
    engine_sentence(tr, now, sizeof now);
    return strcmp(now, LESSON_COMPARE_SENTENCE) == 0 ? LESSON_FIRST_SENTENCE : LESSON_COMPARE_SENTENCE;
}

/* A layered model: its pass over the line into ls->poem, the chosen layer presented as
 * ls->tr. The line's characters are checked against the vocabulary first. */
static int lesson_run_poem(Lesson *ls, const Model *m, char *err, size_t errlen)
{
    int ids[MODEL_MAX_CONTEXT];
    Lang lang = ls->params.config.lang == LANG_ZH ? LANG_ZH : LANG_EN;
    int T = transformer_ids(m, ls->params.sentence, ids, m->context, lang, err, errlen);
    if (T < 1)
        return -1;
    if (transformer_trace_init(&ls->poem, m) != 0 || transformer_forward(&ls->poem, ids, T) != 0) {
        snprintf(err, errlen, "%s", LANG_PICK(lang, "out of memory", "内存不足"));
        return -1;
    }
    ls->has_poem = true;
    if (transformer_check_finite(&ls->poem, err, errlen) != 0)
        return ENGINE_NOT_FINITE;
    if (ls->params.layer < 0 || ls->params.layer >= m->layers)
        ls->params.layer = 0;
    ls->params.config.score.on = false;   /* what if sets no score of a layered model */
    if (transformer_layer_trace(&ls->poem, ls->params.layer, lang, &ls->tr) != 0) {
        snprintf(err, errlen, "%s", LANG_PICK(lang, "out of memory", "内存不足"));
        return -1;
    }
    engine_sentence(&ls->tr, ls->params.sentence, sizeof ls->params.sentence);
    return 0;
}

/* Frees the passes of a Lesson being built or replaced (not its model). */
static void lesson_free_passes(Lesson *ls)
{
    engine_free(&ls->tr);
    engine_free(&ls->alt);
    transformer_trace_free(&ls->poem);
    ls->has_poem = false;
}

/* Runs the sentence and the comparison into a zeroed *ls. */
static int lesson_run(Lesson *ls, const Model *m, const LessonParams *p, char *err, size_t errlen)
{
    ls->model = m;
    ls->params = *p;
    if (m->layers > 0)
        return lesson_run_poem(ls, m, err, errlen);
    ls->params.layer = 0;
    int r = engine_forward_with(m, p->sentence, &p->config, &ls->tr, err, errlen);
    if (r != 0)
        return r;
    engine_sentence(&ls->tr, ls->params.sentence, sizeof ls->params.sentence);
    char ignored[256];
    EngineConfig plain = p->config;   /* a score set is the sentence's: not the comparison's */
    plain.score.on = false;
    ls->has_alt = engine_forward_with(m, compare_sentence(p, &ls->tr), &plain, &ls->alt,
                                      ignored, sizeof ignored) == 0;
    return 0;
}

/* Frees a model the lesson adopted (NULL is fine). */
static void lesson_drop_model(Model *m)
{
    if (m) {
        model_free(m);
        free(m);
    }
}

/* Frees a lesson's stand-in (NULL is fine). */
static void lesson_drop_teach(Lesson *teach)
{
    if (teach) {
        lesson_free(teach);
        free(teach);
    }
}

/* The lesson's own model on its own sentence (lesson 6), for a lesson playing a layered
 * model; NULL when it cannot be made (the screens then show the layered model's head). */
static Lesson *lesson_make_teach(Lang lang)
{
    Model *m = calloc(1, sizeof *m);
    Lesson *t = calloc(1, sizeof *t);
    char err[256];
    if (!m || !t || model_load_default(m, err, sizeof err) != 0) {
        free(t);
        lesson_drop_model(m);
        return NULL;
    }
    LessonParams p;
    lesson_params(&p, m->sentence);
    p.config.lang = lang;
    if (lesson_build_with(t, m, &p, err, sizeof err) != 0) {
        free(t);
        lesson_drop_model(m);
        return NULL;
    }
    t->owned = m;
    t->stand_in = true;
    return t;
}

/* Hands fresh the stand-in old kept (or makes one) when fresh plays a layered model; frees
 * it otherwise. old->teach is NULL after. */
static void lesson_pass_teach(Lesson *fresh, Lesson *old)
{
    Lesson *keep = old ? old->teach : NULL;
    if (old)
        old->teach = NULL;
    if (!fresh->has_poem) {
        lesson_drop_teach(keep);
        return;
    }
    fresh->teach = keep ? keep : lesson_make_teach(fresh->params.config.lang);
}

int lesson_build_with(Lesson *ls, const Model *m, const LessonParams *p, char *err, size_t errlen)
{
    memset(ls, 0, sizeof *ls);
    int r = lesson_run(ls, m, p, err, errlen);
    if (r != 0) {
        lesson_free(ls);   /* the caller's model stays the caller's: owned is NULL */
        return r;
    }
    ls->curve = lesson_curve_table;
    lesson_pass_teach(ls, NULL);
    return 0;
}

int lesson_build(Lesson *ls, const Model *m, const char *sentence, const EngineConfig *cfg,
                 char *err, size_t errlen)
{
    LessonParams p;
    lesson_params(&p, sentence);
    if (cfg)
        p.config = *cfg;
    return lesson_build_with(ls, m, &p, err, errlen);
}

int lesson_rebuild(Lesson *ls, const LessonParams *p, char *err, size_t errlen)
{
    Lesson fresh;
    memset(&fresh, 0, sizeof fresh);
    int r = lesson_run(&fresh, ls->model, p, err, errlen);
    if (r != 0) {
        lesson_free_passes(&fresh);
        return r;
    }
    fresh.curve = ls->curve;   /* the curve depends on nothing that changes */
    fresh.owned = ls->owned;
    lesson_pass_teach(&fresh, ls);
    lesson_free_passes(ls);
    *ls = fresh;
    return 0;
}


int lesson_adopt(Lesson *ls, Model *m, const LessonParams *p, char *err, size_t errlen)
{
    Lesson fresh;
    memset(&fresh, 0, sizeof fresh);
    int r = lesson_run(&fresh, m, p, err, errlen);
    if (r != 0) {
        lesson_free_passes(&fresh);
        lesson_drop_model(m);
        return r;
    }
    fresh.curve = ls->curve;
    fresh.owned = m;
    lesson_pass_teach(&fresh, ls);
    Model *old = ls->owned;
    lesson_free_passes(ls);
    *ls = fresh;
    lesson_drop_model(old);   /* after the passes that read it are gone */
    return 0;
}

void lesson_free(Lesson *ls)
{
    lesson_drop_teach(ls->teach);
    lesson_free_passes(ls);
    lesson_drop_model(ls->owned);
    memset(ls, 0, sizeof *ls);
}

int lesson_answer(const Lesson *ls, int answer, int t)
{
    if (answer >= 0 && answer < ls->tr.T)
        return answer;
    return engine_strongest(&ls->tr, 0, t);
}

int lesson_layer(const Lesson *ls)
{
    return ls->has_poem ? ls->params.layer : 0;
}

/* Closing punctuation of a poem line, as the vocabulary writes it. */
static bool lesson_is_stop(const char *ch)
{
    static const char *const stops[] = { "，", "。", "？", "！", "；", "：", "、", ",", ".", "?", "!" };
    for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++)
        if (strcmp(ch, stops[i]) == 0)
            return true;
    return false;
}

int lesson_asker(const Lesson *ls)
{
    if (ls->has_poem) {
        int t = ls->tr.T - 1;
        while (t > 0 && lesson_is_stop(ls->tr.tokens[t]))
            t--;
        return t;
    }
    for (int t = 0; t < ls->tr.T; t++)
        if (strcmp(ls->tr.tokens[t], "等") == 0)
            return t;
    return 0;
}
