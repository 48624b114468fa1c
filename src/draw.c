/* draw.c — the drawing kit: glyph sets, clipped and aligned text, boxes, headings.
 * Owns: helpers every view and the chrome share. Must not touch: layout decisions of any
 * one view, ncurses, the clock, the engine's arithmetic. */
#include "draw.h"
#include "wrap.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistr.h>
#include "charname.h"
#include "check.h"
#include "format.h"
#include "spell.h"

/* ---------------------------------------------------------------- glyph sets */

static const Glyphs glyphs_unicode = {
    .sep = " · ", .arrow = " → ", .stage_num = { "① ", "② ", "③ ", "④ " },
    .marker = "▲", .packet = "●", .times = "×", .dot = "·", .ellipsis = "…",
    .div_sqrt = "÷√", .sqrt = "√", .sum = "Σ", .dash = " — ", .rule = "─",
    .box_h = "─", .box_v = "│", .box_tl = "┌", .box_tr = "┐", .box_bl = "└", .box_br = "┘",
    .playing = "▶", .paused = "❚❚", .by = "×", .transpose = "ᵀ", .minus_inf = "−∞",
    .shades = { " ", "░", "▒", "▓", "█" },
};

static const Glyphs glyphs_ascii = {
    .sep = " - ", .arrow = " -> ", .stage_num = { "", "", "", "" },
    .marker = "^", .packet = "o", .times = "*", .dot = ".", .ellipsis = "...",
    .div_sqrt = "/sqrt", .sqrt = "sqrt", .sum = "sum", .dash = " - ", .rule = "-",
    .box_h = "-", .box_v = "|", .box_tl = "+", .box_tr = "+", .box_bl = "+", .box_br = "+",
    .playing = ">", .paused = "||", .by = "x", .transpose = "^T", .minus_inf = "-inf",
    .shades = { " ", ".", ":", "o", "#" },
};

const Glyphs *draw_glyphs(bool ascii)
{
    return ascii ? &glyphs_ascii : &glyphs_unicode;
}

/* ---------------------------------------------------------------- characters */

/* True when ch is empty or plain ASCII. */
static bool char_is_ascii(const char *ch)
{
    for (const unsigned char *p = (const unsigned char *)ch; *p; p++)
        if (*p >= 0x80)
            return false;
    return true;
}

/* s into out (cap bytes), cut as snprintf(out, cap, "%s", s) cuts it, without its cost:
 * labels are copied for every character of every frame. Returns out. */
static char *draw_copy(char *out, size_t cap, const char *s)
{
    if (cap == 0)
        return out;
    size_t n = strlen(s);
    n = n < cap - 1 ? n : cap - 1;
    memcpy(out, s, n);
    out[n] = '\0';
    return out;
}

const char *draw_char_label(bool ascii, const char *ch, char *out, size_t cap)
{
    if (!ascii || char_is_ascii(ch))
        return draw_copy(out, cap, ch);
    const char *name = spell_ascii_name(ch);
    if (name) {
        draw_copy(out, cap, name);
    } else {
        ucs4_t u = 0xFFFD;
        u8_mbtouc(&u, (const uint8_t *)ch, strlen(ch));
        snprintf(out, cap, "U+%04X", (unsigned)u);
    }
    return out;
}

const char *draw_char_brief(bool ascii, const char *ch, char *out, size_t cap)
{
    if (!ascii || char_is_ascii(ch))
        return draw_copy(out, cap, ch);
    const char *brief = spell_ascii_brief(ch);
    return draw_copy(out, cap, brief ? brief : "[]");
}

void draw_context_labels(ViewCtx *c)
{
    c->tok_cols = 0;
    int T = c->tr->T < MODEL_MAX_TOKENS ? c->tr->T : MODEL_MAX_TOKENS;
    for (int t = 0; t < T; t++) {
        char label[DRAW_LABEL_BYTES];   /* a repeated character carries its occurrence: 加₂ */
        draw_char_label(c->ascii, c->tr->tokens[t], label, sizeof label);
        charname_mark(label, charname_occurrence(c->tr->tokens, T, t), c->ascii, c->tok[t],
                      sizeof c->tok[t]);
        draw_char_brief(c->ascii, c->tr->tokens[t], c->tok_brief[t], sizeof c->tok_brief[t]);
        int w = text_width(c->tok[t]);
        c->tok_cols = w > c->tok_cols ? w : c->tok_cols;
    }
}

