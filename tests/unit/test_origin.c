/* test_origin.c — unit tests for "where does this number come from" (src/origin.c): the
 * chain of output(等)[0] back to word vectors and fingerprints with the lesson's figures,
 * the cells each table lends it, the causal mask and two heads, and refused cells.
 * Must not touch: the terminal, files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "format.h"
#include "model.h"
#include "origin.h"

enum { SAN, JIA, WU, DENG, YU, Q_MARK };   /* 三加五等于? */

/* A link's numbers as printed with `digits` decimals (percent when digits < 0), joined. */
static void printed(const OriginLink *l, int digits, char *buf, size_t cap)
{
    buf[0] = '\0';
    for (int i = 0; i < l->n; i++) {
        char n[FORMAT_BYTES];
        if (digits < 0)
            format_percent(n, sizeof n, l->numbers[i]);
        else
            format_fixed(n, sizeof n, l->numbers[i], digits);
        size_t used = strlen(buf);
        snprintf(buf + used, cap - used, "%s%s", i ? " " : "", n);
    }
}

static const OriginLink *link_of(const OriginChain *c, OriginTable t)
{
    assert_true(c->link_of[t] >= 0);
    return &c->link[c->link_of[t]];
}

static void forward(Model *m, Trace *tr, const EngineConfig *cfg)
{
    char err[512];
    assert_int_equal(model_load_default(m, err, sizeof err), 0);
    assert_int_equal(engine_forward_with(m, "三加五等于?", cfg, tr, err, sizeof err), 0);
}

static void test_output_chain(void **state)
{
    (void)state;
    Model m;
    Trace tr;
    forward(&m, &tr, NULL);
    static OriginChain c;
    OriginCell cell = { ORIGIN_OUTPUT, 0, DENG, 0 };
    assert_int_equal(origin_trace(&tr, cell, &c), ORIGIN_TABLE_COUNT - 1);   /* all but a layer's input */
    char buf[1024];
    const OriginLink *l = &c.link[0];
    assert_int_equal(l->table, ORIGIN_OUTPUT);
    assert_int_equal(l->op, ORIGIN_OP_COLLECT);
    assert_int_equal(l->row, DENG);
    assert_int_equal(l->col, 0);
    printed(l, 2, buf, sizeof buf);
    assert_string_equal(buf, "0.52");
    assert_int_equal(c.link[l->from[0]].table, ORIGIN_WEIGHTS);
    assert_int_equal(c.link[l->from[1]].table, ORIGIN_V);

    l = link_of(&c, ORIGIN_WEIGHTS);                 /* the six shares of 等's row */
    assert_int_equal(l->op, ORIGIN_OP_SOFTMAX);
    assert_int_equal(l->row, DENG);
    assert_int_equal(l->col, -1);
    printed(l, -1, buf, sizeof buf);
    assert_string_equal(buf, "19.6% 52.4% 10.1% 1.4% 2.2% 14.4%");
    l = link_of(&c, ORIGIN_V);                       /* × V's column 0 */
    assert_int_equal(l->row, -1);
    assert_int_equal(l->col, 0);
    printed(l, 2, buf, sizeof buf);
    assert_string_equal(buf, "0.63 0.57 0.96 1.03 0.03 -0.09");
    l = link_of(&c, ORIGIN_SCALED);                  /* ← the scores ÷ √8 */
    assert_int_equal(l->op, ORIGIN_OP_DIVIDE);
    assert_true(fabs(l->divisor - 2.8284271247461903) < 1e-15);
    printed(l, 2, buf, sizeof buf);
    assert_string_equal(buf, "0.45 1.43 -0.22 -2.20 -1.73 0.14");
    l = link_of(&c, ORIGIN_SCORES);
    assert_int_equal(l->op, ORIGIN_OP_DOT);
    printed(l, 2, buf, sizeof buf);
    assert_string_equal(buf, "1.26 4.05 -0.62 -6.23 -4.89 0.39");
    assert_int_equal(c.link[l->from[0]].table, ORIGIN_Q);
    assert_int_equal(c.link[l->from[1]].table, ORIGIN_K);
    l = link_of(&c, ORIGIN_Q);                       /* ← Q(等) */
    assert_int_equal(l->row, DENG);
    printed(l, 2, buf, sizeof buf);
    assert_string_equal(buf, "-0.69 -2.10 -1.80 0.14 -0.27 1.92 -0.68 -0.23");
    assert_int_equal(link_of(&c, ORIGIN_K)->total, 48);   /* every K */
    l = link_of(&c, ORIGIN_WV);
    assert_int_equal(l->op, ORIGIN_OP_GIVEN);
    assert_int_equal(l->col, 0);
    printed(l, 2, buf, sizeof buf);
    assert_string_equal(buf, "0.32 -0.22 -0.14 -0.11 -0.11 0.09 -0.13 0.33");
    assert_int_equal(link_of(&c, ORIGIN_WQ)->total, 64);
    l = link_of(&c, ORIGIN_X);                       /* ← x = word vector + fingerprint */
    assert_int_equal(l->op, ORIGIN_OP_ADD);
    assert_int_equal(c.link[l->from[0]].table, ORIGIN_EMBEDDING);
    assert_int_equal(c.link[l->from[1]].table, ORIGIN_POSITION);
    assert_int_equal(link_of(&c, ORIGIN_EMBEDDING)->op, ORIGIN_OP_GIVEN);

    /* the cells to light */
    assert_true(origin_depends(&c, ORIGIN_OUTPUT, 0, DENG, 0));
    assert_false(origin_depends(&c, ORIGIN_OUTPUT, 0, DENG, 1));
    assert_true(origin_depends(&c, ORIGIN_WEIGHTS, 0, DENG, YU));
    assert_false(origin_depends(&c, ORIGIN_WEIGHTS, 0, JIA, YU));
    assert_true(origin_depends(&c, ORIGIN_V, 0, YU, 0));
    assert_false(origin_depends(&c, ORIGIN_V, 0, YU, 1));
    assert_true(origin_depends(&c, ORIGIN_WV, 0, 5, 0));
    assert_false(origin_depends(&c, ORIGIN_WV, 0, 5, 1));
    assert_true(origin_depends(&c, ORIGIN_WQ, 0, 5, 3));
    assert_false(origin_depends(&c, ORIGIN_Q, 0, JIA, 0));
    assert_true(origin_depends(&c, ORIGIN_K, 0, JIA, 7));
    assert_true(origin_depends(&c, ORIGIN_POSITION, 0, Q_MARK, 7));
    engine_free(&tr);
    model_free(&m);
}

