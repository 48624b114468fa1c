/* test_ui.c — the UI state and every action's effect on it and on the player.
 * Covers: each case of ui_apply, the modal help's keys, views and their tracks, notes,
 * the answer and dimension cursors, lesson 7's mask and heads, the input line; each ask a
 * request carries and the states made when a view is first shown or targeted.
 * Must not touch: drawing, the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include "actions.h"
#include "keys.h"
#include "lesson.h"
#include "model.h"
#include "sqrtd.h"
#include "ui.h"
#include "frame.h"
#include "grid.h"
#include "view.h"
#include "view_matrix.h"
#include "view_similarity.h"
#include "view_sqrtd.h"
#include "view_train.h"

/* ---------------------------------------------------------------- fixture */

typedef struct {
    Model m;       /* the built-in model */
    Lesson ls;     /* 三加五等于? */
    Player p;      /* fresh */
    Ui ui;         /* on the arcs view */
} Fixture;

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    char err[256];
    if (!f || model_load_default(&f->m, err, sizeof err) != 0 ||
        lesson_build(&f->ls, &f->m, f->m.sentence, NULL, err, sizeof err) != 0)
        return -1;
    player_init(&f->p, f->ls.tr.T, 0);
    ui_init_for(&f->ui, VIEW_ARCS, &f->ls);
    ui_set_view(&f->ui, &f->p, &f->ls, VIEW_ARCS);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    ui_free(&f->ui);
    lesson_free(&f->ls);
    model_free(&f->m);
    free(f);
    return 0;
}

/* Runs the lesson again when the reaction asks for it, as the program does. */
static int recompute(Fixture *f, int react)
{
    char err[256];
    if (react & REACT_RECOMPUTE) {
        assert_int_equal(lesson_rebuild(&f->ls, &f->ui.want, err, sizeof err), 0);
        player_set_tokens(&f->p, f->ls.tr.T, 1000);
    }
    return react;
}

/* Presses key (through the bindings, as the program does); returns the reaction. */
static int press(Fixture *f, int key)
{
    const KeyBinding *b = ui_binding(&f->ui, key);
    if (!b)
        return -1;
    return recompute(f, ui_apply(&f->ui, &f->p, &f->ls, b->action, b->arg, 1000));
}

static int act(Fixture *f, Action a, int arg)
{
    return ui_apply(&f->ui, &f->p, &f->ls, a, arg, 1000);
}

/* ---------------------------------------------------------------- the tests */

static void test_start_state(void **state)
{
    Fixture *f = *state;
    assert_int_equal(f->ui.view, VIEW_ARCS);
    assert_true(f->ui.numbers);
    assert_false(f->ui.help);
    assert_int_equal(f->ui.answer, -1);
    assert_int_equal(f->ui.head, -1);
    assert_string_equal(f->ui.want.sentence, "三加五等于?");
    assert_int_equal(f->ui.want.config.heads, 1);
    assert_int_equal(view_states_made(f->ui.views), 0);   /* the arcs keep none; no other made */
    assert_null(view_state(f->ui.views, VIEW_SQRTD));
    ui_set_view(&f->ui, &f->p, &f->ls, VIEW_SQRTD);       /* shown: its fresh state, by its init */
    const SqrtdState *sq = view_state(f->ui.views, VIEW_SQRTD);
    assert_int_equal(sqrtd_d_at(sq->index), 8);
    assert_true(sq->seed == 1 && sq->scaled);
    ui_set_view(&f->ui, &f->p, &f->ls, VIEW_MATRIX);
    const MatrixState *mx = view_state(f->ui.views, VIEW_MATRIX);
    assert_int_equal(mx->table, MATRIX_SHARES);
    ui_set_view(&f->ui, &f->p, &f->ls, VIEW_CODE);
    assert_null(view_state(f->ui.views, VIEW_CODE));   /* it keeps none */
    assert_int_equal(view_states_made(f->ui.views), 2);
    ui_set_view(&f->ui, &f->p, &f->ls, VIEW_ARCS);
    assert_int_equal(f->p.track, TRACK_STAGES_FOCUS);
}