int draw_share_size(double share, int least, int scale)
{
    share = share < 0.0 ? 0.0 : share > 1.0 ? 1.0 : share;
    return least + (int)floor(share * scale + 1e-9);
}

void draw_row_label(const ViewCtx *c, int x, int y, int t, bool brief)
{
    if (t == c->focus)
        grid_put_text(c->g, x, y, c->ascii ? ">" : "▸", STYLE_FOCUS);
    grid_put_text(c->g, x + 1, y, brief ? c->tok_brief[t] : c->tok[t], t == c->focus ? STYLE_FOCUS : STYLE_TOKEN);
}

const char *draw_tok(const ViewCtx *c, int t, int cols)
{
    return c->tok_cols <= cols ? c->tok[t] : c->tok_brief[t];
}

/* ---------------------------------------------------------------- text */

/* Columns of s as the grid puts it (text_width's answer; each character measured by
 * grid_glyph_columns, which knows ASCII, box drawing and CJK at once). */
static int draw_cols(const char *s)
{
    char ch[TEXT_CHAR_BYTES];
    int cols = 0;
    while (*s) {
        if ((unsigned char)*s < 0x80) {
            cols++;
            s++;
            continue;
        }
        size_t n = 1;
        while (n < TEXT_CHAR_BYTES - 1 && (s[n] & 0xC0) == 0x80)
            n++;
        memcpy(ch, s, n);
        ch[n] = '\0';
        cols += grid_glyph_columns(ch);
        s += n;
    }
    return cols;
}

int draw_clipped(Grid *g, int x, int y, int limit, const char *s, Style style)
{
    char ch[TEXT_CHAR_BYTES];
    int col = x;
    while (*s) {
        size_t n = 1;
        while (n < TEXT_CHAR_BYTES - 1 && (s[n] & 0xC0) == 0x80)
            n++;
        memcpy(ch, s, n);
        ch[n] = '\0';
        int w = grid_glyph_columns(ch);
        if (col + w > limit)
            break;
        if (col >= 0 && g)
            grid_put_glyph(g, col, y, ch, w, style);
        col += w;
        s += n;
    }
    return col - x;
}

void draw_right(Grid *g, int x, int y, int cols, const char *s, Style style)
{
    grid_put_text(g, x + cols - draw_cols(s), y, s, style);
}

void draw_centred(Grid *g, int x, int y, int w, const char *s, Style style)
{
    int left = x + (w - draw_cols(s)) / 2;
    draw_clipped(g, left > x ? left : x, y, x + w, s, style);
}

/* True for an ASCII letter or digit. */
static bool is_alnum(char ch)
{
    return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

/* What draw_drawable writes in ASCII for the non-ASCII character at in (its bytes in *skip):
 * an arrow's key name ("Right"), or "->" for an arrow between blanks (a flow, as in
 * "Q → score"), "-" for a "·" between blanks (a separator), a symbol's ASCII ("÷√" "/sqrt"), a wide character's label (*name set: the
 * caller sets it off by blanks from letters and digits), else "?". */
static const char *drawable_one(const char *in, bool blank_before, size_t *skip, char *label,
                                size_t cap, bool *name)
{
    static const struct { const char *from, *to; } map[] = {
        { "→", "Right" }, { "←", "Left" }, { "↑", "Up" }, { "↓", "Down" },
        { "÷√", "/sqrt" }, { "√", "sqrt" }, { "×", "*" }, { "÷", "/" }, { "ᵀ", "^T" },
        { "·", "." }, { "—", "-" }, { "…", "..." },
        { "①", "(1)" }, { "②", "(2)" }, { "③", "(3)" }, { "④", "(4)" }, { "Σ", "sum" },
        { "−∞", "-inf" }, { "≈", "~" }, { "−", "-" }, { "²", "^2" },
    };
    *name = false;
    if (blank_before && strncmp(in, "→ ", strlen("→ ")) == 0) {
        *skip = strlen("→");   /* between blanks an arrow is a flow ("Q → score"), not a key */
        return "->";
    }
    if (blank_before && strncmp(in, "← ", strlen("← ")) == 0) {
        *skip = strlen("←");
        return "<-";
    }
    if (blank_before && strncmp(in, "· ", strlen("· ")) == 0) {
        *skip = strlen("·");   /* between blanks a separator ("Enter runs it · Esc"), not a product */
        return "-";
    }
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strncmp(in, map[i].from, strlen(map[i].from)) == 0) {
            *skip = strlen(map[i].from);
            return map[i].to;
        }
    char ch[TEXT_CHAR_BYTES];
    size_t n = 1;
    while (n < TEXT_CHAR_BYTES - 1 && (in[n] & 0xC0) == 0x80)
        n++;
    memcpy(ch, in, n);
    ch[n] = '\0';
    *skip = n;
    if (text_width(ch) != 2)
        return "?";
    *name = true;
    return draw_char_label(true, ch, label, cap);
}

