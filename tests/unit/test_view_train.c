/* test_view_train.c — the train screen: its figures against the engine's (step, loss,
 * accuracy, steps/s from tick times, the prediction, what it learned), pacing and sleep, its
 * keys, w handing the model to the input line and the file written, playing the trained
 * model, every language, ASCII, hidden numbers, sizes; and its golden body frames once
 * learned (tests/golden/train-*).
 * Owns: these checks. Must not touch: the view's insides beyond view_train.h. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "format.h"
#include "harness.h"
#include "keys.h"
#include "lesson.h"
#include "model.h"
#include "train.h"
#include "train_cmd.h"
#include "view.h"
#include "view_train.h"

#ifndef TESTS_DIR
#define TESTS_DIR "tests"
#endif

/* ---------------------------------------------------------------- helpers */

static TrainViewState *train_state(Scene *s)
{
    TrainViewState *t = view_state(s->ui.views, VIEW_TRAIN);
    assert_non_null(t);
    assert_non_null(t->run);
    return t;
}

/* A key as the app gives it: to the view while it is modal, else through its binding. */
static int press(Scene *s, int key)
{
    int own = ui_view_key(&s->ui, &s->p, s->ls, key, 0);
    return own >= 0 ? own : scene_press(s, key);
}

/* Ticks as the app does, a frame every TRAIN_VIEW_FRAME_MS from *now, until training
 * sleeps; returns the ticks that trained. */
static int run_until_asleep(Scene *s, long long *now)
{
    int ticks = 0;
    while (ui_next_tick(&s->ui, *now) != VIEW_TICK_NEVER && ticks < 100000) {
        long long due = ui_next_tick(&s->ui, *now);
        *now += due;
        if (ui_tick(&s->ui, &s->p, s->ls, *now) != REACT_NONE)
            ticks++;
    }
    return ticks;
}

/* The frame has "loss X" with X the engine's loss to 4 decimals, and "step N". */
static void assert_engine_figures(const Grid *g, const TrainRun *r)
{
    char want[128], loss[FORMAT_BYTES], acc[FORMAT_BYTES];
    format_fixed(loss, sizeof loss, train_loss(r), 4);
    format_percent(acc, sizeof acc, train_accuracy(r));
    snprintf(want, sizeof want, "step %d", train_step_count(r));
    assert_has(g, want);
    snprintf(want, sizeof want, "loss %s", loss);
    assert_has(g, want);
    snprintf(want, sizeof want, "accuracy %s (%d/%d)", acc, train_correct(r),
             train_sentence_count(r));
    assert_has(g, want);
}

/* ---------------------------------------------------------------- figures */

static void test_fresh_and_steps(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_TRAIN);
    TrainViewState *t = train_state(s);
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "step 0");
    assert_has(&g, "loss 2.4068");
    assert_has(&g, "accuracy 16.7% (11/66)");
    assert_has(&g, "add: 66 sentences · seed 1 · 1 head · 1 step a frame · ❚❚ paused");
    assert_has(&g, "── ? row of 三加五等于? (sentence 36 of 66)");
    assert_has(&g, " 三  16.7% ███▍");   /* a blank column left, as on every screen */
    assert_has(&g, " 三加五等于? → 十 11.7% · wrong: it is 八");
    assert_engine_figures(&g, t->run);
    grid_free(&g);
    s->o.lang = LANG_ZH;   /* the character named is quoted */
    g = scene_render(s, 80, 24);
    assert_has(&g, "三加五等于? → 十 11.7% · 答错了：应是「八」");
    assert_has(&g, "每帧 1 步 · ❚❚ 已暂停");   /* as the status line says it */
    grid_free(&g);
    s->o.lang = LANG_EN;

    for (int i = 0; i < 10; i++)
        press(s, KEYCODE_RIGHT);
    assert_int_equal(train_step_count(t->run), 10);
    g = scene_render(s, 80, 24);
    assert_has(&g, "step 10 · loss 2.2435 · accuracy 15.2% (10/66)");
    assert_engine_figures(&g, t->run);
    grid_free(&g);

    /* the same ten steps outside the screen: the same weights, bit for bit */
    TrainConfig cfg;
    train_config_default(&cfg, TASK_ADD);
    char err[256];
    TrainRun *r = train_new(&cfg, NULL, err, sizeof err);
    assert_non_null(r);
    assert_int_equal(train_steps(r, 10), 10);
    assert_true(train_loss(r) == train_loss(t->run));
    train_free(r);
    scene_close(s);
}

