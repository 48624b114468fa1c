/* record.c — asciicast v2: a JSON header line, then one JSON array per event:
 * [seconds, "o", "ANSI output"] and [seconds, "r", "WxH"]. A frame is recorded as the
 * escapes that turn the last recorded frame into it: cursor moves, SGR styles, glyphs.
 * Must not touch: ncurses, the clock. */
#include "record.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "ansi.h"

/* ---------------------------------------------------------------- JSON */

/* Writes s (len bytes, UTF-8) as a JSON string body: quotes, backslashes and control bytes
 * escaped. */
static void record_json_bytes(FILE *f, const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c == '\r')
            fputs("\\r", f);
        else if (c < 0x20 || c == 0x7F)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
}

/* Notes the first failed write. */
static void record_check(Recorder *r)
{
    if (!r->error && ferror(r->file))
        r->error = errno ? errno : EIO;
}

/* ---------------------------------------------------------------- file */

int record_open(Recorder *r, const char *path, const char *title, long long unix_time,
                char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->file = fopen(path, "w");
    if (!r->file) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    snprintf(r->title, sizeof r->title, "%s", title);
    r->unix_time = unix_time;
    return 0;
}

static void record_header(Recorder *r, int w, int h)
{
    fprintf(r->file, "{\"version\": 2, \"width\": %d, \"height\": %d, \"timestamp\": %lld, "
                     "\"title\": \"", w, h, r->unix_time);
    record_json_bytes(r->file, r->title, strlen(r->title));
    fputs("\", \"env\": {\"TERM\": \"xterm-256color\"}}\n", r->file);
}

/* ---------------------------------------------------------------- frames */

/* Appends s to the event being built (the buffer grows once to the largest frame). */
static void out_str(Recorder *r, const char *s)
{
    size_t n = strlen(s);
    if (r->out_len + n + 1 > r->out_cap) {
        size_t cap = r->out_cap ? r->out_cap * 2 : 4096;
        while (cap < r->out_len + n + 1)
            cap *= 2;
        char *bigger = realloc(r->out, cap);
        if (!bigger) {
            r->error = ENOMEM;
            return;
        }
        r->out = bigger;
        r->out_cap = cap;
    }
    memcpy(r->out + r->out_len, s, n);
    r->out_len += n;
}

/* True when cell (x, y) of g differs from the last recorded frame. */
static bool record_changed(const Recorder *r, const Grid *g, int x, int y, bool all)
{
    return all || memcmp(grid_cell(g, x, y), grid_cell(&r->last, x, y), sizeof(Cell)) != 0;
}

/* The escapes that turn the last recorded frame into g (everything when `all`). */
static void record_diff(Recorder *r, const Grid *g, bool all)
{
    char seq[64];
    int style = -1, cx = -1, cy = -1;
    if (all)
        out_str(r, "\033[?25l\033[0m\033[2J");
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            const Cell *c = grid_cell(g, x, y);
            bool changed = record_changed(r, g, x, y, all) ||
                           (c->width == 2 && record_changed(r, g, x + 1, y, all));
            if (c->width == 0 || !changed)
                continue;
            if (cx != x || cy != y) {
                snprintf(seq, sizeof seq, "\033[%d;%dH", y + 1, x + 1);
                out_str(r, seq);
            }
            if (c->style != style) {
                ansi_style_sgr(r->theme, (Style)c->style, seq, sizeof seq);
                out_str(r, seq);
                style = c->style;
            }
            out_str(r, c->glyph[0] ? c->glyph : " ");
            cx = x + c->width;
            cy = y;
        }
    if (r->out_len)
        out_str(r, "\033[0m");
}

/* The time of an event in the cast, in seconds since the header: exact for any session
 * shorter than 2^53 ms, so the conversion to double loses nothing. */
static double seconds_since_start(const Recorder *r, long long now_ms)
{
    return (double)(now_ms - r->start_ms) / 1000.0;
}

void record_frame(Recorder *r, const Grid *g, long long now_ms)
{
    if (!r->file)
        return;
    bool resized = r->last.w != g->w || r->last.h != g->h;
    if (!r->started) {
        record_header(r, g->w, g->h);
        r->start_ms = now_ms;
        r->started = true;
    } else if (resized) {
        fprintf(r->file, "[%.6f, \"r\", \"%dx%d\"]\n", seconds_since_start(r, now_ms),
                g->w, g->h);
    }
    if (resized && grid_resize(&r->last, g->w, g->h) != 0) {
        r->error = ENOMEM;
        return;
    }
    r->out_len = 0;
    record_diff(r, g, resized);
    if (r->out_len) {
        fprintf(r->file, "[%.6f, \"o\", \"", seconds_since_start(r, now_ms));
        record_json_bytes(r->file, r->out, r->out_len);
        fputs("\"]\n", r->file);
        memcpy(r->last.cells, g->cells, sizeof(Cell) * (size_t)g->w * (size_t)g->h);
    }
    record_check(r);
}

int record_close(Recorder *r)
{
    if (!r->file)
        return r->error;
    record_check(r);
    if (fclose(r->file) != 0 && !r->error)
        r->error = errno ? errno : EIO;
    r->file = NULL;
    grid_free(&r->last);
    free(r->out);
    r->out = NULL;
    r->out_len = r->out_cap = 0;
    return r->error;
}
