/* ui.c — the shared UI state and what each shared action does to it and to the player;
 * a view's own actions, keys and ticks are handed to the view with its state and a call
 * (request.h), the tour's and predict's likewise, and what they ask is carried out here.
 * Owns: key lookup (help's keys while it is open, then the view's, then the global ones),
 * the shared actions, the notes, the views' states (made the first time a view is shown or
 * a request targets it), carrying requests out. Must not touch: ncurses, the clock,
 * drawing, arithmetic, any particular view (none is named here). */
#include "ui.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "palette.h"
#include "quiz.h"
#include "view.h"

/* ---------------------------------------------------------------- state */

static void ui_head_follows(Ui *ui, const Lesson *ls);

int ui_init(Ui *ui, ViewId view)
{
    return ui_init_for(ui, view, NULL);
}

int ui_init_for(Ui *ui, ViewId view, const Lesson *ls)
{
    memset(ui, 0, sizeof *ui);
    ui->view = view;
    ui->numbers = true;
    ui->head = -1;
    ui->answer = -1;
    ui->seed = QUIZ_DEFAULT_SEED;
    ui->session = 1;   /* no history yet: the first session */
    if (ls)
        ui->want = ls->params;
    else
        lesson_params(&ui->want, "");
    ui_head_follows(ui, ls);
    input_init(&ui->input);
    input_remember(&ui->input, ui->want.sentence);
    ui->views = view_states_new();
    if (!ui->views)
        return -1;
    view_state_make(ui->views, view, ls);
    return 0;
}

void ui_keep_model(Model **slot, Model *m)
{
    if (*slot) {
        model_free(*slot);
        free(*slot);
    }
    *slot = m;
}

void ui_free(Ui *ui)
{
    view_states_free(ui->views);
    ui->views = NULL;
    ui_keep_model(&ui->model_next, NULL);   /* asked for but never handed to the lesson */
    ui_keep_model(&ui->model_save, NULL);   /* kept to write, never written */
}

int ui_input(Ui *ui, const Lesson *ls, int key)
{
    ui->note = NOTE_NONE;
    switch (input_key(&ui->input, ls->model, key)) {
    case INPUT_NONE:
        return REACT_NONE;
    case INPUT_CHANGED:
    case INPUT_REFUSED:
    case INPUT_CANCEL:
        return REACT_REDRAW;
    case INPUT_SUBMIT:
        if (ui->input.mode == INPUT_FILE_NAME)
            return REACT_REDRAW | REACT_SAVE;
        snprintf(ui->want.sentence, sizeof ui->want.sentence, "%s", ui->input.decoded);
        return REACT_REDRAW | REACT_RECOMPUTE;
    }
    return REACT_NONE;
}

void ui_set_view(Ui *ui, Player *p, const Lesson *ls, ViewId view)
{
    if ((int)view < 0 || view >= VIEW_COUNT)
        view = VIEW_DEFAULT;
    ui->view = view;
    view_state_make(ui->views, view, ls);   /* the first time it is shown: its state */
    player_set_track(p, view_ops(view)->track);
}

int ui_view_from_name(const char *name)
{
    return view_from_name(name);
}

void ui_history_start(Ui *ui, const History *h, bool kept, bool order)
{
    ui->history = *h;
    ui->history_kept = kept;
    ui->history_dirty = false;
    ui->session = h->sessions + 1;
    ui->session_counted = false;
    ui->n_due = order ? history_due(h, ui->session, ui->due) : 0;
}

/* The (layer, head) choice after the lesson changed: the layer the lesson presents, a head
 * of it (a layered model); no head past the lesson's (its model). */
static void ui_head_follows(Ui *ui, const Lesson *ls)
{
    if (!ls)
        return;
    ui->layer = lesson_layer(ls);
    if (ls->has_poem)
        ui->head = ui->head < 0 ? 0 : ui->head >= ls->tr.heads ? ls->tr.heads - 1 : ui->head;
    else if (ui->head >= ls->tr.heads)
        ui->head = -1;
}