static void test_pacing_and_sleep(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_TRAIN);
    TrainViewState *t = train_state(s);
    assert_int_equal(ui_next_tick(&s->ui, 0), VIEW_TICK_NEVER);   /* paused: it sleeps */
    ui_apply(&s->ui, &s->p, s->ls, ui_binding(&s->ui, ' ')->action, 0, 1000);
    assert_true(t->playing);
    assert_int_equal(ui_next_tick(&s->ui, 1000), 0);
    assert_int_equal(ui_tick(&s->ui, &s->p, s->ls, 1000), REACT_REDRAW);
    assert_int_equal(train_step_count(t->run), 1);
    assert_int_equal(ui_next_tick(&s->ui, 1000), TRAIN_VIEW_FRAME_MS);
    assert_int_equal(ui_next_tick(&s->ui, 1020), TRAIN_VIEW_FRAME_MS - 20);
    assert_int_equal(ui_tick(&s->ui, &s->p, s->ls, 1020), REACT_NONE);   /* not due */
    assert_int_equal(train_step_count(t->run), 1);

    /* steps/s from the tick times: ticks at 1000, 1500, 2000 → 2 steps in 1 s */
    ui_tick(&s->ui, &s->p, s->ls, 1500);
    ui_tick(&s->ui, &s->p, s->ls, 2000);
    assert_true(t->rate == 2.0);
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "step 3 · 2.0 steps/s · loss");
    assert_has(&g, "▶ training");
    assert_has(&g, "▶ playing");   /* the status line's state is the training's */
    grid_free(&g);

    /* Space again: paused, asleep */
    ui_apply(&s->ui, &s->p, s->ls, ui_binding(&s->ui, ' ')->action, 0, 2010);
    assert_false(t->playing);
    assert_int_equal(ui_next_tick(&s->ui, 2010), VIEW_TICK_NEVER);
    assert_int_equal(ui_tick(&s->ui, &s->p, s->ls, 5000), REACT_NONE);
    assert_int_equal(train_step_count(t->run), 3);
    scene_close(s);
}

/* A tick trains at most TRAIN_VIEW_TICK_WORK multiply-adds (train_step_work), no clock
 * read: at 100 steps a frame on `all` with two heads a tick takes what fits, the rest is
 * carried to the next (at most one tick's worth), and the steps come out the same. */
static void test_tick_work_is_capped(void **state)
{
    (void)state;
    assert_int_equal(train_view_tick_steps(0, 1e5), 0);
    assert_int_equal(train_view_tick_steps(100, TRAIN_VIEW_TICK_WORK / 40), 40);
    assert_int_equal(train_view_tick_steps(30, TRAIN_VIEW_TICK_WORK / 40), 30);   /* all fit */
    assert_int_equal(train_view_tick_steps(100, 1e9), 1);     /* one step even when it is big */
    Scene *s = scene_open(NULL, VIEW_TRAIN);
    TrainViewState *t = train_state(s);
    press(s, 't');
    press(s, 'h');
    t = train_state(s);
    for (int i = 0; i < 10; i++)
        press(s, '+');
    assert_int_equal(train_view_speed_steps(t->speed), 100);
    double work = train_step_work(t->run);
    assert_true(work > 3e5 && work < 1e6);   /* `all`, an MLP: about half a million */
    int fit = (int)(TRAIN_VIEW_TICK_WORK / work);
    assert_true(fit >= 1 && fit < 100);
    long long now = 0;
    ui_apply(&s->ui, &s->p, s->ls, ui_binding(&s->ui, ' ')->action, 0, now);
    int before = 0;
    for (int k = 1; k <= 4; k++, now += TRAIN_VIEW_FRAME_MS) {
        assert_int_equal(ui_tick(&s->ui, &s->p, s->ls, now), REACT_REDRAW);
        int steps = train_step_count(t->run);
        assert_int_equal(steps - before, fit);                 /* what fits, not 100 */
        assert_true(steps * work <= k * TRAIN_VIEW_TICK_WORK);
        assert_int_equal(t->owed, k == 1 ? 100 - fit : 100);   /* carried, at most a tick's */
        before = steps;
    }
    press(s, '-');   /* another speed: nothing owed */
    assert_int_equal(t->owed, 0);
    /* add at 100 steps a frame: still capped, the same run as train_steps on its own */
    press(s, 't');
    t = train_state(s);
    for (int i = 0; i < 10; i++)
        press(s, '+');
    if (!t->playing)
        ui_apply(&s->ui, &s->p, s->ls, ui_binding(&s->ui, ' ')->action, 0, now);
    assert_true(t->playing);
    ui_tick(&s->ui, &s->p, s->ls, now);
    int add_fit = (int)(TRAIN_VIEW_TICK_WORK / train_step_work(t->run));
    assert_int_equal(train_step_count(t->run), add_fit < 100 ? add_fit : 100);
    scene_close(s);
}

