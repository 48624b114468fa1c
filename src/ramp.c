/* ramp.c — the one share → colour ramp: a value's level, the level's style, the legend.
 * Owns: what ramp.h declares. Must not touch: the palette's colours, ncurses, the
 * engine's arithmetic (a level only compares). */
#include "ramp.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- levels */

int ramp_share_level(double share)
{
    if (share < RAMP_CUT_1)
        return 1;
    if (share < RAMP_CUT_2)
        return 2;
    if (share < RAMP_CUT_3)
        return 3;
    return 4;
}

/* The bin 1..RAMP_LEVELS of a fraction 0..1. */
static int bin_of(double f)
{
    int level = 1 + (int)floor(f * RAMP_LEVELS);
    return level < 1 ? 1 : level > RAMP_LEVELS ? RAMP_LEVELS : level;
}

int ramp_range_level(double v, double lo, double hi)
{
    if (!(hi > lo))
        return RAMP_LEVELS;
    return bin_of((v - lo) / (hi - lo));
}

int ramp_magnitude_level(double v, double top)
{
    if (!(top > 0.0))
        return 1;
    return bin_of(fabs(v) / top);
}

Style ramp_style(int level)
{
    level = level < 1 ? 1 : level > RAMP_LEVELS ? RAMP_LEVELS : level;
    return (Style)(STYLE_SHARE_1 + level - 1);
}

Style ramp_share_style(double share)
{
    return ramp_style(ramp_share_level(share));
}

const char *ramp_ascii_stroke(int level)
{
    static const char *const strokes[RAMP_LEVELS] = { ":", "-", "=", "#" };
    level = level < 1 ? 1 : level > RAMP_LEVELS ? RAMP_LEVELS : level;
    return strokes[level - 1];
}

/* ---------------------------------------------------------------- the legend */

/* Level lv's swatch, two columns. */
static const char *swatch(const ViewCtx *c, RampMark mark, int lv, char *buf, size_t cap)
{
    const char *one = mark == RAMP_MARK_SHADE ? c->gl->shades[lv]
                      : mark == RAMP_MARK_LINE ? (c->ascii ? ramp_ascii_stroke(lv) : "━")
                      : c->ascii ? "#" : "█";
    snprintf(buf, cap, "%s%s", one, one);
    return buf;
}

/* One legend: an optional title (its own blank after it, if any), then each level's swatch
 * and label (NULL: the swatch alone), gap blanks between entries. Draws it when c->g is set and it fits before limit.
 * Returns its columns, or 0 when it does not fit. */
static int legend_line(const ViewCtx *c, int x, int y, int limit, RampMark mark, const char *title,
                       const char *const labels[RAMP_LEVELS], int gap)
{
    char sw[16];
    int w = title ? text_width(title) : 0;
    for (int lv = 1; lv <= RAMP_LEVELS; lv++) {
        w += (lv > 1 ? gap : 0) + text_width(swatch(c, mark, lv, sw, sizeof sw));
        if (labels[lv - 1])
            w += 1 + text_width(labels[lv - 1]);
    }
    if (x + w > limit)
        return 0;
    if (!c->g)
        return w;
    int at = x;
    if (title)
        at += grid_put_text(c->g, at, y, title, STYLE_DIM);
    for (int lv = 1; lv <= RAMP_LEVELS; lv++) {
        if (lv > 1)
            at += gap;
        at += grid_put_text(c->g, at, y, swatch(c, mark, lv, sw, sizeof sw), ramp_style(lv));
        if (labels[lv - 1])
            at += 1 + grid_put_text(c->g, at + 1, y, labels[lv - 1], STYLE_DIM);
    }
    return w;
}

const char *ramp_share_label(const ViewCtx *c, int level, bool brief)
{
    static const char *const words_en[RAMP_LEVELS] = { "least", NULL, NULL, "most" };
    static const char *const words_zh[RAMP_LEVELS] = { "最少", NULL, NULL, "最多" };
    static const char *const full_en[RAMP_LEVELS] = { "under 5%", "5-15%", "15-35%", "35% and up" };
    static const char *const full_zh[RAMP_LEVELS] = { "5% 以下", "5%～15%", "15%～35%", "35% 及以上" };
    static const char *const brief_a[RAMP_LEVELS] = { "<5%", "5-15%", "15-35%", ">=35%" };
    static const char *const brief_u[RAMP_LEVELS] = { "<5%", "5-15%", "15-35%", "≥35%" };
    int i = (level < 1 ? 1 : level > RAMP_LEVELS ? RAMP_LEVELS : level) - 1;
    bool zh = c->lang == LANG_ZH;   /* each array indexed on its own (UBSan's object size) */
    if (!c->numbers)   /* numbers hidden: the ramp's ends in words */
        return zh ? words_zh[i] : words_en[i];
    if (brief)
        return c->ascii ? brief_a[i] : brief_u[i];
    return zh ? full_zh[i] : full_en[i];
}