static void test_quit_help_close(void **state)
{
    Fixture *f = *state;
    assert_int_equal(press(f, 'q'), REACT_QUIT);
    assert_int_equal(press(f, KEYCODE_ESC), REACT_NONE);     /* Esc never quits */
    assert_int_equal(press(f, '?'), REACT_REDRAW);
    assert_true(f->ui.help);
    /* the help is modal: space, arrows, n do nothing underneath */
    assert_int_equal(press(f, ' '), -1);
    assert_int_equal(press(f, 'n'), -1);
    assert_false(f->p.playing);
    assert_true(f->ui.numbers);
    assert_int_equal(press(f, KEYCODE_DOWN), REACT_REDRAW);    /* scrolls the help */
    assert_int_equal(f->ui.help_top, 1);
    assert_int_equal(f->p.focus, 0);
    assert_int_equal(press(f, KEYCODE_PAGE_DOWN), REACT_REDRAW);
    assert_int_equal(f->ui.help_top, 11);
    assert_int_equal(press(f, KEYCODE_UP), REACT_REDRAW);
    assert_int_equal(f->ui.help_top, 10);
    assert_int_equal(press(f, KEYCODE_PAGE_UP), REACT_REDRAW);
    assert_int_equal(f->ui.help_top, 0);
    assert_int_equal(press(f, KEYCODE_ESC), REACT_REDRAW);     /* Esc closes the help */
    assert_false(f->ui.help);
    press(f, '?');
    assert_int_equal(press(f, 'q'), REACT_QUIT);               /* q quits from the help */
    assert_int_equal(press(f, '?'), REACT_REDRAW);
    assert_false(f->ui.help);
}

static void test_play_numbers_redraw(void **state)
{
    Fixture *f = *state;
    assert_int_equal(press(f, ' '), REACT_REDRAW);
    assert_true(f->p.playing);
    assert_int_equal(press(f, 'n'), REACT_REDRAW);
    assert_false(f->ui.numbers);
    assert_int_equal(press(f, KEYCODE_REDRAW), REACT_REDRAW | REACT_REPAINT);
    assert_int_equal(act(f, ACTION_NONE, 0), REACT_NONE);
    assert_int_equal(act(f, ACTION_CLICK, 0), REACT_NONE);
}

static void test_steps_and_notes(void **state)
{
    Fixture *f = *state;
    assert_int_equal(press(f, KEYCODE_LEFT), REACT_REDRAW);
    assert_int_equal(f->ui.note, NOTE_AT_FIRST);
    assert_int_equal(press(f, KEYCODE_RIGHT), REACT_REDRAW);
    assert_int_equal(f->ui.note, NOTE_NONE);
    assert_int_equal(f->p.stage, STAGE_SCORE);
    press(f, KEYCODE_END);
    assert_int_equal(f->p.focus, 5);
    assert_int_equal(f->p.stage, STAGE_OUTPUT);
    press(f, KEYCODE_RIGHT);
    assert_int_equal(f->ui.note, NOTE_AT_LAST);
    press(f, KEYCODE_HOME);
    assert_int_equal(f->p.focus, 0);
    assert_int_equal(f->p.stage, STAGE_QKV);
}

static void test_focus_keys(void **state)
{
    Fixture *f = *state;
    press(f, KEYCODE_DOWN);
    assert_int_equal(f->p.focus, 1);
    press(f, KEYCODE_UP);
    press(f, KEYCODE_UP);
    assert_int_equal(f->p.focus, 5);           /* wraps */
    press(f, 'j');
    assert_int_equal(f->p.focus, 0);
    press(f, 'k');
    assert_int_equal(f->p.focus, 5);
    press(f, '4');
    assert_int_equal(f->p.focus, 3);
    assert_int_equal(press(f, '9'), REACT_REDRAW);
    assert_int_equal(f->ui.note, NOTE_NO_CHARACTER);
    assert_true(f->ui.note_value == 9.0);
    assert_int_equal(f->p.focus, 3);           /* no ninth character */
    assert_int_equal(press(f, '0'), REACT_REDRAW);
    assert_true(f->ui.note_value == 10.0);
}

static void test_speed_notes(void **state)
{
    Fixture *f = *state;
    press(f, '+');
    assert_int_equal(f->ui.note, NOTE_SPEED);
    assert_true(f->ui.note_value == 1.5);
    press(f, '=');
    press(f, '+');
    press(f, '+');
    assert_true(f->p.speed == 4.0);
    press(f, '+');
    assert_int_equal(f->ui.note, NOTE_FASTEST);
    for (int i = 0; i < 7; i++)
        press(f, '-');
    assert_true(f->p.speed == 0.25);
    press(f, '-');
    assert_int_equal(f->ui.note, NOTE_SLOWEST);
}

