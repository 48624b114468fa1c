/* harness.c — what the views' unit tests share (harness.h): the compiled-in model and its
 * lessons, scenes drawn into frames, the frame as text, the checks of a whole frame.
 * Owns: only test helpers; each fails the running cmocka test instead of returning an error.
 * Must not touch: the views' insides, golden files, the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <regex.h>
#include <string.h>

#include "harness.h"

#ifndef TESTS_DIR
#define TESTS_DIR "tests"   /* where goldens are, from the directory the tests run in */
#endif
#include "charname.h"
#include "chrome.h"
#include "keys.h"
#include "text.h"

/* ---------------------------------------------------------------- the lesson */

/* Loads the compiled-in model into m. */
static void load_model(Model *m)
{
    char err[256];
    if (model_load_default(m, err, sizeof err) != 0)
        fail_msg("the compiled-in model: %s", err);
}

/* Builds ls: model m over sentence (NULL: the model's) with cfg (NULL: lesson 6). */
static void build_lesson(Lesson *ls, const Model *m, const char *sentence, const EngineConfig *cfg)
{
    char err[256];
    if (lesson_build(ls, m, sentence ? sentence : m->sentence, cfg, err, sizeof err) != 0)
        fail_msg("lesson over \"%s\": %s", sentence ? sentence : m->sentence, err);
}

/* Rebuilds ls with params p. */
static void rebuild_lesson(Lesson *ls, const LessonParams *p)
{
    char err[256];
    if (lesson_rebuild(ls, p, err, sizeof err) != 0)
        fail_msg("lesson over \"%s\": %s", p->sentence, err);
}

Fixture *fixture_open(const char *sentence)
{
    Fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    load_model(&f->m);
    build_lesson(&f->ls, &f->m, sentence, NULL);
    f->start = f->ls.params;
    return f;
}

void fixture_reset(Fixture *f)
{
    rebuild_lesson(&f->ls, &f->start);
}

void fixture_close(Fixture *f)
{
    lesson_free(&f->ls);
    model_free(&f->m);
    free(f);
}

int fixture_setup(void **state)
{
    *state = fixture_open(NULL);
    return 0;
}

int fixture_teardown(void **state)
{
    fixture_close(*state);
    return 0;
}

int lessons_setup(void **state)
{
    Lessons *l = calloc(1, sizeof *l);
    assert_non_null(l);
    load_model(&l->m);
    EngineConfig masked = { .mask = MASK_CAUSAL, .heads = 1 }, heads = { .mask = MASK_NONE, .heads = 2 };
    build_lesson(&l->plain, &l->m, NULL, NULL);
    build_lesson(&l->masked, &l->m, NULL, &masked);
    build_lesson(&l->heads, &l->m, NULL, &heads);
    build_lesson(&l->long16, &l->m, SIXTEEN, NULL);
    *state = l;
    return 0;
}

int lessons_teardown(void **state)
{
    Lessons *l = *state;
    lesson_free(&l->plain);
    lesson_free(&l->masked);
    lesson_free(&l->heads);
    lesson_free(&l->long16);
    model_free(&l->m);
    free(l);
    return 0;
}

/* ---------------------------------------------------------------- a scene */

const char *binding_says(const Ui *ui, int key)
{
    const KeyBinding *b = ui_binding(ui, key);
    assert_non_null(b);
    const char *what = view_describe(view_ops(ui->view), b->action, LANG_EN);
    assert_non_null(what);
    return what;
}

/* The views' states each scene's Ui owns, by the scene's address: a scene started again
 * (often one on the stack, shot after shot) frees its last ones; the rest go at exit. */
#define SCENE_STATES_MAX 1024
static struct {
    const Scene *scene;   /* the scene (or where one was) */
    ViewStates *states;   /* what its ui_init_for made */
} scene_states[SCENE_STATES_MAX];
static int scene_states_n;

static void scene_states_free_all(void)
{
    for (int i = 0; i < scene_states_n; i++)
        view_states_free(scene_states[i].states);
    scene_states_n = 0;
}

