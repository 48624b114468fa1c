/* test_zh.c — the Chinese interface as a whole: every view at every stage, at 80×24 and
 * 120×40, numbers on and off, help closed and open, drawn in Chinese, holds no English word
 * outside a short allowlist and breaks no lesson term or equation across two rows.
 * Owns: the allowlist and the walk over the screens. Must not touch: any view's insides. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "keys.h"
#include "wrap.h"

/* The Latin words a Chinese screen may show: the lesson's own symbols and names, the
 * program's, units, and the Python of the code screen. One letter (x, d, Q, K, V, T, i, j)
 * is always allowed: it is a symbol, not a word. */
static const char *const allowed_words[] = {
    "softmax", "attn-tui", "attn", "tui", "Wq", "Wk", "Wv", "GQA", "MiB", "GiB", "KiB", "max", "exp", "cos",
    "Esc", "Tab", "Enter", "PgUp", "PgDn", "Home", "End", "Ctrl", "Shift",
    "PyTorch",
    "s-max", "Qwen",
    /* the Python of the code screen (and the summary's and --export's names for it) */
    "out", "mha", "out_proj", "num_heads", "embed_dim", "bias", "False", "python", "export",
    "F.scaled_dot_product_attention", "nn.MultiheadAttention",
};

static bool word_allowed(const char *w, size_t n)
{
    if (n <= 1)
        return true;
    for (size_t i = 0; i < sizeof allowed_words / sizeof allowed_words[0]; i++)
        if (strlen(allowed_words[i]) == n && strncmp(allowed_words[i], w, n) == 0)
            return true;
    return false;
}

static bool latin(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* True when the UTF-8 text at p is a box-drawing glyph (U+2500…U+257F): the help's frame,
 * which cuts the words of the screen behind it. */
static bool box_glyph(const char *p)
{
    return (unsigned char)p[0] == 0xE2 && ((unsigned char)p[1] == 0x94 || (unsigned char)p[1] == 0x95);
}

/* The first English word of text not allowed (in *n its length), or NULL. A word is a
 * run of Latin letters, '_' and '-' or '.' between letters; a word glued to a digit ("d64",
 * "1e-3", "Qwen2") is a number's notation or a name; a word cut by a box's edge is a piece
 * of the screen under the help. */
static const char *english_word(const char *text, size_t *n)
{
    for (const char *p = text; *p; p++) {
        if (!latin(*p) || (p > text && (latin(p[-1]) || p[-1] == '_' || (p[-1] >= '0' && p[-1] <= '9'))))
            continue;
        const char *e = p;
        while (latin(*e) || *e == '_' || (*e == '-' && latin(e[1])) || (*e == '.' && latin(e[1])))
            e++;
        if ((*e >= '0' && *e <= '9') || box_glyph(e) || (p - text >= 3 && box_glyph(p - 3))) {
            p = e - 1;
            continue;
        }
        /* a dotted name (F.softmax, nn.Linear) is Python: allowed whole, or each part */
        const char *q = word_allowed(p, (size_t)(e - p)) ? e : p;
        bool bad = false;
        while (q < e) {
            const char *d = q;
            while (d < e && *d != '.')
                d++;
            if (!word_allowed(q, (size_t)(d - q))) {
                bad = true;
                break;
            }
            q = d < e ? d + 1 : d;
        }
        if (bad) {
            *n = (size_t)(e - p);
            return p;
        }
        p = e - 1;
    }
    return NULL;
}

/* ---------------------------------------------------------------- the walk */

static const int zh_sizes[][2] = { { 80, 24 }, { 120, 40 } };

/* Every frame of the walk: view × stage × size × numbers × help, in Chinese. fn checks
 * one; report (ATTN_ZH_REPORT set) prints every offence instead of failing at the first. */
typedef int (*FrameCheck)(const Grid *g, const char *what, bool report);

static int walk_frames(Fixture *f, FrameCheck fn, bool report)
{
    int bad = 0;
    for (int v = 0; v < VIEW_COUNT; v++)
        for (int st = 0; st < STAGE_COUNT; st++)
            for (size_t z = 0; z < sizeof zh_sizes / sizeof zh_sizes[0]; z++)
                for (int numbers = 0; numbers < 2; numbers++)
                    for (int help = 0; help < 2; help++) {
                        Shot shot = { .w = zh_sizes[z][0], .h = zh_sizes[z][1], .stage = (Stage)st,
                                      .focus = 3, .numbers = numbers, .lang = LANG_ZH };
                        Scene sc;
                        scene_shoot(&sc, f, (ViewId)v, &shot);
                        sc.ui.help = help;
                        Grid g = scene_render(&sc, shot.w, shot.h);
                        char what[96];
                        snprintf(what, sizeof what, "view %d stage %d %dx%d numbers %d help %d", v, st,
                                 shot.w, shot.h, numbers, help);
                        bad += fn(&g, what, report);
                        grid_free(&g);
                    }
    return bad;
}

static int check_english(const Grid *g, const char *what, bool report)
{
    char row[8192];
    int bad = 0;
    for (int y = 0; y < g->h; y++) {
        row_text(g, y, row, sizeof row);
        size_t n;
        for (const char *p = english_word(row, &n); p; p = english_word(p + n, &n)) {
            if (!report)
                fail_msg("%s: English word '%.*s' in row %d: %s", what, (int)n, p, y, row);
            printf("EN\t%.*s\t%s\t%s\n", (int)n, p, what, row);
            bad++;
        }
    }
    return bad;
}

static void test_no_english(void **state)
{
    bool report = getenv("ATTN_ZH_REPORT") != NULL;
    int bad = walk_frames(*state, check_english, report);
    if (report)
        assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_no_english, fixture_setup, fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
