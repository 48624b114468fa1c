/* history.h — the learner's practice history, kept across sessions in
 * $XDG_STATE_HOME/attn-tui/history (else ~/.local/state/attn-tui/history): for each
 * question kind a Leitner box and when it is due, and the concept checks taken.
 *
 * The schedule (a simple Leitner system): a session is a run that answered at least one
 * question. Boxes 1 to 5, every kind starting in box 1; a kind in box n is due 2^(n−1)
 * sessions after it was last answered (box 1: the next session, box 5: sixteen sessions
 * on). A wrong answer (a right second try, or one revealed, counts as wrong) puts the kind
 * in box 1; a right one moves it up a box. Due kinds are asked first, the lowest box first,
 * then in the sequence's order.
 *
 * The file is text, one record a line, integers only (no locale can change it):
 *   attn-tui history 1
 *   sessions N
 *   kind NAME box B due S asked A right R
 *   check SCORE MAX TIME
 * It is written whole to a temporary file beside it, flushed to the disk and renamed into
 * place (outfile.h): a reader sees the old file or the new one, never half of one. A file
 * that does not read is moved aside (history.damaged-N) and said, never lost.
 * Owns: the History type, the schedule, the format, loading and saving. Must not touch:
 * the terminal, drawing, any global state. */
#ifndef ATTN_HISTORY_H
#define ATTN_HISTORY_H

#include <stdbool.h>
#include <stddef.h>
#include "lang.h"
#include "quiz.h"

#define HISTORY_BOXES 5          /* Leitner boxes 1..5 */
#define HISTORY_CHECKS 16        /* concept checks kept: the first, and the latest ones */
#define HISTORY_PATH_BYTES 4096
#define HISTORY_MAX_BYTES 65536  /* a longer file is not a history (set aside) */

/* One question kind's place in the schedule. */
typedef struct {
    int box;      /* 1..HISTORY_BOXES, or 0: never answered */
    int due;      /* the session number from which it is asked first again */
    int asked;    /* answers given (or revealed), all sessions */
    int right;    /* of them right at the first try */
} HistoryKind;

/* A concept check taken. */
typedef struct {
    int score;         /* questions answered right */
    int max;           /* questions asked */
    long long when;    /* seconds since the epoch */
} HistoryCheck;

typedef struct {
    int sessions;                        /* sessions that answered at least one question */
    HistoryKind kinds[QUIZ_KIND_COUNT];  /* by QuizKind */
    int n_checks;                        /* checks kept */
    HistoryCheck checks[HISTORY_CHECKS]; /* the first ever, then the latest, oldest first */
} History;

/* An empty history. */
void history_init(History *h);

/* The kinds due in session `session` (a number from 1), lowest box first, then in the
 * sequence's order, into due; returns how many. A kind never answered is not due. */
int history_due(const History *h, int session, QuizKind due[QUIZ_KIND_COUNT]);

/* Counts an answer of kind in session `session`: right at the first try moves it up a box,
 * anything else (wrong, a right second try, revealed) to box 1; due again 2^(box−1)
 * sessions on. */
void history_answer(History *h, QuizKind kind, bool right_first, int session);

/* Keeps a concept check: the first one always (the "before"), then the latest. */
void history_check(History *h, int score, int max, long long when);

/* The normalized gain (after − before) / (max − before) of the first and the latest check
 * into *gain; false when there are not two checks, or before is already max ("n/a"). */
bool history_gain(const History *h, double *gain);

/* Reads len bytes of history text into *h. Returns 0, or -1 with one line in err (in lang)
 * naming the first line that does not read. */
int history_parse(const char *text, size_t len, History *h, Lang lang, char *err, size_t errlen);

/* Writes h as text into buf (cap bytes). Returns the bytes written, or 0 when it does not fit. */
size_t history_format(const History *h, char *buf, size_t cap);

/* The history file's path: $XDG_STATE_HOME/attn-tui/history when XDG_STATE_HOME is an
 * absolute path, else ~/.local/state/attn-tui/history. Returns 0, or -1 (no home). */
int history_path(char *buf, size_t cap);

/* What loading said. */
typedef enum {
    HISTORY_LOADED = 0,   /* read (or none yet: an empty history) */
    HISTORY_SET_ASIDE,    /* it did not read: moved aside, said in note; an empty history */
    HISTORY_UNREADABLE    /* it could not be read or moved (said in note); an empty history,
                             and nothing will be written over it */
} HistoryLoad;

/* Loads the history at path into *h; a file that does not read is moved aside to
 * path.damaged-N (the first free N, beside it) and note says so in one short line (lang:
 * "practice history damaged: moved to history.damaged-1"); an unfinished
 * write (path.XXXXXX, a temporary file a killed run left) is removed, and said. */
HistoryLoad history_load(const char *path, History *h, Lang lang, char *note, size_t cap);

/* Writes h to path atomically (its directories made, 0700): a temporary file beside it,
 * flushed to the disk, renamed into place. Returns 0, or -1 with one line in err. */
int history_save(const char *path, const History *h, Lang lang, char *err, size_t errlen);

#endif
