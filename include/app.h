/* app.h — the interactive program: the main loop joining player, UI state, frame and term;
 * and the start state the command line describes (shared with --print).
 * Owns: the loop (wait for a key or the next animation frame, apply, redraw).
 * Must not touch: ncurses directly (only through term.h), parsing, the engine's arithmetic. */
#ifndef ATTN_APP_H
#define ATTN_APP_H

#include "cli.h"
#include "lesson.h"
#include "player.h"
#include "ui.h"

/* The player and UI state the options ask for, over the lesson ls (ui_free frees the
 * UI's). Returns 0, or -1 when out of memory (the UI then has no views' states). */
int app_start_state(const Options *o, const Lesson *ls, long long now_ms, Player *p, Ui *ui);

/* Runs the lesson full screen on *ls over model m (ls's; what-if changes it, and undoes
 * nothing on leaving; NULL: no what-if) with the options o
 * (o->lang already resolved). notice, when not NULL, is shown once in the
 * status line (e.g. "no UTF-8 locale: drawing ASCII"). The lesson may be rebuilt (a new
 * sentence, mask, heads); the caller frees it. Returns the process exit status. */
int app_run(const Options *o, Model *m, Lesson *ls, const char *notice);

#endif
