/* tour.h — the guided tour: the lesson walked from its opening picture to its summary, one
 * stop per station (two where a station makes two points), each stop a screen with its
 * character, stage and cell chosen and a caption in the program's own words.
 * Owns: the stop table, the tour's state (cross-screen state, kept in Ui), a stop's whole
 * state (view, its fresh state, cursor and preset, character, stage: the view's part asked
 * of ui.c through a request), its key bindings and its captions. Must not touch: the rest
 * of the UI state, ncurses, the clock, drawing, arithmetic (captions quote the engine's
 * numbers), any view's insides (a stop names a view's exported preset, never a key). */
#ifndef ATTN_TOUR_H
#define ATTN_TOUR_H

#include <stdbool.h>
#include <stddef.h>
#include "actions.h"
#include "lang.h"
#include "lesson.h"
#include "player.h"
#include "predict.h"
#include "request.h"

#define TOUR_MAX_STOPS 32   /* room for the stop table */

/* The tour's state (cross-screen: lives in Ui). */
typedef struct {
    bool on;                               /* the tour runs: the caption rows show its stop */
    int stop;                              /* the stop shown, 0..tour_count()-1 */
    PredictTally tally_at[TOUR_MAX_STOPS]; /* the questions' tally on arriving at each stop
                                              (← restores it with the stop) */
    Predict verdict;                       /* the question → revealed unanswered on the way
                                              to this stop (the status note says its answer) */
    char home[MODEL_SENTENCE_BYTES];       /* the sentence the tour started on */
    char other[MODEL_SENTENCE_BYTES];      /* the one it is compared with (a question asks
                                              there what no earlier stop has shown) */
} Tour;

/* How many stops the tour has. */
int tour_count(void);

/* The binding of key while the tour runs (→ Space ← Esc), or NULL. */
const KeyBinding *tour_binding(const Tour *t, int key);

/* The tour's key table while it runs (key 0 ends), or NULL. */
const KeyBinding *tour_keys_of(const Tour *t);

/* How the help and hints name the key of a tour action a ("" when none). */
const char *tour_key_label(Action a);

/* The status-line hints while the tour runs (ACTION_NONE ends), or NULL. */
const KeyHint *tour_hints(const Tour *t);

/* Applies a tour action to t (ACTION_TOUR starts the tour at its first stop, or leaves it;
 * ACTION_TOUR_NEXT, ACTION_TOUR_PREV, ACTION_TOUR_LEAVE), asking pr's questions; what a stop
 * needs of the UI state goes in c->ask. REACT_* flags. */
int tour_act(Tour *t, Predict *pr, const ViewCall *c, Action a);

/* The caption of the stop shown, with the engine's figures (tok[t] writes character t;
 * Chinese names a character in 「」), and "stop n of N" in *where. */
void tour_caption(const Tour *t, const Lesson *ls, Lang lang, const char *const *tok,
                  char *buf, size_t cap, char *where, size_t where_cap);

/* The view, focus and stage a stop shows (for tests): false when n is no stop. */
bool tour_stop_screen(int n, const Lesson *ls, int *view, int *focus, int *stage);

#endif
