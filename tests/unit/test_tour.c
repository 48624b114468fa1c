/* test_tour.c — the guided tour (tour.h) and predict-then-reveal (predict.h): the stop
 * table walked forward to the summary and back, every stop's screen and caption, ← restoring
 * exactly the stop before, Esc leaving on the screen shown; a question's keys, its answer
 * from the engine, the tally, → revealing and going on; autoplay asking before ③.
 * Owns: only these tests. Must not touch: the views' insides, golden files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app.h"
#include "cli.h"
#include "format.h"
#include "harness.h"
#include "keys.h"
#include "tour.h"
#include "view_matrix.h"

#ifndef TESTS_DIR
#define TESTS_DIR "tests"
#endif



/* The stop the tour shows each question at (found in the table: a question stop). */
static int question_stop(Scene *s, PredictKind kind)
{
    scene_press(s, 'g');
    for (int i = 0; i < tour_count(); i++) {
        if (s->ui.predict.kind == kind && predict_waiting(&s->ui.predict))
            return i;
        scene_press(s, KEYCODE_RIGHT);
    }
    fail_msg("no stop asks question %d", (int)kind);
    return -1;
}

/* The frame's text without its status row (a note there lasts one key). */
static char *frame_above_status(const Scene *s, int w, int h)
{
    char *text = scene_text(s, w, h);
    char *last = text + strlen(text) - 1;   /* the final newline */
    while (last > text && last[-1] != '\n')
        last--;
    *last = '\0';
    return text;
}

static void test_walk_forward_and_back(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    char *seen[TOUR_MAX_STOPS];
    assert_true(tour_count() >= 12 && tour_count() <= TOUR_MAX_STOPS);
    scene_press(s, 'g');
    assert_true(s->ui.tour.on);
    for (int i = 0; i < tour_count(); i++) {
        int view, focus, stage;
        assert_true(tour_stop_screen(i, s->ls, &view, &focus, &stage));
        assert_int_equal(s->ui.tour.stop, i);
        assert_int_equal((int)s->ui.view, view);
        assert_int_equal(s->p.focus, focus);
        assert_int_equal((int)s->p.stage, stage);
        seen[i] = frame_above_status(s, 80, 24);
        scene_press(s, i % 2 ? ' ' : KEYCODE_RIGHT);   /* → or Space */
    }
    assert_int_equal(s->ui.tour.stop, tour_count() - 1);   /* the last stop stays */
    assert_int_equal(s->ui.note, NOTE_TOUR_END);
    assert_int_equal((int)s->ui.view, VIEW_SUMMARY);
    for (int i = tour_count() - 1; i >= 0; i--) {   /* ← shows exactly the stop before */
        char *again = frame_above_status(s, 80, 24);
        assert_string_equal(again, seen[i]);
        free(again);
        free(seen[i]);
        scene_press(s, KEYCODE_LEFT);
    }
    assert_int_equal(s->ui.tour.stop, 0);
    assert_int_equal(s->ui.note, NOTE_AT_FIRST);
    char *said = scene_text(s, 120, 40);   /* the tour's stop, not a step of the arcs */
    assert_shows(said, "the tour's first stop already");
    free(said);
    assert_int_equal((int)s->ui.view, VIEW_ARCS);
    assert_int_equal(s->p.focus, 3);                 /* 等 at ③: the opening picture */
    assert_int_equal((int)s->p.stage, STAGE_SOFTMAX);
    scene_close(s);
}

static void test_back_restores_a_views_state(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    question_stop(s, PREDICT_MIRROR);
    scene_press(s, 'y');
    while ((int)s->ui.view != VIEW_MATRIX)           /* the matrix, raw scores, 等→加 */
        scene_press(s, KEYCODE_RIGHT);
    int stop = s->ui.tour.stop;
    assert_int_equal((int)s->ui.view, VIEW_MATRIX);
    assert_int_equal(s->ui.answer, 1);
    char *before = frame_above_status(s, 120, 40);
    assert_shows(before, "4.05");
    assert_shows(before, "2.08");
    scene_type(s, "tU");                             /* the user looks around */
    scene_press(s, KEYCODE_RIGHT);
    scene_press(s, KEYCODE_LEFT);
    char *after = frame_above_status(s, 120, 40);
    assert_string_equal(after, before);
    free(before);
    free(after);
    assert_int_equal(s->ui.tour.stop, stop);
    while (!predict_waiting(&s->ui.predict))         /* back to the question, tally as it was */
        scene_press(s, KEYCODE_LEFT);
    assert_int_equal(s->ui.predict.kind, PREDICT_MIRROR);
    assert_int_equal(s->ui.predict.tally.asked, 0);
    scene_close(s);
}

static void test_esc_leaves_on_the_screen(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    scene_type(s, "gR");
    ViewId shown = s->ui.view;
    assert_int_equal((int)shown, VIEW_LIBRARY);
    scene_press(s, KEYCODE_ESC);
    assert_false(s->ui.tour.on);
    assert_int_equal((int)s->ui.view, (int)shown);
    char *text = scene_text(s, 80, 24);
    assert_hides(text, "tour 2/");
    free(text);
    scene_press(s, 'g');                             /* g starts it again at the picture */
    assert_int_equal(s->ui.tour.stop, 0);
    assert_int_equal(scene_press(s, 'q') & REACT_QUIT, REACT_QUIT);
    scene_close(s);
}