void ui_lesson_changed(Ui *ui, const Lesson *ls)
{
    ui_head_follows(ui, ls);
    for (int v = 0; v < VIEW_COUNT; v++) {
        const ViewOps *ops = view_ops((ViewId)v);
        void *state = ops->lesson_changed ? view_state(ui->views, (ViewId)v) : NULL;
        if (state)
            ops->lesson_changed(state, ui, view_lesson(ops, ls));
    }
}

void ui_model_in_play(Ui *ui, const ModelInPlay *play, const EditLog *set, const EditLog *what_if)
{
    ui->play = *play;
    ui->edits = what_if ? what_if->n : 0;
    edit_marks(set, what_if, &ui->marks);
}

void ui_note(Ui *ui, UiNote note, double value)
{
    ui->note = note;
    ui->note_value = value;
}

void ui_note_text(Ui *ui, const char *text)
{
    ui_note_naming(ui, NOTE_TEXT, text);
}

void ui_note_naming(Ui *ui, UiNote note, const char *text)
{
    ui->note = note;
    snprintf(ui->note_text, sizeof ui->note_text, "%s", text);
}


/* ---------------------------------------------------------------- keys */

/* While the help is open only these keys count: it is modal. */
static const KeyBinding help_keys[] = {
    { '?',               ACTION_HELP,      0, "?",    true  },
    { KEYCODE_ESC,       ACTION_CLOSE,     0, "Esc",  true  },
    { 'q',               ACTION_QUIT,      0, "q",    true  },
    { KEYCODE_UP,        ACTION_HELP_UP,   1, "↑",    true  },
    { KEYCODE_DOWN,      ACTION_HELP_DOWN, 1, "↓",    true  },
    { 'k',               ACTION_HELP_UP,   1, "k",    false },
    { 'j',               ACTION_HELP_DOWN, 1, "j",    false },
    { KEYCODE_PAGE_UP,   ACTION_HELP_UP,   10, "PgUp", false },
    { KEYCODE_PAGE_DOWN, ACTION_HELP_DOWN, 10, "PgDn", false },
    { KEYCODE_REDRAW,    ACTION_REDRAW,    0, "Ctrl-L", false },
    { 0,                 ACTION_NONE,      0, NULL,   false },
};

const KeyBinding *ui_binding(const Ui *ui, int key)
{
    if (ui->help)
        return action_find_key(help_keys, key);
    const KeyBinding *b = predict_binding(&ui->predict, key);   /* a question owns its keys */
    if (!b)
        b = tour_binding(&ui->tour, key);
    if (!b)
        b = action_find_key(view_ops(ui->view)->keys, key);
    return b ? b : action_find_key(action_keys, key);
}

/* ---------------------------------------------------------------- global actions */

/* A step by hand: stops at either end and says so. */
static int ui_step(Ui *ui, Player *p, int direction, long long now)
{
    if (!player_step(p, direction, now))
        ui_note(ui, direction < 0 ? NOTE_AT_FIRST : NOTE_AT_LAST, 0.0);
    return REACT_REDRAW;
}

/* b: the next theme, said in the status line. */
static int ui_next_theme(Ui *ui)
{
    ui->theme = palette_next_theme(ui->theme);
    ui_note(ui, NOTE_THEME, 0.0);
    return REACT_REDRAW | REACT_REPAINT;
}

static int ui_speed(Ui *ui, Player *p, int direction)
{
    if (player_speed_step(p, direction))
        ui_note(ui, NOTE_SPEED, p->speed);
    else
        ui_note(ui, direction > 0 ? NOTE_FASTEST : NOTE_SLOWEST, p->speed);
    return REACT_REDRAW;
}

static int ui_focus_n(Ui *ui, Player *p, int n, long long now)
{
    if (n < 0 || n >= p->tokens) {
        ui_note(ui, NOTE_NO_CHARACTER, n + 1);
        return REACT_REDRAW;
    }
    player_set_focus(p, n, now);
    return REACT_REDRAW;
}

