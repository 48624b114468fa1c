/* train_cmd.h — `attn-tui --train`: training without a terminal, progress on stderr, the
 * trained model written with --save (issue 18).
 * Owns: the headless loop, its progress lines and its exit codes. Must not touch: the
 * terminal's screen (plain stdio only), the arithmetic (train.h computes). */
#ifndef ATTN_TRAIN_CMD_H
#define ATTN_TRAIN_CMD_H

#include <stdbool.h>
#include <stdio.h>
#include "cli.h"

/* Trains as o says (--task, --seed, --steps, --lr, --heads, --model) and writes the model to
 * o->save_path (never half a file; an existing one only with --overwrite). Progress goes to
 * progress: a bar redrawn in place when tty, else a plain line every 1000 steps; the last
 * line gives steps, loss, accuracy and time. Returns 0, or 1 after one line naming what
 * failed (the model, the write), or 2 for a bad value (heads the model cannot take). */
int train_cmd_run(const Options *o, FILE *progress, bool tty);

#endif
