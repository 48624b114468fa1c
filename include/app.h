/* app.h — the interactive program: the main loop joining player, UI state, frame and term;
 * and the start state the command line describes (shared with --print).
 * Owns: the loop (wait for a key or the next animation frame, apply, redraw).
 * Must not touch: ncurses directly (only through term.h), parsing, the engine's arithmetic. */
#ifndef ATTN_APP_H
#define ATTN_APP_H

#include "cli.h"
#include "lesson.h"
#include "player.h"
#include "record.h"
#include "term.h"
#include "ui.h"

/* The player and UI state the options ask for, over the lesson ls (ui_free frees the
 * UI's). Returns 0, or -1 when out of memory (the UI then has no views' states). */
int app_start_state(const Options *o, const Lesson *ls, long long now_ms, Player *p, Ui *ui);

/* Runs the lesson full screen on *ls over model m (ls's; what-if changes it, and undoes
 * nothing on leaving; NULL: no what-if) with the options o
 * (o->lang already resolved); set (may be NULL) holds the --set changes made to m before
 * (every screen says so). notice, when not NULL, is shown once in the
 * status line (e.g. "no UTF-8 locale: drawing ASCII"). The lesson may be rebuilt (a new
 * sentence, mask, heads) or play another model (L, the train screen's P); the caller frees
 * it. Returns the process exit status. */
int app_run(const Options *o, Model *m, Lesson *ls, const EditLog *set, const char *notice);

/* ---- The loop's steps without a terminal, for the UI fuzz target and tests: the same
 * key handling, drawing and recording as app_run, with the size and the clock passed in. */
typedef struct AppSession AppSession;

/* A session in the start state the options describe (o->lang resolved), over *ls (kept
 * alive by the caller). Returns NULL when out of memory. */
AppSession *app_session_new(const Options *o, Lesson *ls, long long now_ms);

/* Records every frame drawn from now on into r (started by the caller); path names it in
 * the status line's message when a write fails. */
void app_session_record(AppSession *s, Recorder *r, const char *path);

/* Lets S write its picture where the input line names it (a session writes no file unless
 * asked: the fuzz target's S and Enter end in "this session writes no files"). */
void app_session_write_pictures(AppSession *s);

/* Lets what-if change m (the lesson's model; a session has none: no what-if) with set (may
 * be NULL) the --set changes made to it before. */
void app_session_model(AppSession *s, Model *m, const EditLog *set);

/* Applies one key, click (ev->x, ev->y) or resize as the loop does. Returns REACT_* flags. */
int app_session_key(AppSession *s, const TermEvent *ev, long long now_ms);

/* Lets the player tick to now_ms, draws a w × h frame (recorded). Returns 0, or -1 when
 * out of memory. */
int app_session_frame(AppSession *s, int w, int h, long long now_ms);

/* The frame last drawn. */
const Grid *app_session_grid(const AppSession *s);

/* The errno of the write that stopped the recording, or 0. */
int app_session_record_error(const AppSession *s);

void app_session_free(AppSession *s);

#endif
