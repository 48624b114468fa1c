/* test_view_library.c — unit tests of the library view (station 1) as a pure function of
 * its inputs. Owns: how full each book is against the borrower's shares, 等's 52.4% of 加,
 * the roles tied to the program's rows (Q, K, V and their values), the lesson's words,
 * hidden numbers, clicks, keys, the mask and the two heads, ASCII and every size.
 * Must not touch: golden files, the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "charname.h"
#include "chrome.h"
#include "format.h"
#include "keys.h"
#include "view_library.h"

/* ---------------------------------------------------------------- scenes */

/* The library view over ls, character `focus` borrowing, numbers shown or not. */
static Scene shot(Lesson *ls, int focus, bool numbers)
{
    Scene s;
    scene_start(&s, ls, VIEW_LIBRARY);
    s.p.focus = focus;
    s.ui.numbers = numbers;
    return s;
}

/* The view's layout for a scene in a w × h frame, as drawing computes it. */
static LibraryLayout layout(const Scene *s, int w, int h)
{
    ViewCtx c = scene_context(s, w, h);
    LibraryLayout L;
    library_layout(&c, &L);
    return L;
}

/* Eighths of a cell a glyph fills from the bottom (-1 for anything else). */
static int eighths_of(const char *glyph)
{
    static const char *const blocks[] = { "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█" };
    if (strcmp(glyph, "░") == 0 || strcmp(glyph, " ") == 0 || strcmp(glyph, ".") == 0)
        return 0;
    for (int i = 0; i < 8; i++)
        if (strcmp(glyph, blocks[i]) == 0)
            return i + 1;
    if (strcmp(glyph, "_") == 0)
        return 1;   /* ASCII: 1-3 eighths */
    if (strcmp(glyph, "o") == 0)
        return 4;   /* ASCII: 4-7 eighths */
    if (strcmp(glyph, "#") == 0)
        return 8;
    return -1;
}

/* Eighths filled in column x of the books' insides, under V's numbers or strip. */
static int column_fill(const Grid *g, const LibraryLayout *L, int x)
{
    int n = 0;
    for (int y = L->contents_top + L->v_rows; y < L->contents_top + L->contents_rows; y++) {
        int e = eighths_of(grid_cell(g, x, y)->glyph);
        assert_true(e >= 0);
        n += e;
    }
    return n;
}

/* First inside column of book s. */
static int inside_x(const LibraryLayout *L, int s)
{
    return L->book_x[s] + (L->framed ? 1 : 0);
}

static const int sizes[][2] = { { 60, 20 }, { 80, 24 }, { 100, 30 }, { 120, 40 }, { 200, 60 }, { 300, 80 } };
#define N_SIZES (sizeof sizes / sizeof sizes[0])

/* ---------------------------------------------------------------- how full */

static void test_fill_eighths(void **state)
{
    (void)state;
    assert_int_equal(library_fill_eighths(10, 0.524012, true), 41);   /* ⌊41.92⌋ */
    assert_int_equal(library_fill_eighths(10, 0.013826, true), 1);
    assert_int_equal(library_fill_eighths(10, 0.0, true), 1);   /* a little of every book */
    assert_int_equal(library_fill_eighths(10, 0.5, false), 0);  /* masked: nothing */
    assert_int_equal(library_fill_eighths(10, 1.0, true), 80);
    assert_int_equal(library_fill_eighths(0, 1.0, true), 0);
    int prev = 0;
    for (int k = 0; k <= 1000; k++) {
        int e = library_fill_eighths(9, k / 1000.0, true);
        assert_true(e >= prev);
        prev = e;
    }
}

/* Every book is filled by the share the borrower takes of it, every column alike; at
 * 80 × 24 (4 rows to fill under V's strip) 等 takes 16 of 加's 32 eighths (52.4%). */