void draw_drawable(bool ascii, const char *in, char *out, size_t cap)
{
    if (!ascii) {
        snprintf(out, cap, "%s", in);
        return;
    }
    size_t used = 0;
    bool after_name = false;   /* the last thing written was a character's label */
    char label[DRAW_LABEL_BYTES];
    out[0] = '\0';
    while (*in && used + 6 < cap) {
        const char *rep = NULL;
        size_t skip = 1;
        bool name = false;
        if ((unsigned char)*in >= 0x80)
            rep = drawable_one(in, used > 0 && out[used - 1] == ' ', &skip, label, sizeof label, &name);
        bool blank = (name && (after_name || (used > 0 && is_alnum(out[used - 1])))) ||
                     (after_name && !rep && is_alnum(*in));   /* "san jia", "san 3", not "sanjia" */
        size_t n = rep ? strlen(rep) : 1;
        if (used + n + (blank ? 1 : 0) + 1 >= cap)
            break;
        if (blank)
            out[used++] = ' ';
        memcpy(out + used, rep ? rep : in, n);
        used += n;
        after_name = name;
        in += skip;
        out[used] = '\0';
    }
}

void draw_append(char *buf, size_t cap, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 1 >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, cap - used, fmt, ap);
    va_end(ap);
}

void draw_sentence_text(const Trace *tr, bool ascii, bool brief, char *buf, size_t cap)
{
    char label[DRAW_LABEL_BYTES];
    buf[0] = '\0';
    for (int t = 0; t < tr->T; t++) {
        if (brief)
            draw_char_brief(ascii, tr->tokens[t], label, sizeof label);
        else
            draw_char_label(ascii, tr->tokens[t], label, sizeof label);
        size_t used = strlen(buf);
        if (ascii && t)
            draw_copy(buf + used, cap - used, " ");
        used = strlen(buf);
        draw_copy(buf + used, cap - used, label);
    }
}

/* ---------------------------------------------------------------- pieces */

void draw_stage_label(char *buf, size_t cap, Stage stage, Lang lang, const Glyphs *gl)
{
    int s = (int)stage < 0 ? 0 : stage >= STAGE_COUNT ? STAGE_COUNT - 1 : (int)stage;
    const StageInfo *si = stage_info((Stage)s);
    snprintf(buf, cap, "%s%s", gl->stage_num[s], lang == LANG_ZH ? si->zh : si->en);
}

/* ---------------------------------------------------------------- bars */

int draw_bar_eighths(double fraction, int cols)
{
    if (cols <= 0 || !(fraction > 0.0))
        return 0;
    if (fraction > 1.0)
        fraction = 1.0;
    int eighths = (int)floor(fraction * cols * 8.0 + 0.5);
    return eighths < 1 ? 1 : eighths;
}

void draw_bar_text(bool ascii, double fraction, int cols, char *buf, size_t cap)
{
    static const char *const parts[8] = { "", "▏", "▎", "▍", "▌", "▋", "▊", "▉" };
    int eighths = draw_bar_eighths(fraction, cols);
    buf[0] = '\0';
    if (ascii) {
        int whole = (eighths + 4) / 8;
        for (int i = 0; i < whole; i++)
            draw_append(buf, cap, "#");
        if (whole == 0 && eighths > 0)
            draw_append(buf, cap, ".");
        return;
    }
    for (int i = 0; i < eighths / 8; i++)
        draw_append(buf, cap, "█");
    draw_append(buf, cap, "%s", parts[eighths % 8]);
}

