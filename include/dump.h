/* dump.h — the non-interactive view: every table of a forward pass, as text or JSON,
 * and the model itself in the model-file format.
 * Owns: writing a Trace or a Model to a stream for reading (aligned, CJK-aware, English
 * or Chinese) or for tools; reporting a failed write.
 * Must not touch: the terminal's screen (plain stdio only), the engine's arithmetic. */
#ifndef ATTN_DUMP_H
#define ATTN_DUMP_H

#include <stdbool.h>
#include <stdio.h>
#include "engine.h"

/* What --dump writes. */
typedef enum {
    DUMP_TEXT = 0,   /* aligned tables for people */
    DUMP_JSON,       /* one JSON object at full precision */
    DUMP_MODEL       /* the model in the model-file format (docs/model-format.md) */
} DumpFormat;

typedef struct {
    DumpFormat format;   /* which of the three */
    bool zh;             /* text headings in Chinese (the lesson's words) */
} DumpOptions;

/* Every table, aligned for reading: two decimals for vectors and scores, one for
 * percentages; for each character the V its output most resembles, with the cosine.
 * Headings in English, or in Chinese when zh. Columns widen for wide numbers. */
void dump_text(FILE *out, const Trace *tr, const char *sentence, bool zh);

/* One JSON object with every table at full precision (%.17g), and "most_like_v":
 * for each character the index, character and cosine of the V its output most
 * resembles. */
void dump_json(FILE *out, const Trace *tr, const char *sentence);

/* The model m in the model-file format, with sentence as its [sentence]; every
 * number in the shortest form that reads back exactly, so parsing the text gives
 * the same model. */
void dump_model(FILE *out, const Model *m, const char *sentence);

/* Writes what o asks for to out and flushes it. Returns 0, or the errno of the
 * failed write (ENOSPC for a full disk, EBADF for a closed descriptor, EPIPE, EFBIG …)
 * so that the caller can say what failed. */
int dump_write(FILE *out, const Trace *tr, const char *sentence, const DumpOptions *o);

#endif
