/* export.h — --export: the lesson's numbers for one sentence as a program that runs
 * elsewhere, recomputes the five lines and checks attn-tui's own results against them
 * (a Python script with NumPy, and PyTorch where it is installed).
 * Owns: the export formats and writing a script to a stream. Must not touch: the
 * terminal, the arithmetic (the engine computes; this only writes what a Trace holds). */
#ifndef ATTN_EXPORT_H
#define ATTN_EXPORT_H

#include <stddef.h>
#include <stdio.h>
#include "engine.h"
#include "model.h"
#include "train.h"

/* What --export writes. */
typedef enum {
    EXPORT_PYTHON = 0,   /* a self-contained Python 3 script (NumPy; PyTorch optional) */
    EXPORT_PYTHON_TRAIN, /* a script that redoes training's first steps with PyTorch's
                            autograd and Adam and checks the weights (export_train_write) */
    EXPORT_FORMAT_COUNT
} ExportFormat;

/* The Adam steps --export python-train redoes unless --steps says. */
#define EXPORT_TRAIN_STEPS 10

/* How close the script asks the recomputed numbers to come to attn-tui's. */
#define EXPORT_TOLERANCE 1e-9

/* The format named name ("python"), or -1. */
int export_format_from_name(const char *name);

/* The name of format f ("python"). */
const char *export_format_name(ExportFormat f);

/* The format names for messages, in lang: "python or python-train". */
const char *export_format_names(Lang lang);

/* The forward passes a script checks, all over one sentence of one model. */
typedef struct {
    const Trace *plain;      /* lesson 6: no mask, one head */
    const Trace *causal;     /* lesson 7's causal mask, one head */
    const Trace *two_heads;  /* two heads of width d/2, no mask; NULL when d is odd (the
                                script then says it skipped that case) */
    const Trace *readout;    /* for a model with a readout: the pass with its [heads] (plain or
                                two_heads) whose logits and probabilities are checked; or NULL */
    Lang lang;               /* the language the script speaks (LANG = "zh": every message
                                Chinese, the checks' formulas as they are) */
} ExportPasses;

/* The Python script: the sentence, x, Wq, Wk, Wv and attn-tui's Q, K, V, scores, shares
 * and outputs of every pass as literals at full precision (%.17g); it recomputes them with
 * NumPy, prints one check per line ("Q ok  max |diff| 0e+00"), runs PyTorch's
 * F.scaled_dot_product_attention and nn.MultiheadAttention when it can import torch, and
 * exits 0 when every check holds to EXPORT_TOLERANCE, 1 otherwise (2 without NumPy). */
void export_python(FILE *out, const ExportPasses *passes);

/* Runs the three passes of model m over sentence (engine_forward_with) and writes format
 * f to out, flushed. Returns 0, or -1 with one line in err: the pass that failed and why,
 * or "cannot write to standard output: <reason>" (out named by out_name), in lang. */
int export_write(FILE *out, const char *out_name, ExportFormat f, const Model *m,
                 const char *sentence, Lang lang, char *err, size_t errlen);

/* The training script: the task's sentences, the starting weights of a run of cfg from
 * start (NULL: the seeded ones), and attn-tui's loss after each of `steps` Adam steps and its
 * weights after the last. The script recomputes the first loss with NumPy; where PyTorch is
 * installed it redoes the steps with autograd and torch.optim.Adam and checks every weight
 * to EXPORT_TOLERANCE; without PyTorch it says the training check was skipped. Exits 0 when
 * every check holds, 1 otherwise, 2 without NumPy. Returns 0, or -1 with one line in err
 * (in cfg->lang). */
int export_train_write(FILE *out, const char *out_name, const TrainConfig *cfg, const Model *start,
                       int steps, char *err, size_t errlen);

#endif
