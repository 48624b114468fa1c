/* request.h — how a view, the tour and predict act: each hook is handed a ViewCall, what it
 * may read (the shared UI state read-only, the lesson, the clock) and change itself (the
 * player, its own state), and a Request, what it may ask: a note, a view to open or make
 * fresh, a cursor or a preset of a view, a change of the lesson, a model to play or to save,
 * a file name to ask for, a what-if edit. ui.c carries a request out (ui_carry_out), in the
 * order of RequestAsk; nothing else writes the UI state.
 * Owns: the Request and ViewCall types, the setters that fill a request (src/request.c) and
 * the status line's notes. Must not touch: the UI state, ncurses, the clock, drawing, any
 * particular view. To add an ask: a bit below, its fields, a setter, its case in
 * ui_carry_out (docs/views.md). */
#ifndef ATTN_REQUEST_H
#define ATTN_REQUEST_H

#include <stdbool.h>
#include "actions.h"
#include "edit.h"
#include "inplay.h"
#include "input.h"
#include "lesson.h"
#include "model.h"
#include "player.h"
#include "quiz.h"
#include "view_list.h"

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
    NOTE_TOUR_END,     /* → at the tour's last stop */
    NOTE_WELCOME,      /* the opening picture: what to press */
    NOTE_VERDICT,      /* → revealed a question on the way: tour.verdict's answer */
    NOTE_NO_ORIGIN,    /* w on a screen with no chosen number to trace */
    NOTE_UNDONE,       /* what-if: the newest change undone (note_value: how many are left) */
    NOTE_NOTHING_TO_UNDO, /* u with no what-if change in effect */
    NOTE_SET_STAYS,    /* u with only --set's changes in effect: not undone */
    NOTE_EDITS_FULL,   /* what-if: the log holds EDIT_MAX changes: u undoes them */
    NOTE_LESSON_MODEL, /* L: the lesson's model plays (note_value 1: it already did) */
    NOTE_MODEL_BACK,   /* L again: the model played before it plays again */
    NOTE_NUMBERS_NEEDED,/* n on a screen whose numbers cannot be hidden (practice) */
    NOTE_THEME,        /* b: the theme now in use (ui->theme) */
    NOTE_SAVED,        /* a file was written (S's picture, the trained model): note_text is
                          where (ui_note_naming: the full path, escaped) */
    NOTE_TEXT          /* note_text, as it is (e.g. an engine error) */
} UiNote;

#define UI_NOTE_BYTES 256

/* One bit per ask a request holds (Request.asks), in the order ui_carry_out carries them
 * out: a note first (a later ask may say more), the views, then the lesson and the model. */
typedef enum {
    REQUEST_NOTE = 1u << 0,         /* a status-line note: note, note_value, note_text */
    REQUEST_SHARED_START = 1u << 1, /* help closed, the hand checks' answer and dimension at
                                       their start (a tour stop) */
    REQUEST_ANSWER = 1u << 2,       /* the answering character the hand checks work: answer */
    REQUEST_FRESH = 1u << 3,        /* view `fresh` gets a fresh state over the lesson (its
                                       free, then its init; a tour stop) */
    REQUEST_OPEN = 1u << 4,         /* view `open` is shown: its track becomes the player's,
                                       its state is made if it has none yet */
    REQUEST_CURSOR = 1u << 5,       /* cursor.view's cursor on (cursor.row, cursor.col):
                                       its set_cursor, shown or not */
    REQUEST_PRESET = 1u << 6,       /* preset.view's own action preset.action (preset.arg)
                                       applied to its state: its act, shown or not (a tour
                                       stop names a view's exported preset, never a key) */
    REQUEST_THEN = 1u << 7,         /* a shared action applied after the asks above
                                       (predict's reveal during the tour: the tour's next) */
    REQUEST_SENTENCE = 1u << 8,     /* the lesson over lesson.sentence */
    REQUEST_COMPARE = 1u << 9,      /* station 2 compares with lesson.compare */
    REQUEST_MASK = 1u << 10,        /* the lesson with lesson.config.mask */
    REQUEST_HEADS = 1u << 11,       /* the lesson with lesson.config.heads */
    REQUEST_WHAT_IF = 1u << 12,     /* a change of the model: what_if (EDIT_ASK_SET with
                                       edit, or EDIT_ASK_UNDO); app.c carries it out */
    REQUEST_PLAY = 1u << 13,        /* play: the model every screen plays from now on */
    REQUEST_SAVE = 1u << 14,        /* save: a model kept to write once a file is named */
    REQUEST_FILE_NAME = 1u << 15,   /* the input line asks for a file name: file, file_name */
    REQUEST_PRACTICED = 1u << 16,   /* a practice question answered or revealed: the history
                                       (Leitner) counts it, app.c writes it */
    REQUEST_CHECKED = 1u << 17,     /* a concept check finished: the history keeps its score */
    REQUEST_CHOOSE_HEAD = 1u << 18  /* a layered model: the (layer, head) every screen shows:
                                       choice.layer, choice.head (a new layer rebuilds the
                                       lesson's presented pass); ignored on the lesson's model */
} RequestAsk;