/* The share question is asked in the lesson's other sentence (十减四等于?), at ① of its 减:
 * no earlier stop showed that row. Right, wrong (with why), → on to its ③. */
static void test_look_question_keys(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    int stop = question_stop(s, PREDICT_LOOK);
    Predict *pr = &s->ui.predict;
    char now[MODEL_SENTENCE_BYTES];
    engine_sentence(&s->ls->tr, now, sizeof now);
    assert_string_equal(now, "十减四等于?");          /* the stop plays the other sentence */
    assert_int_equal((int)s->p.stage, STAGE_QKV);    /* at ①: no score shown yet */
    assert_int_equal(pr->asker, 1);                  /* 减 */
    assert_int_equal(s->p.focus, 1);
    assert_int_equal(pr->truth, engine_strongest(&s->ls->tr, 0, 1));
    assert_int_equal(pr->truth, 0);                  /* 十 */
    bool numbers = s->ui.numbers;
    scene_press(s, KEYCODE_DOWN);                    /* ↓ moves the choice, not the focus */
    scene_press(s, KEYCODE_DOWN);
    assert_int_equal(pr->pick, 2);
    assert_int_equal(s->p.focus, 1);
    scene_press(s, KEYCODE_UP);
    scene_press(s, KEYCODE_UP);
    scene_press(s, KEYCODE_ENTER);                   /* 十 */
    assert_true(pr->revealed);
    assert_int_equal(pr->answer, 0);
    assert_int_equal(pr->tally.asked, 2);            /* the mirror question went unanswered */
    assert_int_equal(pr->tally.right, 1);
    assert_int_equal(s->ui.numbers, numbers);
    Grid g = scene_render(s, 120, 40);
    assert_has(&g, "减 looks most at 十 (49.2%): right!");
    assert_has(&g, "tally: 1 of 2 right");
    grid_free(&g);
    scene_press(s, KEYCODE_LEFT);                    /* back and again: a wrong digit, and why */
    scene_press(s, KEYCODE_RIGHT);
    assert_int_equal(s->ui.tour.stop, stop);
    scene_press(s, '3');
    assert_int_equal(pr->answer, 2);
    assert_int_equal(pr->tally.right, 0);
    g = scene_render(s, 120, 40);
    assert_has(&g, "减 looks most at 十 (49.2%): you said 四. 减's Q meets 十's K best: the highest score gets the");
    grid_free(&g);
    s->o.lang = LANG_ZH;
    g = scene_render(s, 120, 40);
    assert_has(&g, "「减」看得最多的是「十」（49.2%）——猜错了，你猜的是「四」。「减」的 Q 和「十」的 K 点积最大");
    assert_has(&g, "一共猜了 2 题，猜对 0 题");
    grid_free(&g);
    s->o.lang = LANG_EN;
    scene_press(s, KEYCODE_RIGHT);                   /* on to ③ of the same 减 */
    assert_int_equal((int)s->p.stage, STAGE_SOFTMAX);
    assert_int_equal(s->p.focus, 1);
    assert_int_equal(s->ui.predict.kind, PREDICT_NONE);
    scene_press(s, KEYCODE_RIGHT);                   /* and home: 三加五等于? again */
    engine_sentence(&s->ls->tr, now, sizeof now);
    assert_string_equal(now, "三加五等于?");
    scene_close(s);
}

static void test_past_the_tenth(void **state)
{
    (void)state;
    Scene *s = scene_open(SIXTEEN, VIEW_ARCS);
    scene_press(s, 'g');
    predict_ask(&s->ui.predict, s->ls, PREDICT_LOOK, 3);
    for (int i = 0; i < 12; i++)
        scene_press(s, KEYCODE_DOWN);
    scene_press(s, KEYCODE_ENTER);
    assert_int_equal(s->ui.predict.answer, 12);      /* the 13th character */
    predict_ask(&s->ui.predict, s->ls, PREDICT_LOOK, 3);
    scene_press(s, '0');
    assert_int_equal(s->ui.predict.answer, 9);       /* 0: the 10th */
    scene_close(s);
}

