/* fuzz_ui.c — libFuzzer target: the interactive program's steps without a terminal
 * (app.h's AppSession): any sequence of keys, code points, clicks, resizes (1 to 1000
 * columns), clock jumps and typing into the input line, every frame drawn and recorded
 * into a memory stream. It must never crash, every cell must hold one whole UTF-8
 * character that is no control, separator, noncharacter or bidi control, and every line
 * of the recording must be valid JSON. Run it with -len_control=0 (scripts/fuzz.sh does):
 * long sequences are its point.
 * Input: 1 byte of options, then operations (an opcode byte and its operands).
 * Seeds: tests/fuzz/corpus/ui. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <unistr.h>

#include "actions.h"
#include "app.h"
#include "cli.h"
#include "fuzz.h"
#include "grid.h"
#include "keys.h"
#include "lesson.h"
#include "model.h"
#include "record.h"
#include "term.h"
#include "text.h"

#define FUZZ_MAX_W GRID_MAX_SIDE   /* widest frame tried */
#define FUZZ_MAX_H 60              /* tallest frame tried (the cost is w × h per frame) */
#define FUZZ_MAX_FRAMES 12         /* frames drawn per input, at most */

/* ------------------------------------------------ checks */

/* Every cell: one whole UTF-8 character (or none) that may stand on a screen. */
static void check_cells(const Grid *g)
{
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            const Cell *c = grid_cell(g, x, y);
            size_t n = strnlen(c->glyph, TEXT_CHAR_BYTES);
            FUZZ_CHECK(n < TEXT_CHAR_BYTES, "a glyph is NUL-terminated");
            if (n == 0)
                continue;
            FUZZ_CHECK(text_valid_utf8(c->glyph, n), "a glyph is whole UTF-8");
            ucs4_t uc;
            int len = u8_mbtouc(&uc, (const uint8_t *)c->glyph, n);
            FUZZ_CHECK((size_t)len == n, "a glyph is one character");
            FUZZ_CHECK(text_char_allowed(uc), "no control, separator or noncharacter in a cell");
            FUZZ_CHECK(!text_char_invisible(uc), "no bidi or zero-width character in a cell");
        }
}

/* A small JSON validator: *p at a value; advances past it, or returns false. */
static bool json_value(const char **p, const char *end, int depth);

static void json_space(const char **p, const char *end)
{
    while (*p < end && (**p == ' ' || **p == '\t'))
        (*p)++;
}

static bool json_string(const char **p, const char *end)
{
    const char *s = *p + 1;
    while (s < end && *s != '"') {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20)
            return false;                                /* a raw control character */
        if (c == '\\') {
            if (++s >= end)
                return false;
            if (*s == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (s + i >= end || !strchr("0123456789abcdefABCDEF", s[i]))
                        return false;
                s += 4;
            } else if (!strchr("\"\\/bfnrt", *s)) {
                return false;
            }
        }
        s++;
    }
    if (s >= end || !text_valid_utf8(*p + 1, (size_t)(s - *p - 1)))
        return false;
    *p = s + 1;
    return true;
}

static bool json_number(const char **p, const char *end)
{
    const char *s = *p;
    if (s < end && *s == '-')
        s++;
    const char *digits = s;
    while (s < end && ((*s >= '0' && *s <= '9') || *s == '.' || *s == 'e' || *s == 'E' ||
                       *s == '+' || *s == '-'))
        s++;
    if (s == digits || !(*digits >= '0' && *digits <= '9'))
        return false;
    *p = s;
    return true;
}

/* The members of an object or array: open is '{' or '['. */
static bool json_members(const char **p, const char *end, char open, int depth)
{
    char close = open == '{' ? '}' : ']';
    (*p)++;
    json_space(p, end);
    if (*p < end && **p == close) {
        (*p)++;
        return true;
    }
    for (;;) {
        json_space(p, end);
        if (open == '{') {
            if (*p >= end || **p != '"' || !json_string(p, end))
                return false;
            json_space(p, end);
            if (*p >= end || **p != ':')
                return false;
            (*p)++;
        }
        if (!json_value(p, end, depth + 1))
            return false;
        json_space(p, end);
        if (*p < end && **p == ',') {
            (*p)++;
            continue;
        }
        if (*p < end && **p == close) {
            (*p)++;
            return true;
        }
        return false;
    }
}

static bool json_value(const char **p, const char *end, int depth)
{
    json_space(p, end);
    if (*p >= end || depth > 8)
        return false;
    if (**p == '"')
        return json_string(p, end);
    if (**p == '{' || **p == '[')
        return json_members(p, end, **p, depth);
    return json_number(p, end);
}

/* Every line of the cast is one JSON value: the header object, then event arrays. */
static void check_cast(const char *text, size_t len)
{
    const char *p = text, *end = text + len;
    int line = 0;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        FUZZ_CHECK(nl != NULL, "every event ends its line");
        FUZZ_CHECK(*p == (line == 0 ? '{' : '['), "a header, then events");
        const char *q = p;
        FUZZ_CHECK(json_value(&q, nl, 0) && q == nl, "every recorded line is valid JSON");
        p = nl + 1;
        line++;
    }
}

/* ------------------------------------------------ the operations */