static void test_books_fill_by_the_share(void **state)
{
    Lessons *f = *state;
    Lesson *lessons[2] = { &f->plain, &f->long16 };
    for (int k = 0; k < 2; k++)
        for (size_t z = 0; z < N_SIZES; z++) {
            const Trace *tr = &lessons[k]->tr;
            for (int t = 0; t < tr->T; t += 3) {
                Scene s = shot(lessons[k], t, z % 2 == 0);
                LibraryLayout L = layout(&s, sizes[z][0], sizes[z][1]);
                Grid g = scene_render(&s, sizes[z][0], sizes[z][1]);
                int inner = L.book_w - (L.framed ? 2 : 0);
                for (int u = 0; u < tr->T; u++) {
                    int want = library_fill_eighths(L.fill_rows, TRACE_SQ(tr, weights, t, u), true);
                    for (int x = inside_x(&L, u); x < inside_x(&L, u) + inner; x++)
                        assert_int_equal(column_fill(&g, &L, x), want);
                }
                grid_free(&g);
            }
        }
    Scene s = shot(&f->plain, 3, true);
    LibraryLayout L = layout(&s, 80, 24);
    assert_int_equal(L.contents_rows, 5);   /* V's strip on the top row, 4 rows to fill */
    assert_int_equal(L.v_rows, 1);
    assert_int_equal(L.fill_rows, 4);
    Grid g = scene_render(&s, 80, 24);
    const int want[6] = { 6, 16, 3, 1, 1, 4 };   /* ⌊share × 32⌋, at least 1 */
    for (int u = 0; u < 6; u++)
        assert_int_equal(column_fill(&g, &L, inside_x(&L, u)), want[u]);
    grid_free(&g);
}

/* ---------------------------------------------------------------- numbers and words */

/* 等 takes 52.4% of 加: under 加's book and in the line of what it takes. */
static void test_deng_takes_52_4_percent_of_jia(void **state)
{
    Lessons *f = *state;
    Scene s = shot(&f->plain, 3, true);
    LibraryLayout L = layout(&s, 80, 24);
    Grid g = scene_render(&s, 80, 24);
    char got[64] = "";
    int x = L.book_x[1] + (L.book_w - 5) / 2;
    for (int i = 0; i < 5; i++)
        strcat(got, grid_cell(&g, x + i, L.share_row)->glyph);
    assert_string_equal(got, "52.4%");
    assert_int_equal(grid_cell(&g, x, L.share_row)->style, STYLE_BOLD);
    char row[1024];
    row_trimmed(&g, L.share_row, row, sizeof row);
    assert_string_equal(row, "    19.6%        52.4%        10.1%         1.4%         2.2%        14.4%");
    row_trimmed(&g, L.takes_row, row, sizeof row);
    assert_string_equal(row, " 等 takes a little of several books: 52.4% of 加, 19.6% of 三, 14.4% of ? …");
    grid_free(&g);
    s.o.lang = LANG_ZH;
    g = scene_render(&s, 80, 24);
    assert_has(&g, "「等」从几本书里各借一点：「加」52.4%、「三」19.6%、「?」14.4%、「五」10.1% …");
    grid_free(&g);
    /* every share printed is the trace's */
    const Trace *tr = &f->plain.tr;
    for (int t = 0; t < tr->T; t++) {
        s = shot(&f->plain, t, true);
        L = layout(&s, 80, 24);
        g = scene_render(&s, 80, 24);
        for (int u = 0; u < tr->T; u++) {
            char want[FORMAT_BYTES];
            format_percent(want, sizeof want, TRACE_SQ(tr, weights, t, u));
            int lw = (int)strlen(want), xx = L.book_x[u] + (L.book_w - lw) / 2;
            got[0] = '\0';
            for (int i = 0; i < lw; i++)
                strcat(got, grid_cell(&g, xx + i, L.share_row)->glyph);
            assert_string_equal(got, want);
        }
        grid_free(&g);
    }
}

/* Q(等) is 等's search phrase, K the label on a spine, V what is inside. Beside the shelf
 * (120 × 40) the legend names the book its ← arrows touch, the last (?), with its first
 * values as the trace has them; below it (80 × 24) the book taken most of (加). */