static void test_mirror_question_keys(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    question_stop(s, PREDICT_MIRROR);
    Predict *pr = &s->ui.predict;
    const Trace *tr = &s->ls->tr;
    assert_int_equal(pr->other, 1);
    assert_true(TRACE_SQ(tr, scores, 3, 1) > 4.04 && TRACE_SQ(tr, scores, 1, 3) < 2.09);
    assert_int_equal(pr->truth, PREDICT_NO);
    assert_true(s->ui.numbers);
    s->o.lang = LANG_ZH;   /* the status line offers what the question does (it said 是/不是) */
    char *zh = scene_text(s, 120, 40);
    assert_shows(zh, "y 一样 · n 不一样");
    assert_shows(zh, "y/n 一样/不一样");
    free(zh);
    s->o.lang = LANG_EN;
    scene_press(s, 'n');                             /* no, not numbers */
    assert_true(s->ui.numbers);
    assert_int_equal(pr->answer, PREDICT_NO);
    assert_int_equal(pr->tally.right, 1);
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "No: 加 asking 等 scores 2.08, 等 asking 加 4.05: right!");
    grid_free(&g);
    scene_press(s, KEYCODE_LEFT);                    /* again, wrong: said, and why */
    scene_press(s, KEYCODE_RIGHT);
    scene_press(s, 'y');
    g = scene_render(s, 120, 40);
    assert_has(&g, "No: 加 asking 等 scores 2.08, 等 asking 加 4.05: you said yes. Q and K come from two different");
    grid_free(&g);
    s->o.lang = LANG_ZH;
    g = scene_render(s, 120, 40);
    assert_has(&g, "——猜错了，你猜的是「一样」。Q 和 K 来自两张不同的矩阵，所以");
    grid_free(&g);
    scene_close(s);
}

static void test_reveal_goes_on(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    int stop = question_stop(s, PREDICT_LOOK);
    scene_press(s, KEYCODE_RIGHT);                   /* no answer: revealed, and on */
    assert_int_equal(s->ui.tour.stop, stop + 1);
    assert_int_equal(s->ui.note, NOTE_VERDICT);
    assert_int_equal(s->ui.predict.tally.asked, 2);
    assert_int_equal(s->ui.predict.tally.right, 0);
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "减 looks most at 十 (49.2%) (not answered)");
    grid_free(&g);
    s->o.lang = LANG_ZH;
    g = scene_render(s, 120, 40);
    assert_has(&g, "「减」看得最多的是「十」（49.2%）。这题你没有作答。");
    grid_free(&g);
    scene_close(s);
}

/* predict knows nothing of the tour's insides: during the tour its reveal asks for the
 * tour's next stop (a request), and only ui.c moves the tour on. A tour stop asks for the
 * rest of its state the same way: its view fresh and opened, its preset named. */
static void test_reveal_asks_for_the_next_stop(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    int stop = question_stop(s, PREDICT_LOOK);
    Request rq = { 0 };
    ViewCall call = { .ui = &s->ui, .p = &s->p, .ls = s->ls, .now = 0, .ask = &rq };
    Predict pr = s->ui.predict;
    assert_int_equal(predict_act(&pr, &call, ACTION_REVEAL, 0), REACT_REDRAW);
    assert_int_equal(rq.asks, (unsigned)REQUEST_THEN);
    assert_int_equal(rq.then, ACTION_TOUR_NEXT);
    assert_true(predict_waiting(&pr));       /* the tour's next stop reveals it */
    assert_int_equal(s->ui.tour.stop, stop);
    /* the matrix's stop: its fresh state, the cell and the raw table named as a preset */
    Tour t = s->ui.tour;
    int view = -1, focus, stage;
    for (t.stop = 0; tour_stop_screen(t.stop, s->ls, &view, &focus, &stage) && view != VIEW_MATRIX;) {
        memset(&rq, 0, sizeof rq);
        tour_act(&t, &pr, &call, ACTION_TOUR_NEXT);
    }
    assert_true(rq.asks & REQUEST_FRESH && rq.asks & REQUEST_OPEN && rq.asks & REQUEST_PRESET);
    assert_int_equal(rq.open, VIEW_MATRIX);
    assert_int_equal(rq.fresh, VIEW_MATRIX);
    assert_int_equal(rq.preset.view, VIEW_MATRIX);
    assert_int_equal(rq.preset.arg, MATRIX_RAW);
    assert_int_equal(rq.cursor.col, 1);      /* 等's strongest: 加 */
    scene_close(s);
}

/* Autoplay with predict on asks at ① of each character, before ② shows the scores that
 * decide the answer; at any other step it goes on. */
static void test_autoplay_asks_before_softmax(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    scene_press(s, 'p');
    assert_true(s->ui.predict.on);
    s->p.focus = 3;
    s->p.stage = STAGE_QKV;
    player_toggle_play(&s->p, 0);
    long long later = s->p.next_ms + 1;
    assert_true(ui_before_step(&s->ui, &s->p, s->ls, later));
    assert_false(s->p.playing);                      /* paused while it asks */
    assert_int_equal((int)s->p.stage, STAGE_QKV);    /* still at ①: no score shown */
    assert_int_equal(s->ui.predict.kind, PREDICT_LOOK);
    assert_int_equal(s->ui.predict.asker, 3);
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "Predict: whom will 等 look at most?");
    assert_lacks(&g, "4.05");                        /* its highest score is not on screen */
    grid_free(&g);
    scene_press(s, '2');                             /* 加: right, on to ②, playing */
    assert_int_equal(s->ui.predict.tally.right, 1);
    assert_int_equal((int)s->p.stage, STAGE_SCORE);
    assert_true(s->p.playing);
    assert_false(ui_before_step(&s->ui, &s->p, s->ls, s->p.next_ms + 1));   /* ② → ③: none */
    scene_press(s, 'p');                             /* off: no question */
    assert_false(s->ui.predict.on);
    s->p.stage = STAGE_QKV;
    assert_false(ui_before_step(&s->ui, &s->p, s->ls, s->p.next_ms + 1));
    scene_close(s);
}