static void test_learns_add(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_TRAIN);
    TrainViewState *t = train_state(s);
    long long now = 0;
    ui_apply(&s->ui, &s->p, s->ls, ui_binding(&s->ui, ' ')->action, 0, now);
    int ticks = run_until_asleep(s, &now);
    /* seed 1 learns add in 116 steps: at one step a frame, 116 frames of 33 ms = 3.8 s */
    assert_int_equal(ticks, 116);
    assert_int_equal(train_step_count(t->run), 116);
    assert_true(now == 115LL * TRAIN_VIEW_FRAME_MS);
    assert_true(train_solved(t->run));
    assert_false(t->playing);
    assert_int_equal(ui_next_tick(&s->ui, now), VIEW_TICK_NEVER);
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "step 116 · 30.3 steps/s · loss 0.2610 · accuracy 100.0% (66/66)");
    assert_has(&g, "三加五等于? → 八 90.0% · right");
    assert_has(&g, "? now gives 三 and 五 96.3% of its attention");
    /* the ? row's shares in one column, right-aligned, their bars after them: 38.3% and
       1.1% end in one column whatever their bars' lengths */
    assert_has(&g, " 三  38.3% ███████▋");
    assert_has(&g, " 加   1.1% ▎");
    assert_has(&g, " 五  58.0% ███████████▋");
    assert_has(&g, "· learned");
    assert_has(&g, "W saves the model, P plays it on every screen");
    assert_lacks(&g, "stuck");
    assert_engine_figures(&g, t->run);
    grid_free(&g);

    /* Space when learned: nothing more to train, it stays asleep */
    ui_apply(&s->ui, &s->p, s->ls, ui_binding(&s->ui, ' ')->action, 0, now);
    assert_int_equal(ui_next_tick(&s->ui, now), VIEW_TICK_NEVER);
    scene_close(s);
}

static void test_keys(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_TRAIN);
    TrainViewState *t = train_state(s);
    assert_string_equal(binding_says(&s->ui, ' '), "train: start or pause");
    assert_string_equal(binding_says(&s->ui, KEYCODE_RIGHT), "one training step");
    assert_string_equal(binding_says(&s->ui, 'W'), "save the trained model to a file");
    assert_string_equal(binding_says(&s->ui, 'P'), "play the trained model on every screen");
    assert_int_equal(ui_binding(&s->ui, 'w')->action, ACTION_ORIGIN);    /* as everywhere */
    assert_int_equal(ui_binding(&s->ui, 'p')->action, ACTION_PREDICT);

    press(s, '+');
    assert_int_equal(t->speed, 1);
    long long now = 0;
    ui_apply(&s->ui, &s->p, s->ls, ui_binding(&s->ui, ' ')->action, 0, now);
    ui_tick(&s->ui, &s->p, s->ls, now);
    assert_int_equal(train_step_count(t->run), 2);   /* two steps a frame */
    for (int i = 0; i < 10; i++)
        press(s, '+');
    assert_int_equal(t->speed, TRAIN_VIEW_SPEEDS - 1);
    assert_int_equal(train_view_speed_steps(t->speed), 100);
    press(s, '-');
    assert_int_equal(train_view_speed_steps(t->speed), 50);

    press(s, KEYCODE_DOWN);
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "? row of 三加六等于? (sentence 37 of 66)");
    grid_free(&g);
    press(s, KEYCODE_UP);

    press(s, 't');   /* all four operations, the sentence kept, the run anew */
    t = train_state(s);
    assert_int_equal(t->task, TASK_ALL);
    assert_int_equal(train_sentence_count(t->run), 217);
    assert_int_equal(train_step_count(t->run), 0);
    assert_string_equal(train_sentence(t->run, t->sentence)->text, "三加五等于?");
    g = scene_render(s, 80, 24);
    assert_has(&g, "all four operations: 217 sentences · seed 1 · 1 head");
    grid_free(&g);

    press(s, 'h');
    t = train_state(s);
    assert_int_equal(t->heads, 2);
    assert_int_equal(train_config(t->run)->heads, 2);
    g = scene_render(s, 120, 40);
    assert_has(&g, "seed 1 · 2 heads");
    grid_free(&g);

    press(s, 'r');
    t = train_state(s);
    assert_int_equal(t->seed, 2);
    assert_int_equal(train_config(t->run)->seed, 2);
    scene_close(s);
}