/* Takes scene s's states into the list, freeing the ones it had before. */
static void scene_states_keep(const Scene *s, ViewStates *states)
{
    if (scene_states_n == 0)
        atexit(scene_states_free_all);
    for (int i = 0; i < scene_states_n; i++)
        if (scene_states[i].scene == s) {
            if (scene_states[i].states != states)
                view_states_free(scene_states[i].states);
            scene_states[i].states = states;
            return;
        }
    if (scene_states_n == SCENE_STATES_MAX)
        fail_msg("more than %d scenes at once", SCENE_STATES_MAX);
    scene_states[scene_states_n].scene = s;
    scene_states[scene_states_n++].states = states;
}

/* Frees scene s's states now (scene_close). */
static void scene_states_drop(const Scene *s)
{
    for (int i = 0; i < scene_states_n; i++)
        if (scene_states[i].scene == s) {
            view_states_free(scene_states[i].states);
            scene_states[i] = scene_states[--scene_states_n];
            return;
        }
}

void scene_start(Scene *s, Lesson *ls, ViewId view)
{
    s->ls = ls;
    player_init(&s->p, ls->tr.T, 0);
    ui_init_for(&s->ui, view, ls);
    scene_states_keep(s, s->ui.views);
    ui_set_view(&s->ui, &s->p, ls, view);
    s->o = (FrameOptions){ .lang = LANG_EN, .ascii = false };
    s->progress = 1.0;
    s->own = NULL;
}

Scene *scene_open(const char *sentence, ViewId view)
{
    Scene *s = calloc(1, sizeof *s);
    assert_non_null(s);
    Fixture *f = fixture_open(sentence);
    scene_start(s, &f->ls, view);
    s->own = f;
    return s;
}

/* Frees the models the UI holds for the app (the train screen's p and w). */
static void scene_drop_models(Scene *s)
{
    ui_keep_model(&s->ui.model_next, NULL);
    ui_keep_model(&s->ui.model_save, NULL);
}

void scene_reset(Scene *s)
{
    Fixture *f = s->own;
    assert_non_null(f);
    scene_drop_models(s);
    edit_undo_all(&f->m, &s->ui.want.config.score, &s->edits);   /* what-if's changes, taken back */
    fixture_reset(f);
    scene_start(s, &f->ls, s->ui.view);
    s->own = f;
}

void scene_close(Scene *s)
{
    scene_drop_models(s);
    scene_states_drop(s);
    if (s->own)
        fixture_close(s->own);
    free(s);
}

int scene_press(Scene *s, int key)
{
    int react = ui_view_key(&s->ui, &s->p, s->ls, key, 0);   /* a modal view first (app.c) */
    if (react < 0) {
        const KeyBinding *b = ui_binding(&s->ui, key);
        if (!b)
            fail_msg("key %d is not bound on view %d", key, s->ui.view);
        react = ui_apply(&s->ui, &s->p, s->ls, b->action, b->arg, 0);
    }
    if ((react & REACT_RECOMPUTE) && s->own && s->ui.what_if != EDIT_ASK_NONE) {
        /* what-if: the change carried out on the fixture's model, as app.c does */
        EditAsk ask = s->ui.what_if;
        s->ui.what_if = EDIT_ASK_NONE;
        if (edit_carry_out(&s->own->m, &s->ui.want.config.score, &s->edits, ask,
                           &s->ui.what_if_edit))
            ui_model_in_play(&s->ui, &s->ui.play, NULL, &s->edits);
    }
    if (react & REACT_RECOMPUTE) {
        rebuild_lesson(s->ls, &s->ui.want);
        s->ui.want = s->ls->params;
        ui_lesson_changed(&s->ui, s->ls);   /* as app.c: the views bring their state up to date */
        player_set_tokens(&s->p, s->ls->tr.T, 0);
    }
    return react;
}

int scene_press_keys(Scene *s, const int *keys, size_t max)
{
    int react = 0;
    for (size_t i = 0; i < max && keys[i]; i++)
        react |= scene_press(s, keys[i]);
    return react;
}

void scene_type(Scene *s, const char *keys)
{
    for (const char *k = keys; *k; k++)
        scene_press(s, *k == 'L' ? KEYCODE_LEFT : *k == 'R' ? KEYCODE_RIGHT
                     : *k == 'U' ? KEYCODE_UP : *k == 'D' ? KEYCODE_DOWN : *k);
}

FrameInput scene_input(const Scene *s)
{
    return (FrameInput){ .lesson = s->ls, .player = &s->p, .ui = &s->ui,
                         .progress = s->progress, .opt = &s->o };
}