/* On a screen whose autoplay does not step ①-④ (the matrix walks the rows) predict asks
 * nothing: its line says where it does. */
static void test_predict_says_where_it_asks(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_MATRIX);
    scene_press(s, 'p');
    char *text = scene_text(s, 120, 40);
    assert_shows(text, "predict, then reveal: autoplay asks at each character's ①, before its scores show (the arcs and");
    free(text);
    scene_press(s, ' ');
    for (int i = 0; i < 20; i++)
        assert_false(ui_before_step(&s->ui, &s->p, s->ls, s->p.next_ms + 1 + i * 10000));
    scene_close(s);
}

/* Esc closes a question autoplay asked (it did nothing: the question stayed, the lesson
 * paused until → or an answer): revealed unanswered, on to ③, playing. In the tour Esc
 * still leaves the tour at a question's stop. */
static void test_esc_closes_a_question(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    scene_press(s, 'p');
    s->p.focus = 3;
    s->p.stage = STAGE_QKV;
    player_toggle_play(&s->p, 0);
    assert_true(ui_before_step(&s->ui, &s->p, s->ls, s->p.next_ms + 1));
    assert_true(predict_waiting(&s->ui.predict));
    assert_int_equal(scene_press(s, KEYCODE_ESC) & REACT_REDRAW, REACT_REDRAW);
    assert_false(predict_waiting(&s->ui.predict));
    assert_int_equal(s->ui.predict.answer, PREDICT_UNANSWERED);
    assert_int_equal(s->ui.predict.tally.asked, 1);
    assert_int_equal((int)s->p.stage, STAGE_SCORE);
    assert_true(s->p.playing);
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "等 looks most at 加 (52.4%) (not answered)");
    grid_free(&g);
    scene_close(s);
    s = scene_open(NULL, VIEW_ARCS);
    question_stop(s, PREDICT_LOOK);
    scene_press(s, KEYCODE_ESC);
    assert_false(s->ui.tour.on);
    assert_false(predict_waiting(&s->ui.predict));
    assert_int_equal((int)s->ui.view, VIEW_ARCS);
    scene_close(s);
}

static void test_help_lists_the_keys_it_owns(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    question_stop(s, PREDICT_LOOK);
    s->ui.help = true;
    char *text = scene_text(s, 120, 60);
    assert_hides(text, "tour: the next stop");           /* → reveals while it asks */
    assert_shows(text, "tour: back to the stop before");
    assert_shows(text, "leave the tour, staying on this screen");
    assert_shows(text, "answer: character 1-9 (0: the 10th)");
    assert_shows(text, "reveal the answer and go on");
    assert_hides(text, "next step (Q → score");          /* → is the tour's here */
    assert_hides(text, "character 1-9 asks");           /* the digits answer */
    free(text);
    s->ui.help = false;
    scene_press(s, KEYCODE_RIGHT);
    s->ui.help = true;
    text = scene_text(s, 120, 60);
    assert_shows(text, "tour: the next stop");
    assert_shows(text, "character 1-9 asks");
    assert_hides(text, "reveal the answer and go on");
    free(text);
    scene_close(s);
}

static void test_autoplay_asks_before_the_mirror(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    scene_press(s, 'p');
    s->p.focus = 1;                                  /* 加, the one 等 looks at most */
    s->p.stage = STAGE_QKV;
    player_toggle_play(&s->p, 0);
    assert_true(ui_before_step(&s->ui, &s->p, s->ls, s->p.next_ms + 1));
    assert_int_equal(s->ui.predict.kind, PREDICT_MIRROR);
    assert_int_equal(s->ui.predict.asker, 3);
    assert_int_equal(s->ui.predict.other, 1);
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "Predict: will 加 asking 等 score the same as 等 asking 加?");
    grid_free(&g);
    scene_press(s, ' ');                             /* Space: revealed, on to ②, playing */
    assert_true(s->ui.predict.revealed);
    assert_int_equal(s->ui.predict.answer, PREDICT_UNANSWERED);
    assert_int_equal((int)s->p.stage, STAGE_SCORE);
    assert_true(s->p.playing);
    g = scene_render(s, 80, 24);
    assert_has(&g, "No: 加 asking 等 scores 2.08, 等 asking 加 4.05 (not answered)");
    assert_has(&g, "tally: 0 of 1 right");
    grid_free(&g);
    s->p.focus = 0;                                  /* 三's ① → ②: whom it looks at most */
    s->p.stage = STAGE_QKV;
    assert_true(ui_before_step(&s->ui, &s->p, s->ls, s->p.next_ms + 1));
    assert_int_equal(s->ui.predict.kind, PREDICT_LOOK);
    assert_int_equal(s->ui.predict.asker, 0);
    scene_close(s);
}

/* ---------------------------------------------------------------- the opening picture */

/* The view bar of these whole frames: the views there were when they were written. */
#define OPENING_BAR(X) X(all) X(library) X(similarity) X(arcs) X(matrix) X(sqrtd) X(machine) \
                       X(code) X(scale) X(summary)
