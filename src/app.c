/* app.c — the interactive main loop: read the clock, let the player tick, draw the frame
 * into a Grid, paint it, then sleep in the input read until a key or the next frame is due.
 * Owns: the loop's timing and the only reads of the clock; rebuilding the lesson when the
 * UI asks; writing the files the input line names: S's picture (snapshot.h), the train
 * screen's model (train_cmd.h) — the file system is touched here, not in the UI or a view.
 * Must not touch: ncurses (only through term.h), layout, the engine's arithmetic. */
#include "app.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "actions.h"
#include "format.h"
#include "frame.h"
#include "grid.h"
#include "history.h"
#include "outfile.h"
#include "record.h"
#include "snapshot.h"
#include "term.h"
#include "text.h"
#include "train_cmd.h"

#define APP_FRAME_MS 33   /* frame interval while a transition animates (~30 fps) */
#define APP_EXIT_AFTER_FIRST_FRAME_ENV "ATTN_BENCH_EXIT_AFTER_FIRST_FRAME" /* bench only */

/* ---------------------------------------------------------------- state */

typedef struct {
    Lesson *lesson;            /* the forward passes shown (owned by the caller) */
    Model *model;              /* the lesson's model (the caller's), changed by what-if */
    EditLog edits;             /* what-if's changes of the model, to undo them newest first */
    EditLog set;               /* --set's changes of the model as loaded (shown, not undone) */
    Model *parked;             /* L: the model played before the lesson's (heap), or NULL */
    ModelInPlay parked_play;   /* what it is */
    EditLog parked_set;        /* its --set changes */
    ScoreSet parked_score;     /* its --set score */
    Player player;             /* stage, focus, autoplay */
    Ui ui;                     /* view, help, numbers, cursors */
    Grid grid;                 /* the frame, sized to the terminal */
    FrameOptions frame;        /* language, ASCII, the one-time notice */
    FrameCache *cache;         /* what frames keep between them (NULL: none, still correct) */
    Recorder *recorder;        /* --record: the asciicast being written, or NULL (also once
                                  a failed write stopped it) */
    const char *record_path;   /* --record's file, for messages */
    int record_error;          /* errno of the write that stopped the recording, or 0 */
    long long next_frame_ms;   /* deadline of the next animation frame: frames fall on a
                                  fixed grid of APP_FRAME_MS, whatever a frame costs */
    bool exit_after_first;     /* bench: leave right after the first paint */
    int noted_w;               /* the terminal size last said to be too large (0: none) */
    int noted_h;               /* (its rows) */
    Snapshot shot;             /* the frame S kept, written once the input line names a file */
    Theme theme;               /* the colours of the pictures S writes (--theme, the config's) */
    bool theme_follows_terminal; /* no theme was chosen: the terminal's answer to the
                                    background query, when it comes, picks it */
    bool write_pictures;       /* S and the train screen's w may write their files (app_run;
                                  a session only when asked: the UI fuzz target writes
                                  nothing) */
    char history_path[HISTORY_PATH_BYTES]; /* where the practice history is written ("":
                                  nowhere: --no-history, a session, no home) */
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
    ViewId start = o->view >= 0 ? (ViewId)o->view : o->check ? VIEW_CHECK : VIEW_DEFAULT;
    int made = ui_init_for(ui, start, ls);
    ui_set_view(ui, p, ls, ui->view);
    player_set_focus(p, o->focus >= 0 ? o->focus : lesson_asker(ls), now_ms);
    player_set_stage(p, o->stage, now_ms);
    p->changed_ms = now_ms - PLAYER_TRANSITION_MS * 8;   /* the first frame is settled */
    ui->numbers = o->numbers;
    ui->theme = o->theme;
    /* the input line's errors: English in ASCII mode, as every label (a terminal that draws
       ASCII only cannot show Chinese; its messages would come out as code points) */
    ui->input.lang = o->lang == LANG_ZH && !o->ascii ? LANG_ZH : LANG_EN;
    if (o->seed_set)
        ui->seed = o->seed;
    if (o->speed > 0)
        player_set_speed(p, o->speed);
    ui->predict.on = o->predict;
    ModelInPlay play;   /* the title says which model plays */
    if (o->model_path)
        inplay_file(&play, o->model_path);
    else
        inplay_lesson(&play);
    ui_model_in_play(ui, &play, NULL, NULL);
    if (o->tour && made == 0)
        ui_apply(ui, p, ls, ACTION_TOUR, 0, now_ms);   /* g: the tour's first stop */
    else if (o->view < 0 && !o->autoplay && !o->check)   /* the opening picture says what to press */
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

/* Makes the grid w × h (at least 1 × 1). Returns 0, or -1 when out of memory. */
static int app_fit_grid_to(App *a, int w, int h)
{
    if (w < 1) w = 1;
    if (h < 1) h = 1;
    if (a->grid.cells && a->grid.w == w && a->grid.h == h)
        return 0;
    if (!a->grid.cells)
        return grid_init(&a->grid, w, h);
    return grid_resize(&a->grid, w, h);
}

/* Makes the grid the terminal's size, and says once when the terminal is larger than
 * what is drawn. Returns 0, or -1 when out of memory. */
static int app_fit_grid(App *a)
{
    int w, h, real_w, real_h;
    term_size(&w, &h);
    if (term_size_bounded(&real_w, &real_h) && (real_w != a->noted_w || real_h != a->noted_h)) {
        char note[UI_NOTE_BYTES];
        text_format(note, sizeof note, LANG_PICK(a->frame.lang, "the terminal is %d×%d: drawing %d×%d (at most %d "
                                                 "each way)",
                                       "终端是 %d×%d：只画 %d×%d（每边最多 %d）"),
                    real_w, real_h, w, h, GRID_MAX_SIDE);
        ui_note_text(&a->ui, note);
        a->noted_w = real_w;
        a->noted_h = real_h;
    }
    return app_fit_grid_to(a, w, h);
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

/* A failed write stopped the recording: it is closed (the file ends on its last whole
 * event) and the status line says so at once; the session goes on. */
static void app_recording_failed(App *a)
{
    a->record_error = record_close(a->recorder);
    a->recorder = NULL;
    char shown[160], note[UI_NOTE_BYTES];
    text_format(note, sizeof note, LANG_PICK(a->frame.lang, "recording stopped: cannot write %s: %s",
                                             "录制停了：写不进 %s：%s"),
                text_escape(a->record_path, shown, sizeof shown),
                lang_strerror(a->frame.lang, a->record_error).text);
    ui_note_text(&a->ui, note);
}

/* Draws and paints one frame and records it. Returns true when the frame must be drawn
 * again at once (the recording just failed: the status line says so). */
static bool app_draw(App *a, long long now)
{
    FrameInput in = app_frame_input(a, now);
    frame_render(&a->grid, &in);
    term_paint(&a->grid);
    bool again = false;
    if (a->recorder) {
        a->recorder->theme = a->ui.theme;
        record_frame(a->recorder, &a->grid, now);
        if (record_failed(a->recorder)) {
            app_recording_failed(a);
            again = true;
        }
    }
    /* on schedule (at most one period late): the next deadline is one period on;
     * otherwise (the first frame of a transition, or far behind) the grid starts again */
    if (now < a->next_frame_ms - APP_FRAME_MS || now > a->next_frame_ms + APP_FRAME_MS)
        a->next_frame_ms = now;
    a->next_frame_ms += APP_FRAME_MS;
    return again;
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

/* The what-if change just made (the log's newest), said from the model as loaded: "what
 * if: Wq[2][3] 0.58 → 2.58", or that the number is back at its value as loaded. */
static void app_what_if_said(App *a)
{
    const Edit *e = &a->edits.e[a->edits.n - 1];
    const EditMarks *m = &a->ui.marks;
    char said[UI_NOTE_BYTES], cell[UI_NOTE_BYTES];
    bool same = m->cells > 0 && m->newest.target == e->target && m->newest.row == e->row &&
                m->newest.col == e->col && m->newest.head == e->head;
    if (same) {
        edit_describe_in(a->model, &m->newest, a->frame.lang, cell, sizeof cell);
        text_format(said, sizeof said, LANG_PICK(a->frame.lang, "what if: %s", "改数试试：%s"), cell);
    } else {
        Edit back = *e;
        back.after = back.before;
        edit_describe_in(a->model, &back, a->frame.lang, cell, sizeof cell);
        text_format(said, sizeof said, LANG_PICK(a->frame.lang, "what if: back as loaded (%s)",
                                                 "改回了原来的值（%s）"), cell);
    }
    ui_note_text(&a->ui, said);
}

/* What-if: carries out the change of the model the UI asked for. Returns 1 when a number
 * changed, 0 when none did, -1 when the lesson cannot run with it (then taken back, said). */
static int app_what_if(App *a, char *err, size_t errlen)
{
    EditAsk ask = a->ui.what_if;
    a->ui.what_if = EDIT_ASK_NONE;
    if (ask == EDIT_ASK_SET && a->edits.n >= EDIT_MAX) {   /* said, never dropped in silence */
        ui_note(&a->ui, NOTE_EDITS_FULL, 0.0);
        return 0;
    }
    ScoreSet *score = &a->ui.want.config.score;   /* a score set is a parameter of the pass */
    if (!edit_carry_out(a->model, score, &a->edits, ask, &a->ui.what_if_edit))
        return 0;
    if (lesson_rebuild(a->lesson, &a->ui.want, err, errlen) != 0) {
        if (ask == EDIT_ASK_SET)
            edit_pop(a->model, score, &a->edits);
        return -1;
    }
    ui_lesson_changed(&a->ui, a->lesson);
    ui_model_in_play(&a->ui, &a->ui.play, &a->set, &a->edits);
    if (ask == EDIT_ASK_UNDO)
        ui_note(&a->ui, NOTE_UNDONE, a->edits.n);
    else
        app_what_if_said(a);
    return 1;
}

/* L: the lesson's model on every screen, the one played before kept (what-if's changes of
 * it undone first: they are changes of that model); L again: that one back. The --set
 * changes and score go with their model. */
static void app_swap_model(App *a, long long now)
{
    char err[512];
    a->ui.lesson_model = false;
    bool lesson_now = a->ui.play.kind == PLAY_LESSON && a->set.n == 0;
    if (lesson_now && !a->parked) {
        ui_note(&a->ui, NOTE_LESSON_MODEL, 1.0);
        return;
    }
    Model *next = NULL;
    if (lesson_now) {   /* back to the model played before */
        next = a->parked;
        a->parked = NULL;
    } else {
        next = calloc(1, sizeof *next);
        if (!next || model_load_default(next, err, sizeof err) != 0) {
            free(next);
            ui_note_text(&a->ui, LANG_PICK(a->frame.lang, "out of memory: the model stays", "内存不足：模型没换"));
            return;
        }
    }
    Model *keep = NULL;   /* the model leaving, unedited by what-if, as a copy of its own */
    if (!lesson_now) {
        edit_undo_all(a->model, &a->ui.want.config.score, &a->edits);
        keep = calloc(1, sizeof *keep);
        if (!keep || model_copy(keep, a->model) != 0) {
            free(keep);
            keep = NULL;
        }
    }
    ModelInPlay was = a->ui.play;
    EditLog was_set = a->set;
    ScoreSet was_score = a->ui.want.config.score;
    LessonParams want = a->ui.want;
    want.config.score = lesson_now ? a->parked_score : (ScoreSet){ 0 };
    if (lesson_adopt(a->lesson, next, &want, err, sizeof err) != 0) {   /* next freed */
        if (keep) {
            model_free(keep);
            free(keep);
        }
        ui_note_text(&a->ui, err);
        ui_model_in_play(&a->ui, &a->ui.play, &a->set, &a->edits);
        return;
    }
    a->model = a->lesson->owned;
    memset(&a->edits, 0, sizeof a->edits);
    a->ui.want = a->lesson->params;
    if (lesson_now) {
        a->set = a->parked_set;
        a->ui.play = a->parked_play;
        ui_note(&a->ui, NOTE_MODEL_BACK, 0.0);
    } else {
        ModelInPlay lesson;
        inplay_lesson(&lesson);
        memset(&a->set, 0, sizeof a->set);
        a->ui.play = lesson;
        a->parked = keep;
        a->parked_play = was;
        a->parked_set = was_set;
        a->parked_score = was_score;
        ui_note(&a->ui, NOTE_LESSON_MODEL, 0.0);
    }
    ui_model_in_play(&a->ui, &a->ui.play, &a->set, &a->edits);
    ui_lesson_changed(&a->ui, a->lesson);
    player_set_tokens(&a->player, a->lesson->tr.T, now);
}

/* A score set by the learner is a cell of one sentence (its positions): when another
 * sentence is asked for, it is cleared rather than moved to the cell at the same places
 * (score(等→加) = 6 would become score(等→减) over 十减四等于?). True when it was. */
static bool app_drop_score_of_sentence(App *a)
{
    ScoreSet *score = &a->ui.want.config.score;
    if (!score->on || strcmp(a->ui.want.sentence, a->lesson->params.sentence) == 0)
        return false;
    score->on = false;
    return true;
}

/* Runs the lesson again with what the UI asks for; on failure keeps the old one and says
 * why in the status line. */
static void app_recompute(App *a, long long now)
{
    char err[512];
    if (a->ui.lesson_model) {
        app_swap_model(a, now);
        return;
    }
    int changed = a->model ? app_what_if(a, err, sizeof err) : 0;
    if (changed < 0) {
        ui_note_text(&a->ui, err);
        return;
    }
    if (changed > 0) {
        player_set_tokens(&a->player, a->lesson->tr.T, now);
        return;
    }
    Model *next = a->ui.model_next;   /* a trained model to play: the lesson takes it */
    a->ui.model_next = NULL;
    if (next)   /* the trained model starts with nothing to undo: no score set either */
        a->ui.want.config.score.on = false;
    bool dropped = app_drop_score_of_sentence(a);
    if ((next ? lesson_adopt(a->lesson, next, &a->ui.want, err, sizeof err)
              : lesson_rebuild(a->lesson, &a->ui.want, err, sizeof err)) != 0) {
        a->ui.want = a->lesson->params;
        char note[UI_NOTE_BYTES];   /* cut here, at a character: the note holds less */
        text_format(note, sizeof note, "%s", err);
        ui_note_text(&a->ui, note);
        return;
    }
    if (next) {   /* what-if now changes the model played, with nothing to undo yet */
        a->model = a->lesson->owned;
        memset(&a->edits, 0, sizeof a->edits);
        memset(&a->set, 0, sizeof a->set);
        ui_model_in_play(&a->ui, &a->ui.model_next_play, NULL, NULL);
    }
    a->ui.want = a->lesson->params;
    ui_lesson_changed(&a->ui, a->lesson);
    player_set_tokens(&a->player, a->lesson->tr.T, now);
    if (a->ui.answer >= a->lesson->tr.T)
        a->ui.answer = -1;
    if (dropped) {   /* said; and the score's change is no longer in effect */
        ui_note_text(&a->ui, LANG_PICK(a->frame.lang, "what if: the score you set belonged to the sentence before; cleared",
                                       "你改的分数属于上一句，已清除"));
        ui_model_in_play(&a->ui, &a->ui.play, &a->set, &a->edits);
    }
}

/* ---------------------------------------------------------------- the picture (S) */

static bool app_name_taken(const char *path, void *ctx)
{
    (void)ctx;
    return outfile_taken(path);
}

/* S: keeps the frame as it stands (drawn again as --print draws it: with the arcs as
 * vectors, without the cache, which never changes what is shown) and asks for the file name,
 * offering the first free attn-tui-VIEW[-N].svg. */
static void app_snapshot_ask(App *a, long long now)
{
    FrameInput in = app_frame_input(a, now);
    in.cache = NULL;
    if (snapshot_take(&a->shot, &in, a->grid.w, a->grid.h, false) != 0) {   /* a slide: never the keys */
        ui_note_text(&a->ui, LANG_PICK(a->frame.lang, "out of memory: no picture written",
                                       "内存不足：没有写出图"));
        return;
    }
    char name[INPUT_BYTES];
    snapshot_default_name(a->shot.view, app_name_taken, NULL, name, sizeof name);
    input_open_file(&a->ui.input, INPUT_FILE_PICTURE, name);
}

/* Enter on the file name: writes the picture kept and says where it went; a name that
 * exists, or that cannot be written, opens the line again saying so. */
static void app_snapshot_save(App *a)
{
    InputLine *in = &a->ui.input;
    char msg[UI_NOTE_BYTES];
    if (!a->shot.grid.cells)
        return;
    if (!a->write_pictures) {
        input_refuse(in, false, LANG_PICK(a->frame.lang, "this session writes no files",
                                          "这一次运行不写文件"));
        return;
    }
    SnapshotResult saved = snapshot_save(&a->shot, in->text, in->replace, a->ui.theme, a->frame.lang, msg,
                                         sizeof msg);
    if (term_is_device(in->text))
        term_request_repaint();   /* the picture went over the frame */
    switch (saved) {
    case SNAPSHOT_SAVED:
        ui_note_naming(&a->ui, NOTE_SAVED, msg);
        snapshot_free(&a->shot);
        break;
    case SNAPSHOT_EXISTS:
        input_refuse(in, true, "");
        break;
    case SNAPSHOT_FAILED:
        input_refuse(in, false, msg);
        break;
    }
}

/* ---------------------------------------------------------------- the trained model (w) */

/* Enter on the file name the train screen's w asked for: writes the model it kept
 * (ui.model_save) and says where it went; a name that exists, or that cannot be written,
 * opens the line again saying so, as for the picture. */
static void app_model_save(App *a)
{
    InputLine *in = &a->ui.input;
    char msg[UI_NOTE_BYTES];
    if (!a->ui.model_save)
        return;
    if (!a->write_pictures) {
        input_refuse(in, false, LANG_PICK(a->frame.lang, "this session writes no files",
                                          "这一次运行不写文件"));
        return;
    }
    int saved = train_write_model(a->ui.model_save, in->text, in->replace, a->frame.lang, msg, sizeof msg);
    if (term_is_device(in->text))
        term_request_repaint();   /* the model went over the frame */
    switch (saved) {
    case 0:
        ui_note_naming(&a->ui, NOTE_SAVED, msg);
        ui_keep_model(&a->ui.model_save, NULL);
        break;
    case 1:
        input_refuse(in, true, "");
        break;
    default:
        input_refuse(in, false, msg);
        break;
    }
}

/* What the UI asked for beyond a redraw: the lesson again, the picture kept, a file named
 * on the input line written (the picture or the trained model). */
static void app_carry_out(App *a, int react, long long now)
{
    if (react & REACT_RECOMPUTE)
        app_recompute(a, now);
    if (react & REACT_SNAPSHOT)
        app_snapshot_ask(a, now);
    if ((react & REACT_SAVE) && a->ui.input.file == INPUT_FILE_MODEL)
        app_model_save(a);
    else if (react & REACT_SAVE)
        app_snapshot_save(a);
}

/* The theme the terminal opens with: --theme or the config's when one chose it, else the
 * one the terminal's background asks for (light on a light one); NO_COLOR asks nothing.
 * A terminal that answers the question later (the first frame does not wait for it) gets
 * its theme then (app_background). */
static void app_choose_theme(App *a, const Options *o)
{
    const char *no_colour = getenv("NO_COLOR");
    a->theme_follows_terminal = !o->theme_set && !(no_colour && *no_colour);
    if (a->theme_follows_terminal && term_background_ask() == TERMBG_LIGHT)
        a->ui.theme = THEME_LIGHT;
    term_set_theme(a->ui.theme);
}

/* Writes the practice history when an answer or a check changed it; a write that fails is
 * said once, and nothing more is written this run. */
static void app_history_save(App *a)
{
    if (!a->ui.history_dirty)
        return;
    a->ui.history_dirty = false;
    if (!a->history_path[0] || !a->ui.history_kept)
        return;
    for (int i = 0; i < a->ui.history.n_checks; i++)   /* when a check was taken */
        if (a->ui.history.checks[i].when == 0)
            a->ui.history.checks[i].when = (long long)time(NULL);
    char err[UI_NOTE_BYTES];
    if (history_save(a->history_path, &a->ui.history, a->frame.lang, err, sizeof err) != 0) {
        char note[UI_NOTE_BYTES];
        text_format(note, sizeof note, LANG_PICK(a->frame.lang, "practice history not kept: %s",
                                                 "练习记录没存上：%s"), err);
        ui_note_text(&a->ui, note);
        a->ui.history_kept = false;
    }
}

/* The terminal answered the background query: a light one gets the light theme, unless
 * the theme was chosen (--theme, the config, or b pressed meanwhile). */
static int app_background(App *a)
{
    bool follow = a->theme_follows_terminal;
    a->theme_follows_terminal = false;
    if (!follow || term_background() != TERMBG_LIGHT || a->ui.theme == THEME_LIGHT)
        return REACT_NONE;
    a->ui.theme = THEME_LIGHT;
    term_set_theme(a->ui.theme);
    return REACT_REDRAW;
}

/* Called after a key that found the input line closed: when the key opened it for a
 * model's file name (the train screen's W), the name offered is the first free one
 * (add-seed1.model, add-seed1-2.model …), as S offers its pictures'. A view names the
 * file it would like; only app.c looks at the disk. */
static void app_offer_free_name(App *a)
{
    InputLine *in = &a->ui.input;
    if (!in->open || in->mode != INPUT_FILE_NAME || in->file != INPUT_FILE_MODEL)
        return;
    char name[INPUT_BYTES];
    if (outfile_free_name(in->text, app_name_taken, NULL, name, sizeof name) == 0 && strcmp(name, in->text) != 0)
        input_open_file(in, INPUT_FILE_MODEL, name);
}

/* Applies one key. Returns REACT_* flags. */
static int app_key(App *a, const TermEvent *ev, long long now)
{
    if (ev->key == 0)
        return REACT_NONE;
    if (ev->key == KEYCODE_RESIZE)
        return REACT_REDRAW;  /* app_fit_grid picks up the new size */
    if (ev->key == KEYCODE_BACKGROUND)
        return app_background(a);
    a->frame.notice = NULL;   /* the notice is shown until the first key */
    if (a->ui.input.open) {
        if (ev->key == KEYCODE_REDRAW)
            return REACT_REDRAW | REACT_REPAINT;
        int react = ui_input(&a->ui, a->lesson, ev->key);
        app_carry_out(a, react, now);
        return react;
    }
    int own = ui_view_key(&a->ui, &a->player, a->lesson, ev->key, now);
    if (own >= 0) {   /* the view captures keys (a typed answer): it took this one */
        app_carry_out(a, own, now);
        app_offer_free_name(a);
        return own;
    }
    const KeyBinding *b = ui_binding(&a->ui, ev->key);
    if (!b)
        return REACT_REDRAW;  /* the notice may have gone */
    Action action = b->action;
    int arg = b->arg;
    if (action == ACTION_CLICK && !app_click(a, ev, now, &action, &arg))
        return REACT_NONE;
    Theme before = a->ui.theme;
    int react = ui_apply(&a->ui, &a->player, a->lesson, action, arg, now);
    app_carry_out(a, react, now);
    app_offer_free_name(a);
    if (a->ui.theme != before) {   /* b: the terminal paints in the new colours */
        term_set_theme(a->ui.theme);
        a->theme_follows_terminal = false;
    }
    return react;
}

/* ---------------------------------------------------------------- the loop */

/* Runs until a quit key or signal. Returns 0, -1 on out of memory, or the signal. */
static int app_loop(App *a)
{
    bool draw = true;
    for (;;) {
        long long now = app_now_ms();
        if (ui_before_step(&a->ui, &a->player, a->lesson, now))   /* asks before ③ */
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
            if (app_draw(a, now))
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
        app_history_save(a);
        if (react & REACT_QUIT)
            return 0;
        if (react & REACT_REPAINT)
            term_request_repaint();
        draw = react != REACT_NONE || player_wait_ms(&a->player, app_now_ms()) == 0 ||
               ui_next_tick(&a->ui, app_now_ms()) == 0;
    }
}

/* --record: opens the file; every painted frame goes into it. Returns 0 or -1 (said). */
static int app_start_recording(App *a, const char *path, bool overwrite, Recorder *r)
{
    char err[512], title[128];
    snprintf(title, sizeof title, "attn-tui · %s", a->lesson->params.sentence);
    Lang lang = a->frame.lang;
    if (record_open(r, path, overwrite, lang, title, (long long)time(NULL), err, sizeof err) != 0) {
        fprintf(stderr, LANG_PICK(lang, "attn-tui: --record: %s\n", "attn-tui: --record：%s\n"), err);
        return -1;
    }
    a->recorder = r;
    a->record_path = path;
    return 0;
}

/* Ends the recording (before the terminal is given back: the file ends on the last frame).
 * Returns 0, or the errno of a failed write to the file (also one that stopped it). */
static int app_stop_recording(App *a)
{
    if (a->recorder) {
        a->record_error = record_close(a->recorder);
        a->recorder = NULL;
    }
    return a->record_error;
}

/* The state of a session the options describe, at now_ms, over the model m (what-if
 * edits change it; may be NULL: no edits). Returns 0, or -1 when out of memory. */
static int app_setup(App *a, const Options *o, Model *m, Lesson *ls, const EditLog *set,
                     long long now_ms)
{
    memset(a, 0, sizeof *a);
    if (set)
        a->set = *set;
    a->lesson = ls;
    a->model = m;
    a->frame.lang = o->lang == LANG_ZH && !o->ascii ? LANG_ZH : LANG_EN;   /* ASCII: English */
    a->frame.ascii = o->ascii;
    a->theme = o->theme;
    a->frame.prog = o->prog;   /* text naming a command names it as the user started it */
    if (app_start_state(o, ls, now_ms, &a->player, &a->ui) != 0)
        return -1;
    ui_model_in_play(&a->ui, &a->ui.play, &a->set, NULL);
    a->cache = frame_cache_new();   /* without one, frames only cost more */
    return 0;
}

/* Frees the model L parked. */
static void app_free_parked(App *a)
{
    if (a->parked) {
        model_free(a->parked);
        free(a->parked);
        a->parked = NULL;
    }
}

/* The practice history the run starts from (none with --no-history): loaded from its file,
 * a damaged one moved aside; what loading had to say goes in note (the notice). The kinds
 * due are asked first unless --seed chose the sequence. */
static void app_history_start(App *a, const Options *o, char *note, size_t cap)
{
    History h;
    history_init(&h);
    note[0] = '\0';
    bool kept = false;
    if (!o->no_history && history_path(a->history_path, sizeof a->history_path) == 0)
        kept = history_load(a->history_path, &h, a->frame.lang, note, cap) != HISTORY_UNREADABLE;
    else
        a->history_path[0] = '\0';
    ui_history_start(&a->ui, &h, kept, !o->seed_set && !o->no_history);
    ui_lesson_changed(&a->ui, a->lesson);   /* the practice screen asks the kinds due */
}

/* --check, on leaving: the concept check's result on standard output (this run's score, and
 * with two checks in the history the first, the latest and the normalized gain). */
static void app_print_check(const App *a, Lang lang)
{
    const History *h = &a->ui.history;
    if (a->ui.checks_done == 0 || h->n_checks == 0)
        return;
    const HistoryCheck *before = &h->checks[0], *after = &h->checks[h->n_checks - 1];
    printf(LANG_PICK(lang, "concept check: %d of %d right\n", "概念检测：%d 题答对 %d 题\n"),
           lang == LANG_ZH ? after->max : after->score, lang == LANG_ZH ? after->score : after->max);
    if (h->n_checks < 2) {
        printf("%s", LANG_PICK(lang, "this was the first check: the \"before\"; take it again after the lesson\n",
                               "这是第一次检测，算作「课前」；学完这一课再做一次\n"));
    } else {
        double gain;
        char g[FORMAT_BYTES] = "n/a";
        if (history_gain(h, &gain))
            format_fixed(g, sizeof g, gain, 2);
        printf(LANG_PICK(lang, "before: %d of %d · after: %d of %d\n"
                               "normalized gain (after − before) / (max − before): %s\n",
                         "课前：%d/%d · 课后：%d/%d\n标准化增益（课后 − 课前）/（满分 − 课前）：%s\n"),
               before->score, before->max, after->score, after->max, g);
    }
    if (!a->ui.history_kept)
        printf("%s", LANG_PICK(lang, "(no practice history: nothing was kept)\n", "（没有练习记录：什么也没保存）\n"));
    fflush(stdout);
}

int app_run(const Options *o, Model *m, Lesson *ls, const EditLog *set, const char *notice)
{
    App a;
    Lang lang = o->lang == LANG_ZH ? LANG_ZH : LANG_EN;
    if (app_setup(&a, o, m, ls, set, app_now_ms()) != 0) {
        fprintf(stderr, "%s", LANG_PICK(lang, "attn-tui: out of memory\n", "attn-tui: 内存不足\n"));
        return 1;
    }
    char history_note[UI_NOTE_BYTES];
    app_history_start(&a, o, history_note, sizeof history_note);
    if (history_note[0])   /* a damaged history said before anything else */
        notice = history_note;
    a.frame.notice = notice;
    a.exit_after_first = app_env_flag(APP_EXIT_AFTER_FIRST_FRAME_ENV);
    a.write_pictures = true;

    char err[256];
    Recorder recorder;
    if (o->record_path && app_start_recording(&a, o->record_path, o->overwrite, &recorder) != 0) {
        frame_cache_free(a.cache);
        ui_free(&a.ui);
        return 1;
    }
    if (term_open(lang, err, sizeof err) != 0) {
        fprintf(stderr, "attn-tui: %s\n", err);
        app_stop_recording(&a);
        frame_cache_free(a.cache);
        ui_free(&a.ui);
        return 1;
    }
    app_choose_theme(&a, o);
    int result = app_loop(&a);
    int recorded = app_stop_recording(&a);
    term_close();
    grid_free(&a.grid);
    snapshot_free(&a.shot);
    frame_cache_free(a.cache);
    if (o->check && result == 0)
        app_print_check(&a, lang);
    ui_free(&a.ui);
    app_free_parked(&a);
    if (recorded != 0) {
        char shown[512];
        fprintf(stderr, LANG_PICK(lang, "attn-tui: --record: cannot write %s: %s\n",
                                  "attn-tui: --record：写不进 %s：%s\n"),
                text_escape(o->record_path, shown, sizeof shown), lang_strerror(lang, recorded).text);
        if (result == 0)
            return 1;
    }
    if (result < 0) {
        fprintf(stderr, "%s", LANG_PICK(lang, "attn-tui: out of memory\n", "attn-tui: 内存不足\n"));
        return 1;
    }
    if (result > 0) {
        term_die_by_signal(result);
        return 128 + result;
    }
    return 0;
}

/* ---------------------------------------------------------------- a session without a terminal */

struct AppSession {
    App app;   /* the loop's state, driven step by step */
};

AppSession *app_session_new(const Options *o, Lesson *ls, long long now_ms)
{
    AppSession *s = malloc(sizeof *s);
    if (s && app_setup(&s->app, o, NULL, ls, NULL, now_ms) != 0) {
        ui_free(&s->app.ui);
        free(s);
        return NULL;
    }
    return s;
}

void app_session_record(AppSession *s, Recorder *r, const char *path)
{
    s->app.recorder = r;
    s->app.record_path = path;
}

void app_session_write_pictures(AppSession *s)
{
    s->app.write_pictures = true;
}

void app_session_model(AppSession *s, Model *m, const EditLog *set)
{
    s->app.model = m;
    if (set)
        s->app.set = *set;
    ui_model_in_play(&s->app.ui, &s->app.ui.play, &s->app.set, &s->app.edits);
}

int app_session_key(AppSession *s, const TermEvent *ev, long long now_ms)
{
    return app_key(&s->app, ev, now_ms);
}

int app_session_frame(AppSession *s, int w, int h, long long now_ms)
{
    App *a = &s->app;
    player_tick(&a->player, now_ms);
    if (app_fit_grid_to(a, w, h) != 0)
        return -1;
    if (app_draw(a, now_ms))
        app_draw(a, now_ms);
    return 0;
}

const Grid *app_session_grid(const AppSession *s)
{
    return &s->app.grid;
}

int app_session_record_error(const AppSession *s)
{
    return s->app.record_error;
}

void app_session_free(AppSession *s)
{
    if (!s)
        return;
    grid_free(&s->app.grid);
    snapshot_free(&s->app.shot);
    frame_cache_free(s->app.cache);
    ui_free(&s->app.ui);
    app_free_parked(&s->app);
    free(s);
}