Grid scene_render(const Scene *s, int w, int h)
{
    Grid g;
    assert_int_equal(grid_init(&g, w, h), 0);
    FrameInput in = scene_input(s);
    frame_render(&g, &in);
    return g;
}

char *scene_text(const Scene *s, int w, int h)
{
    Grid g = scene_render(s, w, h);
    char *text = frame_text(&g);
    grid_free(&g);
    return text;
}

Action scene_click(const Scene *s, int w, int h, int x, int y, int *arg)
{
    FrameInput in = scene_input(s);
    Action a;
    return frame_hit(&in, w, h, x, y, &a, arg) ? a : ACTION_NONE;
}

ViewCtx scene_context(const Scene *s, int w, int h)
{
    FrameInput in = scene_input(s);
    ViewCtx c = frame_context(&in, NULL);   /* the frame's own, not a copy */
    ChromeLayout cl;
    chrome_layout(&c, view_ops(s->ui.view), w, h, &cl);
    c.body = cl.body;
    return c;
}

/* ---------------------------------------------------------------- a shot */

int scene_shoot(Scene *sc, Fixture *f, ViewId view, const Shot *shot)
{
    fixture_reset(f);
    scene_start(sc, &f->ls, view);
    sc->p.stage = shot->stage;
    sc->p.focus = shot->focus;
    sc->ui.numbers = shot->numbers;
    sc->o.lang = shot->lang;
    sc->o.ascii = shot->ascii;
    sc->progress = shot->progress > 0 ? shot->progress : 1.0;
    return scene_press_keys(sc, shot->keys, sizeof shot->keys / sizeof shot->keys[0]);
}

Grid shot_render(Fixture *f, ViewId view, const Shot *shot)
{
    Scene sc;
    scene_shoot(&sc, f, view, shot);
    return scene_render(&sc, shot->w, shot->h);
}

char *shot_text(Fixture *f, ViewId view, const Shot *shot)
{
    Scene sc;
    scene_shoot(&sc, f, view, shot);
    return scene_text(&sc, shot->w, shot->h);
}

/* ---------------------------------------------------------------- the frame as text */

char *frame_text(const Grid *g)
{
    size_t n = grid_to_text(g, NULL, 0);
    char *buf = malloc(n + 1);
    assert_non_null(buf);
    grid_to_text(g, buf, n + 1);
    return buf;
}

void row_text(const Grid *g, int y, char *buf, size_t cap)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int x = 0; x < g->w; x++) {
        const Cell *c = grid_cell(g, x, y);
        if (c->width == 0)
            continue;
        size_t n = strlen(c->glyph);
        if (used + n + 1 > cap)
            fail_msg("row %d of a %d-column frame does not fit %zu bytes", y, g->w, cap);
        memcpy(buf + used, c->glyph, n + 1);
        used += n;
    }
}

void row_trimmed(const Grid *g, int y, char *buf, size_t cap)
{
    row_text(g, y, buf, cap);
    size_t used = strlen(buf);
    while (used > 0 && buf[used - 1] == ' ')
        buf[--used] = '\0';
}

char *joined_text(const Grid *g)
{
    char *t = frame_text(g), *out = t;
    bool blank = false;
    for (const char *p = t; *p; p++) {
        bool b = *p == ' ' || *p == '\n';
        if (b && blank)
            continue;
        *out++ = b ? ' ' : *p;
        blank = b;
    }
    *out = '\0';
    return t;
}

int frame_count(const Grid *g, const char *s)
{
    char *t = frame_text(g);
    int n = 0;
    for (const char *p = t; (p = strstr(p, s)) != NULL; p += strlen(s))
        n++;
    free(t);
    return n;
}

int row_with(const Grid *g, const char *const *want, int n)
{
    char row[8192];
    for (int y = 0; y < g->h; y++) {
        row_text(g, y, row, sizeof row);
        const char *p = row;
        int i = 0;
        while (i < n && (p = strstr(p, want[i])) != NULL)
            p += strlen(want[i++]);
        if (i == n)
            return y;
    }
    return -1;
}

void assert_has(const Grid *g, const char *s)
{
    char *text = frame_text(g);
    if (!strstr(text, s))
        fail_msg("the frame lacks \"%s\":\n%s", s, text);
    free(text);
}

void assert_lacks(const Grid *g, const char *s)
{
    char *text = frame_text(g);
    if (strstr(text, s))
        fail_msg("the frame has \"%s\":\n%s", s, text);
    free(text);
}