#define OPENING_EXTERN(name) extern const ViewOps view_##name;
OPENING_BAR(OPENING_EXTERN)
#define OPENING_ROW(name) &view_##name,
static const ViewOps *const opening_bar[] = { OPENING_BAR(OPENING_ROW) };

/* The first frame `attn-tui` with the arguments args draws at w × h in lang (caller frees). */
static char *start_frame(const char *const *args, int w, int h, Lang lang, const Lesson *ls)
{
    char *argv[8] = { "attn-tui" };
    int argc = 1;
    for (; args[argc - 1]; argc++)
        argv[argc] = (char *)args[argc - 1];
    Options o;
    char err[256];
    assert_int_equal(cli_parse(argc, argv, &o, err, sizeof err), 0);
    Player p;
    Ui ui;
    assert_int_equal(app_start_state(&o, ls, 0, &p, &ui), 0);
    FrameOptions fo = { .lang = lang, .ascii = false };
    FrameInput in = { .lesson = ls, .player = &p, .ui = &ui, .progress = 1.0, .opt = &fo,
                      .bar = opening_bar,
                      .bar_count = (int)(sizeof opening_bar / sizeof opening_bar[0]) };
    Grid g;
    assert_int_equal(grid_init(&g, w, h), 0);
    frame_render(&g, &in);
    char *text = frame_text(&g);
    grid_free(&g);
    ui_free(&ui);
    return text;
}

/* How many views' states the start state that args describe made (what --print draws). */
static int states_at_start(const char *const *args, const Lesson *ls)
{
    char *argv[8] = { "attn-tui" };
    int argc = 1;
    for (; args[argc - 1]; argc++)
        argv[argc] = (char *)args[argc - 1];
    Options o;
    char err[256];
    assert_int_equal(cli_parse(argc, argv, &o, err, sizeof err), 0);
    Player p;
    Ui ui;
    assert_int_equal(app_start_state(&o, ls, 0, &p, &ui), 0);
    int made = view_states_made(ui.views);
    ui_free(&ui);
    return made;
}

/* The start (and so --print) makes the state of the view it shows and no other: the arcs
 * keep none, the train screen's is its run; the tour makes the states its first stop asks. */
static void test_start_makes_only_its_views_state(void **state)
{
    Fixture *f = *state;
    assert_int_equal(states_at_start((const char *const[]){ NULL }, &f->ls), 0);
    assert_int_equal(states_at_start((const char *const[]){ "--view", "train", NULL }, &f->ls), 1);
    assert_int_equal(states_at_start((const char *const[]){ "--view", "matrix", NULL }, &f->ls), 1);
    assert_int_equal(states_at_start((const char *const[]){ "--tour", NULL }, &f->ls), 0);
}

/* Compares text with tests/golden/NAME.txt (ATTN_GOLDEN_UPDATE=1 writes it). */
static void assert_golden(const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/golden/%s.txt", TESTS_DIR, name);
    const char *update = getenv("ATTN_GOLDEN_UPDATE");
    if (update && strcmp(update, "1") == 0) {
        FILE *f = fopen(path, "wb");
        assert_non_null(f);
        fputs(text, f);
        assert_int_equal(fclose(f), 0);
        return;
    }
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("no %s (make golden-update writes it)", path);
    static char expected[65536];
    size_t n = fread(expected, 1, sizeof expected - 1, f);
    expected[n] = '\0';
    fclose(f);
    if (strcmp(expected, text) != 0)
        fail_msg("%s differs; the frame is:\n%s", path, text);
}

static void test_opening_picture(void **state)
{
    Fixture *f = *state;
    const char *none[] = { NULL };
    char *text = start_frame(none, 80, 24, LANG_EN, &f->ls);
    assert_shows(text, "▲ thicker line: 等 looks more");
    assert_shows(text, "52.4%");
    assert_shows(text, "Space plays each character's four steps · ←/→ step · ? explains this screen");
    assert_golden("opening-80x24", text);
    free(text);
    text = start_frame(none, 120, 40, LANG_EN, &f->ls);
    assert_shows(text, "· g the whole lesson, guided");
    assert_golden("opening-120x40", text);
    free(text);
    text = start_frame(none, 80, 24, LANG_ZH, &f->ls);
    assert_shows(text, "空格 自动播放（每个字走完四步）");
    assert_golden("opening-80x24-zh", text);
    free(text);
    const char *chosen[] = { "--focus", "1", "--stage", "qkv", NULL };   /* they still choose */
    text = start_frame(chosen, 80, 24, LANG_EN, &f->ls);
    assert_shows(text, "▲ 三 makes Q, K and V");
    free(text);
    const char *tour[] = { "--tour", NULL };
    text = start_frame(tour, 80, 24, LANG_EN, &f->ls);
    assert_shows(text, "The opening picture: 等 looks at every character");
    assert_hides(text, "Space plays each character's four steps");
    free(text);
}

/* The tour over other sentences: every stop drawn whole, its caption filled from that
 * sentence's figures (no 等 in 三加: the first character asks). */