void draw_rounding_note(const ViewCtx *c, const CheckedSum *sum, char *buf, size_t cap)
{
    char shown[FORMAT_BYTES], exact[FORMAT_BYTES], both[FORMAT_BYTES];
    format_fixed(shown, sizeof shown, sum->sum, sum->sum_digits);
    format_fixed(exact, sizeof exact, sum->value, sum->sum_digits);
    format_fixed(both, sizeof both, sum->value, sum->value_digits);
    buf[0] = '\0';
    if (strcmp(shown, exact) == 0)
        return;
    if (c->lang == LANG_ZH)
        snprintf(buf, cap, "（用屏幕上显示的数算得 %s；精确值是 %s，两者都约等于 %s）", shown, exact, both);
    else
        snprintf(buf, cap, "(%s from the numbers shown; exactly %s; both %s rounded)", shown, exact, both);
}

int draw_revealed(double progress, int n)
{
    if (progress <= 0.0)
        return 0;
    if (progress >= 1.0)
        return n;
    int k = (int)ceil(progress * n);
    return k < 0 ? 0 : k > n ? n : k;
}

void draw_box(Grid *g, const Glyphs *gl, Rect r, const char *title, Style style)
{
    for (int row = r.y; row < r.y + r.h; row++) {
        if (row > r.y + 1 && row < r.y + r.h - 1 && row - 1 >= 0 && row < g->h && r.x >= 0 && r.x + r.w <= g->w) {
            grid_copy_cells(g, r.x, row - 1, r.w, row);   /* the inside rows are all alike */
            continue;
        }
        for (int col = r.x; col < r.x + r.w; col++) {
            const char *ch = " ";
            bool top = row == r.y, bottom = row == r.y + r.h - 1;
            bool left = col == r.x, right = col == r.x + r.w - 1;
            if ((top || bottom) && (left || right))
                ch = top ? (left ? gl->box_tl : gl->box_tr) : (left ? gl->box_bl : gl->box_br);
            else if (top || bottom)
                ch = gl->box_h;
            else if (left || right)
                ch = gl->box_v;
            grid_put_char(g, col, row, ch, style);
        }
    }
    if (title && *title) {
        char t[256];
        snprintf(t, sizeof t, " %s ", title);
        draw_clipped(g, r.x + 2, r.y, r.x + r.w - 1, t, style);
    }
}

void draw_rule_heading(Grid *g, const Glyphs *gl, int x, int y, int w, const char *title)
{
    int limit = x + w, col = x;
    col += draw_clipped(g, col, y, limit, gl->rule, STYLE_DIM);
    col += draw_clipped(g, col, y, limit, gl->rule, STYLE_DIM);
    col += draw_clipped(g, col, y, limit, " ", STYLE_DIM);
    col += draw_clipped(g, col, y, limit, title, STYLE_BOLD);
    col += draw_clipped(g, col, y, limit, " ", STYLE_DIM);
    while (col < limit && draw_clipped(g, col, y, limit, gl->rule, STYLE_DIM) > 0)
        col++;
}

ViewCtx draw_prediction_room(const ViewCtx *c)
{
    ViewCtx room = *c;
    if (c->tr && engine_prediction(c->tr, NULL) && room.body.h > 1)
        room.body.h--;
    return room;
}

void draw_prediction(const ViewCtx *c)
{
    int y = c->body.y + c->body.h - 1;
    double p = 0.0;
    const char *said = engine_prediction(c->tr, &p);
    if (!said)
        return;
    char sentence[256], ch[DRAW_LABEL_BYTES], line[512];
    draw_sentence_text(c->tr, c->ascii, false, sentence, sizeof sentence);
    snprintf(line, sizeof line, SAY(c, "the model answers %s%s%s", "模型的回答：%s%s%s"), sentence,
             c->gl->arrow, draw_char_label(c->ascii, said, ch, sizeof ch));
    if (c->numbers) {
        char pct[FORMAT_BYTES];
        draw_append(line, sizeof line, " %s", format_percent(pct, sizeof pct, p));
    }
    draw_clipped(c->g, c->body.x + 1, y, c->body.x + c->body.w, line, STYLE_BOLD);
}

/* ---------------------------------------------------------------- a pass's digest */

#define DIGEST_PRIME 0x100000001b3ULL   /* FNV-1a's 64-bit prime, a 64-bit word at a time */