void assert_joined_has(const Grid *g, const char *s)
{
    char *t = joined_text(g);
    if (!strstr(t, s))
        fail_msg("the frame lacks \"%s\" even with its rows joined:\n%s", s, frame_text(g));
    free(t);
}

void assert_shows(const char *text, const char *s)
{
    if (!strstr(text, s))
        fail_msg("\"%s\" is not in the frame:\n%s", s, text);
}

void assert_hides(const char *text, const char *s)
{
    if (strstr(text, s))
        fail_msg("\"%s\" should not be in the frame:\n%s", s, text);
}

char *line_with(const char *text, const char *s)
{
    const char *at = strstr(text, s);
    if (!at)
        fail_msg("\"%s\" is not in the frame:\n%s", s, text);
    const char *start = at;
    while (start > text && start[-1] != '\n')
        start--;
    const char *end = strchr(at, '\n');
    size_t n = end ? (size_t)(end - start) : strlen(start);
    char *line = malloc(n + 1);
    assert_non_null(line);
    memcpy(line, start, n);
    line[n] = '\0';
    return line;
}

char *body_of(const char *frame)
{
    const char *start = strchr(frame, '\n');
    assert_non_null(start);
    start = strchr(start + 1, '\n');
    assert_non_null(start);
    const char *end = frame + strlen(frame) - 1;          /* the last '\n' */
    while (end > start && end[-1] != '\n')
        end--;                                            /* the status line's start */
    size_t n = (size_t)(end - start);
    char *body = malloc(n + 1);
    assert_non_null(body);
    memcpy(body, start, n);
    body[n] = '\0';
    return body;
}

/* ---------------------------------------------------------------- checks of a whole frame */

void assert_same_cells(const Grid *a, const Grid *b, const char *what)
{
    assert_int_equal(a->w, b->w);
    assert_int_equal(a->h, b->h);
    for (int y = 0; y < a->h; y++)
        for (int x = 0; x < a->w; x++)
            if (memcmp(grid_cell(a, x, y), grid_cell(b, x, y), sizeof(Cell)) != 0)
                fail_msg("%s: cell (%d, %d) differs", what, x, y);
}

void assert_grid_sound(const Grid *g, const char *what)
{
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            const Cell *c = grid_cell(g, x, y);
            if (c->width == 2) {
                if (x + 1 >= g->w || grid_cell(g, x + 1, y)->width != 0)
                    fail_msg("%s: wide glyph '%s' at %d,%d is cut", what, c->glyph, x, y);
            } else if (c->width == 0) {
                if (x == 0 || grid_cell(g, x - 1, y)->width != 2)
                    fail_msg("%s: stray right half at %d,%d", what, x, y);
            } else {
                assert_int_equal(c->width, 1);
            }
            assert_true(c->style < STYLE_COUNT);
            assert_true(text_valid_utf8(c->glyph, strlen(c->glyph)));
        }
}

void assert_frame_pure(const Scene *s, int w, int h, int y, const char *debris)
{
    Grid fresh = scene_render(s, w, h), strewn;
    assert_int_equal(grid_init(&strewn, w, h), 0);
    grid_put_text(&strewn, 0, y, debris, STYLE_ERROR);
    FrameInput in = scene_input(s);
    frame_render(&strewn, &in);
    assert_memory_equal(fresh.cells, strewn.cells, sizeof(Cell) * (size_t)w * (size_t)h);
    grid_free(&fresh);
    grid_free(&strewn);
}

/* True when glyph is a subscript digit (₀..₉): a repeated character's occurrence. */
static bool subscript_glyph(const char *glyph)
{
    return (unsigned char)glyph[0] == 0xE2 && (unsigned char)glyph[1] == 0x82 &&
           (unsigned char)glyph[2] >= 0x80 && (unsigned char)glyph[2] <= 0x89 && !glyph[3];
}