/* The answering character one step along the row from the one worked now. */
static int ui_move_answer(Ui *ui, Player *p, const Lesson *ls, int delta)
{
    int T = ls->tr.T;
    int s = lesson_answer(ls, ui->answer, p->focus);
    ui->answer = ((s + delta) % T + T) % T;
    return REACT_REDRAW;
}

/* A cell (row t, column s) chosen, arg = t·T + s. */
static int ui_cell(Ui *ui, Player *p, const Lesson *ls, int arg, long long now)
{
    int T = ls->tr.T;
    if (arg < 0 || arg >= T * T)
        return REACT_NONE;
    if (arg / T != p->focus)
        player_set_focus(p, arg / T, now);
    ui->answer = arg % T;
    return REACT_REDRAW;
}

/* The lesson's other sentence: 三加五等于? and 十减四等于? take turns. */
static int ui_other_sentence(Ui *ui)
{
    const char *next = strcmp(ui->want.sentence, LESSON_FIRST_SENTENCE) == 0
                     ? LESSON_COMPARE_SENTENCE : LESSON_FIRST_SENTENCE;
    snprintf(ui->want.sentence, sizeof ui->want.sentence, "%s", next);
    return REACT_REDRAW | REACT_RECOMPUTE;
}

/* s on a layered model: the next famous opening (the first after a line of one's own). */
static int ui_next_opening(Ui *ui)
{
    int next = 0;
    for (int i = 0; i < LESSON_OPENINGS; i++)
        if (strcmp(ui->want.sentence, lesson_openings[i]) == 0)
            next = (i + 1) % LESSON_OPENINGS;
    snprintf(ui->want.sentence, sizeof ui->want.sentence, "%s", lesson_openings[next]);
    return REACT_REDRAW | REACT_RECOMPUTE;
}

/* Heads: one → two (both shown) → head 1 → head 2 → one. */
static int ui_next_heads(Ui *ui)
{
    if (ui->want.config.heads == 1) {
        ui->want.config.heads = 2;
        ui->head = -1;
    } else if (ui->head < 1) {
        ui->head++;
        return REACT_REDRAW;
    } else {
        ui->want.config.heads = 1;
        ui->head = -1;
    }
    return REACT_REDRAW | REACT_RECOMPUTE;
}

/* H on the lesson's model: the heads the other way round: one → two (both shown) → head 2 →
 * head 1 → one. */
static int ui_prev_heads(Ui *ui)
{
    if (ui->want.config.heads == 1) {
        ui->want.config.heads = 2;
        ui->head = -1;
    } else if (ui->head != 0) {
        ui->head = ui->head < 0 ? 1 : 0;
        return REACT_REDRAW;
    } else {
        ui->want.config.heads = 1;
        ui->head = -1;
    }
    return REACT_REDRAW | REACT_RECOMPUTE;
}

/* Puts the (layer, head) choice within the layered model of ls (the lesson presents
 * layer; a new one is a recompute). */
static int ui_choose_head(Ui *ui, const Lesson *ls, int layer, int head)
{
    if (!ls || !ls->has_poem)
        return REACT_NONE;
    int layers = ls->poem.layers, heads = ls->poem.heads;
    layer = layer < 0 ? 0 : layer >= layers ? layers - 1 : layer;
    head = head < 0 ? 0 : head >= heads ? heads - 1 : head;
    ui->head = head;
    ui->layer = layer;
    if (ui->want.layer == layer)
        return REACT_REDRAW;
    ui->want.layer = layer;
    return REACT_REDRAW | REACT_RECOMPUTE;
}

/* h / H on a layered model: the next / previous head, L1 H1 … L1 H4, L2 H1 … L2 H4, round. */
static int ui_step_head(Ui *ui, const Lesson *ls, int by)
{
    int heads = ls->poem.heads, n = ls->poem.layers * heads;
    int at = ui->layer * heads + (ui->head >= 0 ? ui->head : 0);
    at = ((at + by) % n + n) % n;
    return ui_choose_head(ui, ls, at / heads, at % heads);
}