static uint64_t digest_word(uint64_t h, uint64_t w)
{
    return (h ^ w) * DIGEST_PRIME;
}

static uint64_t digest_bytes(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (; n >= 8; b += 8, n -= 8) {
        uint64_t w;
        memcpy(&w, b, 8);
        h = digest_word(h, w);
    }
    for (; n > 0; b++, n--)
        h = digest_word(h, *b);
    return h;
}

static uint64_t digest_doubles(uint64_t h, const double *v, size_t n)
{
    return v ? digest_bytes(h, v, n * sizeof *v) : digest_word(h, 0);
}

uint64_t draw_trace_digest(const Trace *tr)
{
    size_t T = (size_t)tr->T, d = (size_t)tr->d, H = (size_t)tr->heads;
    uint64_t h = 0xcbf29ce484222325ULL;   /* FNV-1a's offset basis */
    h = digest_word(h, (uint64_t)(uintptr_t)tr->model);
    h = digest_word(h, ((uint64_t)T << 32) ^ ((uint64_t)d << 16) ^ (H << 8) ^ (uint64_t)tr->mask);
    h = digest_word(h, (uint64_t)tr->lang ^ ((uint64_t)(unsigned)tr->predicted << 8));
    for (size_t t = 0; t < T; t++)
        h = digest_bytes(h, tr->tokens[t], strnlen(tr->tokens[t], sizeof tr->tokens[t]) + 1);
    const ScoreSet *set = &tr->score_set;   /* field by field: its padding is not its value */
    h = digest_word(h, ((uint64_t)set->on << 48) ^ ((uint64_t)(unsigned)set->head << 32) ^
                           ((uint64_t)(unsigned)set->row << 16) ^ (uint64_t)(unsigned)set->col);
    h = digest_doubles(h, &set->value, 1);
    h = digest_doubles(h, &tr->score_was, 1);
    h = digest_doubles(h, &tr->scale, 1);
    const double *vectors[] = { tr->embedding, tr->position, tr->x, tr->q, tr->k, tr->v, tr->output };
    for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++)
        h = digest_doubles(h, vectors[i], T * d);
    h = digest_doubles(h, tr->scores, H * T * T);
    h = digest_doubles(h, tr->scaled, H * T * T);
    h = digest_doubles(h, tr->weights, H * T * T);
    h = digest_doubles(h, tr->similarity, T * T);
    int answers = tr->model ? tr->model->answers_count : 0;
    if (tr->probs && answers > 0)
        h = digest_doubles(h, tr->probs, (size_t)answers);
    return h;
}

/* ---------------------------------------------------------------- paragraphs */

/* Lines come from wrap_balanced, the one line breaker; this only draws them. */

#define DRAW_PARAGRAPH_ROWS 128   /* rows one paragraph draws at the most (its last ends in …) */

/* Line l of s into line (cap bytes). */
static void paragraph_copy(const char *s, const WrapLine *l, char *line, size_t cap)
{
    size_t n = (size_t)l->len < cap - 1 ? (size_t)l->len : cap - 1;
    memcpy(line, s + l->start, n);
    line[n] = '\0';
}

/* Shortens line until it and " …" fit w columns, then appends the "…". */
static void paragraph_ellipsis(const Glyphs *gl, char *line, size_t cap, int w)
{
    size_t n = strlen(line);
    int ew = text_width(gl->ellipsis);
    while (n > 0 && text_width(line) + 1 + ew > w) {
        do
            n--;
        while (n > 0 && (line[n] & 0xC0) == 0x80);
        line[n] = '\0';
    }
    draw_append(line, cap, "%s%s", n ? " " : "", gl->ellipsis);
}

/* The memo's lines of text[0..n) at width w, or NULL when it keeps none. */
static const DrawParagraphRows *paragraph_memo_find(const DrawParagraphMemo *m, const char *text,
                                                    size_t n, int w)
{
    for (int i = 0; i < m->used; i++) {
        const DrawParagraphRows *r = &m->slot[i];
        if (r->w == w && r->n == n && memcmp(r->text, text, n) == 0)
            return r;
    }
    return NULL;
}

/* Breaks text[0..n) (n <= DRAW_MEMO_TEXT_BYTES, text NUL-terminated) at width w and keeps
 * its first DRAW_MEMO_ROWS lines in the memo slot used longest ago (round robin once all
 * are filled). */
