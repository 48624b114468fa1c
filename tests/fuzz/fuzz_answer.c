/* fuzz_answer.c — libFuzzer target: a typed answer (any bytes, as the practice screen's
 * input line passes them) read by typed_read and graded against a question of each
 * kind on the built-in model. It must never crash; a number read is finite, junk gets one
 * line of message, and grading names only mistakes the question lists.
 * Seeds: tests/fuzz/corpus/answer. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "fuzz.h"
#include "model.h"
#include "quiz.h"

/* The built-in model's pass over its sentence, made once for the whole run. */
static const Trace *lesson_trace(void)
{
    static Model m;
    static Trace tr;
    static int made;
    if (!made) {
        char err[512];
        FUZZ_CHECK(model_load_default(&m, err, sizeof err) == 0, "the built-in model loads");
        FUZZ_CHECK(engine_forward(&m, m.sentence, &tr, err, sizeof err) == 0, "its sentence runs");
        made = 1;
    }
    return &tr;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    TypedNumber a;
    double v;   /* the what-if value's grammar too: a number read is finite */
    TypedRead rv = typed_value(text, &v);
    FUZZ_CHECK(rv != TYPED_NUMBER || isfinite(v), "a value read is finite");
    TypedRead r = typed_read(text, &a);
    FUZZ_CHECK(r == TYPED_NUMBER || r == TYPED_EMPTY || r == TYPED_JUNK, "a known result");
    if (r == TYPED_JUNK) {
        char msg[256];
        typed_message(text, size % 4 < 2 ? TYPED_ANSWER : TYPED_VALUE, size % 2 ? LANG_ZH : LANG_EN, msg,
                      sizeof msg);
        fuzz_check_message(msg, sizeof msg, 1);
    } else if (r == TYPED_NUMBER) {
        FUZZ_CHECK(isfinite(a.value), "a number read is finite");
        const Trace *tr = lesson_trace();
        QuizSeq seq;
        quiz_seq_init(&seq, size);
        for (int k = 0; k < QUIZ_KIND_COUNT; k++) {
            QuizQuestion q;
            QuizGrade g;
            quiz_next(&seq, tr, &q);
            quiz_grade(&q, &a, &g);
            FUZZ_CHECK(!g.correct || g.n_named == 0, "a right answer names no mistake");
            FUZZ_CHECK(g.correct == (g.verdict == QUIZ_RIGHT || g.verdict == QUIZ_RIGHT_NOTED), "one verdict");
            FUZZ_CHECK((g.verdict == QUIZ_WRONG_NAMED) == (g.n_named > 0), "named only when wrong, named");
            for (int i = 0; i < g.n_named; i++) {   /* a listed mistake, or one of rounding */
                bool listed = g.named[i] == QUIZ_MISTAKE_FEWER_DECIMALS || g.named[i] == QUIZ_MISTAKE_TRUNCATED;
                for (int m = 0; m < q.n_mistakes; m++)
                    listed = listed || q.mistakes[m].mistake == g.named[i];
                FUZZ_CHECK(listed, "only listed mistakes (or rounding's) are named");
            }
        }
    }
    free(text);
    return 0;
}
