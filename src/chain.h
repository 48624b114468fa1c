/* chain.h — the one panel "where does this number come from": the chosen number's
 * chain back to the word vectors and fingerprints, each link with its numbers and operation,
 * drawn over the bottom of any view's body; and the chosen number of a screen that steps
 * through the four stages.
 * Owns: the panel's lines and box. Must not touch: ncurses, the clock, the arithmetic (every
 * number is origin.h's, read from the Trace). */
#ifndef ATTN_CHAIN_H
#define ATTN_CHAIN_H

#include <stdbool.h>
#include "draw.h"
#include "origin.h"
#include "view.h"

#define CHAIN_MAX_LINES (ORIGIN_MAX_LINKS + 3)   /* a line per link, the given ones on one,
                                                    LN₁'s hand check on two */
#define CHAIN_LINE_BYTES 512                     /* one line's UTF-8 */

/* The panel's text: a title and one line per link. */
typedef struct {
    char title[CHAIN_LINE_BYTES];                  /* "where output(等)[0] = 0.52 comes from" */
    int n;                                         /* lines */
    char line[CHAIN_MAX_LINES][CHAIN_LINE_BYTES];  /* from the number back to what is given */
} ChainText;

/* The chosen number of a screen stepping through the stages (arcs, machine, code): at ① the
 * focus's Q[dim], at ② its raw score with the worked answering character, at ③ that share,
 * at ④ its output[dim] (the shown head's, or head 1's when both are shown). */
bool chain_cell_by_stage(const void *state, const Ui *ui, const Player *p, const Lesson *ls,
                         OriginCell *cell);

/* The chain of the number view v has chosen, or false (no chosen number, or it is not in
 * the lesson). */
bool chain_of_view(const ViewCtx *c, const ViewOps *v, OriginChain *out);

/* The panel's lines for chain ch, each at most `cols` columns (numbers cut with "…"); with
 * brief, the given links (Wq, Wk, Wv, word vectors, fingerprints) share one line. */
void chain_text(const ViewCtx *c, const OriginChain *ch, int cols, bool brief, ChainText *out);

/* Draws the panel over the bottom of c->body (as many links as fit) when ui->origin is set
 * and v has a chosen number. */
void chain_panel_draw(const ViewCtx *c, const ViewOps *v);

#endif