static void test_views_and_tracks(void **state)
{
    Fixture *f = *state;
    press(f, KEYCODE_TAB);
    assert_int_equal(f->ui.view, VIEW_ARCS + 1);
    assert_int_equal(f->p.track, view_ops(f->ui.view)->track);
    for (int i = 0; i < VIEW_COUNT - 1; i++)
        press(f, KEYCODE_TAB);
    assert_int_equal(f->ui.view, VIEW_ARCS);  /* around and back */
    press(f, KEYCODE_BACKTAB);
    assert_int_equal(f->ui.view, VIEW_ARCS - 1);
    assert_int_equal(act(f, ACTION_VIEW_N, VIEW_SUMMARY), REACT_REDRAW);
    assert_int_equal(f->ui.view, VIEW_SUMMARY);
    assert_int_equal(act(f, ACTION_VIEW_N, VIEW_COUNT), REACT_NONE);
    assert_int_equal(ui_view_from_name("matrix"), VIEW_MATRIX);
    assert_int_equal(ui_view_from_name("nope"), -1);
    for (int v = 0; v < VIEW_COUNT; v++)
        assert_int_equal(ui_view_from_name(view_ops((ViewId)v)->name), v);
}

static void test_answer_dim_cell_table(void **state)
{
    Fixture *f = *state;
    press(f, '4');                                   /* 等 asks */
    assert_int_equal(lesson_answer(&f->ls, f->ui.answer, 3), 1);   /* its largest: 加 */
    act(f, ACTION_ANSWER_NEXT, 0);
    assert_int_equal(f->ui.answer, 2);
    act(f, ACTION_ANSWER_PREV, 0);
    act(f, ACTION_ANSWER_PREV, 0);
    assert_int_equal(f->ui.answer, 0);
    act(f, ACTION_ANSWER_PREV, 0);
    assert_int_equal(f->ui.answer, 5);               /* wraps */
    act(f, ACTION_DIM_PREV, 0);
    assert_int_equal(f->ui.dim, 7);
    act(f, ACTION_DIM_NEXT, 0);
    assert_int_equal(f->ui.dim, 0);
    assert_int_equal(act(f, ACTION_CELL, 1 * 6 + 3), REACT_REDRAW);   /* 加 asks 等 */
    assert_int_equal(f->p.focus, 1);
    assert_int_equal(f->ui.answer, 3);
    assert_int_equal(act(f, ACTION_CELL, 36), REACT_NONE);
    assert_int_equal(press(f, 't'), -1);   /* not bound on the arcs: the matrix's own key */
    assert_null(view_state(f->ui.views, VIEW_MATRIX));   /* never shown: never made */
    ui_set_view(&f->ui, &f->p, &f->ls, VIEW_MATRIX);
    const MatrixState *mx = view_state(f->ui.views, VIEW_MATRIX);
    assert_int_equal(mx->table, MATRIX_SHARES);
    assert_int_equal(press(f, 't'), REACT_REDRAW);
    assert_int_equal(mx->table, MATRIX_RAW);
}

/* A view's own keys change its own state (the √d machine's d, draw and switch), reached
 * only while it is shown; the tour's set_cursor reaches it from outside. */
static void test_experiment_cursors(void **state)
{
    Fixture *f = *state;
    ui_set_view(&f->ui, &f->p, &f->ls, VIEW_SQRTD);
    const SqrtdState *sq = view_state(f->ui.views, VIEW_SQRTD);
    int start = sq->index;
    ui_set_view(&f->ui, &f->p, &f->ls, VIEW_ARCS);
    press(f, KEYCODE_RIGHT);                         /* on the arcs: a step */
    assert_int_equal(sq->index, start);
    ui_set_view(&f->ui, &f->p, &f->ls, VIEW_SQRTD);
    press(f, KEYCODE_RIGHT);
    assert_int_equal(sq->index, start + 1);
    for (int i = 0; i < 40; i++)
        press(f, KEYCODE_RIGHT);
    assert_int_equal(sqrtd_d_at(sq->index), 512);
    for (int i = 0; i < 40; i++)
        press(f, KEYCODE_LEFT);
    assert_int_equal(sqrtd_d_at(sq->index), 1);
    press(f, 'r');
    assert_true(sq->seed == 2);
    press(f, 'd');
    assert_false(sq->scaled);
    assert_int_equal(ui_set_cursor(&f->ui, &f->p, &f->ls, VIEW_SQRTD, 0, 2, 0), REACT_REDRAW);
    assert_int_equal(sq->index, 2);
    assert_int_equal(ui_set_cursor(&f->ui, &f->p, &f->ls, VIEW_CODE, 0, 2, 0), -1);   /* no cursor */
    /* a tour stop on a matrix cell: 加 asks 等 */
    assert_int_equal(ui_set_cursor(&f->ui, &f->p, &f->ls, VIEW_MATRIX, 1, 3, 0), REACT_REDRAW);
    assert_int_equal(f->p.focus, 1);
    assert_int_equal(f->ui.answer, 3);
    /* nothing moves on its own on these screens: the loop may block */
    assert_true(ui_next_tick(&f->ui, 0) == VIEW_TICK_NEVER);
    assert_int_equal(ui_tick(&f->ui, &f->p, &f->ls, 0), REACT_NONE);
    assert_false(ui_view_modal(&f->ui));
    assert_int_equal(ui_view_key(&f->ui, &f->p, &f->ls, 'x', 0), -1);
}