static void test_roles_tied_to_the_programs_rows(void **state)
{
    Lessons *f = *state;
    const Trace *tr = &f->plain.tr;
    Scene s = shot(&f->plain, 3, true);
    Grid g = scene_render(&s, 120, 40);
    LibraryLayout L = layout(&s, 120, 40);
    assert_has(&g, "等 walks in with a search phrase: Q(等) = [-0.69, -2.10, -1.80, 0.14, -0.27, 1.92, -0.68, -0.23]");
    char row[2048];
    row_trimmed(&g, L.label_row, row, sizeof row);   /* the K line on the row of ?'s label strip */
    assert_non_null(strstr(row, "│ ░░▒▒░░░░  │  ← K(?): label on ?'s spine"));
    row_trimmed(&g, L.contents_top, row, sizeof row);
    assert_non_null(strstr(row, "│  ← V(?): what is inside ?"));
    assert_has(&g, "filled: the part 等 takes");
    assert_has(&g, "every character can borrow");
    char want[128], a[FORMAT_BYTES], b[FORMAT_BYTES];
    snprintf(want, sizeof want, "= [%s, %s,", format_fixed(a, sizeof a, TRACE_ROW(tr, k, 5)[0], 2),
             format_fixed(b, sizeof b, TRACE_ROW(tr, k, 5)[1], 2));
    assert_has(&g, want);
    snprintf(want, sizeof want, "= [%s, %s,", format_fixed(a, sizeof a, TRACE_ROW(tr, v, 5)[0], 2),
             format_fixed(b, sizeof b, TRACE_ROW(tr, v, 5)[1], 2));
    assert_has(&g, want);
    snprintf(want, sizeof want, "Q(等) = [%s,", format_fixed(a, sizeof a, TRACE_ROW(tr, q, 3)[0], 2));
    assert_has(&g, want);
    grid_free(&g);
    g = scene_render(&s, 80, 24);
    assert_has(&g, "K(加) = [-0.46, -0.65, 0.14, …]: label on 加's spine");
    assert_has(&g, "V(加) = [0.57, -0.44, 0.17, …]: what is inside 加");
    grid_free(&g);
    /* the lesson's own words */
    s.o.lang = LANG_ZH;
    g = scene_render(&s, 120, 40);
    assert_has(&g, "「等」带着检索词走进来：Q(等)");
    assert_has(&g, "K(?)：「?」书脊上的名牌");
    assert_has(&g, "V(?)：「?」书里的内容");
    assert_has(&g, "「自」注意力就是：这排书互相去借——每个字既是借书的人，也是被别人借的书。");
    grid_free(&g);
    s.o.lang = LANG_EN;
    s.ui.numbers = false;
    g = scene_render(&s, 80, 24);
    assert_has(&g, "Self-attention: the books on this shelf borrow from each other; every");
    assert_has(&g, "character is both a borrower and a book.");
    assert_has(&g, "等 takes most from 加, then 三, ?, 五, 于, 等");
    grid_free(&g);
    /* below the shelf the legend follows the borrower: 五 takes most of 三 */
    s = shot(&f->plain, 2, false);
    g = scene_render(&s, 80, 24);
    snprintf(want, sizeof want, "K(%s): label on %s's spine", tr->tokens[engine_strongest(tr, 0, 2)],
             tr->tokens[engine_strongest(tr, 0, 2)]);
    assert_has(&g, want);
    grid_free(&g);
}

/* The library drawn whole (120 × 40): each book's top edge carries the borrower's score
 * Q(等)·K against its label (the best, 加's 4.05, in bold), its spine its label K as a strip
 * of shades coloured by sign, its inside V's eight numbers one a row over the fill; n hides
 * the numbers and keeps the strips. */
