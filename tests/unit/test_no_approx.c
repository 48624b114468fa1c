/* test_no_approx.c — one number, one value: no hand check on any screen ends in "≈". Every
 * view × stage × asking character is drawn at 80 × 24 and 120 × 40, on the lesson's six
 * characters and on sixteen, and every "≈" in the frame must be one allowed: the Σ of
 * rounded percentages ("Σ 100.1% ≈ 100%"), which is explained where it appears, or a
 * root's decimals ("√8 ≈ 2.828427", the lesson's own way to write it).
 * Owns: that scan. Must not touch: the views' insides (only frames). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* True when the "≈" at p (inside line) is an allowed one: "… ≈ 100%", the Σ of printed
 * percentages (on its row, or where a note wraps it to the next line), or the √d screen's
 * sentence "its gradient ≈ 0", which states a limit in words and is no hand check. */
static bool allowed_approx(const char *line, const char *p)
{
    const char *q = p;   /* back over " 8 " to a root's mark: "√8 ≈ 2.828427", a root's decimals */
    while (q > line && q[-1] == ' ')
        q--;
    while (q > line && q[-1] >= '0' && q[-1] <= '9')
        q--;
    bool root = q - line >= 3 && strncmp(q - 3, "√", 3) == 0;
    return strncmp(p, "≈ 100%", strlen("≈ 100%")) == 0 || root ||
           (p - line >= 9 && strncmp(p - 9, "gradient ≈ 0", strlen("gradient ≈ 0")) == 0);
}

/* Copies into out the first line of text with a "≈" that is not a Σ of percentages;
 * false when there is none. */
static bool bad_approx(const char *text, char *out, size_t cap)
{
    const char *line = text;
    while (*line) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (len >= cap)
            len = cap - 1;
        memcpy(out, line, len);
        out[len] = '\0';
        for (const char *p = strstr(out, "≈"); p; p = strstr(p + 1, "≈"))
            if (!allowed_approx(out, p))
                return true;
        if (!end)
            break;
        line = end + 1;
    }
    return false;
}

/* Fails on the first "≈" of text that is not a Σ of percentages; `what` names the frame. */
static void assert_no_approx(const char *text, const char *what)
{
    char buf[4096];
    if (bad_approx(text, buf, sizeof buf))
        fail_msg("%s: a hand check ends in ≈: \"%s\"", what, buf);
}

/* Every view, stage and asker of the fixture's lesson at both sizes; the matrix with each of
 * its three tables (t cycles them: shares, raw Q·Kᵀ, ÷√d). */
static void scan(Fixture *f, const char *name)
{
    static const int sizes[][2] = { { 80, 24 }, { 120, 40 } };
    for (int v = 0; v < VIEW_COUNT; v++)
        for (int tables = 0; tables < (v == VIEW_MATRIX ? 3 : 1); tables++)
            for (int st = 0; st < STAGE_COUNT; st++)
                for (int t = 0; t < f->ls.tr.T; t++)
                    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
                        Shot s = { .w = sizes[z][0], .h = sizes[z][1], .stage = (Stage)st,
                                   .focus = t, .numbers = true };
                        for (int k = 0; k < tables; k++)
                            s.keys[k] = 't';
                        char *text = shot_text(f, (ViewId)v, &s);
                        char what[160];
                        snprintf(what, sizeof what, "%s, view %s (t × %d), stage %d, focus %d, %dx%d", name,
                                 view_ops((ViewId)v)->name, tables, st + 1, t, s.w, s.h);
                        assert_no_approx(text, what);
                        free(text);
                    }
}

static void six_characters(void **state)
{
    (void)state;
    Fixture *f = fixture_open(NULL);
    scan(f, "三加五等于?");
    fixture_close(f);
}

static void sixteen_characters(void **state)
{
    (void)state;
    Fixture *f = fixture_open(SIXTEEN);
    scan(f, SIXTEEN);
    fixture_close(f);
}

/* The scan can fail: a frame with a hand sum ending in ≈ is caught, the Σ of shares is not. */
static void the_scan_can_fail(void **state)
{
    (void)state;
    char buf[256];
    assert_false(bad_approx("share  19.6%  52.4%   Σ 100.1% ≈ 100%\n", buf, sizeof buf));
    assert_true(bad_approx("x\n  + 1.92×0.83 = 7.5007 ≈ 7.51\n", buf, sizeof buf));
    assert_string_equal(buf, "  + 1.92×0.83 = 7.5007 ≈ 7.51");
    assert_true(bad_approx("1.000 / 1.911 = 52.3% ≈ 52.4%", buf, sizeof buf));
    assert_false(bad_approx("   ≈ 100% (100.0% unrounded)\n its gradient ≈ 0 → not worse", buf, sizeof buf));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_scan_can_fail),
        cmocka_unit_test(six_characters),
        cmocka_unit_test(sixteen_characters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
