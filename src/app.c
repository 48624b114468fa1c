/* app.c — the interactive main loop: read the clock, let the player tick, draw the frame
 * into a Grid, paint it, then sleep in the input read until a key or the next frame is due.
 * Owns: the loop's timing and the only reads of the clock; rebuilding the lesson when the
 * UI asks. Must not touch: ncurses (only through term.h), layout, the engine's arithmetic. */
#include "app.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "actions.h"
#include "frame.h"
#include "grid.h"
#include "record.h"
#include "term.h"
#include "tour.h"

#define APP_FRAME_MS 33   /* frame interval while a transition animates (~30 fps) */
#define APP_EXIT_AFTER_FIRST_FRAME_ENV "ATTN_BENCH_EXIT_AFTER_FIRST_FRAME" /* bench only */

/* ---------------------------------------------------------------- state */

typedef struct {
    Lesson *lesson;            /* the forward passes shown (owned by the caller) */
    Model *model;              /* the lesson's model (the caller's), changed by what-if */
    EditLog edits;             /* what-if's changes of the model, to undo them all */
    Player player;             /* stage, focus, autoplay */
    Ui ui;                     /* view, help, numbers, cursors */
    Grid grid;                 /* the frame, sized to the terminal */
    FrameOptions frame;        /* language, ASCII, the one-time notice */
    FrameCache *cache;         /* what frames keep between them (NULL: none, still correct) */
    Recorder *recorder;        /* --record: the asciicast being written, or NULL */
    long long next_frame_ms;   /* deadline of the next animation frame: frames fall on a
                                  fixed grid of APP_FRAME_MS, whatever a frame costs */
    bool exit_after_first;     /* bench: leave right after the first paint */
} App;

/* ---------------------------------------------------------------- clock */

/* Milliseconds on the monotonic clock: the only clock the program reads. */
static long long app_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---------------------------------------------------------------- set-up */

int app_start_state(const Options *o, const Lesson *ls, long long now_ms, Player *p, Ui *ui)
{
    player_init(p, ls->tr.T, now_ms);
    int made = ui_init_for(ui, o->view >= 0 ? (ViewId)o->view : VIEW_DEFAULT, ls);
    ui_set_view(ui, p, ui->view);
    player_set_focus(p, o->focus >= 0 ? o->focus : tour_asker(ls), now_ms);
    player_set_stage(p, o->stage, now_ms);
    p->changed_ms = now_ms - PLAYER_TRANSITION_MS * 8;   /* the first frame is settled */
    ui->numbers = o->numbers;
    ui->input.lang = o->lang == LANG_ZH ? LANG_ZH : LANG_EN;   /* the input line's errors */
    if (o->seed_set)
        ui->seed = o->seed;
    if (o->speed > 0)
        player_set_speed(p, o->speed);
    ui->predict.on = o->predict;
    if (o->tour && made == 0)
        tour_start(ui, p, ls, now_ms);
    else if (o->view < 0 && !o->autoplay)   /* the opening picture says what to press */
        ui_note(ui, NOTE_WELCOME, 0.0);
    if (o->autoplay && !o->tour)
        player_toggle_play(p, now_ms);
    return made;
}

static bool app_env_flag(const char *name)
{
    const char *v = getenv(name);
    return v && *v && *v != '0';
}

/* Makes the grid the terminal's size. Returns 0, or -1 when out of memory. */
static int app_fit_grid(App *a)
{
    int w, h;
    term_size(&w, &h);
    if (w < 1) w = 1;
    if (h < 1) h = 1;
    if (a->grid.cells && a->grid.w == w && a->grid.h == h)
        return 0;
    if (!a->grid.cells)
        return grid_init(&a->grid, w, h);
    return grid_resize(&a->grid, w, h);
}

/* ---------------------------------------------------------------- one frame */

static FrameInput app_frame_input(const App *a, long long now)
{
    FrameInput in = {
        .lesson = a->lesson, .player = &a->player, .ui = &a->ui,
        .progress = player_progress(&a->player, now), .opt = &a->frame, .cache = a->cache,
    };
    return in;
}

static void app_draw(App *a, long long now)
{
    FrameInput in = app_frame_input(a, now);
    frame_render(&a->grid, &in);
    term_paint(&a->grid);
    if (a->recorder)
        record_frame(a->recorder, &a->grid, now);
    /* on schedule (at most one period late): the next deadline is one period on;
     * otherwise (the first frame of a transition, or far behind) the grid starts again */
    if (now < a->next_frame_ms - APP_FRAME_MS || now > a->next_frame_ms + APP_FRAME_MS)
        a->next_frame_ms = now;
    a->next_frame_ms += APP_FRAME_MS;
}