static void test_stuck_says_so(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_TRAIN);
    TrainViewState *t = train_state(s);
    /* a learning rate too small to learn: no better accuracy for TRAIN_STUCK_STEPS steps */
    TrainConfig cfg;
    train_config_default(&cfg, TASK_ADD);
    cfg.lr = 1e-7;
    char err[256];
    train_free(t->run);
    t->run = train_new(&cfg, NULL, err, sizeof err);
    assert_non_null(t->run);
    train_steps(t->run, TRAIN_STUCK_STEPS + 1);
    assert_true(train_stuck(t->run));
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, "stuck: try another seed (r)");
    grid_free(&g);
    s->o.lang = LANG_ZH;
    g = scene_render(s, 80, 24);
    assert_has(&g, "学不动了：换个种子试试（r）");
    grid_free(&g);
    scene_close(s);
}

/* Nothing is cut where the frame is narrow: at 80 columns all four operations' heading ran
 * past the edge ("· ❚❚ pau"), at 60 the state fell off, the figures lost "(155/217)", the
 * two heads' ? row heading lost "head 2" and what it learned lost its end: the pace, the
 * heads, steps/s, "(sentence 36 of 217)" and "of its attention" give way first. With the
 * numbers hidden, what it learned is said head by head. */
static void test_narrow_frames_cut_nothing(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_TRAIN);
    press(s, 't');
    press(s, 'h');
    for (int i = 0; i < 10; i++)
        press(s, '+');
    TrainViewState *t = train_state(s);
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, " all four operations: 217 sentences · seed 1 · 2 heads · ❚❚ paused");
    grid_free(&g);
    g = scene_render(s, 120, 40);
    assert_has(&g, " all four operations: 217 sentences · seed 1 · 2 heads · 100 steps a frame · ❚❚ paused");
    grid_free(&g);
    g = scene_render(s, 60, 20);
    assert_has(&g, " all four operations: 217 sentences · seed 1 · ❚❚ paused");
    grid_free(&g);

    long long now = 0;
    ui_apply(&s->ui, &s->p, s->ls, ui_binding(&s->ui, ' ')->action, 0, now);
    run_until_asleep(s, &now);
    assert_true(train_solved(t->run));
    t->rate = 3030.3;   /* as measured while it trained */
    g = scene_render(s, 60, 20);
    assert_has(&g, " all four operations: 217 sentences · seed 1 · learned");
    assert_has(&g, "accuracy 100.0% (217/217)");
    assert_lacks(&g, "steps/s");
    assert_has(&g, "── ? row of 三加五等于? · head 1, then head 2 ──");
    assert_has(&g, "(head 2)");
    grid_free(&g);
    g = scene_render(s, 120, 40);   /* where there is room, all of it */
    assert_has(&g, "3030.3 steps/s");
    assert_has(&g, "? row of 三加五等于? (sentence 36 of 217) · head 1, then head 2");
    assert_has(&g, "(head 2) of its attention");
    grid_free(&g);
    s->ui.numbers = false;   /* head 2 gives 三 and 五 4%: they are not what both look at */
    g = scene_render(s, 80, 24);
    assert_has(&g, " ? now looks at 三 and 五 in head 1");
    grid_free(&g);
    s->o.lang = LANG_ZH;
    g = scene_render(s, 80, 24);
    assert_has(&g, " 「?」现在在头 1 里看着「三」和「五」");
    grid_free(&g);
    s->ui.numbers = true;
    g = scene_render(s, 60, 20);
    assert_has(&g, "正确率 100.0%（217/217）");
    assert_has(&g, "「?」现在把注意力给了「三」和「五」：头 1 74.5%，头 2 4.4%");   /* it fits */
    grid_free(&g);
    scene_close(s);
}