/* The special keys the term layer gives, as an operand picks them. */
static const int special_keys[] = {
    KEYCODE_UP, KEYCODE_DOWN, KEYCODE_LEFT, KEYCODE_RIGHT, KEYCODE_HOME, KEYCODE_END,
    KEYCODE_PAGE_UP, KEYCODE_PAGE_DOWN, KEYCODE_BACKTAB, KEYCODE_DELETE, KEYCODE_BACKSPACE,
    KEYCODE_ESC, KEYCODE_ENTER, KEYCODE_TAB, KEYCODE_REDRAW, KEYCODE_KILL, KEYCODE_RESIZE, 'e', '?', ' ',
};
#define SPECIAL_KEYS (sizeof special_keys / sizeof special_keys[0])

/* What one run keeps. */
typedef struct {
    AppSession *s;       /* the program's state */
    int w, h;            /* the terminal's size */
    long long now;       /* the clock, ms */
    int frames;          /* frames drawn */
} Run;

static void key(Run *r, int k, int x, int y)
{
    TermEvent ev = { .key = k, .x = x, .y = y };
    app_session_key(r->s, &ev, r->now);
}

static void frame(Run *r)
{
    if (r->frames >= FUZZ_MAX_FRAMES)
        return;
    r->frames++;
    FUZZ_CHECK(app_session_frame(r->s, r->w, r->h, r->now) == 0, "a frame is drawn");
    check_cells(app_session_grid(r->s));
}

/* Applies the operation at data[*i]; advances *i past its operands. */
static void operate(Run *r, const uint8_t *d, size_t n, size_t *i)
{
    uint8_t op = d[(*i)++];
#define ARG() (*i < n ? d[(*i)++] : 0)
    switch (op % 9) {
    case 0: {                                          /* a byte as the term layer reads it */
        int b = ARG();
        key(r, term_translate_key(false, b), 0, 0);
        break;
    }
    case 1:                                            /* a special key */
        key(r, special_keys[ARG() % SPECIAL_KEYS], 0, 0);
        break;
    case 2: {                                          /* any code point, even a hostile one */
        unsigned cp = (unsigned)ARG() << 16;
        cp |= (unsigned)ARG() << 8;
        cp |= ARG();
        key(r, (int)(cp % 0x110000u), 0, 0);
        break;
    }
    case 3: {                                          /* a click, also just outside */
        int x = ARG() % (r->w + 2) - 1;
        int y = ARG() % (r->h + 2) - 1;
        key(r, KEYCODE_MOUSE, x, y);
        break;
    }
    case 4: {                                          /* a resize, 1 to 1000 columns */
        int hi = ARG();
        r->w = 1 + ((hi << 8) | ARG()) % FUZZ_MAX_W;
        r->h = 1 + ARG() % FUZZ_MAX_H;
        key(r, KEYCODE_RESIZE, 0, 0);
        frame(r);
        break;
    }
    case 5: {                                          /* the clock jumps: a frame or hours */
        int a = ARG();
        r->now += a & 0x80 ? (long long)(a & 0x7F) << 24 : (long long)a * 11;
        break;
    }
    case 6:                                            /* a frame */
        frame(r);
        break;
    case 7: {                                          /* the input line: e, a text, Enter */
        key(r, 'e', 0, 0);
        int len = ARG() % 24;
        for (int k = 0; k < len; k++)
            key(r, term_translate_key(false, ARG()), 0, 0);
        key(r, ARG() & 1 ? KEYCODE_ENTER : KEYCODE_ESC, 0, 0);
        frame(r);
        break;
    }
    default:
        /* HOOK: the inputs other engineers add go here as operations of their own:
         * practice answers typed (the practice view's parser), config lines (--config)
         * and --set values. Each one: feed the bytes, draw a frame, check it. */
        frame(r);
        break;
    }
#undef ARG
}

/* ------------------------------------------------ the target */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char *argv[] = { "attn-tui", NULL };
    Options o;
    char err[512];
    FUZZ_CHECK(cli_parse(1, argv, &o, err, sizeof err) == 0, "no options parse");
    o.lang = data[0] & 1 ? LANG_ZH : LANG_EN;
    o.ascii = data[0] & 2;
    o.autoplay = data[0] & 4;
    o.numbers = !(data[0] & 8);
    EngineConfig cfg = { .mask = data[0] & 16 ? MASK_CAUSAL : MASK_NONE, .heads = data[0] & 32 ? 2 : 1 };
    Lesson ls;
    if (lesson_build(&ls, fuzz_built_in(), fuzz_built_in()->sentence, &cfg, err, sizeof err) != 0)
        return 0;
    char *cast = NULL;
    size_t cast_len = 0;
    FILE *mem = open_memstream(&cast, &cast_len);
    FUZZ_CHECK(mem != NULL, "a memory stream opens");
    Recorder rec;
    record_start(&rec, mem, "attn-tui · fuzz", 0);
    Run r = { .s = app_session_new(&o, &ls, 0), .w = 80, .h = 24, .now = 0 };
    if (r.s) {
        app_session_record(r.s, &rec, "memory.cast");
        frame(&r);
        for (size_t i = 1; i < size;)
            operate(&r, data, size, &i);
        frame(&r);
        app_session_free(r.s);
    }
    record_close(&rec);
    fclose(mem);
    check_cast(cast, cast_len);
    free(cast);
    lesson_free(&ls);
    return 0;
}
