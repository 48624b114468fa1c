/* ui.c — the UI state and what each action does to it and to the player.
 * Owns: key lookup (help's keys while it is open, then the view's, then the global ones),
 * the global actions, the notes. Must not touch: ncurses, the clock, drawing, arithmetic. */
#include "ui.h"

#include <stdio.h>
#include <string.h>
#include "realmodel.h"
#include "sqrtd.h"
#include "view.h"

/* ---------------------------------------------------------------- state */

void ui_init(Ui *ui, ViewId view)
{
    ui_init_for(ui, view, NULL);
}

void ui_init_for(Ui *ui, ViewId view, const Lesson *ls)
{
    memset(ui, 0, sizeof *ui);
    ui->view = view;
    ui->numbers = true;
    ui->head = -1;
    ui->answer = -1;
    ui->matrix_table = MATRIX_SHARES;
    ui->sqrtd_index = sqrtd_d_index(8);
    ui->sqrtd_seed = 1;
    ui->sqrtd_scaled = true;
    ui->context_index = 0;
    if (ls)
        ui->want = ls->params;
    else
        lesson_params(&ui->want, "");
    input_init(&ui->input);
    input_remember(&ui->input, ui->want.sentence);
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
        snprintf(ui->want.sentence, sizeof ui->want.sentence, "%s", ui->input.decoded);
        return REACT_REDRAW | REACT_RECOMPUTE;
    }
    return REACT_NONE;
}

void ui_set_view(Ui *ui, Player *p, ViewId view)
{
    if ((int)view < 0 || view >= VIEW_COUNT)
        view = VIEW_DEFAULT;
    ui->view = view;
    player_set_track(p, view_ops(view)->track);
}

int ui_view_from_name(const char *name)
{
    for (int v = 0; v < VIEW_COUNT; v++)
        if (strcmp(view_ops((ViewId)v)->name, name) == 0)
            return v;
    return -1;
}

void ui_note(Ui *ui, UiNote note, double value)
{
    ui->note = note;
    ui->note_value = value;
}

void ui_note_text(Ui *ui, const char *text)
{
    ui->note = NOTE_TEXT;
    snprintf(ui->note_text, sizeof ui->note_text, "%s", text);
}

