/* tour.h — the guided tour (issue 15): the lesson walked from its opening picture to its
 * summary, one stop per station (two where a station makes two points), each stop a screen
 * with its character, stage and cell chosen and a caption in the program's own words.
 * Owns: the stop table, the tour's state (cross-screen state, kept in Ui), applying a stop
 * (the whole state of the stop: view, its fresh state and cursor, character, stage), its
 * key bindings and its captions. Must not touch: ncurses, the clock, drawing, arithmetic
 * (captions quote the engine's numbers), any view's insides (views are set through
 * set_cursor and their own keys). */
#ifndef ATTN_TOUR_H
#define ATTN_TOUR_H

#include <stdbool.h>
#include <stddef.h>
#include "actions.h"
#include "lang.h"
#include "lesson.h"
#include "player.h"
#include "predict.h"

struct Ui;

#define TOUR_MAX_STOPS 32   /* room for the stop table */

/* The tour's state (cross-screen: lives in Ui). */
typedef struct {
    bool on;                               /* the tour runs: the caption rows show its stop */
    int stop;                              /* the stop shown, 0..tour_count()-1 */
    PredictTally tally_at[TOUR_MAX_STOPS]; /* the questions' tally on arriving at each stop
                                              (← restores it with the stop) */
    Predict verdict;                       /* the question → revealed unanswered on the way
                                              to this stop (the status note says its answer) */
} Tour;

/* How many stops the tour has. */
int tour_count(void);

/* The character the lesson follows: 等 where the sentence has it, else the first. */
int tour_asker(const Lesson *ls);

/* Starts the tour at its first stop (the opening picture). REACT_* flags. */
int tour_start(struct Ui *ui, Player *p, const Lesson *ls, long long now);

/* Shows stop n (clamped) with its whole state, as the tour does (a question stop asks its
 * question). REACT_* flags. */
int tour_goto(struct Ui *ui, Player *p, const Lesson *ls, int n, long long now);

/* The binding of key while the tour runs (→ Space ← Esc), or NULL. */
const KeyBinding *tour_binding(const Tour *t, int key);

/* The tour's key table while it runs (key 0 ends), or NULL. */
const KeyBinding *tour_keys_of(const Tour *t);

/* How the help and hints name the key of a tour action a ("" when none). */
const char *tour_key_label(Action a);

/* The status-line hints while the tour runs (ACTION_NONE ends), or NULL. */
const KeyHint *tour_hints(const Tour *t);

/* Applies a tour action (ACTION_TOUR, ACTION_TOUR_NEXT, ACTION_TOUR_PREV, ACTION_TOUR_LEAVE):
 * REACT_* flags. */
int tour_act(struct Ui *ui, Player *p, const Lesson *ls, Action a, long long now);

/* The caption of the stop shown, with the engine's figures (tok[t] writes character t;
 * Chinese names a character in 「」), and "stop n of N" in *where. */
void tour_caption(const Tour *t, const Lesson *ls, Lang lang, const char *const *tok,
                  char *buf, size_t cap, char *where, size_t where_cap);

/* The view, focus and stage a stop shows (for tests): false when n is no stop. */
bool tour_stop_screen(int n, const Lesson *ls, int *view, int *focus, int *stage);

#endif