static const DrawParagraphRows *paragraph_memo_keep(DrawParagraphMemo *m, const char *text,
                                                    size_t n, int w)
{
    int i = m->used < DRAW_MEMO_SLOTS ? m->used++ : m->next;
    m->next = (i + 1) % DRAW_MEMO_SLOTS;
    DrawParagraphRows *r = &m->slot[i];
    memcpy(r->text, text, n);
    r->n = n;
    r->w = w;
    r->count = wrap_balanced(text, w, r->line, DRAW_MEMO_ROWS);
    return r;
}

int draw_wrap_memo(DrawParagraphMemo *m, const char *text, int w, WrapLine *lines, int max)
{
    size_t n = strlen(text);
    if (!m || n > DRAW_MEMO_TEXT_BYTES || max > DRAW_MEMO_ROWS || w <= 0)
        return wrap_balanced(text, w, lines, max);
    const DrawParagraphRows *kept = paragraph_memo_find(m, text, n, w);
    if (!kept)
        kept = paragraph_memo_keep(m, text, n, w);
    int copy = kept->count < max ? kept->count : max;
    if (copy > 0)
        memcpy(lines, kept->line, (size_t)copy * sizeof lines[0]);
    return kept->count;
}

int draw_paragraph(Grid *g, const Glyphs *gl, int x, int y, int w, int max_rows,
                   const char *text, Style style)
{
    return draw_paragraph_memo(NULL, g, gl, x, y, w, max_rows, text, style);
}

int draw_paragraph_memo(DrawParagraphMemo *m, Grid *g, const Glyphs *gl, int x, int y, int w,
                        int max_rows, const char *text, Style style)
{
    if (w <= 0 || max_rows <= 0 || !text[0])
        return 0;
    if (max_rows > DRAW_PARAGRAPH_ROWS)
        max_rows = DRAW_PARAGRAPH_ROWS;
    size_t n = strlen(text);
    const DrawParagraphRows *kept = m ? paragraph_memo_find(m, text, n, w) : NULL;
    if (!kept && m && n <= DRAW_MEMO_TEXT_BYTES)
        kept = paragraph_memo_keep(m, text, n, w);
    WrapLine fresh[DRAW_PARAGRAPH_ROWS];
    const WrapLine *lines = fresh;
    int count;
    if (kept && (kept->count <= DRAW_MEMO_ROWS || max_rows <= DRAW_MEMO_ROWS)) {
        lines = kept->line;
        count = kept->count;
    } else {
        count = wrap_balanced(text, w, fresh, max_rows);
    }
    int rows = count < max_rows ? count : max_rows;
    char line[WRAP_MAX_BYTES + 8];   /* a line, and room for its " …" */
    for (int r = 0; g && r < rows; r++) {   /* measuring needs only the count */
        paragraph_copy(text, &lines[r], line, sizeof line);
        if (r == max_rows - 1 && count > max_rows)
            paragraph_ellipsis(gl, line, sizeof line, w);
        draw_clipped(g, x, y + r, x + w, line, style);
    }
    return rows;
}

/* ---------------------------------------------------------------- numbers kept formatted */

#define DRAW_NUMBER_BITS 11   /* log2 of DRAW_NUMBER_SLOTS */
_Static_assert(DRAW_NUMBER_SLOTS == 1 << DRAW_NUMBER_BITS, "a memo's slots are 2^DRAW_NUMBER_BITS");

/* The slot of (v, digits, kind) in m, filled by formatting when it held another number. */
static const char *number_memo(DrawNumberMemo *m, double v, int digits, unsigned char kind)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    uint64_t h = (bits ^ ((uint64_t)(unsigned)digits << 56) ^ ((uint64_t)kind << 60)) *
                 0x9E3779B97F4A7C15ULL;   /* Fibonacci hashing: the top bits pick the slot */
    DrawNumberSlot *slot = &m->slot[h >> (64 - DRAW_NUMBER_BITS)];
    if (slot->kind == kind && slot->bits == bits && slot->digits == digits)
        return slot->text;
    char text[FORMAT_BYTES];
    if (kind == 2)
        format_percent(text, sizeof text, v);
    else
        format_fixed(text, sizeof text, v, digits);
    if (strlen(text) >= sizeof slot->text)
        return NULL;
    slot->bits = bits;
    slot->digits = (signed char)digits;
    slot->kind = kind;
    memcpy(slot->text, text, strlen(text) + 1);
    return slot->text;
}