static void test_books_drawn_whole(void **state)
{
    Lessons *f = *state;
    const Trace *tr = &f->plain.tr;
    Scene s = shot(&f->plain, 3, true);
    LibraryLayout L = layout(&s, 120, 40);
    Grid g = scene_render(&s, 120, 40);
    char row[2048];
    row_trimmed(&g, L.shelf_row, row, sizeof row);
    assert_string_equal(row, " ┌── 1.26 ───┐ ┌── 4.05 ───┐ ┌── -0.62 ──┐ ┌── -6.23 ──┐ ┌── -4.89 ──┐ ┌── 0.39 ───┐");
    int jia = L.book_x[1] + 4;   /* "4.05" in 加's top edge, bold: the best match */
    assert_string_equal(grid_cell(&g, jia, L.shelf_row)->glyph, "4");
    assert_int_equal(grid_cell(&g, jia, L.shelf_row)->style, STYLE_BOLD);
    row_trimmed(&g, L.label_row, row, sizeof row);
    assert_non_null(strstr(row, " │ ▒░▒░░▒▓▒  │ │ ░▒░▓░▒▓░  │ │ ▒░░▓▒░▓▒  │ │ ▓░▓▒░██▒  │ │ ░░░░▒▓░█  │ │ ░░▒▒░░░░  │"));
    for (int j = 0; j < tr->d; j++) {   /* K's strip coloured by sign, V's numbers inside */
        int x = L.book_x[1] + 2 + j;
        assert_int_equal(grid_cell(&g, x, L.label_row)->style,
                         TRACE_ROW(tr, k, 1)[j] < 0 ? STYLE_NEGATIVE : STYLE_POSITIVE);
    }
    assert_true(L.v_numbers);
    static const char *const v_jia[8] = { "0.57", "-0.44", "0.17", "-0.17", "1.40", "-0.74", "-0.13", "-0.30" };
    for (int j = 0; j < 8; j++) {
        char cell[32] = "";
        for (int x = L.book_x[1] + 1; x < L.book_x[1] + L.book_w - 1; x++)
            if (strcmp(grid_cell(&g, x, L.contents_top + j)->glyph, " ") != 0)
                strcat(cell, grid_cell(&g, x, L.contents_top + j)->glyph);
        assert_string_equal(cell, v_jia[j]);
    }
    grid_free(&g);
    s.ui.numbers = false;
    L = layout(&s, 120, 40);
    assert_false(L.v_numbers);
    g = scene_render(&s, 120, 40);
    row_trimmed(&g, L.shelf_row, row, sizeof row);
    assert_string_equal(row, " ┌───────────┐ ┌───────────┐ ┌───────────┐ ┌───────────┐ ┌───────────┐ ┌───────────┐");
    row_trimmed(&g, L.label_row, row, sizeof row);
    assert_non_null(strstr(row, " │ ▒░▒░░▒▓▒  │ │ ░▒░▓░▒▓░  │"));
    row_trimmed(&g, L.contents_top, row, sizeof row);   /* V as a strip on the top row */
    assert_non_null(strstr(row, "│ ▒░░░▓▒░░  │"));
    grid_free(&g);
}

/* The borrower is lit among the borrowers, over its own book; the others are not. */
static void test_the_borrower_is_lit(void **state)
{
    Lessons *f = *state;
    const Trace *tr = &f->plain.tr;
    for (int t = 0; t < tr->T; t++) {
        Scene s = shot(&f->plain, t, false);
        LibraryLayout L = layout(&s, 80, 24);
        Grid g = scene_render(&s, 80, 24);
        for (int u = 0; u < tr->T; u++) {
            const Cell *c = grid_cell(&g, L.tok_x[u], L.borrower_row);
            assert_string_equal(c->glyph, tr->tokens[u]);
            assert_int_equal(c->style, u == t ? STYLE_FOCUS : STYLE_DIM);
            assert_string_equal(grid_cell(&g, L.tok_x[u], L.spine_row)->glyph, tr->tokens[u]);
            assert_true(L.tok_x[u] >= L.book_x[u] && L.tok_x[u] + L.tok_w[u] <= L.book_x[u] + L.book_w);
        }
        grid_free(&g);
    }
}