int ramp_legend_share(const ViewCtx *c, int x, int y, int limit, RampMark mark)
{
    const char *full[RAMP_LEVELS], *brief[RAMP_LEVELS];
    for (int lv = 1; lv <= RAMP_LEVELS; lv++) {
        full[lv - 1] = ramp_share_label(c, lv, false);
        brief[lv - 1] = ramp_share_label(c, lv, true);
    }
    int w = legend_line(c, x, y, limit, mark, SAY(c, "share: ", "百分比："), full, 2);
    if (!w)
        w = legend_line(c, x, y, limit, mark, NULL, brief, 1);
    return w;
}

int ramp_legend_column(const ViewCtx *c, int x, int y, int limit, RampMark mark)
{
    char sw[16];
    const char *title = SAY(c, "share:", "百分比：");
    int w = text_width(title);
    for (int lv = 1; lv <= RAMP_LEVELS; lv++) {
        const char *label = ramp_share_label(c, lv, false);
        int row = text_width(swatch(c, mark, lv, sw, sizeof sw)) + (label ? 1 + text_width(label) : 0);
        w = row > w ? row : w;
    }
    if (x + w > limit)
        return 0;
    if (!c->g)
        return w;
    grid_put_text(c->g, x, y, title, STYLE_DIM);
    for (int lv = 1; lv <= RAMP_LEVELS; lv++) {
        int at = x + grid_put_text(c->g, x, y + lv, swatch(c, mark, lv, sw, sizeof sw), ramp_style(lv));
        if (ramp_share_label(c, lv, false))
            grid_put_text(c->g, at + 1, y + lv, ramp_share_label(c, lv, false), STYLE_DIM);
    }
    return w;
}

void ramp_pieces_share(const ViewCtx *c, Pieces *x)
{
    pieces_add(x, STYLE_DIM, "%s", SAY(c, "share:", "百分比："));
    for (int lv = 1; lv <= RAMP_LEVELS; lv++) {   /* a swatch and its words stay together */
        pieces_add(x, ramp_style(lv), "%s%s", c->lang == LANG_ZH && lv == 1 ? "" : " ", c->gl->shades[lv]);
        if (ramp_share_label(c, lv, false))
            pieces_glue(x, STYLE_DIM, " %s", ramp_share_label(c, lv, false));
    }
}

void ramp_pieces_range(const ViewCtx *c, Pieces *x, const char *what, const char *lo, const char *hi)
{
    if (!c->numbers) {   /* numbers hidden: the ends in words */
        lo = SAY(c, "lowest", "最低");
        hi = SAY(c, "highest", "最高");
    }
    pieces_add(x, STYLE_DIM, "%s%s", what, SAY(c, ": ", "："));
    pieces_glue(x, ramp_style(1), "%s", c->gl->shades[1]);
    pieces_glue(x, STYLE_DIM, " %s ", lo);
    for (int lv = 2; lv <= RAMP_LEVELS; lv++)
        pieces_glue(x, ramp_style(lv), "%s%s", c->gl->shades[lv], lv < RAMP_LEVELS ? " " : "");
    pieces_glue(x, STYLE_DIM, " %s", hi);
    pieces_add(x, STYLE_DIM, "%s", SAY(c, ", four equal steps", "，等分四档"));
}

int ramp_legend_range(const ViewCtx *c, int x, int y, int limit, RampMark mark, const char *what,
                      const char *lo, const char *hi)
{
    if (!c->numbers) {
        lo = SAY(c, "lowest", "最低");
        hi = SAY(c, "highest", "最高");
    }
    const char *const labels[RAMP_LEVELS] = { lo, NULL, NULL, hi };
    int w = 0;
    if (what) {
        char title[64];
        snprintf(title, sizeof title, "%s%s", what, SAY(c, ": ", "："));
        w = legend_line(c, x, y, limit, mark, title, labels, 2);
    }
    if (!w)
        w = legend_line(c, x, y, limit, mark, NULL, labels, 1);
    return w;
}