/* Every row of the view table keeps the interface's contract: a tick says when it is due,
 * a modal view takes keys, a cache is made and freed by the same row, each own action a
 * key or hint names has its help text, each state the table asks for exists. */
static void test_view_rows_keep_the_contract(void **state)
{
    (void)state;
    ViewStates *vs = view_states_new();
    assert_non_null(vs);
    for (int v = 0; v < VIEW_COUNT; v++) {
        const ViewOps *ops = view_ops((ViewId)v);
        assert_non_null(ops->draw);
        assert_true((ops->tick == NULL) == (ops->next_tick == NULL));
        assert_true(ops->modal == NULL || ops->key != NULL);
        assert_true((ops->cache_new == NULL) == (ops->cache_free == NULL));
        assert_null(view_state(vs, (ViewId)v));   /* none made before it is asked for */
        assert_true((ops->state_size == 0) == (view_state_make(vs, (ViewId)v, NULL) == NULL));
        assert_true(ops->init == NULL || ops->state_size > 0);
        assert_int_equal(view_from_name(ops->name), v);
        for (const KeyBinding *b = ops->keys; b && b->key != 0; b++)
            if ((int)b->action >= ACTION_VIEW_FIRST)
                assert_non_null(view_describe(ops, b->action, LANG_EN));
        for (const ViewHint *vh = ops->hints; vh && vh->hint.first != ACTION_NONE; vh++) {
            const KeyHint *h = &vh->hint;
            assert_non_null(view_describe(ops, h->first, LANG_ZH));
            if (h->second != ACTION_NONE)
                assert_non_null(view_describe(ops, h->second, LANG_ZH));
        }
    }
    view_states_free(vs);
}

/* VIEW_ACTIONS_DEFINE: one list makes the enum, numbered from ACTION_VIEW_FIRST, and its help
 * table in the same order, ended by ACTION_NONE; every view's table is numbered so. */
#define TEST_OWN_ACTIONS(X) X(TEST_OWN_ONE, "one", "一") X(TEST_OWN_TWO, "two", "二")
VIEW_ACTIONS_DEFINE(TestOwnAction, TEST_OWN_ACTION_BASE, test_own_actions, TEST_OWN_ACTIONS);

static void test_view_actions_define(void **state)
{
    (void)state;
    assert_int_equal(TEST_OWN_ACTION_BASE, ACTION_VIEW_FIRST - 1);
    assert_int_equal(ACTION_TEST_OWN_ONE, ACTION_VIEW_FIRST);
    assert_int_equal(ACTION_TEST_OWN_TWO, ACTION_VIEW_FIRST + 1);
    assert_int_equal(test_own_actions[0].action, ACTION_VIEW_FIRST);
    assert_string_equal(test_own_actions[0].en, "one");
    assert_string_equal(test_own_actions[1].zh, "二");
    assert_int_equal(test_own_actions[1].action, ACTION_VIEW_FIRST + 1);
    assert_int_equal(test_own_actions[2].action, ACTION_NONE);
    assert_null(test_own_actions[2].en);
    int with_own = 0;
    for (int v = 0; v < VIEW_COUNT; v++) {
        const ViewOps *ops = view_ops((ViewId)v);
        int n = 0;
        for (const ViewAction *va = ops->actions; va && va->action != ACTION_NONE; va++, n++) {
            assert_int_equal(va->action, ACTION_VIEW_FIRST + n);
            assert_non_null(va->en);
            assert_non_null(va->zh);
        }
        with_own += n > 0;
    }
    assert_true(with_own >= 7);   /* machine, matrix, practice, scale, similarity, sqrtd, train */
}

