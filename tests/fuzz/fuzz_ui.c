/* fuzz_ui.c — libFuzzer target: the interactive program's steps without a terminal
 * (app.h's AppSession): any sequence of keys, code points, clicks, resizes (1 to 1000
 * columns), clock jumps and typing into the input line, every frame drawn and recorded
 * into a memory stream. It must never crash, every cell must hold one whole UTF-8
 * character that is no control, separator, noncharacter or bidi control, and every line
 * of the recording must be valid JSON. Run it with -len_control=0 (scripts/fuzz.sh does):
 * long sequences are its point.
 * The session plays one of a set of hostile models (d = 1, d = 64, 16 characters, wide,
 * right-to-left and XML-special tokens, values near 1e150, denormals, a trained model with
 * a readout and an MLP, a small layered model of poems), which what-if may edit; after the run every change is undone and
 * the model must be the one parsed, bit for bit.
 * Input: 1 byte of options, 1 byte choosing the model, then operations (an opcode byte and
 * its operands). Seeds: tests/fuzz/corpus/ui. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <unistr.h>

#include "actions.h"
#include "app.h"
#include "cli.h"
#include "edit.h"
#include "fuzz.h"
#include "grid.h"
#include "keys.h"
#include "lesson.h"
#include "model.h"
#include "record.h"
#include "term.h"
#include "text.h"
#include "layered_tiny.h"   /* build/gen: tests/models/layered-tiny.model's text */

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

/* ------------------------------------------------ hostile models */

/* The models a session may play, chosen by the input's second byte. */
typedef enum {
    HOSTILE_BUILT_IN,   /* the lesson's model */
    HOSTILE_D1,         /* vectors of one number */
    HOSTILE_D64,        /* vectors of 64 */
    HOSTILE_SIXTEEN,    /* a sentence of 16 characters, the most a sentence holds */
    HOSTILE_TOKENS,     /* wide, right-to-left and XML-special characters */
    HOSTILE_HUGE,       /* word vectors near 1e150 against matrices near 1e-150 */
    HOSTILE_DENORMAL,   /* word vectors of subnormal numbers */
    HOSTILE_TRAINED,    /* a readout, an MLP and two heads, as --train writes */
    HOSTILE_LAYERED,    /* a layered model: tests/models/layered-tiny.model (2 layers × 2
                           heads, d 16, a poem line of 12 characters) */
    HOSTILE_COUNT
} Hostile;

#define HOSTILE_TEXT_BYTES (512 * 1024)   /* d = 64: three 64 × 64 matrices at 25 bytes a number */

/* A number in [-0.9, 0.9] that depends on i alone. */
static double hostile_value(int i)
{
    return 0.9 * sin(12.9898 * (double)(i + 1));
}

/* Appends to buf (cap bytes, len used) what fmt says. */
__attribute__((format(printf, 4, 5)))
static void put(char *buf, size_t cap, size_t *len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *len, cap - *len, fmt, ap);
    va_end(ap);
    FUZZ_CHECK(n >= 0 && (size_t)n < cap - *len, "a hostile model fits its buffer");
    *len += (size_t)n;
}

/* `rows` rows of `cols` numbers under [name], each value(i) · scale, the i-th number written
 * with %.17g (exact), a row label before each when labels is given. */
static void put_matrix(char *buf, size_t cap, size_t *len, const char *name, int rows, int cols,
                       double scale, int *i, char labels[][8])
{
    put(buf, cap, len, "[%s]\n", name);
    for (int r = 0; r < rows; r++) {
        if (labels)
            put(buf, cap, len, "%s", labels[r]);
        for (int c = 0; c < cols; c++)
            put(buf, cap, len, " %.17g", hostile_value((*i)++) * scale);
        put(buf, cap, len, "\n");
    }
}

/* The text of model `kind` (not HOSTILE_BUILT_IN or HOSTILE_LAYERED) in buf. */
static void hostile_text(Hostile kind, char *buf, size_t cap)
{
    static const char *tokens[HOSTILE_COUNT] = {
        [HOSTILE_D1] = "a b c ?",
        [HOSTILE_D64] = "三 加 五 等 于 ?",
        [HOSTILE_SIXTEEN] = "零 一 二 三 四 五 六 七 八 九 十 加 减 乘 除 等",
        [HOSTILE_TOKENS] = "< & \" ' > \\ 🙂 ب א Ａ ㄅ 〓",
        [HOSTILE_HUGE] = "三 加 五 等 于 ?",
        [HOSTILE_DENORMAL] = "三 加 五 等 于 ?",
        [HOSTILE_TRAINED] = "零 一 二 三 四 五 六 七 八 九 加 等 于 ?",
    };
    static const char *sentences[HOSTILE_COUNT] = {
        [HOSTILE_D1] = "abc?", [HOSTILE_D64] = "三加五等于?",
        [HOSTILE_SIXTEEN] = "零一二三四五六七八九十加减乘除等",
        [HOSTILE_TOKENS] = "<&\"'>\\🙂بאＡㄅ〓",
        [HOSTILE_HUGE] = "三加五等于?", [HOSTILE_DENORMAL] = "三加五等于?",
        [HOSTILE_TRAINED] = "三加五等于?",
    };
    int d = kind == HOSTILE_D1 ? 1 : kind == HOSTILE_D64 ? 64 : 8;
    double e_scale = kind == HOSTILE_HUGE ? 1e150 : kind == HOSTILE_DENORMAL ? 4.9e-320 : 1.0;
    double w_scale = kind == HOSTILE_HUGE ? 1e-150 : 1.0;
    char labels[16][8];
    int n = 0;
    for (const char *t = tokens[kind]; *t && n < 16; n++) {   /* the tokens, blank-separated */
        size_t k = strcspn(t, " ");
        snprintf(labels[n], sizeof labels[n], "%.*s", (int)k, t);
        t += k + (t[k] == ' ');
    }
    size_t len = 0;
    int i = 0;
    put(buf, cap, &len, "[vocab]\n%s\n[d]\n%d\n[sentence]\n%s\n", tokens[kind], d, sentences[kind]);
    put_matrix(buf, cap, &len, "embedding", n, d, e_scale, &i, labels);
    put_matrix(buf, cap, &len, "wq", d, d, w_scale, &i, NULL);
    put_matrix(buf, cap, &len, "wk", d, d, w_scale, &i, NULL);
    put_matrix(buf, cap, &len, "wv", d, d, w_scale, &i, NULL);
    if (kind == HOSTILE_TRAINED) {   /* ten answers, an MLP of width 4, two heads */
        put(buf, cap, &len, "[answers]\n零 一 二 三 四 五 六 七 八 九\n");
        put_matrix(buf, cap, &len, "wo", d, 10, 3.0, &i, NULL);
        put_matrix(buf, cap, &len, "bo", 1, 10, 1.0, &i, NULL);
        put_matrix(buf, cap, &len, "w1", d, 4, 1.0, &i, NULL);
        put_matrix(buf, cap, &len, "b1", 1, 4, 1.0, &i, NULL);
        put_matrix(buf, cap, &len, "w2", 4, d, 1.0, &i, NULL);
        put(buf, cap, &len, "[heads]\n2\n");
    }
}

