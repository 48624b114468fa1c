/* export_layered.h — --export python and --export python-train for a layered model: a Python
 * script holding the weights and attn-tui's own numbers that redoes the forward pass (NumPy,
 * and torch.nn modules named as nanoGPT's), or a few AdamW steps (autograd and
 * torch.optim.AdamW), and checks every number to EXPORT_TOLERANCE.
 * Owns: writing those scripts (the program itself is scripts/export/layered.py, compiled in).
 * Must not touch: the arithmetic (transformer.h and poem_train.h compute), the terminal. */
#ifndef ATTN_EXPORT_LAYERED_H
#define ATTN_EXPORT_LAYERED_H

#include <stdio.h>
#include "corpus.h"
#include "lang.h"
#include "model.h"
#include "poem_train.h"

/* The forward check of model m over the line ids[0..T) (text: its characters, for the script's
 * messages; lang: the language the script speaks). Returns 0, or -1 out of memory. Write
 * errors show in ferror(out). */
int export_layered_python(FILE *out, const Model *m, const int *ids, int T, const char *text, Lang lang);

/* The training check: runs `steps` steps of run r (which has taken none), recording each step's
 * windows, learning rate and loss, and writes the script with the weights before the first step
 * and after the last. Returns 0, or -1 out of memory. */
int export_layered_train(FILE *out, PoemTrainRun *r, int steps, Lang lang);

#endif