/* u: the newest what-if change undone (app.c), or why nothing is. */
static int ui_undo(Ui *ui)
{
    if (ui->edits > 0) {
        ui->what_if = EDIT_ASK_UNDO;
        ui->what_if_edit = (Edit){ 0 };
        return REACT_REDRAW | REACT_RECOMPUTE;
    }
    ui_note(ui, ui->marks.set_cells > 0 ? NOTE_SET_STAYS : NOTE_NOTHING_TO_UNDO, 0.0);
    return REACT_REDRAW;
}

static int ui_view_step(Ui *ui, Player *p, const Lesson *ls, int delta)
{
    ui_set_view(ui, p, ls, (ViewId)(((int)ui->view + delta + VIEW_COUNT) % VIEW_COUNT));
    return REACT_REDRAW;
}

/* ---------------------------------------------------------------- calls and requests */

/* What a hook is handed: the UI state read-only, the player, the lesson, the clock, and
 * rq (emptied) for what it asks. */
static ViewCall ui_call(const Ui *ui, Player *p, const Lesson *ls, long long now, Request *rq)
{
    memset(rq, 0, sizeof *rq);
    return (ViewCall){ .ui = ui, .p = p, .ls = ls, .now = now, .ask = rq };
}

/* A hook's answer joined with what carrying out its request did: -1 (not the hook's)
 * stays -1 unless the request did something. */
static int ui_joined(int react, int carried)
{
    if (react < 0)
        return carried ? carried : -1;
    return react | carried;
}

/* View view's own action a on its state (made if need be): the view's act, its request
 * carried out. -1 when the view has no act or a is not one it takes. */
static int ui_view_act(Ui *ui, Player *p, const Lesson *ls, ViewId view, Action a, int arg,
                       long long now)
{
    const ViewOps *v = view_ops(view);
    void *state = view_state_make(ui->views, view, ls);
    if (!v->act || (v->state_size && !state))
        return -1;
    Request rq;
    ViewCall call = ui_call(ui, p, view_lesson(v, ls), now, &rq);
    int react = v->act(state, &call, a, arg);
    return ui_joined(react, ui_carry_out(ui, p, ls, &rq, now));
}

static int ui_apply_global(Ui *ui, Player *p, const Lesson *ls, Action a, int arg, long long now);