static void test_screens_without_steps(void **state)
{
    Fixture *f = *state;
    ui_set_view(&f->ui, &f->p, &f->ls, VIEW_SIMILARITY);   /* no track: its own keys step the troubles */
    const SimState *sim = view_state(f->ui.views, VIEW_SIMILARITY);
    assert_int_equal(press(f, KEYCODE_RIGHT), REACT_REDRAW);
    assert_int_equal(sim->trouble, 1);
    press(f, KEYCODE_LEFT);
    press(f, KEYCODE_LEFT);
    assert_int_equal(sim->trouble, 2);   /* wraps */
    assert_int_equal(press(f, ' '), REACT_REDRAW);   /* nothing plays here: it says so */
    assert_false(f->p.playing);
    assert_int_equal(f->ui.note, NOTE_NOTHING_PLAYS);
    ui_set_view(&f->ui, &f->p, &f->ls, VIEW_ARCS);
    press(f, ' ');
    assert_true(f->p.playing);
    assert_int_equal(press(f, 'e'), REACT_REDRAW);   /* the input line opens on any screen */
    assert_true(f->ui.input.open);
}

static void test_lesson7_and_sentences(void **state)
{
    Fixture *f = *state;
    assert_int_equal(press(f, 'm'), REACT_REDRAW | REACT_RECOMPUTE);
    assert_int_equal(f->ui.want.config.mask, MASK_CAUSAL);
    press(f, 'm');
    assert_int_equal(f->ui.want.config.mask, MASK_NONE);
    assert_int_equal(press(f, 'h'), REACT_REDRAW | REACT_RECOMPUTE);   /* two heads, both shown */
    assert_int_equal(f->ui.want.config.heads, 2);
    assert_int_equal(f->ui.head, -1);
    assert_int_equal(press(f, 'h'), REACT_REDRAW);                     /* head 1 */
    assert_int_equal(f->ui.head, 0);
    press(f, 'h');                                                     /* head 2 */
    assert_int_equal(f->ui.head, 1);
    assert_int_equal(press(f, 'h'), REACT_REDRAW | REACT_RECOMPUTE);   /* one head again */
    assert_int_equal(f->ui.want.config.heads, 1);
    assert_int_equal(press(f, 's'), REACT_REDRAW | REACT_RECOMPUTE);
    assert_string_equal(f->ui.want.sentence, "十减四等于?");
    press(f, 's');
    assert_string_equal(f->ui.want.sentence, "三加五等于?");
    /* the comparison cycles the lesson's sentences and others, never the sentence itself;
     * sentences the user typed join the cycle */
    ui_set_view(&f->ui, &f->p, &f->ls, VIEW_SIMILARITY);   /* c is the similarity view's */
    assert_int_equal(recompute(f, press(f, 'c')), REACT_REDRAW | REACT_RECOMPUTE);
    assert_string_equal(f->ui.want.compare, "二乘三等于?");
    recompute(f, press(f, 'c'));
    assert_string_equal(f->ui.want.compare, "九除三等于?");
    input_remember(&f->ui.input, "三加五等于几");
    recompute(f, press(f, 'c'));
    assert_string_equal(f->ui.want.compare, "三加五等于几");
    recompute(f, press(f, 'c'));
    assert_string_equal(f->ui.want.compare, "十减四等于?");
}