static void test_other_sentences(void **state)
{
    (void)state;
    const char *sentences[] = { "三加", SIXTEEN, "十减四等于?" };
    for (size_t n = 0; n < sizeof sentences / sizeof sentences[0]; n++) {
        Scene *s = scene_open(sentences[n], VIEW_ARCS);
        scene_press(s, 'g');
        assert_int_equal(s->p.focus, strcmp(sentences[n], "三加") == 0 ? 0 : 3);
        for (int i = 0; i < tour_count(); i++) {
            Grid g = scene_render(s, 80, 24);
            assert_grid_sound(&g, sentences[n]);
            char row[1024];
            row_text(&g, 2, row, sizeof row);
            if (strchr(row, '{'))
                fail_msg("stop %d over %s: %s", i, sentences[n], row);
            grid_free(&g);
            scene_press(s, KEYCODE_RIGHT);
        }
        assert_int_equal((int)s->ui.view, VIEW_SUMMARY);
        scene_close(s);
    }
}

/* The Chinese captions: a share follows its character with 分到, as the opening one does
 * (「加」 52.4% had a blank after 」), and the summary's words (只认内容, not 只看内容). */
static void test_chinese_captions(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    Tour t = { .on = true };
    char buf[1024], where[64];
    const char *tok[MODEL_MAX_TOKENS];
    for (int i = 0; i < s->ls->tr.T; i++)
        tok[i] = s->ls->tr.tokens[i];
    bool share = false, summary = false;
    for (t.stop = 0; t.stop < tour_count(); t.stop++) {
        tour_caption(&t, s->ls, LANG_ZH, tok, buf, sizeof buf, where, sizeof where);
        assert_null(strstr(buf, "」 "));
        share = share || (strstr(buf, "顺序不变：「") != NULL && strstr(buf, "」分到 ") != NULL);
        summary = summary || strstr(buf, "相似度表对称、只认内容；") != NULL;
    }
    assert_true(share);
    assert_true(summary);
    scene_close(s);
}

/* Every caption of the tour over a sentence (NULL: the lesson's) with lesson 7's options,
 * joined (one string to search). */
static void captions_of(const char *sentence, const EngineConfig *cfg, Lang lang, char *all,
                        size_t cap)
{
    Scene *s = scene_open(sentence, VIEW_ARCS);
    LessonParams p = s->ls->params;
    p.config.mask = cfg->mask;
    p.config.heads = cfg->heads;
    char err[256];
    assert_int_equal(lesson_rebuild(s->ls, &p, err, sizeof err), 0);
    Tour t = { .on = true };
    const char *tok[MODEL_MAX_TOKENS];
    for (int i = 0; i < s->ls->tr.T; i++)
        tok[i] = s->ls->tr.tokens[i];
    all[0] = '\0';
    for (t.stop = 0; t.stop < tour_count(); t.stop++) {
        char buf[1024], where[64];
        tour_caption(&t, s->ls, lang, tok, buf, sizeof buf, where, sizeof where);
        size_t used = strlen(all);
        snprintf(all + used, cap - used, "%s\n", buf);
    }
    scene_close(s);
}

/* With two heads Wq, Wk, Wv stay 8 × 8 and x and the output [6, 8] (not "Three 4 × 4
 * matrices: 192 trainable numbers", 3 · 4 · 4 being 48, nor "[6, 4] in"), while ÷√d is a
 * head's: √4. With the causal mask the least-looked-at character is one 等 can see (not ?,
 * masked: "? only 0.0%", "0.0% of V(?)"). */
static void test_captions_with_heads_and_mask(void **state)
{
    (void)state;
    static char all[16384];
    captions_of(NULL, &(EngineConfig){ .mask = MASK_NONE, .heads = 2 }, LANG_EN, all, sizeof all);
    assert_shows(all, "Three 8 × 8 matrices: 192 trainable numbers.");
    assert_shows(all, "[6, 8] in, [6, 8] out: the shape is kept");
    assert_shows(all, "Here d = 4 and √4 = 2.000000.");
    captions_of(NULL, &(EngineConfig){ .mask = MASK_NONE, .heads = 2 }, LANG_ZH, all, sizeof all);
    assert_shows(all, "三张 8 × 8 的矩阵：192 个可训练参数。");
    assert_shows(all, "[6, 8] 进，[6, 8] 出");
    captions_of(NULL, &(EngineConfig){ .mask = MASK_CAUSAL, .heads = 1 }, LANG_EN, all, sizeof all);
    assert_hides(all, "0.0%");
    assert_shows(all, "等 takes 62.8% of V(加), 1.7% of V(等)");
}

/* "only" where the mirror scores less: 十减四等于? (the lesson's other sentence, key s) has
 * 等 asking 十 3.83 and 十 asking 等 4.41, which the caption called "only 4.41". */