char *draw_fixed_memo(DrawNumberMemo *m, char *buf, size_t cap, double v, int digits)
{
    const char *kept = m && digits >= 0 && digits < 100 ? number_memo(m, v, digits, 1) : NULL;
    return kept ? draw_copy(buf, cap, kept) : format_fixed(buf, cap, v, digits);
}

char *draw_percent_memo(DrawNumberMemo *m, char *buf, size_t cap, double share)
{
    const char *kept = m ? number_memo(m, share, 1, 2) : NULL;
    return kept ? draw_copy(buf, cap, kept) : format_percent(buf, cap, share);
}

/* ---------------------------------------------------------------- braille */

/* Bit of dot (column dx 0..1, row dy 0..3) in a braille pattern (U+2800 + bits). */
static const unsigned char braille_bits[4][2] = {
    { 0x01, 0x08 }, { 0x02, 0x10 }, { 0x04, 0x20 }, { 0x40, 0x80 },
};

int draw_braille_bit(int dx, int dy)
{
    return braille_bits[dy & 3][dx & 1];
}

int draw_braille_dots(const Cell *cell)
{
    const unsigned char *b = (const unsigned char *)cell->glyph;
    if (b[0] != 0xE2 || b[1] < 0xA0 || b[1] > 0xA3 || b[2] < 0x80 || b[2] > 0xBF || b[3] != 0)
        return 0;
    return ((b[1] - 0xA0) << 6) | (b[2] - 0x80);
}

void draw_braille_put(Grid *g, int col, int row, int dots, Style style)
{
    Cell *cell = grid_at(g, col, row);
    if (!cell)
        return;
    char glyph[TEXT_CHAR_BYTES];
    memset(glyph, 0, sizeof glyph);
    glyph[0] = (char)0xE2;
    glyph[1] = (char)(0xA0 | ((dots >> 6) & 3));
    glyph[2] = (char)(0x80 | (dots & 0x3F));
    bool blank = cell->width == 1 && cell->glyph[0] == ' ' && cell->glyph[1] == '\0';
    if (blank || draw_braille_dots(cell)) {   /* a one-column blank or braille cell: in place */
        memcpy(cell->glyph, glyph, sizeof glyph);
        cell->style = (unsigned char)style;
    } else {
        grid_put_char(g, col, row, glyph, style);
    }
}

/* ---------------------------------------------------------------- what if on a score */

char *draw_score_name(const ViewCtx *c, int h, int t, int s, char *buf, size_t cap)
{
    if (engine_score_set(c->tr, h, t, s, NULL))
        snprintf(buf, cap, SAY(c, "score(%s%s%s)", "分数(%s%s%s)"), c->tok[t], c->ascii ? "->" : "→",
                 c->tok[s]);
    else
        snprintf(buf, cap, "Q(%s)%sK(%s)", c->tok[t], c->gl->dot, c->tok[s]);
    return buf;
}

bool draw_score_set_note(const ViewCtx *c, int h, int t, int s, char *buf, size_t cap)
{
    double was;
    if (!engine_score_set(c->tr, h, t, s, &was))
        return false;
    char num[FORMAT_BYTES];
    format_fixed(num, sizeof num, was, 2);
    snprintf(buf, cap, SAY(c, "set by you (what-if), was Q(%s)%sK(%s) = %s",
                           "是你改过的数，原来 Q(%s)%sK(%s) = %s"),
             c->tok[t], c->gl->dot, c->tok[s], num);
    return true;
}

/* ---------------------------------------------------------------- rows that fit */

int draw_fit_rows(const int *priority, int n, int h, int *kept)
{
    int most = 1, count = 0;
    for (int r = 0; r < n; r++)
        most = priority[r] > most ? priority[r] : most;
    for (int r = 0; r < n; r++)
        kept[count++] = r;
    for (int p = most; p > 1 && count > h; p--) {
        int left = 0;
        for (int i = 0; i < count; i++)
            if (priority[kept[i]] != p)
                kept[left++] = kept[i];
        count = left;
    }
    return count > h ? (h > 0 ? h : 0) : count;
}