void count_character_clicks(const Scene *s, int w, int h, int found[MODEL_MAX_TOKENS])
{
    const Trace *tr = &s->ls->tr;
    Grid g = scene_render(s, w, h);
    memset(found, 0, sizeof(int) * MODEL_MAX_TOKENS);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int t = -1;
            if (scene_click(s, w, h, x, y, &t) != ACTION_FOCUS_N)
                continue;
            assert_true(t >= 0 && t < tr->T);
            int cx = x;   /* on 加₂'s ₂: its character */
            while (cx > 0 && subscript_glyph(grid_cell(&g, cx, y)->glyph))
                cx--;
            const Cell *c = grid_cell(&g, cx, y);
            if (c->width == 0)
                c = grid_cell(&g, cx - 1, y);
            assert_string_equal(c->glyph, tr->tokens[t]);
            found[t]++;
        }
    grid_free(&g);
}

/* The numbers that name, not measure: a lesson's ("第 4 课", "lesson 7"), a list's ("麻烦 1 / 3",
 * "1 of 3") and the lesson's 100% that every row adds up to. Hiding numbers hides data values
 * only; these stay. */
static const char *const naming_numbers[] = {
    "第 ?[0-9]+ ?课", "[Ll]esson [0-9]+", "麻烦 [0-9]+( / [0-9]+)?", "[0-9]+ of [0-9]+",
    "── [0-9]+ · ",        /* a numbered heading: "── 1 · symmetric" */
    "(^|[^0-9.])100%",     /* the lesson's 「加起来正好 100%」, a fact, not a measurement */
};

/* Blanks out of row every number naming_numbers matches. */
static void blank_naming_numbers(char *row)
{
    for (size_t i = 0; i < sizeof naming_numbers / sizeof naming_numbers[0]; i++) {
        regex_t re;
        assert_int_equal(regcomp(&re, naming_numbers[i], REG_EXTENDED), 0);
        regmatch_t m;
        char *at = row;
        while (*at && regexec(&re, at, 1, &m, 0) == 0) {
            for (regoff_t k = m.rm_so; k < m.rm_eo; k++)
                if (at[k] >= '0' && at[k] <= '9')
                    at[k] = ' ';
            at += m.rm_eo > m.rm_so ? m.rm_eo : 1;
        }
        regfree(&re);
    }
}

void assert_no_data_value_above_status(const Grid *g, const char *what, const Trace *tr)
{
    char row[8192];
    for (int y = 0; y < g->h - 1; y++) {
        row_text(g, y, row, sizeof row);
        if (tr)
            blank_sentence_labels(row, tr);
        blank_naming_numbers(row);
        for (const char *p = row; *p; p++)
            if (*p >= '0' && *p <= '9')
                fail_msg("%s: data value '%c' in row %d: %s", what, *p, y, row);
    }
}

void assert_text_no_data_value(const char *text, const char *what)
{
    char row[8192];
    for (const char *line = text; *line;) {
        size_t n = strcspn(line, "\n");
        snprintf(row, sizeof row, "%.*s", (int)n, line);
        blank_naming_numbers(row);
        for (const char *p = row; *p; p++)
            if (*p >= '0' && *p <= '9')
                fail_msg("%s: data value '%c' in: %s\n%s", what, *p, row, text);
        line += n + (line[n] == '\n');
    }
}

void assert_lessons_hide_numbers(Lessons *l, ViewId view, const int sizes[][2], size_t n)
{
    Lesson *lessons[4] = { &l->plain, &l->masked, &l->heads, &l->long16 };
    for (int k = 0; k < 4; k++)
        for (size_t z = 0; z < n; z++)
            for (int mode = 0; mode < 3; mode++) {
                Scene s;
                scene_start(&s, lessons[k], view);
                s.p.focus = (int)(z + (size_t)mode) % lessons[k]->tr.T;
                s.ui.numbers = false;
                s.o.lang = mode == 1 ? LANG_ZH : LANG_EN;
                s.o.ascii = mode == 2;
                for (int head = -1; head <= (k == 2 ? 1 : -1); head++) {
                    s.ui.head = head;
                    Grid g = scene_render(&s, sizes[z][0], sizes[z][1]);
                    char what[64];
                    snprintf(what, sizeof what, "lesson %d %dx%d mode %d head %d", k, sizes[z][0],
                             sizes[z][1], mode, head);
                    /* in ASCII "3 + 5" are the sentence's characters, not numbers */
                    assert_no_data_value_above_status(&g, what, s.o.ascii ? &lessons[k]->tr : NULL);
                    grid_free(&g);
                }
            }
}

/* ---------------------------------------------------------------- ASCII mode */

