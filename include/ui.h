/* ui.h — what every screen shares around the player: which view, help, numbers, the hand
 * checks' worked character and dimension, the lesson asked for, the input line, a one-line
 * message; and applying actions: a view's own to its state (view.h), the shared ones here.
 * Owns: the shared UI state (beside the player's stage/focus/clock, not inside it), the
 * views' states (each made the first time its view is shown or a request targets it), key
 * lookup (the open help first, then the view's bindings, then the global ones), what each
 * shared action does, and carrying out what views, the tour and predict ask (request.h):
 * the only writer of the UI state. Must not touch: ncurses, the clock (time is passed in),
 * drawing, any particular view (ui.c names none). */
#ifndef ATTN_UI_H
#define ATTN_UI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "actions.h"
#include "edit.h"
#include "history.h"
#include "inplay.h"
#include "input.h"
#include "lesson.h"
#include "player.h"
#include "predict.h"
#include "request.h"
#include "theme.h"
#include "tour.h"
#include "view_list.h"

typedef struct Ui {
    ViewId view;                    /* the view shown */
    bool help;                      /* the help overlay is open (modal) */
    int help_top;                   /* first help line shown when the help scrolls */
    bool numbers;                   /* values shown (false: only pictures and words) */
    Theme theme;                    /* the colours (b cycles them live): the term layer, the
                                       recording and --print read it; frames never do */
    LessonParams want;              /* what the lesson is to be computed with: sentence, its
                                       comparison, mask, heads (REACT_RECOMPUTE applies it) */
    int head;                       /* with two heads, the one shown: 0, 1, or -1 for both;
                                       a layered model: the chosen head of the chosen layer
                                       (0 .. heads−1, never −1) */
    int layer;                      /* a layered model: the chosen layer (0-based), the one
                                       the lesson presents as its pass (want.layer follows
                                       it); 0 on the lesson's model */
    int answer;                     /* the answering character worked in hand checks and
                                       the matrix cursor's column; -1: the row's largest */
    int dim;                        /* the dimension worked in hand checks (0..d-1) */
    struct ViewStates *views;       /* the views' own states (view.h): each made the first
                                       time its view is shown or a request targets it, over
                                       the lesson then; freed by ui_free. NULL: none (a Ui
                                       made by hand, or out of memory: frames draw a fresh
                                       state) */
    unsigned long long seed;        /* --seed: the practice questions' sequence (quiz.h), the
                                       same on every screen that asks (and on --worksheet) */
    bool origin;                    /* the chain panel "where does this number come from" is
                                       open. Cross-screen: it stays open from screen to screen,
                                       each view with a chosen number (ViewOps.chosen) shows
                                       that number's chain in it */
    EditAsk what_if;                /* what-if: a change of the model a screen asked for;
                                       REACT_RECOMPUTE carries it out (app.c), then NONE.
                                       Cross-screen: every screen shows the changed lesson */
    Edit what_if_edit;              /* the change asked for (EDIT_ASK_SET) */
    int edits;                      /* what-if changes of the model in effect (the app's
                                       log; u undoes the newest) */
    EditMarks marks;                /* what the changes in effect (--set's and what-if's) come
                                       to, each number once: the line every screen shows */
    ModelInPlay play;               /* the model every screen plays, for the title */
    bool lesson_model;              /* L asked for the lesson's model (or the one before it):
                                       REACT_RECOMPUTE has app.c swap them */
    InputLine input;                /* the line where a sentence (e) or a file name (S's
                                       picture, the train screen's model) is typed, modal
                                       when open */
    Model *model_next;              /* a model the lesson is to play from now on (a trained
                                       one, heap-allocated): REACT_RECOMPUTE hands it to
                                       lesson_adopt; owned here until then; NULL: none */
    ModelInPlay model_next_play;    /* what model_next is (the title's words) */
    Model *model_save;              /* the trained model the train screen's w keeps to write
                                       (heap-allocated, owned here) once the input line names
                                       its file (REACT_SAVE: app.c writes it); NULL: none */
    UiNote note;                    /* a one-line note for the status bar, until the next key */
    double note_value;              /* the number the note names */
    char note_text[UI_NOTE_BYTES];  /* the text of NOTE_TEXT */
    Tour tour;                      /* the guided tour (tour.h): cross-screen state, so it
                                       lives here; its stops and captions are src/tour.c's */
    Predict predict;                /* predict, then reveal (predict.h): the question shown,
                                       its answer, the tally; cross-screen state too */
    History history;                /* the practice history (history.h) as loaded, and as
                                       answered since; app.c reads and writes the file */
    bool history_kept;              /* it is written back (not --no-history, and it read) */
    bool history_dirty;             /* changed since written: app.c writes it */
    int session;                    /* this run's session number (history.sessions + 1 at
                                       the start) */
    bool session_counted;           /* this run answered a question: it is a session */
    int checks_done;                /* concept checks finished in this run (--check prints the
                                       result on leaving) */
    int n_due;                      /* kinds practice asks first this session (fixed at the
                                       start; none with --seed or --no-history) */
    QuizKind due[QUIZ_KIND_COUNT];  /* them, lowest Leitner box first */
} Ui;