/* How long to sleep in the input read: until the next frame's deadline while a
 * transition runs, the hold left before autoplay's next step, the shown view's next tick,
 * or -1 (block). now is read
 * after the frame was painted, so a frame's own cost does not stretch the period. */
static int app_wait_timeout(const App *a, long long now)
{
    long long wait = player_wait_ms(&a->player, now);
    if (wait == 0) {
        long long due = a->next_frame_ms - now;
        wait = due > 0 ? due : 0;
    }
    long long tick = ui_next_tick(&a->ui, now);   /* a view that moves on its own */
    if (tick >= 0 && (wait < 0 || tick < wait))
        wait = tick;
    if (wait > INT_MAX)
        wait = INT_MAX;
    return (int)wait;
}

/* ---------------------------------------------------------------- input */

/* Turns a click into the action it hits (a view's name, a character, a cell …). */
static bool app_click(const App *a, const TermEvent *ev, long long now, Action *action, int *arg)
{
    FrameInput in = app_frame_input(a, now);
    return frame_hit(&in, a->grid.w, a->grid.h, ev->x, ev->y, action, arg);
}

/* What-if: carries out the change of the model the UI asked for. Returns 1 when a number
 * changed, 0 when none did, -1 when the lesson cannot run with it (then taken back, said). */
static int app_what_if(App *a, char *err, size_t errlen)
{
    EditAsk ask = a->ui.what_if;
    int undone = a->edits.n;
    a->ui.what_if = EDIT_ASK_NONE;
    if (!edit_carry_out(a->model, &a->edits, ask, &a->ui.what_if_edit))
        return 0;
    if (lesson_rebuild(a->lesson, &a->ui.want, err, errlen) != 0) {
        edit_pop(a->model, &a->edits);
        return -1;
    }
    a->ui.edits = a->edits.n;
    if (ask == EDIT_ASK_UNDO) {
        ui_note(&a->ui, NOTE_UNDONE, undone);
    } else {
        char said[UI_NOTE_BYTES];
        ui_note_text(&a->ui, edit_describe(a->model, &a->edits.e[a->edits.n - 1], said, sizeof said));
    }
    return 1;
}

/* Runs the lesson again with what the UI asks for; on failure keeps the old one and says
 * why in the status line. */
static void app_recompute(App *a, long long now)
{
    char err[512];
    int changed = a->model ? app_what_if(a, err, sizeof err) : 0;
    if (changed < 0) {
        ui_note_text(&a->ui, err);
        return;
    }
    if (changed > 0) {
        player_set_tokens(&a->player, a->lesson->tr.T, now);
        return;
    }
    if (lesson_rebuild(a->lesson, &a->ui.want, err, sizeof err) != 0) {
        a->ui.want = a->lesson->params;
        ui_note_text(&a->ui, err);
        return;
    }
    a->ui.want = a->lesson->params;
    player_set_tokens(&a->player, a->lesson->tr.T, now);
    if (a->ui.answer >= a->lesson->tr.T)
        a->ui.answer = -1;
}

/* Applies one key. Returns REACT_* flags. */
static int app_key(App *a, const TermEvent *ev, long long now)
{
    if (ev->key == 0)
        return REACT_NONE;
    if (ev->key == KEYCODE_RESIZE)
        return REACT_REDRAW;  /* app_fit_grid picks up the new size */
    a->frame.notice = NULL;   /* the notice is shown until the first key */
    if (a->ui.input.open) {
        if (ev->key == KEYCODE_REDRAW)
            return REACT_REDRAW | REACT_REPAINT;
        int react = ui_input(&a->ui, a->lesson, ev->key);
        if (react & REACT_RECOMPUTE)
            app_recompute(a, now);
        return react;
    }
    int own = ui_view_key(&a->ui, &a->player, a->lesson, ev->key, now);
    if (own >= 0) {   /* the view captures keys (a typed answer): it took this one */
        if (own & REACT_RECOMPUTE)
            app_recompute(a, now);
        return own;
    }
    const KeyBinding *b = ui_binding(&a->ui, ev->key);
    if (!b)
        return REACT_REDRAW;  /* the notice may have gone */
    Action action = b->action;
    int arg = b->arg;
    if (action == ACTION_CLICK && !app_click(a, ev, now, &action, &arg))
        return REACT_NONE;
    int react = ui_apply(&a->ui, &a->player, a->lesson, action, arg, now);
    if (react & REACT_RECOMPUTE)
        app_recompute(a, now);
    return react;
}