int ui_answer(const Ui *ui, const Lesson *ls, int t)
{
    if (ui->answer >= 0 && ui->answer < ls->tr.T)
        return ui->answer;
    return engine_strongest(&ls->tr, 0, t);
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
    const KeyBinding *b = action_find_key(view_ops(ui->view)->keys, key);
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
    int s = ui_answer(ui, ls, p->focus);
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

/* n + delta clamped into 0..count-1. */
static int ui_clamp_step(int n, int delta, int count)
{
    n += delta;
    return n < 0 ? 0 : n >= count ? count - 1 : n;
}

/* The lesson's other sentence: 三加五等于? and 十减四等于? take turns. */
static int ui_other_sentence(Ui *ui)
{
    const char *next = strcmp(ui->want.sentence, LESSON_FIRST_SENTENCE) == 0
                     ? LESSON_COMPARE_SENTENCE : LESSON_FIRST_SENTENCE;
    snprintf(ui->want.sentence, sizeof ui->want.sentence, "%s", next);
    return REACT_REDRAW | REACT_RECOMPUTE;
}

/* The sentences station 2 compares with, in the order c steps through them: the lesson's
 * two, then two more of its vocabulary where 等于? sits in the same seats.
 * The sentences the user typed (the input line's history) follow these. */
static const char *const compare_cycle[] = {
    LESSON_COMPARE_SENTENCE, LESSON_FIRST_SENTENCE, "二乘三等于?", "九除三等于?",
};
#define COMPARE_CYCLE_COUNT ((int)(sizeof compare_cycle / sizeof compare_cycle[0]))

/* True when sentence is one of the fixed comparison sentences. */
static bool ui_in_compare_cycle(const char *sentence)
{
    for (int i = 0; i < COMPARE_CYCLE_COUNT; i++)
        if (strcmp(compare_cycle[i], sentence) == 0)
            return true;
    return false;
}

/* The typed sentences that are not already in the fixed cycle: fills typed[], returns how many. */
static int ui_typed_sentences(const Ui *ui, const char **typed)
{
    int n = 0;
    for (int i = 0; i < ui->input.history_n; i++)
        if (!ui_in_compare_cycle(ui->input.history[i]))
            typed[n++] = ui->input.history[i];
    return n;
}

/* Candidate i of the comparison cycle (0 .. ui_compare_count() - 1). */
static const char *ui_compare_candidate(const Ui *ui, int i)
{
    const char *typed[INPUT_HISTORY];
    if (i < COMPARE_CYCLE_COUNT)
        return compare_cycle[i];
    int n = ui_typed_sentences(ui, typed);
    return i - COMPARE_CYCLE_COUNT < n ? typed[i - COMPARE_CYCLE_COUNT] : compare_cycle[0];
}

static int ui_compare_count(const Ui *ui)
{
    const char *typed[INPUT_HISTORY];
    return COMPARE_CYCLE_COUNT + ui_typed_sentences(ui, typed);
}

/* The next sentence to compare with: the one after the sentence compared now in the
 * cycle, never the sentence itself. */
static int ui_next_compare(Ui *ui, const Lesson *ls)
{
    char now[MODEL_SENTENCE_BYTES] = "";
    if (ls->has_alt)
        engine_sentence(&ls->alt, now, sizeof now);
    int n = ui_compare_count(ui), at = -1;
    for (int i = 0; i < n; i++)
        if (strcmp(ui_compare_candidate(ui, i), now) == 0)
            at = i;
    for (int k = 1; k <= n; k++) {
        const char *next = ui_compare_candidate(ui, (at + k + n) % n);
        if (strcmp(next, ls->params.sentence) != 0 && strcmp(next, now) != 0) {
            snprintf(ui->want.compare, sizeof ui->want.compare, "%s", next);
            return REACT_REDRAW | REACT_RECOMPUTE;
        }
    }
    return REACT_REDRAW;
}

/* The similarity view's troubles, one after another (wrapping). */
#define UI_TROUBLES 3
static int ui_step_trouble(Ui *ui, int delta)
{
    ui->similarity_trouble = ((ui->similarity_trouble + delta) % UI_TROUBLES + UI_TROUBLES) % UI_TROUBLES;
    return REACT_REDRAW;
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

static int ui_view_step(Ui *ui, Player *p, int delta)
{
    ui_set_view(ui, p, (ViewId)(((int)ui->view + delta + VIEW_COUNT) % VIEW_COUNT));
    return REACT_REDRAW;
}

static int ui_apply_global(Ui *ui, Player *p, const Lesson *ls, Action a, int arg, long long now)
{
    switch (a) {
    case ACTION_QUIT:        return REACT_QUIT;
    case ACTION_CLOSE:
        if (!ui->help)
            return REACT_NONE;
        ui->help = false;
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
    case ACTION_VIEW_NEXT:   return ui_view_step(ui, p, +1);
    case ACTION_VIEW_PREV:   return ui_view_step(ui, p, -1);
    case ACTION_VIEW_N:
        if (arg < 0 || arg >= VIEW_COUNT)
            return REACT_NONE;
        ui_set_view(ui, p, (ViewId)arg);
        return REACT_REDRAW;
    case ACTION_HELP_UP:
        ui->help_top = ui->help_top > arg ? ui->help_top - arg : 0;
        return REACT_REDRAW;
    case ACTION_HELP_DOWN:   ui->help_top += arg; return REACT_REDRAW;
    case ACTION_ANSWER_PREV: return ui_move_answer(ui, p, ls, -1);
    case ACTION_ANSWER_NEXT: return ui_move_answer(ui, p, ls, +1);
    case ACTION_CELL:        return ui_cell(ui, p, ls, arg, now);
    case ACTION_TABLE_NEXT:
        ui->matrix_table = (MatrixTable)((ui->matrix_table + 1) % MATRIX_TABLE_COUNT);
        return REACT_REDRAW;
    case ACTION_DIM_PREV:    ui->dim = (ui->dim + ls->tr.d - 1) % ls->tr.d; return REACT_REDRAW;
    case ACTION_DIM_NEXT:    ui->dim = (ui->dim + 1) % ls->tr.d; return REACT_REDRAW;
    case ACTION_COMPARE_NEXT: return ui_next_compare(ui, ls);
    case ACTION_RESEED:      ui->sqrtd_seed++; return REACT_REDRAW;
    case ACTION_SCALE_TOGGLE: ui->sqrtd_scaled = !ui->sqrtd_scaled; return REACT_REDRAW;
    case ACTION_D_UP:
        ui->sqrtd_index = ui_clamp_step(ui->sqrtd_index, +1, SQRTD_D_COUNT);
        return REACT_REDRAW;
    case ACTION_D_DOWN:
        ui->sqrtd_index = ui_clamp_step(ui->sqrtd_index, -1, SQRTD_D_COUNT);
        return REACT_REDRAW;
    case ACTION_CONTEXT_UP:
        ui->context_index = ui_clamp_step(ui->context_index, +1, REALMODEL_CONTEXT_COUNT);
        return REACT_REDRAW;
    case ACTION_CONTEXT_DOWN:
        ui->context_index = ui_clamp_step(ui->context_index, -1, REALMODEL_CONTEXT_COUNT);
        return REACT_REDRAW;
    case ACTION_EDIT:
        input_open(&ui->input, ls->model, ls->params.sentence);
        return REACT_REDRAW;
    case ACTION_SENTENCE_NEXT: return ui_other_sentence(ui);
    case ACTION_MASK:
        ui->want.config.mask = ui->want.config.mask == MASK_CAUSAL ? MASK_NONE : MASK_CAUSAL;
        return REACT_REDRAW | REACT_RECOMPUTE;
    case ACTION_HEADS:       return ui_next_heads(ui);
    case ACTION_TROUBLE_NEXT: return ui_step_trouble(ui, +1);
    case ACTION_TROUBLE_PREV: return ui_step_trouble(ui, -1);
    case ACTION_CLICK:       /* the caller turns a click into what it hit */
    case ACTION_NONE:
    case ACTION_COUNT:
        break;
    }
    return REACT_NONE;
}

int ui_apply(Ui *ui, Player *p, const Lesson *ls, Action a, int arg, long long now)
{
    ui->note = NOTE_NONE;   /* a note lasts until the next action */
    const ViewOps *v = view_ops(ui->view);
    if (!ui->help && v->act) {
        int react = v->act(ui, p, ls, a, arg, now);
        if (react >= 0)
            return react;
    }
    return ui_apply_global(ui, p, ls, a, arg, now);
}
