/* model_write.h — a layered model written in the model format (docs/model-format.md), every
 * number in the shortest text that reads back exactly: what --save, --dump --format model and
 * from-torch.py's output share, so that parsing it gives the same model, number for number.
 * Owns: the order and the comments of a layered model's file. Must not touch: parsing, the
 * arithmetic, the terminal (plain stdio only). */
#ifndef ATTN_MODEL_WRITE_H
#define ATTN_MODEL_WRITE_H

#include <stdio.h>
#include "model.h"

/* Writes layered model m (m->layers > 0) to out with sentence as its [sentence]. preamble (may
 * be NULL) is written first, each of its lines as a comment ("# " before it): what made the
 * file. Errors show in ferror(out). */
void model_write_layered(FILE *out, const Model *m, const char *sentence, const char *preamble);

#endif