/* Space or → once learned say so on the status line (they did nothing, silently). */
static void test_over_says_so(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_TRAIN);
    TrainViewState *t = train_state(s);
    long long now = 0;
    ui_apply(&s->ui, &s->p, s->ls, ui_binding(&s->ui, ' ')->action, 0, now);
    run_until_asleep(s, &now);
    assert_true(train_solved(t->run));
    const int keys[2] = { ' ', KEYCODE_RIGHT };
    for (int i = 0; i < 2; i++) {
        s->ui.note = NOTE_NONE;
        press(s, keys[i]);
        assert_int_equal(train_step_count(t->run), 116);
        Grid g = scene_render(s, 60, 20);
        assert_has(&g, "learned in 116 steps: r starts a new seed");
        grid_free(&g);
    }
    scene_close(s);
}

/* A model played whose vocabulary cannot learn the task: the screen said why and nothing
 * more; Space, →, w and p did nothing at all. Now it says that r starts over the built-in
 * model's characters, and so do those keys; r does. */
static void test_no_run_says_what_starts_one(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_TRAIN);
    TrainViewState *t = view_state(s->ui.views, VIEW_TRAIN);
    train_free(t->run);   /* as train_new leaves it over tests/models/tiny.model */
    t->run = NULL;
    snprintf(t->error, sizeof t->error, "the model's vocabulary has no '零' (the task needs it)");
    Grid g = scene_render(s, 80, 24);
    assert_has(&g, " the model's vocabulary has no '零' (the task needs it)");
    assert_has(&g, " r trains on the built-in model's characters instead");
    grid_free(&g);
    const int keys[4] = { ' ', KEYCODE_RIGHT, 'W', 'P' };
    for (int i = 0; i < 4; i++) {
        s->ui.note = NOTE_NONE;
        press(s, keys[i]);
        assert_false(s->ui.input.open);
        assert_int_equal(s->ui.view, VIEW_TRAIN);
        assert_int_equal(s->ui.note, NOTE_TEXT);   /* the status line says it */
        assert_string_equal(s->ui.note_text, "r trains on the built-in model's characters instead");
    }
    press(s, 'r');
    assert_non_null(t->run);
    assert_int_equal(train_sentence_count(t->run), 66);
    scene_close(s);
}

/* --heads 2 --view train: the run starts with two heads, as the status line ("lesson 7: 2
 * heads") says; it started with one ("· 1 head ·" beside "2 heads"). */
static void test_starts_with_the_lessons_heads(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_TRAIN);
    Lesson two = *s->ls;   /* a shallow copy: init reads it only */
    two.params.config.heads = 2;
    TrainViewState st;
    memset(&st, 0, sizeof st);
    view_ops(VIEW_TRAIN)->init(&st, &two);
    assert_int_equal(st.heads, 2);
    assert_non_null(st.run);
    assert_int_equal(train_config(st.run)->heads, 2);
    view_ops(VIEW_TRAIN)->free(&st);
    two.params.config.heads = 1;
    view_ops(VIEW_TRAIN)->init(&st, &two);
    assert_int_equal(st.heads, 1);
    view_ops(VIEW_TRAIN)->free(&st);
    scene_close(s);
}

/* ---------------------------------------------------------------- saving and playing */

