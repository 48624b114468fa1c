/* ui.h — what the screen shows around the player: which view, help, numbers, each view's
 * cursor, a one-line message; and applying actions to it and to the player.
 * Owns: the UI state (beside the player's stage/focus/clock, not inside it), key lookup
 * (the open help first, then the view's bindings, then the global ones), and what each
 * global action does. Must not touch: ncurses, the clock (time is passed in), drawing. */
#ifndef ATTN_UI_H
#define ATTN_UI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "actions.h"
#include "input.h"
#include "lesson.h"
#include "player.h"

/* Every view, in the view bar's order (the lesson's). X(ID, name): the name is --view's
 * and its ViewOps object is view_<name> (view.h). */
#define VIEW_LIST(X)        \
    X(ALL, all)               \
    X(LIBRARY, library)       \
    X(SIMILARITY, similarity) \
    X(ARCS, arcs)             \
    X(MATRIX, matrix)         \
    X(SQRTD, sqrtd)           \
    X(MACHINE, machine)       \
    X(CODE, code)             \
    X(SCALE, scale)           \
    X(SUMMARY, summary)

typedef enum {
#define VIEW_ENUM(id, name) VIEW_##id,
    VIEW_LIST(VIEW_ENUM)
#undef VIEW_ENUM
    VIEW_COUNT
} ViewId;

#define VIEW_DEFAULT VIEW_ARCS   /* `attn-tui` opens on the arcs */

/* The matrix view's three tables. */
typedef enum {
    MATRIX_RAW = 0,     /* Q·Kᵀ */
    MATRIX_SCALED,      /* Q·Kᵀ ÷ √d */
    MATRIX_SHARES,      /* softmax of each row */
    MATRIX_TABLE_COUNT
} MatrixTable;

/* The one-line notes the status bar can show until the next key (chrome.c words them). */
typedef enum {
    NOTE_NONE = 0,
    NOTE_AT_FIRST,     /* a step back at the first step */
    NOTE_AT_LAST,      /* a step forward at the last step */
    NOTE_SPEED,        /* the speed changed: note_value */
    NOTE_FASTEST,      /* + at the fastest speed */
    NOTE_SLOWEST,      /* - at the slowest speed */
    NOTE_NO_CHARACTER, /* a character number beyond the sentence: note_value */
    NOTE_NOTHING_PLAYS,/* Space on a screen with nothing to step */
    NOTE_TEXT          /* note_text, as it is (e.g. an engine error) */
} UiNote;

#define UI_NOTE_BYTES 256

typedef struct {
    ViewId view;                    /* the view shown */
    bool help;                      /* the help overlay is open (modal) */
    int help_top;                   /* first help line shown when the help scrolls */
    bool numbers;                   /* values shown (false: only pictures and words) */
    LessonParams want;              /* what the lesson is to be computed with: sentence, its
                                       comparison, mask, heads (REACT_RECOMPUTE applies it) */
    int head;                       /* with two heads, the one shown: 0, 1, or -1 for both */
    int answer;                     /* the answering character worked in hand checks and
                                       the matrix cursor's column; -1: the row's largest */
    int dim;                        /* the dimension worked in hand checks (0..d-1) */
    MatrixTable matrix_table;       /* which T × T table the matrix view shows */
    int sqrtd_index;                /* √d machine: index of d in sqrtd's list of widths */
    uint64_t sqrtd_seed;            /* √d machine: which random draw */
    bool sqrtd_scaled;              /* √d machine: scores divided by √d before softmax */
    int context_index;              /* scale view: index of the context length */
    int similarity_trouble;         /* similarity view: the trouble shown or lit (0..2) */
    InputLine input;                /* the line where a sentence is typed (e), modal when open */
    UiNote note;                    /* a one-line note for the status bar, until the next key */
    double note_value;              /* the number the note names */
    char note_text[UI_NOTE_BYTES];  /* the text of NOTE_TEXT */
} Ui;

/* A fresh UI state on view: numbers shown, no help, cursors at their start, the lesson
 * asked for as ls was built (ls may be NULL: lesson 6 on no sentence). */
void ui_init(Ui *ui, ViewId view);
void ui_init_for(Ui *ui, ViewId view, const Lesson *ls);

/* Opens view: its track becomes the player's. */
void ui_set_view(Ui *ui, Player *p, ViewId view);

/* The view whose name is name, or -1. */
int ui_view_from_name(const char *name);

/* The binding key has now: in the open help only help's keys count; else the view's
 * own bindings, then the global ones. NULL for a key that means nothing here. */
const KeyBinding *ui_binding(const Ui *ui, int key);

/* Applies an action at time now (clicks arrive already turned into the action they
 * hit). Returns REACT_* flags. */
int ui_apply(Ui *ui, Player *p, const Lesson *ls, Action a, int arg, long long now);

/* A key while the input line is open (it takes every key). Returns REACT_* flags;
 * REACT_RECOMPUTE when Enter ran a sentence (ui->want.sentence). */
int ui_input(Ui *ui, const Lesson *ls, int key);

/* The answering character hand checks work for asker t: ui->answer, or the row's largest. */
int ui_answer(const Ui *ui, const Lesson *ls, int t);

/* Sets the one-line note of the status bar. */
void ui_note(Ui *ui, UiNote note, double value);
void ui_note_text(Ui *ui, const char *text);

#endif