int ui_carry_out(Ui *ui, Player *p, const Lesson *ls, Request *rq, long long now)
{
    unsigned asks = rq->asks;
    int react = asks ? REACT_REDRAW : REACT_NONE;
    rq->asks = 0;
    if (asks & REQUEST_NOTE) {
        ui->note = rq->note;
        ui->note_value = rq->note_value;
        snprintf(ui->note_text, sizeof ui->note_text, "%s", rq->note_text);
    }
    if (asks & REQUEST_SHARED_START) {
        ui->help = false;
        ui->answer = -1;
        ui->dim = 0;
    }
    if (asks & REQUEST_ANSWER)
        ui->answer = rq->answer;
    if (asks & REQUEST_FRESH)
        view_state_fresh(ui->views, rq->fresh, ls);
    if (asks & REQUEST_OPEN)
        ui_set_view(ui, p, ls, rq->open);
    if (asks & REQUEST_CURSOR) {
        int r = ui_set_cursor(ui, p, ls, rq->cursor.view, rq->cursor.row, rq->cursor.col, now);
        react |= r > 0 ? r : 0;
    }
    if (asks & REQUEST_PRESET) {
        int r = ui_view_act(ui, p, ls, rq->preset.view, rq->preset.action, rq->preset.arg, now);
        react |= r > 0 ? r : 0;
    }
    if (asks & REQUEST_THEN)
        react |= ui_apply_global(ui, p, ls, rq->then, rq->then_arg, now);
    if (asks & REQUEST_SENTENCE)
        snprintf(ui->want.sentence, sizeof ui->want.sentence, "%s", rq->lesson.sentence);
    if (asks & REQUEST_COMPARE)
        snprintf(ui->want.compare, sizeof ui->want.compare, "%s", rq->lesson.compare);
    if (asks & REQUEST_MASK)
        ui->want.config.mask = rq->lesson.config.mask;
    if (asks & REQUEST_HEADS)
        ui->want.config.heads = rq->lesson.config.heads;
    if (asks & REQUEST_WHAT_IF) {
        ui->what_if = rq->what_if;
        ui->what_if_edit = rq->edit;
    }
    if (asks & REQUEST_PLAY) {
        ui_keep_model(&ui->model_next, rq->play);
        ui->model_next_play = rq->play_as;
        rq->play = NULL;
    }
    if (asks & REQUEST_SAVE) {
        ui_keep_model(&ui->model_save, rq->save);
        rq->save = NULL;
    }
    if (asks & REQUEST_FILE_NAME)
        input_open_file(&ui->input, rq->file, rq->file_name);
    if (asks & REQUEST_PRACTICED) {   /* the first answer makes this run a session */
        if (!ui->session_counted) {
            ui->session_counted = true;
            ui->history.sessions = ui->session;
        }
        history_answer(&ui->history, rq->practiced, rq->right_first, ui->session);
        ui->history_dirty = true;
    }
    if (asks & REQUEST_CHECKED) {   /* when it was taken: app.c stamps it as it writes */
        history_check(&ui->history, rq->check_score, rq->check_max, 0);
        ui->history_dirty = true;
        ui->checks_done++;
    }
    if (asks & REQUEST_CHOOSE_HEAD)
        react |= ui_choose_head(ui, ls, rq->choice.layer, rq->choice.head);
    if (asks & (REQUEST_SENTENCE | REQUEST_COMPARE | REQUEST_MASK | REQUEST_HEADS | REQUEST_WHAT_IF |
                REQUEST_PLAY))
        react |= REACT_RECOMPUTE;
    request_drop(rq);   /* what was asked but not taken (none today) */
    return react;
}

/* The tour's or predict's action a: their state is the UI's, what else they change they
 * ask for. */
static int ui_guided_act(Ui *ui, Player *p, const Lesson *ls, Action a, int arg, long long now)
{
    Request rq;
    ViewCall call = ui_call(ui, p, ls, now, &rq);
    int react = a == ACTION_TOUR || a == ACTION_TOUR_NEXT || a == ACTION_TOUR_PREV || a == ACTION_TOUR_LEAVE
              ? tour_act(&ui->tour, &ui->predict, &call, a)
              : predict_act(&ui->predict, &call, a, arg);
    return react | ui_carry_out(ui, p, ls, &rq, now);
}

bool ui_before_step(Ui *ui, Player *p, const Lesson *ls, long long now)
{
    return predict_before_step(&ui->predict, ui->tour.on, p, ls, now);
}