/* A fresh UI state on view: numbers shown, no help, cursors at their start, the lesson
 * asked for as ls was built (ls may be NULL: lesson 6 on no sentence), and view's own state
 * made over ls (the other views' states are made when they are first shown). Returns 0, or
 * -1 when out of memory (ui->views is then NULL, which still works: frames draw a fresh
 * state and views take no actions of their own). */
int ui_init(Ui *ui, ViewId view);
int ui_init_for(Ui *ui, ViewId view, const Lesson *ls);

/* Frees what ui_init made (the views' states, the models kept); the Ui may be initialised
 * again. */
void ui_free(Ui *ui);

/* Opens view: its track becomes the player's; its state is made over ls (may be NULL) the
 * first time. */
void ui_set_view(Ui *ui, Player *p, const Lesson *ls, ViewId view);

/* The view whose name is name, or -1 (view_from_name). */
int ui_view_from_name(const char *name);

/* The binding key has now: in the open help only help's keys count; else the view's
 * own bindings, then the global ones. NULL for a key that means nothing here. */
const KeyBinding *ui_binding(const Ui *ui, int key);

/* Applies an action at time now (clicks arrive already turned into the action they
 * hit): the shown view's act first, then the shared meaning; what either asks is carried
 * out. Returns REACT_* flags. */
int ui_apply(Ui *ui, Player *p, const Lesson *ls, Action a, int arg, long long now);

/* Carries out what rq asks (request.h), in the order of its bits, and empties it (the
 * models it held are the UI's or freed). Returns REACT_* flags: REACT_RECOMPUTE when the
 * lesson or the model is to change. */
int ui_carry_out(Ui *ui, Player *p, const Lesson *ls, Request *rq, long long now);

/* A key while the input line is open (it takes every key). Returns REACT_* flags;
 * REACT_RECOMPUTE when Enter ran a sentence (ui->want.sentence), REACT_SAVE when Enter named
 * a file (ui->input.text; ui->input.file: what goes there, S's picture or ui->model_save;
 * ui->input.replace: over the file there). */
int ui_input(Ui *ui, const Lesson *ls, int key);

/* True when the shown view captures raw keys now (its modal(), help closed). */
bool ui_view_modal(const Ui *ui);

/* A raw key for the shown view while it is modal: REACT_* flags, or -1 when the view lets
 * the key's binding apply. */
int ui_view_key(Ui *ui, Player *p, const Lesson *ls, int key, long long now);

/* Advances the shown view if it moves on its own and is due: REACT_* flags. */
int ui_tick(Ui *ui, Player *p, const Lesson *ls, long long now);

/* Milliseconds until the shown view's next tick, or VIEW_TICK_NEVER (-1). */
long long ui_next_tick(const Ui *ui, long long now);

/* Puts view's cursor on (row, col) (view.h's set_cursor): REACT_* flags, or -1 when the
 * view has no cursor. The view need not be the one shown (its state is made if need be). */
int ui_set_cursor(Ui *ui, Player *p, const Lesson *ls, ViewId view, int row, int col,
                  long long now);

/* Autoplay with predict on (no tour): asks before the step due at now when it lands on ③
 * (predict_before_step). True when it asked (a redraw is due); call before player_tick. */
bool ui_before_step(Ui *ui, Player *p, const Lesson *ls, long long now);

/* Says which model plays and what is changed in it: the --set changes (set, may be NULL)
 * and what-if's (what_if, may be NULL): ui->play, ui->edits and ui->marks. */
void ui_model_in_play(Ui *ui, const ModelInPlay *play, const EditLog *set, const EditLog *what_if);

/* Takes h as the practice history this run starts from (kept: written back; order: the
 * due kinds are asked first, else the seeded sequence alone). */
void ui_history_start(Ui *ui, const History *h, bool kept, bool order);

/* The head a screen showing one head shows of tr: ui->head when it is one of tr's heads
 * (a layered model's chosen head, or lesson 7's second), else the first. Inline: views read
 * the UI state, they never call into ui.c (scripts/layers.sh). */
static inline int ui_head_shown(const Ui *ui, const Trace *tr)
{
    return ui && ui->head > 0 && ui->head < tr->heads ? ui->head : 0;
}

/* Tells every made view state that the lesson was rebuilt (ViewOps.lesson_changed). */
void ui_lesson_changed(Ui *ui, const Lesson *ls);

/* Sets the one-line note of the status bar (the app's own notes; a view asks for one). */
void ui_note(Ui *ui, UiNote note, double value);
void ui_note_text(Ui *ui, const char *text);
/* Puts m (heap-allocated, or NULL) in *slot (ui->model_next, ui->model_save), freeing the
 * model that was there. */
void ui_keep_model(Model **slot, Model *m);

/* Sets a note that names text (kept in note_text), e.g. NOTE_SAVED and the path. */
void ui_note_naming(Ui *ui, UiNote note, const char *text);

#endif
