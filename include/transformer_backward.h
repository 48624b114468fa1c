/* transformer_backward.h — the gradient of a layered model's loss over one line, by hand, in
 * double precision: the backward pass of every step of transformer.h's forward pass, and one
 * AdamW step as PyTorch defines it.
 * Owns: the backward arithmetic and its scratch memory. Must not touch: batches, threads,
 * files, the terminal, any global state (poem_train.h drives it).
 *
 * The loss of a line is Σ_t weight · (−log probs[t][target[t]]) over the rows with a target
 * (cross-entropy; a batch's mean has weight = 1 / the characters it predicts). Its gradient is
 * added (+=) into a Model-shaped view of a gradient block laid out as model_layout, tensor for
 * tensor, so that lines add up in the order they are given. */
#ifndef ATTN_TRANSFORMER_BACKWARD_H
#define ATTN_TRANSFORMER_BACKWARD_H

#include "model.h"
#include "transformer.h"

/* Gradients flowing back through one line: T × width arrays reused layer after layer. */
typedef struct {
    int cap, d, mlp, vocab;   /* the trace's rows and widths */
    double *dlogits;          /* cap × vocab */
    double *dtop;             /* cap × d: ∂loss/∂ the current block's output */
    double *dresid;           /* cap × d: ∂loss/∂ resid */
    double *dheads;           /* cap × d: ∂loss/∂ the heads' concat */
    double *dq, *dk, *dv;     /* cap × d each */
    double *dln;              /* cap × d: ∂loss/∂ an LN's output */
    double *dact;             /* cap × m: ∂loss/∂ the MLP's activation, then its pre-activation */
    double *drow;             /* cap: one asking row's ∂loss/∂shares, then ∂loss/∂scores */
    double *block;            /* the one allocation */
} TransformerGrad;

/* Allocates the scratch for traces of model m. Returns 0, or -1 out of memory. */
int transformer_grad_init(TransformerGrad *g, const Model *m);

/* Releases it; safe on a zeroed or freed one. */
void transformer_grad_free(TransformerGrad *g);

/* Adds weight · ∂(Σ_t −log probs[t][targets[t]])/∂θ into grad (a view made by model_layout over
 * a gradient block, shaped as tr's model) for the rows t < tr->T whose target is ≥ 0, and returns
 * that sum of −log probabilities (unweighted). tr holds the forward pass of the line. */
double transformer_backward(const TransformerTrace *tr, const int *targets, double weight,
                            TransformerGrad *g, Model *grad);

/* AdamW as torch.optim.AdamW (single-tensor path, amsgrad off): for each of n parameters,
 *   p ← p · (1 − lr · decay);  m ← m · β1 + (1 − β1) · g;  v ← v · β2 + (1 − β2) · g · g;
 *   p ← p − (lr / (1 − β1^step)) · m / (√v / √(1 − β2^step) + ε)
 * step counts from 1. */
typedef struct {
    double lr;            /* this step's learning rate */
    double beta1, beta2;  /* 0.9, 0.999 */
    double eps;           /* 1e-8 */
    double decay;         /* weight decay (decoupled) */
    int step;             /* 1 for the first step */
} AdamWStep;

void transformer_adamw(double *p, const double *g, double *m, double *v, size_t n, const AdamWStep *s);

#endif