static void test_hidden_numbers_leave_no_data_value(void **state)
{
    assert_lessons_hide_numbers(*state, VIEW_LIBRARY, sizes, N_SIZES);
}

/* ---------------------------------------------------------------- clicks and keys */

static void test_clicks_hit_the_character_drawn_there(void **state)
{
    Lessons *f = *state;
    Lesson *lessons[2] = { &f->plain, &f->long16 };
    for (int k = 0; k < 2; k++)
        for (size_t z = 0; z < N_SIZES; z++) {
            int w = sizes[z][0], h = sizes[z][1];
            const Trace *tr = &lessons[k]->tr;
            Scene s = shot(lessons[k], 1, true);
            int found[MODEL_MAX_TOKENS];
            count_character_clicks(&s, w, h, found);
            for (int t = 0; t < tr->T; t++) {   /* as a borrower and on its spine */
                char name[CHARNAME_BYTES];      /* (and 等₁'s occurrence, where drawn) */
                charname_of(tr->tokens, tr->T, t, name, sizeof name);
                assert_true(found[t] >= 2 * text_width(tr->tokens[t]) && found[t] <= 2 * text_width(name));
            }
        }
}

static void test_keys_change_who_borrows(void **state)
{
    Lessons *f = *state;
    Scene s = shot(&f->plain, 0, true);
    Player p = s.p;
    Ui ui = s.ui;
    assert_int_equal(p.track, TRACK_FOCUS);
    const int keys[] = { KEYCODE_DOWN, KEYCODE_RIGHT, KEYCODE_UP, KEYCODE_LEFT, KEYCODE_UP, '4' };
    const int focus[] = { 1, 2, 1, 0, 5, 3 };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const KeyBinding *b = ui_binding(&ui, keys[i]);
        assert_non_null(b);
        ui_apply(&ui, &p, &f->plain, b->action, b->arg, 0);
        assert_int_equal(p.focus, focus[i]);
    }
    player_toggle_play(&p, 0);
    assert_true(player_tick(&p, p.next_ms));
    assert_int_equal(p.focus, 4);
}

/* ---------------------------------------------------------------- mask and heads */

/* With the causal mask the borrower cannot open later books: nothing is taken, 0.0%. */
static void test_mask_shuts_later_books(void **state)
{
    Lessons *f = *state;
    const Trace *tr = &f->masked.tr;
    Scene s = shot(&f->masked, 3, true);
    LibraryLayout L = layout(&s, 80, 24);
    Grid g = scene_render(&s, 80, 24);
    for (int u = 0; u < tr->T; u++) {
        int want = library_fill_eighths(L.fill_rows, TRACE_SQ(tr, weights, 3, u), u <= 3);
        assert_int_equal(column_fill(&g, &L, inside_x(&L, u)), want);
        if (u > 3) {
            assert_int_equal(want, 0);
            assert_string_equal(grid_cell(&g, inside_x(&L, u), L.contents_top)->glyph, " ");
            assert_int_equal(grid_cell(&g, L.tok_x[u], L.spine_row)->style, STYLE_DIM);
        }
    }
    char row[1024];
    row_trimmed(&g, L.share_row, row, sizeof row);
    assert_string_equal(row, "    23.5%        62.8%        12.1%         1.7%         0.0%         0.0%");
    assert_has(&g, "masked books are faded");
    grid_free(&g);
    s = shot(&f->masked, 0, false);
    g = scene_render(&s, 80, 24);
    assert_has(&g, "三 can only borrow from its own book");
    grid_free(&g);
}

/* Two heads: each book split, the first head's share filling the left half, the second's
 * the right; or one head across the whole book. */
