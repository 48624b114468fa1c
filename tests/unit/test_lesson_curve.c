/* test_lesson_curve.c — the √d curve a lesson carries is computed when building
 * (scripts/gen-curve.c) and is exactly sqrtd_curve(LESSON_CURVE_SEED, LESSON_CURVE_DRAWS)
 * computed now, bit for bit, in a built lesson and after a rebuild. Must not touch: the
 * terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "lesson.h"
#include "model.h"
#include "sqrtd.h"

/* Every double of the two curves the same, bit for bit (fields, not padding). */
static void assert_same_curve(const SqrtdCurve *a, const SqrtdCurve *b)
{
    assert_int_equal(a->seed, b->seed);
    assert_int_equal(a->draws, b->draws);
    assert_memory_equal(a->spread, b->spread, sizeof a->spread);
    assert_memory_equal(&a->scaled, &b->scaled, sizeof a->scaled);
    assert_memory_equal(&a->raw, &b->raw, sizeof a->raw);
}

static void test_built_curve_is_the_computed_one(void **state)
{
    (void)state;
    static SqrtdCurve computed;
    sqrtd_curve(&computed, LESSON_CURVE_SEED, LESSON_CURVE_DRAWS);
    Model m;
    Lesson ls;
    char err[256];
    assert_int_equal(model_load_default(&m, err, sizeof err), 0);
    assert_int_equal(lesson_build(&ls, &m, m.sentence, NULL, err, sizeof err), 0);
    assert_int_equal(ls.curve.seed, 1);
    assert_int_equal(ls.curve.draws, 200);
    assert_same_curve(&ls.curve, &computed);
    LessonParams p = ls.params;
    p.config.mask = MASK_CAUSAL;
    p.config.heads = 2;
    assert_int_equal(lesson_rebuild(&ls, &p, err, sizeof err), 0);
    assert_int_equal(ls.tr.heads, 2);
    assert_same_curve(&ls.curve, &computed);
    lesson_free(&ls);
    model_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_built_curve_is_the_computed_one),
    };
    return cmocka_run_group_tests_name("lesson curve", tests, NULL, NULL);
}