static void test_mirror_caption_says_only_when_less(void **state)
{
    (void)state;
    static char all[16384];
    const EngineConfig plain = { .mask = MASK_NONE, .heads = 1 };
    captions_of(NULL, &plain, LANG_EN, all, sizeof all);
    assert_shows(all, "等 asking 加 scores 4.05, 加 asking 等 only 2.08.");
    captions_of(NULL, &plain, LANG_ZH, all, sizeof all);
    assert_shows(all, "「加」问「等」只有 2.08 分。");
    captions_of("十减四等于?", &plain, LANG_EN, all, sizeof all);
    assert_shows(all, "等 asking 十 scores 3.83, 十 asking 等 4.41.");
    assert_hides(all, "only 4.41");
    captions_of("十减四等于?", &plain, LANG_ZH, all, sizeof all);
    assert_shows(all, "「十」问「等」却有 4.41 分。");
}

/* ---------------------------------------------------------------- no answer before its question */

/* True when a line of text that names the character row (a table's row label, a
 * sentence about it) holds number as printed, not as part of a longer one ("2.1" in
 * "2.12"): a value of that row on screen. */
static bool shows_number(const char *text, const char *number, const char *row)
{
    size_t n = strlen(number);
    for (const char *at = strstr(text, number); at; at = strstr(at + 1, number)) {
        char before = at > text ? at[-1] : ' ', after = at[n];
        bool digit_before = (before >= '0' && before <= '9') || before == '.' || before == '-';
        bool digit_after = (after >= '0' && after <= '9') || (after == '.' && at[n + 1] >= '0' && at[n + 1] <= '9');
        if (digit_before || digit_after)
            continue;
        const char *start = at, *end = strchr(at, '\n');
        while (start > text && start[-1] != '\n')
            start--;
        size_t len = end ? (size_t)(end - start) : strlen(start);
        char line[4096];
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), start);
        if (strstr(line, row))
            return true;
    }
    return false;
}

/* What would give question pr away over the pass tr, as a screen prints it: for whom
 * will A look at most, every value of A's row (its raw scores at 1, 2 and 4 decimals, ÷√d
 * at 2 and 3, e^ at 4, its shares at 0.1 %); for the mirrored score, the mirror cell's
 * (B asking A) the same way. Into out (at most cap strings of 16 bytes). */
static int answer_numbers(const Predict *pr, const Trace *tr, char out[][16], int cap)
{
    int n = 0, row = pr->kind == PREDICT_LOOK ? pr->asker : pr->other;
    for (int s = 0; s < tr->T; s++) {
        if (pr->kind == PREDICT_MIRROR && s != pr->asker)
            continue;
        double raw = TRACE_SQ(tr, scores, row, s), scaled = TRACE_SQ(tr, scaled, row, s);
        const struct { double v; int digits; } forms[] = {
            { raw, 1 }, { raw, 2 }, { raw, 4 }, { scaled, 2 }, { scaled, 3 },
        };
        for (size_t k = 0; k < sizeof forms / sizeof forms[0] && n < cap; k++)
            format_fixed(out[n++], 16, forms[k].v, forms[k].digits);
        if (n < cap)
            format_percent(out[n++], 16, TRACE_SQ(tr, weights, row, s));
    }
    return n;
}

/* The tour's questions are asked before their answers show: for each question stop, no
 * stop up to it (the question's own screen included, its words too) that shows the
 * question's sentence prints a value of the row the question is about (or the mirror
 * cell) on a line naming that row's character, nor does any say the verdict's words; no earlier stop plays the question's
 * sentence with that row drawn (its arcs, bars, heat cells); the share question is asked
 * at ①. At 80 × 24 and 120 × 40, in English and Chinese. */