static void test_two_heads_split_the_books(void **state)
{
    Lessons *f = *state;
    const Trace *tr = &f->heads.tr;
    Scene s = shot(&f->heads, 3, true);
    LibraryLayout L = layout(&s, 80, 24);
    assert_int_equal(L.heads, 2);
    assert_int_equal(L.book_w, 12);
    Grid g = scene_render(&s, 80, 24);
    for (int u = 0; u < tr->T; u++) {
        int x = inside_x(&L, u);
        int first = library_fill_eighths(L.fill_rows, TRACE_HSQ(tr, weights, 0, 3, u), true);
        int second = library_fill_eighths(L.fill_rows, TRACE_HSQ(tr, weights, 1, 3, u), true);
        assert_int_equal(column_fill(&g, &L, x), first);        /* columns 0-4 of 10 */
        assert_int_equal(column_fill(&g, &L, x + 4), first);
        assert_int_equal(column_fill(&g, &L, x + 5), second);   /* columns 5-9 */
        assert_int_equal(column_fill(&g, &L, x + 9), second);
    }
    assert_has(&g, "等 takes most from 加 in both heads");   /* not "from 加 (…) and from 加 (…)" */
    grid_free(&g);
    for (int head = 0; head < 2; head++) {
        s.ui.head = head;
        L = layout(&s, 80, 24);
        assert_int_equal(L.heads, 1);
        g = scene_render(&s, 80, 24);
        for (int u = 0; u < tr->T; u++)
            assert_int_equal(column_fill(&g, &L, inside_x(&L, u) + 4),
                             library_fill_eighths(L.fill_rows, TRACE_HSQ(tr, weights, head, 3, u), true));
        grid_free(&g);
    }
    /* a scene over the same lesson takes its view states: s is not drawn after this */
    Scene other = shot(&f->heads, 0, true);
    g = scene_render(&other, 80, 24);
    assert_has(&g, "三 takes most from 加 (first head) and from 五 (second head)");
    grid_free(&g);
}

/* ---------------------------------------------------------------- every size, ASCII */

static void test_ascii_mode_is_ascii(void **state)
{
    Lessons *f = *state;
    Lesson *lessons[4] = { &f->plain, &f->masked, &f->heads, &f->long16 };
    for (int k = 0; k < 4; k++)
        for (size_t z = 0; z < N_SIZES; z++) {
            Scene s = shot(lessons[k], 3, z % 2 == 1);
            s.o.ascii = true;
            s.o.lang = LANG_ZH;
            Grid g = scene_render(&s, sizes[z][0], sizes[z][1]);
            char what[64];
            snprintf(what, sizeof what, "lesson %d at %dx%d", k, sizes[z][0], sizes[z][1]);
            assert_ascii_frame(&g, what);
            grid_free(&g);
        }
}

/* ASCII mode at every size: the borrowers and the spines write every character by its
 * pinyin (inside its book when framed), or all of them by their brief labels. */
static void test_every_size_lays_out_ascii(void **state)
{
    Lessons *f = *state;
    Lesson *lessons[2] = { &f->plain, &f->long16 };
    for (int k = 0; k < 2; k++)
        for (int w = 60; w <= 300; w += 20)
            for (int h = 20; h <= 80; h += 30) {
                Scene s = shot(lessons[k], 0, true);
                s.o.ascii = true;
                LibraryLayout L = layout(&s, w, h);
                Grid g = scene_render(&s, w, h);
                char what[64];
                snprintf(what, sizeof what, "lesson %d at %dx%d", k, w, h);
                assert_label_row(&g, L.borrower_row, &lessons[k]->tr, L.tok_x, L.tok_w, what);
                assert_label_row(&g, L.spine_row, &lessons[k]->tr, L.tok_x, L.tok_w, what);
                for (int t = 0; t < lessons[k]->tr.T && L.framed; t++)
                    assert_true(L.tok_x[t] > L.book_x[t] && L.tok_x[t] + L.tok_w[t] < L.book_x[t] + L.book_w);
                grid_free(&g);
            }
}