static int ui_apply_global(Ui *ui, Player *p, const Lesson *ls, Action a, int arg, long long now)
{
    switch (a) {
    case ACTION_QUIT:        return REACT_QUIT;
    case ACTION_CLOSE:
        if (ui->help)
            ui->help = false;
        else if (ui->origin)
            ui->origin = false;
        else
            return REACT_NONE;
        return REACT_REDRAW;
    case ACTION_ORIGIN:
        if (!view_ops(ui->view)->chosen) {
            ui_note(ui, NOTE_NO_ORIGIN, 0.0);
            return REACT_REDRAW;
        }
        ui->origin = !ui->origin;
        return REACT_REDRAW;
    case ACTION_HELP:        ui->help = !ui->help; ui->help_top = 0; return REACT_REDRAW;
    case ACTION_PLAY:
        if (p->track == TRACK_NONE && !p->playing) {
            ui_note(ui, NOTE_NOTHING_PLAYS, 0.0);
            return REACT_REDRAW;
        }
        player_toggle_play(p, now);
        return REACT_REDRAW;
    case ACTION_NUMBERS:     ui->numbers = !ui->numbers; return REACT_REDRAW;
    case ACTION_NEXT:        return ui_step(ui, p, +1, now);
    case ACTION_PREV:        return ui_step(ui, p, -1, now);
    case ACTION_FIRST:       player_home(p, now); return REACT_REDRAW;
    case ACTION_LAST:        player_end(p, now); return REACT_REDRAW;
    case ACTION_FOCUS_PREV:  player_move_focus(p, -1, now); return REACT_REDRAW;
    case ACTION_FOCUS_NEXT:  player_move_focus(p, +1, now); return REACT_REDRAW;
    case ACTION_FOCUS_N:     return ui_focus_n(ui, p, arg, now);
    case ACTION_FASTER:      return ui_speed(ui, p, +1);
    case ACTION_SLOWER:      return ui_speed(ui, p, -1);
    case ACTION_REDRAW:      return REACT_REDRAW | REACT_REPAINT;
    case ACTION_THEME:       return ui_next_theme(ui);
    case ACTION_VIEW_NEXT:   return ui_view_step(ui, p, ls, +1);
    case ACTION_VIEW_PREV:   return ui_view_step(ui, p, ls, -1);
    case ACTION_VIEW_N:
        if (arg < 0 || arg >= VIEW_COUNT)
            return REACT_NONE;
        ui_set_view(ui, p, ls, (ViewId)arg);
        return REACT_REDRAW;
    case ACTION_HELP_UP:
        ui->help_top = ui->help_top > arg ? ui->help_top - arg : 0;
        return REACT_REDRAW;
    case ACTION_HELP_DOWN:   ui->help_top += arg; return REACT_REDRAW;
    case ACTION_ANSWER_PREV: return ui_move_answer(ui, p, ls, -1);
    case ACTION_ANSWER_NEXT: return ui_move_answer(ui, p, ls, +1);
    case ACTION_CELL:        return ui_cell(ui, p, ls, arg, now);
    case ACTION_DIM_PREV:    ui->dim = (ui->dim + ls->tr.d - 1) % ls->tr.d; return REACT_REDRAW;
    case ACTION_DIM_NEXT:    ui->dim = (ui->dim + 1) % ls->tr.d; return REACT_REDRAW;
    case ACTION_EDIT:
        input_open(&ui->input, ls->model, ls->params.sentence);
        return REACT_REDRAW;
    case ACTION_SNAPSHOT:    return REACT_SNAPSHOT;   /* app.c keeps the frame, asks the name */
    case ACTION_SENTENCE_NEXT: return ls && ls->has_poem ? ui_next_opening(ui) : ui_other_sentence(ui);
    case ACTION_MASK:
        if (ls && ls->has_poem) {   /* trained so: the mask is part of the model */
            ui_note_text(ui, LANG_PICK(ui->input.lang,
                                       "mask stays on: this model writes one character at a time, trained never "
                                       "to see later ones",
                                       "掩码一直开着：这个模型一个字一个字地写，训练时就看不到后面的字"));
            return REACT_REDRAW;
        }
        ui->want.config.mask = ui->want.config.mask == MASK_CAUSAL ? MASK_NONE : MASK_CAUSAL;
        return REACT_REDRAW | REACT_RECOMPUTE;
    case ACTION_HEADS:       return ls && ls->has_poem ? ui_step_head(ui, ls, +1) : ui_next_heads(ui);
    case ACTION_HEADS_BACK:  return ls && ls->has_poem ? ui_step_head(ui, ls, -1) : ui_prev_heads(ui);
    case ACTION_UNDO:        return ui_undo(ui);
    case ACTION_LESSON_MODEL:
        ui->lesson_model = true;   /* app.c swaps the models */
        return REACT_REDRAW | REACT_RECOMPUTE;
    case ACTION_TOUR:
    case ACTION_TOUR_NEXT:
    case ACTION_TOUR_PREV:
    case ACTION_TOUR_LEAVE:  return ui_guided_act(ui, p, ls, a, arg, now);
    case ACTION_PREDICT:
    case ACTION_PICK:
    case ACTION_PICK_PREV:
    case ACTION_PICK_NEXT:
    case ACTION_PICK_CHOOSE:
    case ACTION_YES:
    case ACTION_NO:
    case ACTION_REVEAL:      return ui_guided_act(ui, p, ls, a, arg, now);
    case ACTION_CLICK:       /* the caller turns a click into what it hit */
    case ACTION_NONE:
    case ACTION_COUNT:
    case ACTION_VIEW_FIRST:  /* a view's own: its act took it or nothing does */
        break;
    }
    return REACT_NONE;
}

