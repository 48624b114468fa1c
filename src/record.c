/* record.c — asciicast v2: a JSON header line, then one JSON array per event:
 * [seconds, "o", "ANSI output"] and [seconds, "r", "WxH"]. A frame is recorded as the
 * escapes that turn the last recorded frame into it: cursor moves, SGR styles, glyphs.
 * Each event line is built in memory and written with one unbuffered write, so that a
 * failed write (a full disk, a file-size limit, a reader gone) leaves whole events.
 * Must not touch: ncurses, the clock, the status line (app.c says what failed). */
#include "record.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <unistr.h>
#include "ansi.h"
#include "format.h"

/* ---------------------------------------------------------------- buffers */

/* Appends n bytes of s to the growing buffer *buf (its *len bytes used of *cap), kept
 * NUL-terminated. Returns 0, or ENOMEM (the buffer unchanged). */
static int buf_append(char **buf, size_t *len, size_t *cap, const char *s, size_t n)
{
    if (*len + n + 1 > *cap) {
        size_t grown = *cap ? *cap * 2 : 4096;
        while (grown < *len + n + 1)
            grown *= 2;
        char *bigger = realloc(*buf, grown);
        if (!bigger)
            return ENOMEM;
        *buf = bigger;
        *cap = grown;
    }
    memcpy(*buf + *len, s, n);
    *len += n;
    (*buf)[*len] = '\0';
    return 0;
}

/* Appends s to the event's JSON line. */
static void line_str(Recorder *r, const char *s, size_t n)
{
    if (!r->error && buf_append(&r->line, &r->line_len, &r->line_cap, s, n) != 0)
        r->error = ENOMEM;
}

/* ---------------------------------------------------------------- JSON */

/* Appends s (len bytes) to the line as a JSON string body: quotes, backslashes, C0 and
 * C1 controls and DEL escaped; a byte of invalid UTF-8 (there should be none) becomes
 * U+FFFD, so that the file always decodes. */
static void record_json_bytes(Recorder *r, const char *s, size_t len)
{
    const uint8_t *p = (const uint8_t *)s, *end = p + len;
    char esc[8];
    while (p < end) {
        ucs4_t uc;
        int n = u8_mbtoucr(&uc, p, (size_t)(end - p));
        if (n < 0) {
            line_str(r, "\\ufffd", 6);
            p++;
            continue;
        }
        if (uc == '"' || uc == '\\') {
            esc[0] = '\\';
            esc[1] = (char)uc;
            line_str(r, esc, 2);
        } else if (uc == '\n') {
            line_str(r, "\\n", 2);
        } else if (uc == '\r') {
            line_str(r, "\\r", 2);
        } else if (uc < 0x20 || (uc >= 0x7F && uc <= 0x9F)) {
            snprintf(esc, sizeof esc, "\\u%04x", (unsigned)uc);
            line_str(r, esc, 6);
        } else {
            line_str(r, (const char *)p, (size_t)n);
        }
        p += n;
    }
}

/* ---------------------------------------------------------------- writing */

/* Stops the recording after a failed write: a regular file is cut back to its last whole
 * event; nothing more is written. */
static void record_stop(Recorder *r, int e)
{
    if (!r->error)
        r->error = e ? e : EIO;
    struct stat st;
    int fd = r->file ? fileno(r->file) : -1;
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        int cut = ftruncate(fd, (off_t)r->committed);
        (void)cut;
    }
}

/* Writes the line built (one whole event) with SIGPIPE held back: a FIFO's reader that
 * went away gives EPIPE, not the signal that ends the program (outfile_write). */
static void record_write_line(Recorder *r)
{
    if (r->error || !r->file)
        return;
    bool ok = outfile_write(r->file, r->line, r->line_len);
    int e = errno;
    if (ok)
        r->committed += (long long)r->line_len;
    else
        record_stop(r, e);
}

/* ---------------------------------------------------------------- file */

void record_start(Recorder *r, FILE *file, const char *title, long long unix_time)
{
    memset(r, 0, sizeof *r);
    r->file = file;
    if (fileno(file) >= 0)            /* a memory stream needs its buffer (glibc) */
        setvbuf(file, NULL, _IONBF, 0);   /* one write per event: whole events or none */
    snprintf(r->title, sizeof r->title, "%s", title);
    text_cut_partial(r->title);
    r->unix_time = unix_time;
}

int record_open(Recorder *r, const char *path, bool overwrite, Lang lang, const char *title,
                long long unix_time, char *err, size_t errlen)
{
    OutFile f;
    if (outfile_open(&f, path, OUTFILE_STREAM, overwrite, lang, err, errlen) != 0) {
        memset(r, 0, sizeof *r);
        return -1;
    }
    record_start(r, f.fp, title, unix_time);
    r->out_file = f;
    r->owns_file = true;
    return 0;
}

static void record_header(Recorder *r, int w, int h)
{
    char head[160];
    int n = snprintf(head, sizeof head, "{\"version\": 2, \"width\": %d, \"height\": %d, "
                     "\"timestamp\": %lld, \"title\": \"", w, h, r->unix_time);
    line_str(r, head, (size_t)n);
    record_json_bytes(r, r->title, strlen(r->title));
    static const char tail[] = "\", \"env\": {\"TERM\": \"xterm-256color\"}}\n";
    line_str(r, tail, sizeof tail - 1);
}

/* ---------------------------------------------------------------- frames */

/* Appends s to the event being built (the buffer grows once to the largest frame). */
static void out_str(Recorder *r, const char *s)
{
    if (!r->error && buf_append(&r->out, &r->out_len, &r->out_cap, s, strlen(s)) != 0)
        r->error = ENOMEM;
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
    if (!r->file || r->error)
        return;
    bool resized = r->last.w != g->w || r->last.h != g->h;
    char head[64];
    r->line_len = 0;
    if (!r->started) {
        record_header(r, g->w, g->h);
        record_write_line(r);
        r->start_ms = now_ms;
        r->started = true;
    } else if (resized) {
        int n = format_c(head, sizeof head, "[%.6f, \"r\", \"%dx%d\"]\n",
                         seconds_since_start(r, now_ms), g->w, g->h);
        line_str(r, head, (size_t)n);
        record_write_line(r);
    }
    if (r->error)
        return;
    if (resized && grid_resize(&r->last, g->w, g->h) != 0) {
        r->error = ENOMEM;
        return;
    }
    r->out_len = 0;
    record_diff(r, g, resized);
    if (r->out_len && !r->error) {
        r->line_len = 0;
        int n = format_c(head, sizeof head, "[%.6f, \"o\", \"", seconds_since_start(r, now_ms));
        line_str(r, head, (size_t)n);
        record_json_bytes(r, r->out, r->out_len);
        line_str(r, "\"]\n", 3);
        record_write_line(r);
        memcpy(r->last.cells, g->cells, sizeof(Cell) * (size_t)g->w * (size_t)g->h);
    }
}

int record_failed(const Recorder *r)
{
    return r->error;
}

int record_close(Recorder *r)
{
    if (r->file && r->owns_file) {
        char err[8];
        if (outfile_commit(&r->out_file, err, sizeof err) != 0 && !r->error)
            r->error = errno ? errno : EIO;
    }
    r->file = NULL;
    r->owns_file = false;
    grid_free(&r->last);
    free(r->out);
    free(r->line);
    r->out = r->line = NULL;
    r->out_len = r->out_cap = r->line_len = r->line_cap = 0;
    return r->error;
}
