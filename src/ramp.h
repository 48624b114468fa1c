/* ramp.h — the one share → colour ramp. Every screen that colours a share or a score (the
 * arcs, all, library, matrix, machine and train screens, and any new one: a screen of small
 * attention maps too) takes a value's level, its colour and its legend from here, so one
 * share has one colour everywhere and the legend says what each colour means.
 *
 *   level   1..RAMP_LEVELS. A share: below 5 %, 5-15 %, 15-35 %, from 35 % (RAMP_CUT_*);
 *           a score or any other value: its table's range in four equal bins
 *           (ramp_range_level), or its magnitude against the table's largest.
 *   colour  ramp_style(level): STYLE_SHARE_1..4. The palette (palette.c) keeps every step at
 *           least 3:1 against the page in every theme with 256 and with 8 colours (7:1 in
 *           the contrast theme), its lightness moving one way away from the page, also as a
 *           deuteranope sees it (tests/unit/test_palette.c measures all of it).
 *   glyph   c->gl->shades[level] (░ ▒ ▓ █; ASCII . : o #) where a cell is shaded;
 *           ramp_ascii_stroke(level) for a line in ASCII mode.
 *   legend  ramp_legend_share / ramp_legend_range: one row, the four swatches in their
 *           colours with what they stand for, in the frame's language; as much as fits.
 *
 * Usage, a cell of an attention map and its legend under the map:
 *     int lv = ramp_share_level(share);
 *     grid_put_repeat(c->g, x, y, c->gl->shades[lv], 2, ramp_style(lv));
 *     ramp_legend_share(c, x0, legend_y, x0 + w, RAMP_MARK_SHADE);
 *
 * Owns: levels, their styles and the legend's words. Must not touch: the palette's colours
 * (palette.c), ncurses, the engine's arithmetic (a level only compares). */
#ifndef ATTN_RAMP_H
#define ATTN_RAMP_H

#include "draw.h"
#include "pieces.h"

#define RAMP_LEVELS 4          /* steps of the ramp: STYLE_SHARE_1 .. STYLE_SHARE_4 */
#define RAMP_CUT_1 0.05        /* a share below this is level 1 */
#define RAMP_CUT_2 0.15        /* ... below this level 2 */
#define RAMP_CUT_3 0.35        /* ... below this level 3, from it level 4 */

/* The level 1..RAMP_LEVELS of a share 0..1 by the cuts above. */
int ramp_share_level(double share);

/* The level of v in four equal bins of [lo, hi] (RAMP_LEVELS when hi <= lo). */
int ramp_range_level(double v, double lo, double hi);

/* The level of |v| against the largest magnitude top (four equal bins; 1 when top is 0). */
int ramp_magnitude_level(double v, double top);

/* The style of a level: STYLE_SHARE_level, clamped to 1..RAMP_LEVELS. */
Style ramp_style(int level);

/* The style of a share: ramp_style(ramp_share_level(share)). */
Style ramp_share_style(double share);

/* A stroke of level lv in ASCII mode (the arcs' and the all view's lines): ":" "-" "=" "#",
 * lightest first; the legend's RAMP_MARK_LINE shows the same. */
const char *ramp_ascii_stroke(int level);

/* What a legend's swatches look like: the level's shade glyph (heatmaps), a block of
 * colour (bars), or a stroke (arcs and lines), two columns each, in the level's style. */
typedef enum {
    RAMP_MARK_SHADE = 0,   /* ░ ▒ ▓ █ */
    RAMP_MARK_BLOCK,       /* ██ */
    RAMP_MARK_LINE         /* ━━ */
} RampMark;

/* What level's colour stands for, as the legend says it: "under 5%" … "35% and up" (in
 * Chinese "5% 以下" … "35% 及以上"), or briefly "<5%" … "≥35%"; with numbers hidden the
 * ends in words ("least", "most"; NULL between them). For a legend laid out with other
 * text. */
const char *ramp_share_label(const ViewCtx *c, int level, bool brief);

/* The shares' legend on row y from column x, never past column limit: "share: ░ under 5%
 * ▒ 5-15% ▓ 15-35% █ 35% and up" (in Chinese 百分比：░ 5% 以下 …), shorter forms when that
 * does not fit, nothing when even the shortest does not. With c->g NULL only measures.
 * Returns the columns used. */
int ramp_legend_share(const ViewCtx *c, int x, int y, int limit, RampMark mark);

/* The shares' legend as a column from (x, y): its title, then a row per level, swatch and
 * words ("██ under 5%"), RAMP_LEVELS + 1 rows, never past column limit (nothing when it
 * does not fit). With c->g NULL only measures. Returns the columns used. */
int ramp_legend_column(const ViewCtx *c, int x, int y, int limit, RampMark mark);

/* A range's legend: "what: ░ lo ▒ ▓ █ hi" (what may be NULL), lo and hi as the caller
 * printed them (with numbers hidden "lowest" and "highest"); the same shorter forms.
 * Returns the columns used. */
int ramp_legend_range(const ViewCtx *c, int x, int y, int limit, RampMark mark, const char *what,
                      const char *lo, const char *hi);

/* The same two legends as pieces (pieces.h), for a legend that wraps with the text around
 * it (the matrix's and the machine's): "share: ░ under 5% ▒ 5-15% …", each swatch glued to
 * its words; "score: ░ -6.23 ▒ ▓ █ 4.05, four equal steps", lo and hi as the caller
 * printed them. */
void ramp_pieces_share(const ViewCtx *c, Pieces *x);
void ramp_pieces_range(const ViewCtx *c, Pieces *x, const char *what, const char *lo, const char *hi);

#endif