static void test_input_line(void **state)
{
    Fixture *f = *state;
    assert_int_equal(press(f, 'e'), REACT_REDRAW);
    assert_true(f->ui.input.open);
    const char *typed = "10-4=x";
    for (const char *c = typed; *c; c++)
        assert_int_equal(ui_input(&f->ui, &f->ls, *c), REACT_REDRAW);
    assert_int_equal(f->ui.input.bad, 6);                  /* the x */
    assert_non_null(strstr(f->ui.input.error, "unknown \"x\" at character 6"));
    assert_int_equal(ui_input(&f->ui, &f->ls, KEYCODE_ENTER), REACT_REDRAW);   /* refused */
    assert_true(f->ui.input.open);
    assert_string_equal(f->ui.want.sentence, "三加五等于?");  /* the old sentence stays */
    ui_input(&f->ui, &f->ls, KEYCODE_BACKSPACE);
    ui_input(&f->ui, &f->ls, '?');
    assert_string_equal(f->ui.input.decoded, "十减四等于?");
    assert_int_equal(recompute(f, ui_input(&f->ui, &f->ls, KEYCODE_ENTER)),
                     REACT_REDRAW | REACT_RECOMPUTE);
    assert_false(f->ui.input.open);
    assert_string_equal(f->ui.want.sentence, "十减四等于?");
    assert_string_equal(f->ls.tr.tokens[0], "十");
    /* Esc cancels and changes nothing; ↑ recalls the history, newest first */
    press(f, 'e');
    ui_input(&f->ui, &f->ls, '3');
    assert_int_equal(ui_input(&f->ui, &f->ls, KEYCODE_ESC), REACT_REDRAW);
    assert_false(f->ui.input.open);
    assert_string_equal(f->ui.want.sentence, "十减四等于?");
    press(f, 'e');
    ui_input(&f->ui, &f->ls, KEYCODE_UP);
    assert_string_equal(f->ui.input.text, "十减四等于?");
    ui_input(&f->ui, &f->ls, KEYCODE_UP);
    assert_string_equal(f->ui.input.text, "三加五等于?");
    ui_input(&f->ui, &f->ls, KEYCODE_DOWN);
    ui_input(&f->ui, &f->ls, KEYCODE_DOWN);
    assert_string_equal(f->ui.input.text, "");
    /* editing works by character, not byte */
    ui_input(&f->ui, &f->ls, 0x4E09);            /* 三 */
    ui_input(&f->ui, &f->ls, '+');
    ui_input(&f->ui, &f->ls, KEYCODE_LEFT);
    ui_input(&f->ui, &f->ls, KEYCODE_LEFT);
    ui_input(&f->ui, &f->ls, KEYCODE_DELETE);    /* deletes 三 whole */
    assert_string_equal(f->ui.input.text, "+");
    ui_input(&f->ui, &f->ls, KEYCODE_END);
    ui_input(&f->ui, &f->ls, '5');
    assert_string_equal(f->ui.input.decoded, "加五");
    assert_int_equal(ui_input(&f->ui, &f->ls, KEYCODE_MOUSE), REACT_NONE);
    /* an empty line is refused with a message */
    ui_input(&f->ui, &f->ls, KEYCODE_HOME);
    ui_input(&f->ui, &f->ls, KEYCODE_DELETE);
    ui_input(&f->ui, &f->ls, KEYCODE_DELETE);
    assert_int_equal(ui_input(&f->ui, &f->ls, KEYCODE_ENTER), REACT_REDRAW);
    assert_string_equal(f->ui.input.error, "the sentence is empty: type 1 to 16 characters");
}

/* ---------------------------------------------------------------- requests */