static void test_no_answer_before_its_question(void **state)
{
    (void)state;
    static const int sizes[][2] = { { 80, 24 }, { 120, 40 } };
    for (int lang = 0; lang < 2; lang++)
        for (size_t z = 0; z < 2; z++) {
            int w = sizes[z][0], h = sizes[z][1];
            Scene *s = scene_open(NULL, VIEW_ARCS);
            s->o.lang = lang ? LANG_ZH : LANG_EN;
            scene_press(s, 'g');
            char *frames[TOUR_MAX_STOPS] = { 0 };
            char sentence[TOUR_MAX_STOPS][MODEL_SENTENCE_BYTES];
            int views[TOUR_MAX_STOPS], asked = 0;
            for (int i = 0; i < tour_count(); i++) {
                frames[i] = scene_text(s, w, h);
                engine_sentence(&s->ls->tr, sentence[i], sizeof sentence[i]);
                views[i] = (int)s->ui.view;
                Predict pr = s->ui.predict;
                if (predict_waiting(&pr)) {
                    asked++;
                    char numbers[64][16], verdict[512];
                    int n = answer_numbers(&pr, &s->ls->tr, numbers, 64);
                    const char *tok[MODEL_MAX_TOKENS];
                    for (int t = 0; t < s->ls->tr.T; t++)
                        tok[t] = s->ls->tr.tokens[t];
                    pr.revealed = true;
                    pr.answer = PREDICT_UNANSWERED;
                    predict_verdict(&pr, s->ls, s->o.lang, tok, verdict, sizeof verdict);
                    verdict[strcspn(verdict, "0123456789")] = '\0';   /* its words, before a figure */
                    if (pr.kind == PREDICT_LOOK)
                        assert_int_equal((int)s->p.stage, STAGE_QKV);
                    for (int k = 0; k <= i; k++) {
                        /* the values are looked for where the question's sentence is on
                           screen (its title, or a row of it beside another): elsewhere a
                           number is another sentence's */
                        bool about = k == i || strstr(frames[k], sentence[i]) != NULL;
                        const char *row = s->ls->tr.tokens[pr.kind == PREDICT_LOOK ? pr.asker : pr.other];
                        for (int m = 0; m < n && about; m++)
                            if (shows_number(frames[k], numbers[m], row))
                                fail_msg("question at stop %d (%dx%d %s) is answered by stop %d, which shows %s:\n%s",
                                         i + 1, w, h, lang ? "zh" : "en", k + 1, numbers[m], frames[k]);
                        if (strstr(frames[k], verdict))
                            fail_msg("stop %d says the answer of stop %d's question: %s", k + 1, i + 1, verdict);
                        /* the mirror's answer in the similarity screen's words: why symmetry
                           is a trouble, the two numbers of a pair */
                        static const char *const mirror_words[] = {
                            "one role", "two numbers", "two different matrices", "needs nothing",
                            "同一个角色", "两个数", "不同的矩阵", "并不需要",
                        };
                        for (size_t m = 0; pr.kind == PREDICT_MIRROR && m < sizeof mirror_words / sizeof *mirror_words; m++)
                            if (strstr(frames[k], mirror_words[m]))
                                fail_msg("stop %d says why the mirror question's answer is no (%s) before stop %d's answer:\n%s",
                                         k + 1, mirror_words[m], i + 1, frames[k]);
                        bool draws_rows = views[k] == VIEW_ARCS || views[k] == VIEW_ALL ||
                                          views[k] == VIEW_LIBRARY || views[k] == VIEW_MATRIX ||
                                          views[k] == VIEW_MACHINE;
                        if (k < i && draws_rows && strcmp(sentence[k], sentence[i]) == 0 &&
                            pr.kind == PREDICT_LOOK)
                            fail_msg("stop %d draws %s's rows before stop %d asks about one", k + 1,
                                     sentence[i], i + 1);
                    }
                }
                scene_press(s, KEYCODE_RIGHT);
            }
            assert_int_equal(asked, 2);
            for (int i = 0; i < tour_count(); i++)
                free(frames[i]);
            scene_close(s);
        }
}

/* The lesson's order: softmax (③) before ÷√d, as station 5 explains it; the tour's stops. */
static void test_softmax_before_sqrtd(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    int softmax = -1, sqrtd = -1;
    for (int i = 0; i < tour_count(); i++) {
        int view, focus, stage;
        assert_true(tour_stop_screen(i, s->ls, &view, &focus, &stage));
        if (view == VIEW_ARCS && stage == STAGE_SOFTMAX && i > 0 && softmax < 0)
            softmax = i;
        if (view == VIEW_SQRTD && sqrtd < 0)
            sqrtd = i;
    }
    assert_true(softmax > 0 && sqrtd > softmax);
    scene_close(s);
}

static void test_captions_fit(void **state)
{
    (void)state;
    for (int lang = 0; lang < 2; lang++) {
        Scene *s = scene_open(NULL, VIEW_ARCS);
        s->o.lang = (Lang)lang;
        scene_press(s, 'g');
        for (int i = 0; i < tour_count(); i++) {
            Grid g = scene_render(s, 80, 24);
            char row[1024];
            for (int y = 2; y < 4; y++) {
                row_text(&g, y, row, sizeof row);
                if (strstr(row, "…") || strchr(row, '{'))
                    fail_msg("stop %d's caption is cut or unfilled: %s", i, row);
            }
            assert_grid_sound(&g, "a tour stop");
            grid_free(&g);
            scene_press(s, KEYCODE_RIGHT);
        }
        scene_close(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_walk_forward_and_back),
        cmocka_unit_test(test_back_restores_a_views_state),
        cmocka_unit_test(test_esc_leaves_on_the_screen),
        cmocka_unit_test(test_look_question_keys),
        cmocka_unit_test(test_past_the_tenth),
        cmocka_unit_test(test_mirror_question_keys),
        cmocka_unit_test(test_reveal_goes_on),
        cmocka_unit_test(test_reveal_asks_for_the_next_stop),
        cmocka_unit_test(test_autoplay_asks_before_softmax),
        cmocka_unit_test(test_predict_says_where_it_asks),
        cmocka_unit_test(test_esc_closes_a_question),
        cmocka_unit_test(test_help_lists_the_keys_it_owns),
        cmocka_unit_test(test_autoplay_asks_before_the_mirror),
        cmocka_unit_test_setup_teardown(test_opening_picture, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_start_makes_only_its_views_state, fixture_setup, fixture_teardown),
        cmocka_unit_test(test_other_sentences),
        cmocka_unit_test(test_captions_fit),
        cmocka_unit_test(test_captions_with_heads_and_mask),
        cmocka_unit_test(test_mirror_caption_says_only_when_less),
        cmocka_unit_test(test_chinese_captions),
        cmocka_unit_test(test_no_answer_before_its_question),
        cmocka_unit_test(test_softmax_before_sqrtd),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