int ui_apply(Ui *ui, Player *p, const Lesson *ls, Action a, int arg, long long now)
{
    if (a != ACTION_SNAPSHOT)   /* the picture is of the frame as it stands, its note too */
        ui->note = NOTE_NONE;   /* a note lasts until the next action */
    if (!ui->help) {
        int react = ui_view_act(ui, p, ls, ui->view, a, arg, now);
        if (react >= 0)
            return react;
    }
    return ui_apply_global(ui, p, ls, a, arg, now);
}

/* ---------------------------------------------------------------- the view's own moves */

/* The shown view's state, or NULL when it keeps one and there is none (out of memory). */
static bool ui_view_ready(const Ui *ui, const ViewOps *v)
{
    return !v->state_size || view_state_const(ui->views, ui->view);
}

bool ui_view_modal(const Ui *ui)
{
    const ViewOps *v = view_ops(ui->view);
    return !ui->help && v->modal && v->key && ui_view_ready(ui, v) &&
           v->modal(view_state_const(ui->views, ui->view));
}

int ui_view_key(Ui *ui, Player *p, const Lesson *ls, int key, long long now)
{
    if (!ui_view_modal(ui))
        return -1;
    ui->note = NOTE_NONE;
    Request rq;
    ViewCall call = ui_call(ui, p, view_lesson(view_ops(ui->view), ls), now, &rq);
    int react = view_ops(ui->view)->key(view_state(ui->views, ui->view), &call, key);
    return ui_joined(react, ui_carry_out(ui, p, ls, &rq, now));
}

int ui_tick(Ui *ui, Player *p, const Lesson *ls, long long now)
{
    const ViewOps *v = view_ops(ui->view);
    if (!v->tick || !ui_view_ready(ui, v) || ui_next_tick(ui, now) != 0)
        return REACT_NONE;
    Request rq;
    ViewCall call = ui_call(ui, p, view_lesson(v, ls), now, &rq);
    int react = v->tick(view_state(ui->views, ui->view), &call);
    return (react > 0 ? react : REACT_NONE) | ui_carry_out(ui, p, ls, &rq, now);
}

long long ui_next_tick(const Ui *ui, long long now)
{
    const ViewOps *v = view_ops(ui->view);
    if (!v->tick || !v->next_tick || !ui_view_ready(ui, v))
        return VIEW_TICK_NEVER;
    long long due = v->next_tick(view_state_const(ui->views, ui->view), now);
    return due < 0 ? VIEW_TICK_NEVER : due;
}

int ui_set_cursor(Ui *ui, Player *p, const Lesson *ls, ViewId view, int row, int col,
                  long long now)
{
    const ViewOps *v = view_ops(view);
    void *state = view_state_make(ui->views, view, ls);
    if (!v->set_cursor || (v->state_size && !state))
        return -1;
    Request rq;
    ViewCall call = ui_call(ui, p, view_lesson(v, ls), now, &rq);
    int react = v->set_cursor(state, &call, row, col);
    return ui_joined(react, ui_carry_out(ui, p, ls, &rq, now));
}