/* Each ask of a request, carried out: what it changes in the UI state, what it answers. */
static void test_requests_carried_out(void **state)
{
    Fixture *f = *state;
    Request rq = { 0 };
    assert_int_equal(ui_carry_out(&f->ui, &f->p, &f->ls, &rq, 0), REACT_NONE);   /* nothing */
    request_note(&rq, NOTE_NO_CHARACTER, 7);
    assert_int_equal(ui_carry_out(&f->ui, &f->p, &f->ls, &rq, 0), REACT_REDRAW);
    assert_int_equal(f->ui.note, NOTE_NO_CHARACTER);
    assert_true(f->ui.note_value == 7);
    assert_int_equal(rq.asks, 0u);   /* emptied */
    request_note_text(&rq, "hello");
    ui_carry_out(&f->ui, &f->p, &f->ls, &rq, 0);
    assert_int_equal(f->ui.note, NOTE_TEXT);
    assert_string_equal(f->ui.note_text, "hello");
    /* the views: opened (its state made), a cursor, a preset, made fresh */
    f->ui.help = true;
    f->ui.dim = 3;
    request_shared_start(&rq);
    request_open(&rq, VIEW_MATRIX);
    request_cursor(&rq, VIEW_MATRIX, 1, 3);
    request_preset(&rq, VIEW_MATRIX, VIEW_OWN(TABLE_SHOW), MATRIX_SCALED);
    assert_int_equal(ui_carry_out(&f->ui, &f->p, &f->ls, &rq, 0), REACT_REDRAW);
    assert_false(f->ui.help);
    assert_int_equal(f->ui.dim, 0);
    assert_int_equal(f->ui.view, VIEW_MATRIX);
    assert_int_equal(f->p.track, TRACK_FOCUS);
    assert_int_equal(f->p.focus, 1);
    assert_int_equal(f->ui.answer, 3);   /* the matrix's set_cursor asked for it */
    const MatrixState *mx = view_state(f->ui.views, VIEW_MATRIX);
    assert_int_equal(mx->table, MATRIX_SCALED);
    request_fresh(&rq, VIEW_MATRIX);
    ui_carry_out(&f->ui, &f->p, &f->ls, &rq, 0);
    assert_int_equal(mx->table, MATRIX_SHARES);
    /* a view not shown is reached too: its state made for the request */
    assert_null(view_state(f->ui.views, VIEW_SQRTD));
    request_preset(&rq, VIEW_SQRTD, VIEW_OWN(SCALE_SET), 0);
    ui_carry_out(&f->ui, &f->p, &f->ls, &rq, 0);
    const SqrtdState *sq = view_state(f->ui.views, VIEW_SQRTD);
    assert_non_null(sq);
    assert_false(sq->scaled);
    assert_int_equal(f->ui.view, VIEW_MATRIX);   /* still the one shown */
    /* a shared action after the rest */
    request_then(&rq, ACTION_NUMBERS, 0);
    ui_carry_out(&f->ui, &f->p, &f->ls, &rq, 0);
    assert_false(f->ui.numbers);
    /* the lesson: each part its bit, and the lesson is to run again */
    request_sentence(&rq, "十减四等于?");
    request_mask(&rq, MASK_CAUSAL);
    assert_int_equal(ui_carry_out(&f->ui, &f->p, &f->ls, &rq, 0), REACT_REDRAW | REACT_RECOMPUTE);
    assert_string_equal(f->ui.want.sentence, "十减四等于?");
    assert_int_equal(f->ui.want.config.mask, MASK_CAUSAL);
    assert_int_equal(f->ui.want.config.heads, 1);   /* not asked: kept */
    request_heads(&rq, 2);
    request_compare(&rq, "三加五等于?");
    ui_carry_out(&f->ui, &f->p, &f->ls, &rq, 0);
    assert_int_equal(f->ui.want.config.heads, 2);
    assert_string_equal(f->ui.want.compare, "三加五等于?");
    /* what if: the edit handed on for app.c */
    Edit e = { .target = EDIT_WQ, .row = 2, .col = 3, .after = 1.5 };
    request_what_if(&rq, &e);
    assert_int_equal(ui_carry_out(&f->ui, &f->p, &f->ls, &rq, 0), REACT_REDRAW | REACT_RECOMPUTE);
    assert_int_equal(f->ui.what_if, EDIT_ASK_SET);
    assert_true(f->ui.what_if_edit.after == 1.5 && f->ui.what_if_edit.row == 2);
    request_undo(&rq);
    ui_carry_out(&f->ui, &f->p, &f->ls, &rq, 0);
    assert_int_equal(f->ui.what_if, EDIT_ASK_UNDO);
    f->ui.what_if = EDIT_ASK_NONE;
    /* a model to play and one to save: the UI's from then on; a file name asked for */
    Model *play = calloc(1, sizeof *play), *save = calloc(1, sizeof *save);
    char err[256];
    assert_int_equal(model_load_default(play, err, sizeof err), 0);
    assert_int_equal(model_load_default(save, err, sizeof err), 0);
    ModelInPlay as;
    inplay_trained(&as, "add", 7);
    request_play(&rq, play, &as);
    request_save(&rq, save);
    request_file_name(&rq, INPUT_FILE_MODEL, "add-seed1.model");
    assert_int_equal(ui_carry_out(&f->ui, &f->p, &f->ls, &rq, 0), REACT_REDRAW | REACT_RECOMPUTE);
    assert_ptr_equal(f->ui.model_next, play);
    assert_int_equal(f->ui.model_next_play.kind, PLAY_TRAINED);
    assert_true(f->ui.model_next_play.seed == 7);
    assert_ptr_equal(f->ui.model_save, save);
    assert_null(rq.play);
    assert_true(f->ui.input.open && f->ui.input.file == INPUT_FILE_MODEL);
    assert_string_equal(f->ui.input.text, "add-seed1.model");
    /* a request dropped frees what it holds (ASan's leak check fails otherwise) */
    Model *lost = calloc(1, sizeof *lost);
    assert_int_equal(model_load_default(lost, err, sizeof err), 0);
    request_play(&rq, lost, &as);
    request_drop(&rq);
    assert_null(rq.play);
    assert_int_equal(rq.asks, 0u);
    /* a practice answer and a concept check: the history counts them, this run a session */
    assert_int_equal(f->ui.session, 1);
    request_practiced(&rq, QUIZ_SHARE, false);
    assert_int_equal(ui_carry_out(&f->ui, &f->p, &f->ls, &rq, 0), REACT_REDRAW);
    assert_true(f->ui.session_counted && f->ui.history_dirty);
    assert_int_equal(f->ui.history.sessions, 1);
    assert_int_equal(f->ui.history.kinds[QUIZ_SHARE].box, 1);
    assert_int_equal(f->ui.history.kinds[QUIZ_SHARE].due, 2);
    request_checked(&rq, 7, 12);
    ui_carry_out(&f->ui, &f->p, &f->ls, &rq, 0);
    assert_int_equal(f->ui.history.n_checks, 1);
    assert_int_equal(f->ui.history.checks[0].score, 7);
    assert_int_equal(f->ui.history.checks[0].max, 12);
}