/* Model `kind`, parsed into *m (the caller frees it). */
static void hostile_model(Hostile kind, Model *m)
{
    char err[512];
    if (kind == HOSTILE_BUILT_IN) {
        FUZZ_CHECK(model_copy(m, fuzz_built_in()) == 0, "the built-in model copies");
        return;
    }
    if (kind == HOSTILE_LAYERED) {
        const char *tiny = (const char *)layered_tiny_model;
        FUZZ_CHECK(model_parse(tiny, strlen(tiny), "layered-tiny.model", m, err, sizeof err) == 0,
                   "the tiny layered model parses");
        return;
    }
    static char text[HOSTILE_TEXT_BYTES];
    hostile_text(kind, text, sizeof text);
    FUZZ_CHECK(model_parse(text, strlen(text), "hostile.model", m, err, sizeof err) == 0,
               "every hostile model parses");
}

/* Whether two arrays of n numbers hold the same bits (both NULL counts as the same). */
static bool same_doubles(const double *a, const double *b, size_t n)
{
    if (!a || !b)
        return a == b;
    return memcmp(a, b, n * sizeof *a) == 0;
}

/* Whether model a holds the numbers of b, bit for bit (a lesson's kind of model). */
static bool same_model(const Model *a, const Model *b)
{
    size_t dd = (size_t)a->d * (size_t)a->d;
    return a->d == b->d && a->vocab_size == b->vocab_size && a->answers_count == b->answers_count &&
           a->hidden == b->hidden &&
           same_doubles(a->embedding, b->embedding, (size_t)a->vocab_size * (size_t)a->d) &&
           same_doubles(a->wq, b->wq, dd) && same_doubles(a->wk, b->wk, dd) && same_doubles(a->wv, b->wv, dd) &&
           same_doubles(a->wo, b->wo, (size_t)a->d * (size_t)a->answers_count) &&
           same_doubles(a->bo, b->bo, (size_t)a->answers_count) &&
           same_doubles(a->w1, b->w1, (size_t)a->d * (size_t)a->hidden) &&
           same_doubles(a->b1, b->b1, (size_t)a->hidden) &&
           same_doubles(a->w2, b->w2, (size_t)a->hidden * (size_t)a->d);
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
    if (size < 2)
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
    Hostile kind = (Hostile)(data[1] % HOSTILE_COUNT);
    if (kind == HOSTILE_D1)   /* one number cannot be split in two heads */
        cfg.heads = 1;
    if (kind == HOSTILE_LAYERED)   /* the program refuses a layered model in ASCII mode */
        o.ascii = false;
    Model model, pristine;    /* the one played and edited; the one it must come back to */
    hostile_model(kind, &model);
    hostile_model(kind, &pristine);
    Lesson ls;
    int built = lesson_build(&ls, &model, model.sentence, &cfg, err, sizeof err);
    FUZZ_CHECK(built == 0, "every hostile model plays its own sentence");
    char *cast = NULL;
    size_t cast_len = 0;
    FILE *mem = open_memstream(&cast, &cast_len);
    FUZZ_CHECK(mem != NULL, "a memory stream opens");
    Recorder rec;
    record_start(&rec, mem, "attn-tui · fuzz", 0);
    Run r = { .s = app_session_new(&o, &ls, 0), .w = 80, .h = 24, .now = 0 };
    if (r.s) {
        app_session_model(r.s, &model, NULL);
        app_session_record(r.s, &rec, "memory.cast");
        frame(&r);
        for (size_t i = 2; i < size;)
            operate(&r, data, size, &i);
        frame(&r);
        /* Undo every what-if change: close what is open (help, input line, tour), then u
           as often as the log can hold changes. */
        for (int k = 0; k < 4; k++)
            key(&r, KEYCODE_ESC, 0, 0);
        for (int k = 0; k <= EDIT_MAX; k++)
            key(&r, 'u', 0, 0);
        FUZZ_CHECK(same_model(&model, &pristine), "after undoing every change the model is the one parsed, bit for bit");
        app_session_free(r.s);
    }
    record_close(&rec);
    fclose(mem);
    check_cast(cast, cast_len);
    free(cast);
    lesson_free(&ls);
    model_free(&model);
    model_free(&pristine);
    return 0;
}
