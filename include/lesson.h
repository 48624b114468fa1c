/* lesson.h — everything the screens show, computed once per change of its parameters:
 * the forward pass of the sentence (with lesson 7's mask and heads), the pass of the
 * sentence it is compared with (station 2), and station 5's √d curve.
 * Owns: building, rebuilding and freeing that set; the engine does the arithmetic.
 * Must not touch: the terminal, drawing, the clock. */
#ifndef ATTN_LESSON_H
#define ATTN_LESSON_H

#include <stdbool.h>
#include <stddef.h>
#include "engine.h"
#include "model.h"
#include "sqrtd.h"
#include "transformer.h"

/* The lesson's second sentence: station 2 compares 等's row in both. */
#define LESSON_COMPARE_SENTENCE "十减四等于?"
/* The lesson's own sentence, compared with when the sentence is already the second one. */
#define LESSON_FIRST_SENTENCE "三加五等于?"
/* The seed of the √d machine's averaged curve and its number of draws (the curve is
 * computed with them when building: scripts/gen-curve.c). */
#define LESSON_CURVE_SEED 1
#define LESSON_CURVE_DRAWS SQRTD_CURVE_DRAWS

/* What the passes are run with: the UI asks for these, the lesson computes them. */
typedef struct {
    char sentence[MODEL_SENTENCE_BYTES];  /* the sentence, UTF-8 */
    char compare[MODEL_SENTENCE_BYTES];   /* the sentence it is compared with ("" for the default) */
    EngineConfig config;                  /* mask and heads (the lesson's machine; a layered
                                             model's pass is causal with its own heads) */
    int layer;                            /* a layered model: the layer presented as tr
                                             (0-based; clamped to the model's) */
} LessonParams;

typedef struct Lesson {
    const Model *model;     /* the model played (the caller's, or owned below) */
    Model *owned;           /* a model the lesson was handed to play (lesson_adopt), freed
                               with it; NULL: model is the caller's */
    LessonParams params;    /* what the passes ran with (sentences as the vocabulary spells them) */
    Trace tr;               /* the sentence's forward pass, with params.config */
    bool has_alt;           /* the comparison sentence ran (its characters are all known) */
    Trace alt;              /* its forward pass, with params.config */
    SqrtdCurve curve;       /* station 5: the largest share against d, averaged once
                               (when building; a copy of lesson_curve_table) */
    bool has_poem;          /* the model is layered (model->layers > 0): poem holds its pass
                               over the line, and tr presents layer params.layer of it
                               (transformer_layer_trace); has_alt is then false */
    TransformerTrace poem;  /* that pass, every layer's every intermediate (zeroed if none) */
    struct Lesson *teach;   /* a layered model: the lesson's own model (compiled in) on its
                               sentence, lesson 6, for the screens about that model alone
                               (ViewOps.lesson_model_only); owns its model. NULL otherwise,
                               or when it could not be made */
    bool stand_in;          /* this is such a lesson (some Lesson's teach), not the one in play */
} Lesson;

/* The parameters of lesson 6 on sentence: no mask, one head, the default comparison. */
void lesson_params(LessonParams *p, const char *sentence);

/* Runs every pass of model m with params p (NULL cfg fields: lesson 6) into a fresh *ls.
 * Returns 0, or -1 (a bad sentence) or ENGINE_NOT_FINITE (the model's numbers overflow)
 * with a one-line message in err (then *ls needs no freeing). */
int lesson_build(Lesson *ls, const Model *m, const char *sentence, const EngineConfig *cfg,
                 char *err, size_t errlen);
int lesson_build_with(Lesson *ls, const Model *m, const LessonParams *p, char *err, size_t errlen);

/* Runs the passes again with params p, keeping what did not change. On failure *ls is
 * left as it was and err says why. Returns 0, -1 or ENGINE_NOT_FINITE. */
int lesson_rebuild(Lesson *ls, const LessonParams *p, char *err, size_t errlen);

/* Plays model m from now on (a trained one): runs every pass of m with params p and takes
 * m (heap-allocated, model_free'd and free'd with the lesson, or at once on failure). On
 * failure *ls is left as it was and err says why. Returns 0, -1 or ENGINE_NOT_FINITE. */
int lesson_adopt(Lesson *ls, Model *m, const LessonParams *p, char *err, size_t errlen);

/* Releases a Lesson (and a model it adopted); safe on a zeroed or freed one. */
void lesson_free(Lesson *ls);

/* The poem model's line when no other is given. */
#define LESSON_POEM_LINE "床前明月光，疑是地上霜。"

/* The famous openings s cycles through on a layered model (each poem's first couplet). */
#define LESSON_OPENINGS 5
extern const char *const lesson_openings[LESSON_OPENINGS];

/* The layer of a layered model the lesson presents (params.layer within the model's), or 0. */
int lesson_layer(const Lesson *ls);

/* The answering character hand checks work for asker t: answer when it is a character of
 * the sentence (0..T-1), else the one t gives its largest share (head 0). */
int lesson_answer(const Lesson *ls, int answer, int t);

/* The character the lesson follows (the tour's stops, predict's questions, the start's
 * focus): 等 where the sentence has it, else the first; on a poem line the last character
 * before its closing punctuation (the one that sees the most). */
int lesson_asker(const Lesson *ls);

#endif