/* A view and a place or an action in it: what a cursor or a preset ask names. */
typedef struct {
    ViewId view;  /* the view */
    int row;      /* REQUEST_CURSOR: the row (what it means is the view's) */
    int col;      /* REQUEST_CURSOR: the column */
    Action action;/* REQUEST_PRESET: the view's own action */
    int arg;      /* REQUEST_PRESET: its argument */
} RequestTarget;

/* What a hook asks of ui.c: zeroed is nothing asked. Fill it with the setters below (each
 * sets its bit); the fields of an ask whose bit is clear mean nothing. */
typedef struct {
    unsigned asks;                  /* the RequestAsk bits set */
    UiNote note;                    /* REQUEST_NOTE */
    double note_value;              /* the number it names */
    char note_text[UI_NOTE_BYTES];  /* NOTE_TEXT's and NOTE_SAVED's text */
    int answer;                     /* REQUEST_ANSWER: a character, or -1 (the row's largest) */
    ViewId fresh;                   /* REQUEST_FRESH: the view */
    ViewId open;                    /* REQUEST_OPEN: the view */
    RequestTarget cursor;           /* REQUEST_CURSOR */
    RequestTarget preset;           /* REQUEST_PRESET */
    Action then;                    /* REQUEST_THEN: the shared action */
    int then_arg;                   /* its argument */
    LessonParams lesson;            /* REQUEST_SENTENCE, _COMPARE, _MASK, _HEADS: the parts
                                       their bits name */
    EditAsk what_if;                /* REQUEST_WHAT_IF */
    Edit edit;                      /* the change, for EDIT_ASK_SET */
    Model *play;                    /* REQUEST_PLAY: heap-allocated, the request's until
                                       carried out (request_drop frees it) */
    ModelInPlay play_as;            /* what it is (the title's words) */
    Model *save;                    /* REQUEST_SAVE: likewise */
    InputFile file;                 /* REQUEST_FILE_NAME: what the file is for */
    char file_name[INPUT_BYTES];    /* the name offered */
    QuizKind practiced;             /* REQUEST_PRACTICED: the kind answered */
    bool right_first;               /* right at the first try (else wrong, 2nd try, revealed) */
    int check_score;                /* REQUEST_CHECKED: questions right */
    int check_max;                  /* questions asked */
    struct {
        int layer;                  /* REQUEST_CHOOSE_HEAD: the layer, 0-based */
        int head;                   /* the head in it, 0-based */
    } choice;
} Request;

struct Ui;

/* What a hook of a view (view.h: act, key, tick, set_cursor), of the tour or of predict is
 * handed. */
typedef struct ViewCall {
    const struct Ui *ui;   /* the shared UI state, read-only (ui.h) */
    Player *p;             /* the player: a hook may step it, set focus and stage */
    const Lesson *ls;      /* the lesson in play */
    long long now;         /* the clock, ms (passed in: no hook reads a clock) */
    Request *ask;          /* what the hook asks: empty when it is called */
} ViewCall;

/* ---------------------------------------------------------------- the setters */

/* A note (NOTE_TEXT: request_note_text). */
void request_note(Request *rq, UiNote note, double value);
/* A note of text as it is (cut at a character when longer than the note holds). */
void request_note_text(Request *rq, const char *text);
/* The help closed, the hand checks' cursors at their start. */
void request_shared_start(Request *rq);
/* The answering character of the hand checks (-1: the row's largest). */
void request_answer(Request *rq, int answer);
/* View view's state made fresh over the lesson. */
void request_fresh(Request *rq, ViewId view);
/* View view shown. */
void request_open(Request *rq, ViewId view);
/* View view's cursor on (row, col). */
void request_cursor(Request *rq, ViewId view, int row, int col);
/* View view's own action applied to its state (an exported preset of the view). */
void request_preset(Request *rq, ViewId view, Action action, int arg);
/* The shared action a (with arg) applied after the rest. */
void request_then(Request *rq, Action a, int arg);
/* The lesson over sentence; the comparison sentence; the mask; the heads. */
void request_sentence(Request *rq, const char *sentence);
void request_compare(Request *rq, const char *sentence);
void request_mask(Request *rq, Mask mask);
void request_heads(Request *rq, int heads);
/* What-if: one number set (e), or the newest change undone. */
void request_what_if(Request *rq, const Edit *e);
void request_undo(Request *rq);
/* m (heap-allocated) played on every screen from now on; kept to write once the input line
 * names a file. The request owns m from here (a model asked before is freed). */
void request_play(Request *rq, Model *m, const ModelInPlay *as);
void request_save(Request *rq, Model *m);
/* The input line opened for the name of a file of kind file, holding name. */
void request_file_name(Request *rq, InputFile file, const char *name);
/* A practice question of kind answered (right_first: right at the first try) or revealed. */
void request_practiced(Request *rq, QuizKind kind, bool right_first);
/* A concept check finished with score of max right. */
void request_checked(Request *rq, int score, int max);

/* A layered model's head: (layer, head), both 0-based (clamped to the model's when carried
 * out; nothing on the lesson's model). */
void request_choose_head(Request *rq, int layer, int head);

/* Frees what a request not carried out owns (its models) and empties it. */
void request_drop(Request *rq);

#endif
