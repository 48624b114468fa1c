/* app.h — the interactive program: the main loop joining player, scene and term.
 * Owns: the loop (wait for a key or the next animation frame, apply, redraw).
 * Must not touch: ncurses directly (only through term.h), parsing, the engine's arithmetic. */
#ifndef ATTN_APP_H
#define ATTN_APP_H

#include "cli.h"
#include "engine.h"

/* Runs the lesson full screen on trace tr with the options o (o->lang already
 * resolved to 0 or 1). notice, when not NULL, is shown once in the status line
 * (e.g. "no UTF-8 locale: drawing ASCII"). Returns the process exit status. */
int app_run(const Options *o, const Trace *tr, const char *notice);

#endif