static void test_save_and_play(void **state)
{
    (void)state;
    char dir[] = "/tmp/attn-train-view-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/m.model", dir);

    Scene *s = scene_open(NULL, VIEW_TRAIN);
    TrainViewState *t = train_state(s);
    train_steps(t->run, 1000);
    assert_true(train_solved(t->run));

    /* W: training pauses, the model is kept, the input line asks for the file's name */
    t->playing = true;
    assert_int_equal(press(s, 'W'), REACT_REDRAW);
    assert_false(t->playing);
    assert_true(s->ui.input.open);
    assert_int_equal(s->ui.input.mode, INPUT_FILE_NAME);
    assert_int_equal(s->ui.input.file, INPUT_FILE_MODEL);
    assert_string_equal(s->ui.input.text, "add-seed1.model");
    assert_non_null(s->ui.model_save);
    assert_int_equal(access("add-seed1.model", F_OK), -1);   /* nothing written by the view */
    Grid g = scene_render(s, 80, 24);
    char row[512];
    row_trimmed(&g, 23, row, sizeof row);
    assert_string_equal(row, " file: add-seed1.model                            Enter writes it · Esc cancels");
    row_trimmed(&g, 22, row, sizeof row);
    assert_string_equal(row, " the trained model as a model file: attn-tui --model FILE plays it");
    grid_free(&g);
    for (int i = 0; i < 15; i++)   /* "add-seed1.model" off */
        assert_int_equal(ui_input(&s->ui, s->ls, KEYCODE_BACKSPACE), REACT_REDRAW);
    assert_string_equal(s->ui.input.text, "");
    for (const char *k = path; *k; k++)
        ui_input(&s->ui, s->ls, (unsigned char)*k);
    assert_int_equal(ui_input(&s->ui, s->ls, KEYCODE_ENTER), REACT_REDRAW | REACT_SAVE);
    assert_string_equal(s->ui.input.text, path);

    /* what app.c writes on REACT_SAVE: the kept model, through outfile.h */
    char msg[UI_NOTE_BYTES], err[512];
    assert_int_equal(train_write_model(s->ui.model_save, path, false, LANG_EN, msg, sizeof msg), 0);
    char real[PATH_MAX];
    assert_non_null(realpath(path, real));
    assert_string_equal(msg, real);   /* where it went: the full path */
    Model m;
    assert_int_equal(model_load_file(path, &m, err, sizeof err), 0);
    assert_int_equal(m.answers_count, 11);
    Trace tr;
    assert_int_equal(engine_forward(&m, "三加五等于?", &tr, err, sizeof err), 0);
    double p = 0.0;
    assert_string_equal(engine_prediction(&tr, &p), "八");
    engine_free(&tr);
    model_free(&m);
    /* the same name again: refused (nothing replaced), replaced only when asked to */
    assert_int_equal(train_write_model(s->ui.model_save, path, false, LANG_EN, msg, sizeof msg), 1);
    assert_non_null(strstr(msg, "exists"));
    assert_int_equal(train_write_model(s->ui.model_save, path, true, LANG_EN, msg, sizeof msg), 0);
    /* Esc closes the line; the view takes keys again */
    ui_input(&s->ui, s->ls, KEYCODE_ESC);
    assert_false(s->ui.input.open);
    assert_false(ui_view_modal(&s->ui));

    /* P: the trained model is handed over for the lesson, named; the arcs open on it */
    int react = press(s, 'P');
    assert_true(react & REACT_RECOMPUTE);
    assert_non_null(s->ui.model_next);
    assert_int_equal(s->ui.model_next_play.kind, PLAY_TRAINED);
    assert_string_equal(s->ui.model_next_play.name, "add");
    assert_true(s->ui.model_next_play.seed == 1);
    assert_int_equal(s->ui.view, VIEW_DEFAULT);
    Model *next = s->ui.model_next;
    s->ui.model_next = NULL;
    assert_int_equal(lesson_adopt(s->ls, next, &s->ui.want, err, sizeof err), 0);
    assert_ptr_equal(s->ls->model, next);
    g = scene_render(s, 80, 24);
    assert_has(&g, "the model answers 三加五等于? → 八 90.0%");
    grid_free(&g);
    /* the machine and the summary say it too, on their last body row */
    static const ViewId says[] = { VIEW_MACHINE, VIEW_SUMMARY };
    for (size_t v = 0; v < sizeof says / sizeof says[0]; v++) {
        ui_set_view(&s->ui, &s->p, s->ls, says[v]);
        g = scene_render(s, 80, 24);
        char row[512];
        row_trimmed(&g, 22, row, sizeof row);
        assert_string_equal(row, " the model answers 三加五等于? → 八 90.0%");
        grid_free(&g);
    }
    /* a sentence the model cannot read: the lesson stays, the model offered is freed */
    Model *bad = malloc(sizeof *bad);
    assert_non_null(bad);
    assert_int_equal(model_copy(bad, s->ls->model), 0);
    LessonParams lp = s->ls->params;
    snprintf(lp.sentence, sizeof lp.sentence, "%s", "猫猫");
    assert_int_equal(lesson_adopt(s->ls, bad, &lp, err, sizeof err), -1);
    assert_ptr_equal(s->ls->model, next);
    scene_close(s);

    /* the compiled-in model has no readout: no screen says a prediction */
    s = scene_open(NULL, VIEW_ARCS);
    g = scene_render(s, 80, 24);
    assert_lacks(&g, "the model answers");
    grid_free(&g);
    scene_close(s);

    remove(path);
    rmdir(dir);
}

