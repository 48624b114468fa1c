/* poem_cmd.h — the headless commands of a layered model: `--train --task poems` (progress on
 * stderr, the model written with --save), `--generate TEXT`, and what else a layered model
 * does without its screens (--dump --format model, --export python, --export python-train).
 * Owns: their loops, their progress and summary lines, the provenance written at the top of a
 * trained model, their exit codes. Must not touch: the terminal's screen (plain stdio only), the
 * arithmetic (transformer.h and poem_train.h compute). */
#ifndef ATTN_POEM_CMD_H
#define ATTN_POEM_CMD_H

#include <stdbool.h>
#include <stdio.h>
#include "cli.h"
#include "model.h"

#define POEM_CMD_LINE_EVERY 500   /* steps between two plain progress lines */
#define POEM_CMD_HELD_EVERY 200   /* steps between two held-out losses on the bar */

/* --train --task poems: reads the corpus (--corpus, else the Debian file), trains (--steps,
 * --seed, --lr; --model FILE continues a layered model), computes [head stats], the losses, the
 * baselines and the form test, and writes the model to --save (never half a file). Progress goes
 * to progress: a bar redrawn in place when tty, else a plain line every 500 steps. Returns 0; 2
 * after one line for a corpus refused or missing, or a bad start model; 1 for a failed write. */
int poem_cmd_train(const Options *o, FILE *progress, bool tty);

/* A layered model given with --model (path: what it was read from): --generate, --dump
 * --format model, --export python or python-train; anything else gets one line saying what a
 * layered model does without its screens. Output on stdout, messages on stderr. Returns the
 * exit status: 0, 1 (a failed write), 2 (a bad request: an unknown character, a text too long). */
int poem_cmd_run(const Options *o, const Model *m, const char *path);

/* --export python-train for a layered model: --steps (default EXPORT_TRAIN_STEPS) steps over the
 * corpus (--corpus, else the Debian file) from start (a layered model), or from the seeded
 * weights when start is NULL, written as a script on stdout. Returns the exit status. */
int poem_cmd_export_train(const Options *o, const Model *start);

#endif