static void test_every_size_lays_out(void **state)
{
    Lessons *f = *state;
    Lesson *lessons[4] = { &f->plain, &f->masked, &f->heads, &f->long16 };
    for (int k = 0; k < 4; k++)
        for (int w = 60; w <= 300; w += 30)
            for (int h = 20; h <= 80; h += 15)
                for (int numbers = 0; numbers < 2; numbers++) {
                    const Trace *tr = &lessons[k]->tr;
                    Scene s = shot(lessons[k], (w + h) % tr->T, numbers);
                    s.o.lang = (w / 30) % 2 ? LANG_ZH : LANG_EN;
                    LibraryLayout L = layout(&s, w, h);
                    Grid g = scene_render(&s, w, h);
                    assert_true(L.contents_rows >= LIBRARY_MIN_CONTENTS);
                    assert_true(L.self_row + L.self_rows <= h - 1);
                    assert_true(L.borrower_row >= 2);
                    for (int t = 0; t < tr->T; t++) {
                        assert_true(L.book_x[t] >= 0 && L.book_x[t] + L.book_w <= w);
                        if (t)
                            assert_true(L.book_x[t] > L.book_x[t - 1] + L.book_w - 1);
                    }
                    char what[64];
                    snprintf(what, sizeof what, "lesson %d at %dx%d", k, w, h);
                    assert_grid_sound(&g, what);
                    grid_free(&g);
                }
}

static void test_frame_is_pure(void **state)
{
    Lessons *f = *state;
    Scene s = shot(&f->plain, 2, true);
    assert_frame_pure(&s, 80, 24, 9, "debris █▇▆ debris 加加加");
}

/* Blank rows of the body (between the view bar and the status line) of view at stage,
 * 等 asking, in a w × h frame. */
static int big_blank_rows(ViewId view, Stage stage, int w, int h)
{
    Scene *s = scene_open(NULL, view);
    s->p.stage = stage;
    s->p.focus = 3;
    Grid g = scene_render(s, w, h);
    char row[8192];
    int n = 0;
    for (int y = 2; y < g.h - 1; y++) {
        row_trimmed(&g, y, row, sizeof row);
        n += row[0] == '\0';
    }
    grid_free(&g);
    scene_close(s);
    return n;
}

/* A projector's frame is used: the books grow (to 32 columns, 60 rows inside), so at
 * 300 × 80 5 of 77 body rows are blank (were 37, 48%) and at 200 × 60 1 of 57 (were 17). */
static void test_big_frames_fill(void **state)
{
    (void)state;
    assert_int_equal(big_blank_rows(VIEW_LIBRARY, STAGE_SOFTMAX, 120, 40), 1);
    assert_int_equal(big_blank_rows(VIEW_LIBRARY, STAGE_SOFTMAX, 200, 60), 1);
    assert_int_equal(big_blank_rows(VIEW_LIBRARY, STAGE_SOFTMAX, 300, 80), 5);
}


/* The help leaves out p: predict asks before ③, and this screen's autoplay walks the
 * characters, never a stage (pressed, p only lit the predict banner here). */
static void test_help_lists_no_idle_key(void **state)
{
    (void)state;
    assert_false(help_lists(VIEW_LIBRARY, 'p'));
    assert_true(help_lists(VIEW_ARCS, 'p'));   /* where autoplay steps into ③, it asks */
    assert_true(help_lists(VIEW_LIBRARY, 'n'));
}

int main(void)
{
#define T(f) cmocka_unit_test(f)
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help_lists_no_idle_key),
        cmocka_unit_test(test_fill_eighths),
        T(test_books_fill_by_the_share),
        T(test_deng_takes_52_4_percent_of_jia),
        T(test_roles_tied_to_the_programs_rows),
        T(test_books_drawn_whole),
        T(test_big_frames_fill),
        T(test_the_borrower_is_lit),
        T(test_hidden_numbers_leave_no_data_value),
        T(test_clicks_hit_the_character_drawn_there),
        T(test_keys_change_who_borrows),
        T(test_mask_shuts_later_books),
        T(test_two_heads_split_the_books),
        T(test_ascii_mode_is_ascii),
        T(test_every_size_lays_out),
        T(test_every_size_lays_out_ascii),
        T(test_frame_is_pure),
    };
#undef T
    return cmocka_run_group_tests(tests, lessons_setup, lessons_teardown);   /* one fixture, read only */
}