/* A state is made the first time its view is shown or a request targets it, over the lesson
 * in play then: Tab through the train screen starts its run; frames make none. */
static void test_states_made_when_opened(void **state)
{
    Fixture *f = *state;
    assert_int_equal(view_states_made(f->ui.views), 0);
    Grid g;
    assert_int_equal(grid_init(&g, 80, 24), 0);
    FrameInput in = { .lesson = &f->ls, .player = &f->p, .ui = &f->ui, .progress = 1.0 };
    frame_render(&g, &in);
    f->ui.view = VIEW_TRAIN;   /* set by hand, never opened: the frame draws a fresh state */
    frame_render(&g, &in);
    assert_int_equal(view_states_made(f->ui.views), 0);   /* and keeps none of it */
    char *text = NULL;
    size_t n = grid_to_text(&g, NULL, 0);
    text = malloc(n + 1);
    assert_non_null(text);
    grid_to_text(&g, text, n + 1);
    assert_non_null(strstr(text, "loss"));   /* the train screen drew its fresh run */
    free(text);
    grid_free(&g);
    f->ui.view = VIEW_ARCS;
    /* Tab from the machine to code passes through the train screen: its run starts there */
    ui_set_view(&f->ui, &f->p, &f->ls, VIEW_MACHINE);
    assert_null(view_state(f->ui.views, VIEW_TRAIN));
    assert_int_equal(press(f, KEYCODE_TAB), REACT_REDRAW);
    assert_int_equal(f->ui.view, VIEW_TRAIN);
    const TrainViewState *tv = view_state(f->ui.views, VIEW_TRAIN);
    assert_non_null(tv);
    assert_non_null(tv->run);
    assert_int_equal(tv->heads, 1);
    press(f, KEYCODE_TAB);
    assert_int_equal(f->ui.view, VIEW_CODE);
    assert_ptr_equal(view_state(f->ui.views, VIEW_TRAIN), tv);   /* kept, not made again */
    assert_int_equal(view_states_made(f->ui.views), 2);          /* the machine's, the train's */
    /* over the lesson in play when it is made: two heads asked for before it opens */
    ui_free(&f->ui);
    assert_int_equal(ui_init_for(&f->ui, VIEW_ARCS, &f->ls), 0);
    press(f, 'h');   /* two heads */
    assert_int_equal(f->ls.tr.heads, 2);
    ui_set_view(&f->ui, &f->p, &f->ls, VIEW_TRAIN);
    tv = view_state(f->ui.views, VIEW_TRAIN);
    assert_int_equal(tv->heads, 2);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(test_start_state), T(test_quit_help_close), T(test_play_numbers_redraw),
        T(test_steps_and_notes), T(test_focus_keys), T(test_speed_notes),
        T(test_views_and_tracks), T(test_answer_dim_cell_table), T(test_experiment_cursors),
        T(test_view_rows_keep_the_contract),
        T(test_view_actions_define),
        T(test_lesson7_and_sentences), T(test_input_line), T(test_screens_without_steps),
        T(test_requests_carried_out), T(test_states_made_when_opened),
    };
#undef T
    return cmocka_run_group_tests_name("ui", tests, NULL, NULL);
}