/* A file that cannot be written: one line saying why, nothing half written. */
static void test_save_error(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_TRAIN);
    train_state(s);
    press(s, 'W');
    assert_non_null(s->ui.model_save);
    char msg[UI_NOTE_BYTES];
    assert_int_equal(train_write_model(s->ui.model_save, "/nonexistent-dir/m.model", false, LANG_EN, msg,
                                       sizeof msg), -1);
    assert_non_null(strstr(msg, "/nonexistent-dir/m.model"));
    assert_null(strchr(msg, '\n'));
    assert_int_equal(access("/nonexistent-dir/m.model", F_OK), -1);
    /* in Chinese: the system's reason too (lang_strerror), no English left */
    assert_int_equal(train_write_model(s->ui.model_save, "/nonexistent-dir/m.model", false, LANG_ZH,
                                       msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "没有这个文件或目录"));
    assert_null(strstr(msg, "No such"));
    scene_close(s);
}

/* ---------------------------------------------------------------- languages, sizes */

static void test_hidden_ascii_zh_sizes(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_TRAIN);
    TrainViewState *t = train_state(s);
    train_steps(t->run, 1000);
    s->ui.numbers = false;
    Grid g = scene_render(s, 80, 24);
    assert_no_data_value_above_status(&g, "train, numbers hidden", &s->ls->tr);
    assert_has(&g, "? now looks at 三 and 五");
    assert_has(&g, "三加五等于? → 八 · right");
    assert_has(&g, "⠉");   /* the plots stay */
    grid_free(&g);
    s->ui.numbers = true;

    s->o.ascii = true;
    g = scene_render(s, 80, 24);
    assert_ascii_frame(&g, "train, ASCII");
    assert_has(&g, "san jia wu deng yu ? -> ba 90.0% - right");
    assert_has(&g, "? now gives san and wu 96.3% of its attention");
    assert_has(&g, "*");
    grid_free(&g);
    s->o.ascii = false;

    s->o.lang = LANG_ZH;
    g = scene_render(s, 80, 24);
    assert_has(&g, "第 116 步");
    assert_has(&g, "正确率 100.0%（66/66）");
    assert_has(&g, "「?」现在把 96.3% 的注意力给了「三」和「五」");
    grid_free(&g);
    s->o.lang = LANG_EN;

    s->ui.help = true;   /* the help lists the screen's own keys */
    g = scene_render(s, 80, 24);
    assert_grid_sound(&g, "train, help");
    assert_joined_has(&g, "one training step");
    grid_free(&g);
    s->ui.help = false;

    static const int sizes[][2] = { { 60, 20 }, { 80, 24 }, { 120, 40 }, { 300, 80 } };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        g = scene_render(s, sizes[i][0], sizes[i][1]);
        assert_grid_sound(&g, "train");
        assert_has(&g, "三加五等于? → 八");
        grid_free(&g);
    }
    scene_close(s);
}

/* ---------------------------------------------------------------- golden bodies, learned */

/* One learned body frame: tests/golden/NAME.txt (ATTN_GOLDEN_UPDATE=1 rewrites). */
typedef struct {
    const char *name;   /* the file's name without .txt */
    int w, h;           /* the frame's size */
    Lang lang;          /* labels' language */
    bool ascii;         /* ASCII drawing */
    bool numbers;       /* numbers shown */
    int heads;          /* 1 or 2 */
} TrainGolden;