/* ---------------------------------------------------------------- the loop */

/* Runs until a quit key or signal. Returns 0, -1 on out of memory, or the signal. */
static int app_loop(App *a)
{
    bool draw = true;
    for (;;) {
        long long now = app_now_ms();
        if (predict_before_step(&a->ui, &a->player, a->lesson, now))   /* asks before ③ */
            draw = true;
        if (player_tick(&a->player, now))
            draw = true;
        int ticked = ui_tick(&a->ui, &a->player, a->lesson, now);
        if (ticked & REACT_RECOMPUTE)
            app_recompute(a, now);
        if (ticked != REACT_NONE)
            draw = true;
        if (draw) {
            if (app_fit_grid(a) != 0)
                return -1;
            app_draw(a, now);
            if (a->exit_after_first)
                return 0;
        }
        TermEvent ev;
        TermRead r = term_read_key(app_wait_timeout(a, app_now_ms()), &ev);
        if (r == TERM_INTERRUPTED)
            return term_quit_signal();
        if (r == TERM_TIMEOUT) {
            draw = true;   /* a frame or an autoplay step is due */
            continue;
        }
        int react = app_key(a, &ev, app_now_ms());
        if (react & REACT_QUIT)
            return 0;
        if (react & REACT_REPAINT)
            term_request_repaint();
        draw = react != REACT_NONE || player_wait_ms(&a->player, app_now_ms()) == 0 ||
               ui_next_tick(&a->ui, app_now_ms()) == 0;
    }
}

/* --record: opens the file; every painted frame goes into it. Returns 0 or -1 (said). */
static int app_start_recording(App *a, const char *path, Recorder *r)
{
    char err[512], title[128];
    snprintf(title, sizeof title, "attn-tui · %s", a->lesson->params.sentence);
    if (record_open(r, path, title, (long long)time(NULL), err, sizeof err) != 0) {
        fprintf(stderr, "attn-tui: --record: %s\n", err);
        return -1;
    }
    a->recorder = r;
    return 0;
}

/* Ends the recording (before the terminal is given back: the file ends on the last frame).
 * Returns 0, or the errno of a failed write to the file. */
static int app_stop_recording(App *a)
{
    return a->recorder ? record_close(a->recorder) : 0;
}

int app_run(const Options *o, Model *m, Lesson *ls, const char *notice)
{
    App a = { .lesson = ls, .model = m };
    a.frame.lang = o->lang == LANG_ZH ? LANG_ZH : LANG_EN;
    a.frame.ascii = o->ascii;
    a.frame.notice = notice;
    a.exit_after_first = app_env_flag(APP_EXIT_AFTER_FIRST_FRAME_ENV);
    if (app_start_state(o, ls, app_now_ms(), &a.player, &a.ui) != 0) {
        fprintf(stderr, "attn-tui: out of memory\n");
        return 1;
    }
    a.cache = frame_cache_new();   /* without one, frames only cost more */

    char err[256];
    Recorder recorder;
    if (o->record_path && app_start_recording(&a, o->record_path, &recorder) != 0) {
        frame_cache_free(a.cache);
        ui_free(&a.ui);
        return 1;
    }
    if (term_open(err, sizeof err) != 0) {
        fprintf(stderr, "attn-tui: %s\n", err);
        app_stop_recording(&a);
        frame_cache_free(a.cache);
        ui_free(&a.ui);
        return 1;
    }
    int result = app_loop(&a);
    int recorded = app_stop_recording(&a);
    term_close();
    grid_free(&a.grid);
    frame_cache_free(a.cache);
    ui_free(&a.ui);
    if (recorded != 0) {
        fprintf(stderr, "attn-tui: --record: cannot write %s: %s\n", o->record_path,
                strerror(recorded));
        if (result == 0)
            return 1;
    }
    if (result < 0) {
        fprintf(stderr, "attn-tui: out of memory\n");
        return 1;
    }
    if (result > 0) {
        term_die_by_signal(result);
        return 128 + result;
    }
    return 0;
}
