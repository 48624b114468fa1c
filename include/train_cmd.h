/* train_cmd.h — `attn-tui --train`: training without a terminal, progress on stderr, the
 * trained model written with --save.
 * Owns: the headless loop, its progress lines and its exit codes. Must not touch: the
 * terminal's screen (plain stdio only), the arithmetic (train.h computes). */
#ifndef ATTN_TRAIN_CMD_H
#define ATTN_TRAIN_CMD_H

#include <stdbool.h>
#include <stdio.h>
#include "cli.h"
#include "train.h"

/* Trains as o says (--task, --seed, --steps, --lr, --heads, --model) and writes the model to
 * o->save_path (never half a file; an existing one only with --overwrite). Progress goes to
 * progress: a bar redrawn in place when tty, else a plain line every 1000 steps; the last
 * line gives steps, loss, accuracy and time. Returns 0, or 1 after one line naming what
 * failed (the model, the write), or 2 for a bad value (heads the model cannot take). */
int train_cmd_run(const Options *o, FILE *progress, bool tty);

/* The training configuration o asks for (--task, --seed, --lr, --heads, else the model's
 * [heads]) starting from start (NULL: the seeded weights). Returns 0, or -1 with one line
 * in err when the model's d cannot take the heads. Also for --export python-train. */
int train_cmd_config(const Options *o, const Model *start, TrainConfig *cfg, char *err,
                     size_t errlen);

/* Writes model m to path as a model file (dump_model through outfile.h: a temporary file
 * renamed into place, never half a file; an existing file only with overwrite). --save and
 * the train screen's w (app.c, once the input line names the file) share it. Returns 0 with
 * msg saying where it went (outfile_where: the full path, escaped); 1 when a file is there
 * and overwrite is false (nothing written: the input line asks; msg says it exists); or -1
 * with one line in msg, in lang. */
int train_write_model(const Model *m, const char *path, bool overwrite, Lang lang, char *msg,
                      size_t cap);

#endif