static void test_short_chains(void **state)
{
    (void)state;
    Model m;
    Trace tr;
    forward(&m, &tr, NULL);
    static OriginChain c;
    char buf[512];
    OriginCell q = { ORIGIN_Q, 0, WU, 3 };
    assert_int_equal(origin_trace(&tr, q, &c), 5);   /* Q, x, Wq, e, pe */
    assert_int_equal(link_of(&c, ORIGIN_X)->row, WU);
    printed(link_of(&c, ORIGIN_X), 2, buf, sizeof buf);
    assert_string_equal(buf, "1.09 -0.22 -0.10 1.44 0.51 1.84 -0.86 1.47");
    assert_int_equal(link_of(&c, ORIGIN_WQ)->col, 3);
    assert_int_equal(c.link_of[ORIGIN_K], -1);
    OriginCell x = { ORIGIN_X, 0, JIA, 2 };
    assert_int_equal(origin_trace(&tr, x, &c), 3);
    printed(link_of(&c, ORIGIN_EMBEDDING), 2, buf, sizeof buf);
    assert_string_equal(buf, "-0.66");
    printed(link_of(&c, ORIGIN_POSITION), 2, buf, sizeof buf);
    assert_string_equal(buf, "0.10");
    OriginCell score = { ORIGIN_SCORES, 0, DENG, JIA };
    assert_int_equal(origin_trace(&tr, score, &c), 8);  /* Q·K, Q, K, x, Wq, Wk, e, pe */
    assert_int_equal(link_of(&c, ORIGIN_K)->row, JIA);
    assert_true(origin_depends(&c, ORIGIN_X, 0, JIA, 0) && origin_depends(&c, ORIGIN_X, 0, DENG, 0));
    assert_false(origin_depends(&c, ORIGIN_X, 0, SAN, 0));
    OriginCell bad[] = { { ORIGIN_WQ, 0, 0, 0 }, { ORIGIN_OUTPUT, 0, 6, 0 }, { ORIGIN_OUTPUT, 0, 0, 8 },
                         { ORIGIN_WEIGHTS, 1, 0, 0 }, { ORIGIN_SCORES, 0, 0, 6 }, { ORIGIN_EMBEDDING, 0, 0, 0 } };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(origin_trace(&tr, bad[i], &c), -1);
    engine_free(&tr);
    model_free(&m);
}

/* Causal mask, two heads: output(等)[5] is head 2's, and sees only 三加五等. */
static void test_masked_heads(void **state)
{
    (void)state;
    Model m;
    Trace tr;
    EngineConfig cfg = { .mask = MASK_CAUSAL, .heads = 2 };
    forward(&m, &tr, &cfg);
    static OriginChain c;
    OriginCell cell = { ORIGIN_OUTPUT, 0, DENG, 5 };
    assert_int_equal(origin_trace(&tr, cell, &c), ORIGIN_TABLE_COUNT - 1);   /* all but a layer's input */
    assert_int_equal(c.head, 1);
    assert_int_equal(link_of(&c, ORIGIN_WEIGHTS)->total, 4);
    assert_int_equal(link_of(&c, ORIGIN_Q)->total, 4);        /* Q(等)'s columns 4-7 */
    assert_int_equal(link_of(&c, ORIGIN_K)->total, 16);
    assert_true(fabs(link_of(&c, ORIGIN_SCALED)->divisor - 2.0) < 1e-15);
    assert_true(origin_depends(&c, ORIGIN_WEIGHTS, 1, DENG, SAN));
    assert_false(origin_depends(&c, ORIGIN_WEIGHTS, 0, DENG, SAN));
    assert_false(origin_depends(&c, ORIGIN_WEIGHTS, 1, DENG, YU));
    assert_false(origin_depends(&c, ORIGIN_X, 0, YU, 0));
    assert_true(origin_depends(&c, ORIGIN_WQ, 0, 0, 4));
    assert_false(origin_depends(&c, ORIGIN_WQ, 0, 0, 3));
    engine_free(&tr);
    model_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_output_chain),
        cmocka_unit_test(test_short_chains),
        cmocka_unit_test(test_masked_heads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