void assert_ascii_frame(const Grid *g, const char *what)
{
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            const Cell *c = grid_cell(g, x, y);
            bool ok = c->width == 1;
            for (const char *q = c->glyph; *q && ok; q++)
                ok = *q >= 0x20 && *q < 0x7F;
            if (!ok)
                fail_msg("%s: non-ASCII '%s' at %d,%d", what, c->glyph, x, y);
        }
}

void assert_ascii_text(const char *s)
{
    for (size_t i = 0; s[i]; i++)
        if (s[i] != '\n' && (s[i] < 0x20 || s[i] >= 0x7F))
            fail_msg("non-ASCII byte at %zu in:\n%s", i, s);
}

/* True for the bytes of a word that a label's digits may stand in: letters and digits. */
static bool label_byte(char ch)
{
    return (ch >= '0' && ch <= '9') || ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z') || ch == '_';
}

/* Character t of tr as ASCII mode names it: its pinyin, and its occurrence where it
 * repeats ("deng_2"). */
static void ascii_name(const Trace *tr, int t, char *buf, size_t cap)
{
    char label[DRAW_LABEL_BYTES];
    draw_char_label(true, tr->tokens[t], label, sizeof label);
    charname_mark(label, charname_occurrence(tr->tokens, tr->T, t), true, buf, cap);
}

void blank_sentence_labels(char *row, const Trace *tr)
{
    for (int t = 0; t < tr->T; t++) {   /* a repeated character named "?_2": its occurrence */
        char full[DRAW_LABEL_BYTES];
        ascii_name(tr, t, full, sizeof full);
        const char *mark = strchr(full, '_');
        if (!mark || label_byte(full[0]))   /* pinyin names: the scan below takes them whole */
            continue;
        for (char *at = strstr(row, full); at; at = strstr(at + 1, full))
            if (!label_byte(at[strlen(full)]))
                memset(at + (mark - full), ' ', strlen(mark));
    }
    for (size_t i = 0; row[i];) {
        if (!label_byte(row[i])) {
            i++;
            continue;
        }
        size_t j = i, digits = 0;
        while (label_byte(row[j]))
            digits += row[j] >= '0' && row[j] <= '9', j++;
        bool loose = (i == 0 || (row[i - 1] != '.' && row[i - 1] != '%')) && row[j] != '.' &&
                     row[j] != '%';
        for (int t = 0; t < tr->T && digits && loose; t++) {
            char full[DRAW_LABEL_BYTES], brief[DRAW_LABEL_BYTES];
            ascii_name(tr, t, full, sizeof full);
            draw_char_brief(true, tr->tokens[t], brief, sizeof brief);
            if ((strlen(full) == j - i && strncmp(row + i, full, j - i) == 0) ||
                (strlen(brief) == j - i && strncmp(row + i, brief, j - i) == 0)) {
                memset(row + i, ' ', j - i);
                break;
            }
        }
        i = j;
    }
}

void assert_label_row(const Grid *g, int y, const Trace *tr, const int *xs, const int *ws,
                      const char *what)
{
    int form = -1;   /* 0: labels, 1: brief labels */
    for (int t = 0; t < tr->T; t++) {
        char drawn[4 * DRAW_LABEL_BYTES] = "", full[DRAW_LABEL_BYTES], brief[DRAW_LABEL_BYTES];
        for (int i = 0; i < ws[t] && strlen(drawn) + 8 < sizeof drawn; i++)
            strcat(drawn, grid_cell(g, xs[t] + i, y)->glyph);
        ascii_name(tr, t, full, sizeof full);
        draw_char_brief(true, tr->tokens[t], brief, sizeof brief);
        bool as_full = strcmp(drawn, full) == 0, as_brief = strcmp(drawn, brief) == 0;
        if (!as_full && !as_brief)
            fail_msg("%s: character %d drawn '%s' at %d,%d, not '%s' or '%s'", what, t, drawn,
                     xs[t], y, full, brief);
        if (as_full != as_brief) {   /* "yu", "?": the same either way */
            if (form >= 0 && form != (as_brief ? 1 : 0))
                fail_msg("%s: character %d drawn '%s' at row %d, unlike the others", what, t, drawn, y);
            form = as_brief ? 1 : 0;
        }
        if (t > 0 && xs[t] <= xs[t - 1] + ws[t - 1])
            fail_msg("%s: characters %d and %d touch at row %d", what, t - 1, t, y);
    }
}