static const TrainGolden train_goldens[] = {
    { "train-80x24-learned",        80, 24, LANG_EN, false, true, 1 },
    { "train-80x24-learned-zh",     80, 24, LANG_ZH, false, true, 1 },
    { "train-80x24-learned-ascii",  80, 24, LANG_EN, true, true, 1 },
    { "train-80x24-learned-hidden", 80, 24, LANG_EN, false, false, 1 },
    { "train-120x40-learned",       120, 40, LANG_EN, false, true, 1 },
    { "train-120x40-learned-zh",    120, 40, LANG_ZH, false, true, 1 },
    { "train-120x40-learned-ascii", 120, 40, LANG_EN, true, true, 1 },
    { "train-120x40-two-heads",     120, 40, LANG_EN, false, true, 2 },
};

static void test_golden_learned(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof train_goldens / sizeof train_goldens[0]; i++) {
        const TrainGolden *tg = &train_goldens[i];
        Scene *s = scene_open(NULL, VIEW_TRAIN);
        if (tg->heads == 2)
            press(s, 'h');
        long long now = 0;
        ui_apply(&s->ui, &s->p, s->ls, ui_binding(&s->ui, ' ')->action, 0, now);
        run_until_asleep(s, &now);
        s->o.lang = tg->lang;
        s->o.ascii = tg->ascii;
        s->ui.numbers = tg->numbers;
        char *frame = scene_text(s, tg->w, tg->h);
        char *body = body_of(frame);
        char expected_path[512], actual_path[512];
        snprintf(expected_path, sizeof expected_path, "%s/golden/%s.txt", TESTS_DIR, tg->name);
        snprintf(actual_path, sizeof actual_path, "%s/golden/%s.actual", TESTS_DIR, tg->name);
        golden_check(expected_path, actual_path, body);   /* make golden-update rewrites */
        free(body);
        free(frame);
        scene_close(s);
    }
}

/* A tall frame is filled: at 200 × 60 the plots grow instead of leaving a blank half screen
 * under the prediction (there were 22 blank rows). */
static void test_tall_frame_has_no_blank_half(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_TRAIN);
    Grid g = scene_render(s, 200, 60);
    int blank = 0;
    char row[8192];
    for (int y = 0; y < g.h - 1; y++) {
        row_trimmed(&g, y, row, sizeof row);
        blank += row[0] == '\0';
    }
    assert_true(blank <= 5);
    grid_free(&g);
    scene_close(s);
}

/* The help lists only keys that do something here: the screen shows its own sentences'
 * ? rows (↑/↓), whatever the lesson's sentence, its asking character or its mask. */
static void test_help_lists_working_keys(void **state)
{
    (void)state;
    const Action idle[] = { ACTION_FOCUS_N, ACTION_MASK, ACTION_EDIT, ACTION_SENTENCE_NEXT };
    for (size_t i = 0; i < sizeof idle / sizeof idle[0]; i++)
        assert_null(view_describe(view_ops(VIEW_TRAIN), idle[i], LANG_EN));
    assert_non_null(view_describe(view_ops(VIEW_TRAIN), ACTION_NUMBERS, LANG_EN));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fresh_and_steps),
        cmocka_unit_test(test_pacing_and_sleep),
        cmocka_unit_test(test_tick_work_is_capped),
        cmocka_unit_test(test_learns_add),
        cmocka_unit_test(test_keys),
        cmocka_unit_test(test_stuck_says_so),
        cmocka_unit_test(test_narrow_frames_cut_nothing),
        cmocka_unit_test(test_over_says_so),
        cmocka_unit_test(test_no_run_says_what_starts_one),
        cmocka_unit_test(test_starts_with_the_lessons_heads),
        cmocka_unit_test(test_save_and_play),
        cmocka_unit_test(test_save_error),
        cmocka_unit_test(test_hidden_ascii_zh_sizes),
        cmocka_unit_test(test_golden_learned),
        cmocka_unit_test(test_help_lists_working_keys),
        cmocka_unit_test(test_tall_frame_has_no_blank_half),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
