/* dump.h — the non-interactive view: every table of a forward pass, as text or JSON.
 * Owns: writing a Trace to a stream for reading (aligned, CJK-aware) or for tools.
 * Must not touch: the terminal's screen (plain stdio only), the engine's arithmetic. */
#ifndef ATTN_DUMP_H
#define ATTN_DUMP_H

#include <stdio.h>
#include "engine.h"

/* Every table, aligned for reading: two decimals for vectors and scores, one for
 * percentages; for each character the V its output most resembles, with the cosine. */
void dump_text(FILE *out, const Trace *tr, const char *sentence);

/* One JSON object with every table at full precision (%.17g). */
void dump_json(FILE *out, const Trace *tr, const char *sentence);

#endif