/* ---------------------------------------------------------------- golden files */

#define GOLDEN_BAR(X) X(all) X(library) X(similarity) X(arcs) X(matrix) X(sqrtd) X(machine) \
                      X(code) X(scale) X(summary)
#define GOLDEN_EXTERN(name) extern const ViewOps view_##name;
GOLDEN_BAR(GOLDEN_EXTERN)
#define GOLDEN_ROW(name) &view_##name,
const ViewOps *const golden_bar[] = { GOLDEN_BAR(GOLDEN_ROW) };
const int golden_bar_count = (int)(sizeof golden_bar / sizeof golden_bar[0]);

/* The file at path, NUL-terminated (caller frees), or NULL when it cannot be read. */
static char *golden_read(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (len + 1 == cap) {
            char *bigger = realloc(buf, cap *= 2);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    fclose(f);
    if (buf)
        buf[len] = '\0';
    return buf;
}

static void golden_write(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
    assert_int_equal(fclose(f), 0);
}

void golden_check(const char *expected_path, const char *actual_path, const char *actual)
{
    const char *update = getenv("ATTN_GOLDEN_UPDATE");
    if (update && strcmp(update, "1") == 0) {
        golden_write(expected_path, actual);
        remove(actual_path);
        return;
    }
    char *expected = golden_read(expected_path);
    bool same = expected && strcmp(expected, actual) == 0;
    if (same)
        remove(actual_path);
    else
        golden_write(actual_path, actual);
    free(expected);
    if (!same)
        fail_msg("frame differs: diff -u %s %s (make golden-update rewrites the expected frames)",
                 expected_path, actual_path);
}

void scene_body_golden(const Scene *s, const char *name, int w, int h)
{
    FrameInput in = scene_input(s);
    in.bar = golden_bar;
    in.bar_count = golden_bar_count;
    Grid g;
    assert_int_equal(grid_init(&g, w, h), 0);
    frame_render(&g, &in);
    Rect body = scene_context(s, w, h).body;
    size_t cap = (size_t)w * 4 * (size_t)h + (size_t)h + 1, used = 0;
    char *text = calloc(1, cap);
    assert_non_null(text);
    for (int y = body.y; y < body.y + body.h; y++) {
        row_text(&g, y, text + used, cap - used);
        used += strlen(text + used);
        text[used++] = '\n';
    }
    text[used] = '\0';
    grid_free(&g);
    if (!s->ui.numbers)
        assert_null(strchr(text, '%'));
    char expected[512], actual[512];
    snprintf(expected, sizeof expected, "%s/golden/%s.txt", TESTS_DIR, name);
    snprintf(actual, sizeof actual, "%s/golden/%s.actual", TESTS_DIR, name);
    golden_check(expected, actual, text);
    free(text);
}

bool text_has(const char *text, const char *needle)
{
    if (!strstr(text, needle)) {
        fprintf(stderr, "missing \"%s\" in:\n%s\n", needle, text);
        return false;
    }
    return true;
}

LayeredFixture *layered_fixture_open(const char *path, const char *line)
{
    LayeredFixture *f = calloc(1, sizeof *f);
    char err[512];
    if (!f || model_load_file(path, &f->m, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", path, f ? err : "out of memory");
        free(f);
        return NULL;
    }
    if (lesson_build(&f->ls, &f->m, line ? line : f->m.sentence, NULL, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", line ? line : f->m.sentence, err);
        model_free(&f->m);
        free(f);
        return NULL;
    }
    return f;
}

void layered_fixture_close(LayeredFixture *f)
{
    if (!f)
        return;
    lesson_free(&f->ls);
    model_free(&f->m);
    free(f);
}

bool help_lists(ViewId v, int key)
{
    Scene *s = scene_open(NULL, v);
    ChromeHelpRow rows[64];
    int n = chrome_help_rows(&s->ui, view_ops(v), rows, 64);
    bool listed = false;
    for (int i = 0; i < n; i++)
        listed = listed || rows[i].key == key;
    scene_close(s);
    return listed;
}

int poem_fixture_setup(void **state)
{
    *state = layered_fixture_open(HARNESS_POEMS_MODEL, LESSON_POEM_LINE);
    return *state ? 0 : -1;
}

int poem_fixture_teardown(void **state)
{
    layered_fixture_close(*state);
    return 0;
}
