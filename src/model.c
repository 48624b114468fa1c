/* model.c — reads the plain-text model format of model.h into a Model.
 * Owns: line splitting, validation with "NAME:LINE: what" messages, numbers read by number.h
 * independent of the locale, and loading files or the compiled-in default.
 * Must not touch: the engine's arithmetic, the terminal, any global mutable state. */
#include "model.h"
#include "number.h"
#include "slurp.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MODEL_MAX_FILE (64u * 1024u * 1024u) /* largest file model_load_file reads */
#define SHOW_BYTES 32                        /* longest token quoted in a message */
#define SHOW_NAME_BYTES 512                  /* longest file name quoted in a message */
#define HINT_BYTES 160                       /* room for a " (did you mean ...)" hint */

/* ---------------------------------------------------------------- sections */

/* The sections of one block of a layered model, in the order a file writes them. */
enum { LSEC_LN1, LSEC_WQ, LSEC_BQ, LSEC_WK, LSEC_BK, LSEC_WV, LSEC_BV, LSEC_WO, LSEC_BO,
       LSEC_LN2, LSEC_W1, LSEC_B1, LSEC_W2, LSEC_B2, LSEC_COUNT };

/* The first SEC_REQUIRED sections every lesson's file has; then the optional readout (up to
 * SEC_COUNT, the lesson's sections); then a layered model's, and its blocks' (block l's section
 * k is SEC_LAYER0 + l · LSEC_COUNT + k). */
enum { SEC_NONE = -1, SEC_VOCAB, SEC_D, SEC_SENTENCE, SEC_EMBEDDING,
       SEC_WQ, SEC_WK, SEC_WV, SEC_REQUIRED,
       SEC_ANSWERS = SEC_REQUIRED, SEC_WO, SEC_BO, SEC_W1, SEC_B1, SEC_W2, SEC_HEADS, SEC_COUNT,
       SEC_LAYERS = SEC_COUNT, SEC_CONTEXT, SEC_POSITION, SEC_LN_F, SEC_LM_HEAD, SEC_HEAD_STATS,
       SEC_LAYER0, SEC_ALL = SEC_LAYER0 + MODEL_MAX_LAYERS * LSEC_COUNT };

#define LAYER_SECTIONS(n) "layer " #n " ln1", "layer " #n " wq", "layer " #n " bq", \
    "layer " #n " wk", "layer " #n " bk", "layer " #n " wv", "layer " #n " bv", "layer " #n " wo", \
    "layer " #n " bo", "layer " #n " ln2", "layer " #n " w1", "layer " #n " b1", "layer " #n " w2", \
    "layer " #n " b2"

static const char *const section_names[SEC_ALL] = {
    "vocab", "d", "sentence", "embedding", "wq", "wk", "wv",
    "answers", "wo", "bo", "w1", "b1", "w2", "heads",
    "layers", "context", "position", "ln_f", "lm_head", "head stats",
    LAYER_SECTIONS(1), LAYER_SECTIONS(2), LAYER_SECTIONS(3), LAYER_SECTIONS(4),
    LAYER_SECTIONS(5), LAYER_SECTIONS(6), LAYER_SECTIONS(7), LAYER_SECTIONS(8)
};

/* The section of block l (0-based), kind k (LSEC_*). */
static int layer_section(int l, int k) { return SEC_LAYER0 + l * LSEC_COUNT + k; }

/* ---------------------------------------------------------------- parser state */

typedef struct {
    const char *text;        /* the whole input, len bytes, not NUL-terminated */
    size_t len;
    size_t pos;              /* start of the next line */
    int lineno;              /* number of the line last returned (1-based) */
    char *buf;               /* the current line, copied and NUL-terminated */
    const char *name;        /* file name for messages */
    char *err;
    size_t errlen;
    Lang lang;               /* the language of the messages */
    int header_line[SEC_ALL]; /* where each section's header is, 0 if absent */
    int rows[SEC_ALL];       /* data lines seen so far in each section (pass 2) */
    int d_seen;              /* [d] has its number */
    int heads_seen;          /* [heads] has its number */
    int heads_line;          /* the line of [heads]'s number */
    int layers_seen;         /* [layers] has its number */
    int context_seen;        /* [context] has its number */
    int b1_line;             /* the line of [b1]'s row (it sets the MLP's width), 0 if none */
    int mlp_line;            /* the line of the first [layer N b1] row (the blocks' MLP width) */
    int vocab_cap;           /* slots allocated in m->vocab */
    bool checked;            /* every line is known to be clean text (pass 2 reads them again) */
    int *vocab_slot;         /* VOCAB_SLOTS: vocabulary index + 1 by the hash of its bytes, 0 free */
    unsigned char *has_row;  /* vocab_size flags: embedding row seen */
    unsigned char *has_head_row; /* vocab_size flags: [lm_head] row seen (a layered model) */
    Model *m;
} Parser;

#define VOCAB_SLOTS (2 * MODEL_MAX_VOCAB)   /* a power of two, twice the most entries */

/* True once [layers] is in the file: the model is a layered one. */
static bool layered(const Parser *p) { return p->header_line[SEC_LAYERS] != 0; }

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

/* Writes "NAME:LINE: message" into err; never cuts a UTF-8 character in half. */
static int fail(Parser *p, int line, const char *fmt, ...) PRINTF_LIKE(3, 4);

/* Every message of the parser in Chinese: the same conversions in the same order, so one
 * argument list serves both (an English plural is two formats, "row" and "rows", each with
 * its Chinese form). */
static const struct {
    const char *en;   /* the format fail() is given */
    const char *zh;   /* its Chinese form */
} parse_messages_zh[] = {
    { "line is longer than %d bytes",
      "这一行超过 %d 字节" },
    { "NUL byte: this is not a text file",
      "NUL 字节：这不是文本文件" },
    { "stray carriage return (CR) inside a line",
      "行中间有多余的回车符（CR）" },
    { "control byte 0x%02X: this is not a text file",
      "控制字节 0x%02X：这不是文本文件" },
    { "invalid UTF-8 (save the file as UTF-8)",
      "不是有效的 UTF-8（请把文件存成 UTF-8）" },
    { "control character U+%04X: this is not a text file",
      "控制字符 U+%04X：这不是文本文件" },
    { "%s U+%04X in \"%s\" (did you mean \"%s\"?)",
      "%s U+%04X 在「%s」里（是不是想写「%s」？）" },
    { "malformed section header \"%s\"%s",
      "节标题「%s」写错了%s" },
    { "section [%s] appears twice (first on line %d)",
      "[%s] 节出现了两次（第一次在第 %d 行）" },
    { "unknown section [%s]%s",
      "不认识的节 [%s]%s" },
    { "unknown section [%s] (known: [vocab] [d] [sentence] [embedding] [wq] [wk] [wv], and for a readout [answers] [wo] [bo] [w1] [b1] [w2] [heads])",
      "不认识的节 [%s]（认识的有：[vocab] [d] [sentence] [embedding] [wq] [wk] [wv]，输出层还有 [answers] [wo] [bo] [w1] [b1] [w2] [heads]）" },
    { "unknown section [%s] (known: [vocab] [d] [sentence] [embedding] [wq] [wk] [wv], for a readout [answers] [wo] [bo] [w1] [b1] [w2] [heads], and for a layered model [layers] [context] [position] [layer 1 ln1] … [layer 8 b2] [ln_f] [lm_head] [head stats])",
      "不认识的节 [%s]（认识的有：[vocab] [d] [sentence] [embedding] [wq] [wk] [wv]，输出层还有 [answers] [wo] [bo] [w1] [b1] [w2] [heads]，分层的模型还有 [layers] [context] [position] [layer 1 ln1] … [layer 8 b2] [ln_f] [lm_head] [head stats]）" },
    { "[%s] holds one number, but here is another line",
      "[%s] 只有一个数，这里却还有一行" },
    { "[%s] must be a whole number from 1 to %d, got \"%s\"",
      "[%s] 必须是 1 到 %d 的整数，这里是「%s」" },
    { "[%s] has no number",
      "[%s] 里没有数" },
    { "[%s] belongs to the lesson's model: a layered model has [layer 1 wq] and the like",
      "[%s] 是课上模型的节：分层的模型用 [layer 1 wq] 这样的节" },
    { "section [%s] is a layered model's, but [layers] is missing",
      "[%s] 是分层模型的节，可是缺少 [layers]" },
    { "missing section [%s] (a layered model has [layers], [heads] and [context])",
      "缺少 [%s] 节（分层的模型要有 [layers]、[heads] 和 [context]）" },
    { "[%s]: the model has %d layers",
      "[%s]：模型只有 %d 层" },
    { "[%s] has %d numbers: at most %d are allowed",
      "[%s] 有 %d 个数：最多只能有 %d 个" },
    { "[%s] is empty",
      "[%s] 是空的" },
    { "lm_head row for \"%s\", which is not in [vocab]%s",
      "「%s」的 lm_head 那一行，可它不在 [vocab] 里%s" },
    { "second lm_head row for \"%s\"",
      "「%s」的 lm_head 出现了第二行" },
    { "no lm_head row for \"%s\"",
      "「%s」没有 lm_head 那一行" },
    { "vocabulary entry \"%s\" is not exactly one character",
      "词表里的「%s」不是正好一个字" },
    { "vocabulary entry \"[\" cannot be used: its embedding line would read as a section",
      "词表里不能有「[」：它的词向量那一行会被当成节标题" },
    { "vocabulary entry U+%04X cannot be used: it is a separator, a control or a noncharacter, not a printable character",
      "词表里不能有 U+%04X：它是分隔符、控制字符或非字符，不是可打印的字" },
    { "vocabulary entry U+%04X cannot be used: it takes no room on the screen",
      "词表里不能有 U+%04X：它在屏幕上不占位置" },
    { "vocabulary entry \"%s\" appears twice",
      "词表里的「%s」出现了两次" },
    { "vocabulary has more than %d entries",
      "词表超过 %d 个字" },
    { "out of memory",
      "内存不足" },
    { "[d] holds one number, but here is another line",
      "[d] 只有一个数，这里却还有一行" },
    { "[d] holds one number, got %d",
      "[d] 只有一个数，这里有 %d 个" },
    { "d must be a whole number from 1 to %d, got \"%s\"",
      "d 必须是 1 到 %d 的整数，这里是「%s」" },
    { "[heads] holds one number, but here is another line",
      "[heads] 只有一个数，这里却还有一行" },
    { "[heads] must be 1 or 2, got \"%s\"",
      "[heads] 必须是 1 或 2，这里是「%s」" },
    { "[b1] holds one row, but here is another",
      "[b1] 只有一行，这里却还有一行" },
    { "[b1] has %d numbers: at most %d are allowed",
      "[b1] 有 %d 个数：最多只能有 %d 个" },
    { "missing section [%s] (a readout has [answers], [wo] and [bo])",
      "缺少 [%s] 节（输出层要有 [answers]、[wo] 和 [bo]）" },
    { "missing section [%s] (an MLP has [w1], [b1] and [w2])",
      "缺少 [%s] 节（MLP 要有 [w1]、[b1] 和 [w2]）" },
    { "[answers] is empty",
      "[answers] 是空的" },
    { "[b1] is empty",
      "[b1] 是空的" },
    { "[heads] has no number",
      "[heads] 里没有数" },
    { "[heads] is %d, but d = %d is not divisible by it",
      "[heads] 是 %d，但 d = %d 不能被它整除" },
    { "\"%s\" is not a section header%s",
      "「%s」不是节标题%s" },
    { "text before the first section: \"%s\"",
      "在第一个节（例如 [vocab]）之前出现了文字：「%s」" },
    { "no sections found (the file is empty or only comments)",
      "一个节也没有（文件是空的，或者只有注释）" },
    { "missing section [%s]",
      "缺少 [%s] 节" },
    { "[vocab] is empty",
      "[vocab] 是空的" },
    { "[d] has no number",
      "[d] 里没有数" },
    { "number \"%s\" is longer than %d characters",
      "数「%s」超过 %d 个字符" },
    { "\"%s\" is not a number%s",
      "「%s」不是数%s" },
    { "\"%s\" is not a finite number",
      "「%s」不是有限的数" },
    { "%s: expected %d numbers, got %d",
      "%s：应该有 %d 个数，这里有 %d 个" },
    { "[sentence] holds one line, but here is another",
      "[sentence] 只有一行，这里却还有一行" },
    { "the sentence must not contain blanks",
      "句子里不能有空格" },
    { "the sentence has %d characters, at most %d allowed",
      "句子有 %d 个字，最多只能有 %d 个" },
    { "sentence character \"%s\" is not in [vocab]%s",
      "句子里的「%s」不在 [vocab] 里%s" },
    { "embedding row for \"%s\", which is not in [vocab]%s",
      "「%s」的词向量那一行，可它不在 [vocab] 里%s" },
    { "second embedding row for \"%s\"",
      "「%s」的词向量出现了第二行" },
    { "[%s] has more than %d rows",
      "[%s] 超过 %d 行" },
    { "[%s] has more than %d row",
      "[%s] 超过 %d 行" },
    { "answer \"%s\" is not in [vocab]%s",
      "答案「%s」不在 [vocab] 里%s" },
    { "answer \"%s\" appears twice",
      "答案「%s」出现了两次" },
    { "[%s] has only %d of its %d rows",
      "[%s] 只有 %d 行，应该有 %d 行" },
    { "[sentence] is empty",
      "[sentence] 是空的" },
    { "no embedding row for \"%s\"",
      "「%s」没有词向量那一行" },
};

/* fmt in p's language: its Chinese form when there is one (format_arg: the compiler checks
 * fail's arguments against fmt, which the Chinese form matches conversion for conversion). */
static const char *parse_format(const Parser *p, const char *fmt) __attribute__((format_arg(2)));
static const char *parse_format(const Parser *p, const char *fmt)
{
    if (p->lang != LANG_ZH)
        return fmt;
    for (size_t i = 0; i < sizeof parse_messages_zh / sizeof parse_messages_zh[0]; i++)
        if (strcmp(parse_messages_zh[i].en, fmt) == 0)
            return parse_messages_zh[i].zh;
    return fmt;
}

static int fail(Parser *p, int line, const char *fmt, ...)
{
    if (!p->err || p->errlen == 0)
        return -1;
    char name[SHOW_NAME_BYTES];
    int n = snprintf(p->err, p->errlen, LANG_PICK(p->lang, "%s:%d: ", "%s:%d："),
                     text_escape(p->name, name, sizeof name), line);
    if (n >= 0 && (size_t)n < p->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p->err + n, p->errlen - (size_t)n, parse_format(p, fmt), ap);
        va_end(ap);
    }
    text_cut_partial(p->err);
    return -1;
}

/* A token for quoting in a message: controls, bidi and zero-width characters escaped
 * (text_escape), shortened at a character boundary. */
static const char *show(const char *tok, char out[SHOW_BYTES + 4])
{
    char escaped[SHOW_BYTES * 2];
    text_escape(tok, escaped, sizeof escaped);
    size_t n = strlen(escaped);
    if (n <= SHOW_BYTES && strlen(tok) <= SHOW_BYTES) {
        memcpy(out, escaped, n + 1);
        return out;
    }
    escaped[SHOW_BYTES] = '\0';
    text_cut_partial(escaped);
    n = strlen(escaped);
    memcpy(out, escaped, n);
    memcpy(out + n, "...", 4);
    return out;
}

/* ---------------------------------------------------------------- lines */

static int is_blank(char c) { return c == ' ' || c == '\t'; }

/* Fetches the next line into p->buf, without its "\n" or "\r\n", checked to be
 * short, valid UTF-8 and free of control characters (C0, DEL and C1: U+0080..U+009F). Returns 1, 0 at the end, -1 on error. */
static int next_line(Parser *p, char **line)
{
    if (p->pos >= p->len)
        return 0;
    const char *start = p->text + p->pos;
    const char *nl = memchr(start, '\n', p->len - p->pos);
    const char *end = nl ? nl : p->text + p->len;   /* an empty line has end == start */
    p->pos = (size_t)(end - p->text) + (nl ? 1 : 0);
    p->lineno++;
    if (end > start && end[-1] == '\r')
        end--;
    size_t n = (size_t)(end - start);
    if (p->lineno == 1 && n >= 3 && memcmp(start, "\xEF\xBB\xBF", 3) == 0) {
        start += 3; /* a byte-order mark some editors write */
        n -= 3;
    }
    if (n > MODEL_MAX_LINE)
        return fail(p, p->lineno, "line is longer than %d bytes", MODEL_MAX_LINE);
    if (p->checked) {   /* pass 2: pass 1 read these very bytes and found them clean */
        memcpy(p->buf, start, n);
        p->buf[n] = '\0';
        *line = p->buf;
        return 1;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)start[i];
        if (c == '\0')
            return fail(p, p->lineno, "NUL byte: this is not a text file");
        if (c == '\r')
            return fail(p, p->lineno, "stray carriage return (CR) inside a line");
        if ((c < 0x20 && c != '\t') || c == 0x7F)
            return fail(p, p->lineno, "control byte 0x%02X: this is not a text file", c);
    }
    if (!text_valid_utf8(start, n))
        return fail(p, p->lineno, "invalid UTF-8 (save the file as UTF-8)");
    for (size_t i = 0; i + 1 < n; i++) {
        unsigned char c = (unsigned char)start[i], c2 = (unsigned char)start[i + 1];
        if (c == 0xC2 && c2 >= 0x80 && c2 <= 0x9F)
            return fail(p, p->lineno, "control character U+%04X: this is not a text file", c2);
    }
    memcpy(p->buf, start, n);
    p->buf[n] = '\0';
    *line = p->buf;
    return 1;
}

/* Strips blanks from both ends of s in place and returns the first non-blank. */
static char *trim(char *s)
{
    while (is_blank(*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && is_blank(s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* Cuts the next blank-separated token out of *cursor (NUL-terminating it), or NULL. */
static char *next_token(char **cursor)
{
    char *s = *cursor;
    while (is_blank(*s))
        s++;
    if (*s == '\0') {
        *cursor = s;
        return NULL;
    }
    char *tok = s;
    while (*s != '\0' && !is_blank(*s))
        s++;
    if (*s != '\0')
        *s++ = '\0';
    *cursor = s;
    return tok;
}

static int count_tokens(const char *s)
{
    int n = 0;
    while (*s) {
        while (is_blank(*s))
            s++;
        if (*s == '\0')
            break;
        n++;
        while (*s && !is_blank(*s))
            s++;
    }
    return n;
}

/* Cuts off a comment: from a '#' that starts the line or follows a blank. */
static char *strip_comment(char *line)
{
    for (char *s = line; *s; s++)
        if (*s == '#' && (s == line || is_blank(s[-1]))) {
            *s = '\0';
            break;
        }
    return line;
}

/* ---------------------------------------------------------------- look-alikes */

/* The code point of the UTF-8 character at s, and its length in *len; a broken
 * sequence reads as U+FFFD and stops before the first byte that does not belong. */
static unsigned decode_char(const char *s, int *len)
{
    const unsigned char *u = (const unsigned char *)s;
    if (u[0] < 0x80) {
        *len = 1;
        return u[0];
    }
    int n = u[0] >= 0xF0 ? 4 : u[0] >= 0xE0 ? 3 : 2;
    unsigned cp = u[0] & (0x7Fu >> n);
    for (int i = 1; i < n; i++) {
        if ((u[i] & 0xC0) != 0x80) {
            *len = i;
            return 0xFFFD;
        }
        cp = (cp << 6) | (u[i] & 0x3Fu);
    }
    *len = n;
    return cp;
}

int model_lookalike(const char *ch)
{
    if (!ch || !*ch)
        return 0;
    int len;
    unsigned cp = decode_char(ch, &len);
    if (ch[len] != '\0' || cp < 0x80)
        return 0;
    if (cp >= 0xFF01 && cp <= 0xFF5E)            /* full-width ！ to ～ */
        return (int)(cp - 0xFEE0);
    switch (cp) {
    case 0x3000: case 0x00A0: return ' ';       /* ideographic and no-break space */
    case 0x2212: case 0x2013: return '-';       /* minus sign, en dash */
    case 0x3002: case 0xFF61: return '.';       /* ideographic full stop */
    default: return 0;
    }
}

/* tok with every look-alike replaced by the ASCII it resembles, into out; the first
 * look-alike (its bytes, its code point and its ASCII) into *first. Returns how many
 * it replaced. */
typedef struct {
    char bytes[TEXT_CHAR_BYTES]; /* the look-alike character, UTF-8 */
    unsigned cp;                 /* its code point */
    int ascii;                   /* the character it resembles */
} Lookalike;

static int fold_lookalikes(const char *tok, char *out, size_t cap, Lookalike *first)
{
    int found = 0;
    size_t used = 0;
    while (*tok && used + TEXT_CHAR_BYTES < cap) {
        int len;
        unsigned cp = decode_char(tok, &len);
        char one[TEXT_CHAR_BYTES];
        memcpy(one, tok, (size_t)len);
        one[len] = '\0';
        int ascii = model_lookalike(one);
        if (ascii && found++ == 0) {
            memcpy(first->bytes, one, (size_t)len + 1);
            first->cp = cp;
            first->ascii = ascii;
        }
        if (ascii)
            out[used++] = (char)ascii;
        else {
            memcpy(out + used, one, (size_t)len);
            used += (size_t)len;
        }
        tok += len;
    }
    out[used] = '\0';
    return found;
}

/* Writes " (did you mean "X"? "？" is U+FF1F, not "?")" into hint when tok holds a
 * look-alike and its ASCII reading passes accept (NULL: always), else "". */
static const char *lookalike_hint(Parser *p, const char *tok, char *hint, size_t cap,
                                  int (*accept)(Parser *, const char *))
{
    char folded[SHOW_BYTES * 2 + TEXT_CHAR_BYTES];
    char shown[SHOW_BYTES + 4];
    Lookalike first;
    hint[0] = '\0';
    if (fold_lookalikes(tok, folded, sizeof folded, &first) == 0)
        return hint;
    if (accept && !accept(p, folded))
        return hint;
    snprintf(hint, cap, LANG_PICK(p->lang, " (did you mean \"%s\"? \"%s\" is U+%04X, not \"%c\")",
                                  "（是不是想写「%s」？「%s」是 U+%04X，不是「%c」）"),
             show(folded, shown), first.bytes, first.cp, first.ascii);
    return hint;
}

/* A blank look-alike (U+3000, U+00A0) in a line is always a mistake: blanks separate
 * entries and numbers, and no entry may be one. Reports the first, in its token. */
static int check_blank_lookalikes(Parser *p, const char *line)
{
    const char *wide = strstr(line, "\xE3\x80\x80"), *nbsp = strstr(line, "\xC2\xA0");
    const char *at = !wide ? nbsp : !nbsp ? wide : wide < nbsp ? wide : nbsp;
    if (!at)
        return 0;
    const char *start = at, *end = at;
    while (start > line && !is_blank(start[-1]))
        start--;
    while (*end && !is_blank(*end))
        end++;
    char tok[SHOW_BYTES * 2 + 1];
    size_t n = (size_t)(end - start);
    if (n > SHOW_BYTES * 2) {
        n = SHOW_BYTES * 2;               /* enough to show: cut at a character boundary */
        while (n > 0 && ((unsigned char)start[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(tok, start, n);
    tok[n] = '\0';
    char folded[SHOW_BYTES * 2 + TEXT_CHAR_BYTES];
    char shown[SHOW_BYTES + 4], shown_folded[SHOW_BYTES + 4];
    Lookalike first;
    fold_lookalikes(tok, folded, sizeof folded, &first);
    return fail(p, p->lineno, "%s U+%04X in \"%s\" (did you mean \"%s\"?)",
                at == wide ? LANG_PICK(p->lang, "full-width space", "全角空格")
                           : LANG_PICK(p->lang, "no-break space", "不换行空格"), at == wide ? 0x3000u : 0xA0u,
                show(tok, shown), show(folded, shown_folded));
}

/* ---------------------------------------------------------------- headers */

/* Reads a "[name]" line: returns its section, or -1 after reporting the problem. */
static int is_header_text(Parser *p, const char *line);

static int parse_header(Parser *p, char *line)
{
    size_t n = strlen(line);
    char shown[SHOW_BYTES + 4], hint[HINT_BYTES];
    lookalike_hint(p, line, hint, sizeof hint, is_header_text);
    if (n < 2 || line[n - 1] != ']')
        return fail(p, p->lineno, "malformed section header \"%s\"%s", show(line, shown),
                    hint[0] ? hint : LANG_PICK(p->lang, " (write it as [name])", "（要写成 [名字]）"));
    line[n - 1] = '\0';
    for (int s = 0; s < SEC_ALL; s++) {
        if (strcmp(line + 1, section_names[s]) != 0)
            continue;
        if (p->header_line[s])
            return fail(p, p->lineno, "section [%s] appears twice (first on line %d)",
                        section_names[s], p->header_line[s]);
        p->header_line[s] = p->lineno;
        return s;
    }
    if (hint[0])
        return fail(p, p->lineno, "unknown section [%s]%s", show(line + 1, shown), hint);
    if (layered(p) || strncmp(line + 1, "layer", 5) == 0)
        return fail(p, p->lineno, "unknown section [%s] (known: [vocab] [d] [sentence] "
                    "[embedding] [wq] [wk] [wv], for a readout [answers] [wo] [bo] [w1] [b1] "
                    "[w2] [heads], and for a layered model [layers] [context] [position] "
                    "[layer 1 ln1] … [layer 8 b2] [ln_f] [lm_head] [head stats])", show(line + 1, shown));
    return fail(p, p->lineno, "unknown section [%s] (known: [vocab] [d] [sentence] "
                "[embedding] [wq] [wk] [wv], and for a readout [answers] [wo] [bo] [w1] [b1] "
                "[w2] [heads])", show(line + 1, shown));
}

/* True when line, read as ASCII, is a section header "[name]" (for hints). */
static int is_header_text(Parser *p, const char *line)
{
    (void)p;
    size_t n = strlen(line);
    if (n < 3 || line[0] != '[' || line[n - 1] != ']')
        return 0;
    for (int s = 0; s < SEC_ALL; s++)
        if (strlen(section_names[s]) == n - 2 && strncmp(line + 1, section_names[s], n - 2) == 0)
            return 1;
    return 0;
}

/* ---------------------------------------------------------------- [vocab] and [d] */

/* FNV-1a of the bytes of ch: where the vocabulary index looks for it. */
static unsigned vocab_hash(const char *ch)
{
    unsigned h = 2166136261u;
    for (const unsigned char *s = (const unsigned char *)ch; *s; s++)
        h = (h ^ *s) * 16777619u;
    return h & (VOCAB_SLOTS - 1);
}

/* Index of the vocabulary entry ch through the parser's hash index (model_find_char's answer,
 * in constant time: a layered model has thousands of entries, each looked up twice), or -1. */
static int vocab_lookup(const Parser *p, const char *ch)
{
    if (!ch)
        return -1;
    for (unsigned h = vocab_hash(ch); p->vocab_slot[h]; h = (h + 1) & (VOCAB_SLOTS - 1))
        if (strcmp(p->m->vocab[p->vocab_slot[h] - 1], ch) == 0)
            return p->vocab_slot[h] - 1;
    return -1;
}

/* Enters vocabulary entry i into the index. */
static void vocab_index(Parser *p, int i)
{
    unsigned h = vocab_hash(p->m->vocab[i]);
    while (p->vocab_slot[h])
        h = (h + 1) & (VOCAB_SLOTS - 1);
    p->vocab_slot[h] = i + 1;
}

static int add_vocab(Parser *p, char *line)
{
    Model *m = p->m;
    char shown[SHOW_BYTES + 4];
    char *tok;
    while ((tok = next_token(&line)) != NULL) {
        size_t n = strlen(tok);
        if (n >= TEXT_CHAR_BYTES || text_char_count(tok) != 1)
            return fail(p, p->lineno, "vocabulary entry \"%s\" is not exactly one character",
                        show(tok, shown));
        if (tok[0] == '[')
            return fail(p, p->lineno, "vocabulary entry \"[\" cannot be used: its embedding "
                        "line would read as a section");
        int cp_len;
        unsigned cp = decode_char(tok, &cp_len);
        if (!text_char_allowed(cp))
            return fail(p, p->lineno, "vocabulary entry U+%04X cannot be used: it is a "
                        "separator, a control or a noncharacter, not a printable character", cp);
        if (text_width(tok) < 1) {
            int len;
            return fail(p, p->lineno, "vocabulary entry U+%04X cannot be used: it takes no "
                        "room on the screen", decode_char(tok, &len));
        }
        if (vocab_lookup(p, tok) >= 0)
            return fail(p, p->lineno, "vocabulary entry \"%s\" appears twice",
                        show(tok, shown));
        if (m->vocab_size == MODEL_MAX_VOCAB)
            return fail(p, p->lineno, "vocabulary has more than %d entries", MODEL_MAX_VOCAB);
        if (m->vocab_size == p->vocab_cap) {
            int cap = p->vocab_cap ? p->vocab_cap * 2 : 32;
            void *grown = realloc(m->vocab, (size_t)cap * sizeof *m->vocab);
            if (!grown)
                return fail(p, p->lineno, "out of memory");
            m->vocab = grown;
            p->vocab_cap = cap;
        }
        memcpy(m->vocab[m->vocab_size], tok, n + 1);
        vocab_index(p, m->vocab_size++);
    }
    return 0;
}

static int parse_d(Parser *p, char *line)
{
    if (p->d_seen)
        return fail(p, p->lineno, "[d] holds one number, but here is another line");
    if (count_tokens(line) != 1)
        return fail(p, p->lineno, "[d] holds one number, got %d", count_tokens(line));
    char *tok = trim(line);
    size_t n = strlen(tok);
    int ok = n > 0 && n <= 6 && strspn(tok, "0123456789") == n;
    long d = ok ? strtol(tok, NULL, 10) : 0;
    if (!ok || d < 1 || d > MODEL_MAX_D) {
        char shown[SHOW_BYTES + 4];
        return fail(p, p->lineno, "d must be a whole number from 1 to %d, got \"%s\"",
                    MODEL_MAX_D, show(tok, shown));
    }
    p->m->d = (int)d;
    p->d_seen = 1;
    return 0;
}

/* [heads]: one whole number, 1..MODEL_MAX_HEADS. */
static int parse_heads(Parser *p, char *line)
{
    if (p->heads_seen)
        return fail(p, p->lineno, "[heads] holds one number, but here is another line");
    char *tok = trim(line);
    if (strlen(tok) != 1 || tok[0] < '1' || tok[0] > '0' + MODEL_MAX_LAYER_HEADS) {
        char shown[SHOW_BYTES + 4];
        return fail(p, p->lineno, "[heads] must be 1 or 2, got \"%s\"", show(tok, shown));
    }
    p->m->heads = tok[0] - '0';
    p->heads_seen = 1;
    p->heads_line = p->lineno;
    return 0;
}

/* [layers] and [context]: one whole number from 1 to max into *out. */
static int parse_count(Parser *p, int sec, char *line, int max, int *out, int *seen)
{
    if (*seen)
        return fail(p, p->lineno, "[%s] holds one number, but here is another line", section_names[sec]);
    char *tok = trim(line);
    size_t n = strlen(tok);
    long v = n > 0 && n <= 3 && strspn(tok, "0123456789") == n ? strtol(tok, NULL, 10) : 0;
    if (v < 1 || v > max) {
        char shown[SHOW_BYTES + 4];
        return fail(p, p->lineno, "[%s] must be a whole number from 1 to %d, got \"%s\"",
                    section_names[sec], max, show(tok, shown));
    }
    *out = (int)v;
    *seen = 1;
    return 0;
}

/* The first row of a [layer N b1] in pass 1: the blocks' MLP width. */
static int count_mlp(Parser *p, int sec, const char *line)
{
    if (p->mlp_line)
        return 0;   /* pass 2 holds every other [layer N b1] row to this width */
    int n = count_tokens(line);
    if (n > MODEL_MAX_HIDDEN)
        return fail(p, p->lineno, "[%s] has %d numbers: at most %d are allowed", section_names[sec],
                    n, MODEL_MAX_HIDDEN);
    p->m->mlp = n;
    p->mlp_line = p->lineno;
    return 0;
}

/* [answers] and [b1] in pass 1: how many answers, and the MLP's width. */
static int count_readout(Parser *p, int sec, const char *line)
{
    if (sec == SEC_ANSWERS) {
        p->m->answers_count += count_tokens(line);
        return 0;
    }
    if (p->b1_line)
        return fail(p, p->lineno, "[b1] holds one row, but here is another");
    int n = count_tokens(line);
    if (n > MODEL_MAX_HIDDEN)
        return fail(p, p->lineno, "[b1] has %d numbers: at most %d are allowed", n, MODEL_MAX_HIDDEN);
    p->m->hidden = n;
    p->b1_line = p->lineno;
    return 0;
}

/* The optional sections go together: answers with wo and bo; w1, b1 and w2 all or none,
 * and only with a readout. */
static int check_optional(Parser *p, int last)
{
    const int *h = p->header_line;
    bool readout = h[SEC_ANSWERS] || h[SEC_WO] || h[SEC_BO];
    bool mlp = h[SEC_W1] || h[SEC_B1] || h[SEC_W2];
    static const int need_readout[] = { SEC_ANSWERS, SEC_WO, SEC_BO };
    static const int need_mlp[] = { SEC_W1, SEC_B1, SEC_W2 };
    for (size_t i = 0; (readout || mlp) && i < 3; i++)
        if (!h[need_readout[i]])
            return fail(p, last, "missing section [%s] (a readout has [answers], [wo] and [bo])",
                        section_names[need_readout[i]]);
    for (size_t i = 0; mlp && i < 3; i++)
        if (!h[need_mlp[i]])
            return fail(p, last, "missing section [%s] (an MLP has [w1], [b1] and [w2])",
                        section_names[need_mlp[i]]);
    if (readout && p->m->answers_count == 0)
        return fail(p, h[SEC_ANSWERS], "[answers] is empty");
    if (mlp && p->m->hidden == 0)
        return fail(p, h[SEC_B1], "[b1] is empty");
    if (h[SEC_HEADS] && !p->heads_seen)
        return fail(p, h[SEC_HEADS], "[heads] has no number");
    if (p->m->heads > MODEL_MAX_HEADS) {   /* 3 … 8 are a layered model's */
        char got[4] = { (char)('0' + p->m->heads), '\0' };
        return fail(p, p->heads_line, "[heads] must be 1 or 2, got \"%s\"", got);
    }
    if (p->m->heads > 0 && p->m->d % p->m->heads != 0)
        return fail(p, h[SEC_HEADS], "[heads] is %d, but d = %d is not divisible by it",
                    p->m->heads, p->m->d);
    return 0;
}

/* A layered model's sections: its own all there (every block's, up to [layers]), the lesson's
 * [wq] [wk] [wv] and readout absent. */
static int check_layered(Parser *p, int last)
{
    const int *h = p->header_line;
    Model *m = p->m;
    for (int s = SEC_WQ; s < SEC_HEADS; s++)
        if (h[s])
            return fail(p, h[s], "[%s] belongs to the lesson's model: a layered model has [layer 1 wq] "
                        "and the like", section_names[s]);
    if (!p->layers_seen)
        return fail(p, h[SEC_LAYERS], "[%s] has no number", section_names[SEC_LAYERS]);
    static const int shape[] = { SEC_HEADS, SEC_CONTEXT };
    for (size_t i = 0; i < 2; i++)
        if (!h[shape[i]])
            return fail(p, last, "missing section [%s] (a layered model has [layers], [heads] and "
                        "[context])", section_names[shape[i]]);
    if (!p->heads_seen)
        return fail(p, h[SEC_HEADS], "[heads] has no number");
    if (!p->context_seen)
        return fail(p, h[SEC_CONTEXT], "[%s] has no number", section_names[SEC_CONTEXT]);
    if (m->d % m->heads != 0)
        return fail(p, h[SEC_HEADS], "[heads] is %d, but d = %d is not divisible by it", m->heads, m->d);
    for (int l = 0; l < MODEL_MAX_LAYERS; l++)
        for (int k = 0; k < LSEC_COUNT; k++) {
            int s = layer_section(l, k);
            if (l < m->layers && !h[s])
                return fail(p, last, "missing section [%s]", section_names[s]);
            if (l >= m->layers && h[s])
                return fail(p, h[s], "[%s]: the model has %d layers", section_names[s], m->layers);
        }
    static const int tail[] = { SEC_LN_F, SEC_LM_HEAD };
    for (size_t i = 0; i < 2; i++)
        if (!h[tail[i]])
            return fail(p, last, "missing section [%s]", section_names[tail[i]]);
    if (m->mlp == 0)
        return fail(p, h[layer_section(0, LSEC_B1)], "[%s] is empty", section_names[layer_section(0, LSEC_B1)]);
    return 0;
}

/* A lesson's model has none of a layered model's sections. */
static int check_not_layered(Parser *p)
{
    for (int s = SEC_COUNT; s < SEC_ALL; s++)
        if (p->header_line[s])
            return fail(p, p->header_line[s], "section [%s] is a layered model's, but [layers] is "
                        "missing", section_names[s]);
    return 0;
}

/* ---------------------------------------------------------------- pass 1 */

/* Finds every section header, reads [vocab] and [d], and checks every line. */
static int pass_structure(Parser *p)
{
    int sec = SEC_NONE;
    char *line;
    int r;
    char shown[SHOW_BYTES + 4];
    char hint[HINT_BYTES];
    while ((r = next_line(p, &line)) > 0) {
        line = trim(strip_comment(line));
        if (line[0] == '\0')
            continue;
        if (check_blank_lookalikes(p, line) < 0)
            return -1;
        /* "［wq］": only a full-width ［ folds to the '[' a header starts with */
        if (strncmp(line, "\xEF\xBC\xBB", 3) == 0 && lookalike_hint(p, line, hint, sizeof hint, is_header_text)[0])
            return fail(p, p->lineno, "\"%s\" is not a section header%s", show(line, shown), hint);
        if (line[0] == '[') {
            if ((sec = parse_header(p, line)) < 0)
                return -1;
            continue;
        }
        if (sec == SEC_NONE)
            return fail(p, p->lineno, "text before the first section: \"%s\"",
                        show(line, shown));
        if (sec == SEC_VOCAB && add_vocab(p, line) < 0)
            return -1;
        if (sec == SEC_D && parse_d(p, line) < 0)
            return -1;
        if (sec == SEC_HEADS && parse_heads(p, line) < 0)
            return -1;
        if (sec == SEC_LAYERS && parse_count(p, sec, line, MODEL_MAX_LAYERS, &p->m->layers,
                                             &p->layers_seen) < 0)
            return -1;
        if (sec == SEC_CONTEXT && parse_count(p, sec, line, MODEL_MAX_CONTEXT, &p->m->context,
                                              &p->context_seen) < 0)
            return -1;
        if (sec >= SEC_LAYER0 && (sec - SEC_LAYER0) % LSEC_COUNT == LSEC_B1 && count_mlp(p, sec, line) < 0)
            return -1;
        if ((sec == SEC_ANSWERS || sec == SEC_B1) && count_readout(p, sec, line) < 0)
            return -1;
    }
    if (r < 0)
        return -1;
    int last = p->lineno > 0 ? p->lineno : 1;
    int any = 0;
    for (int s = 0; s < SEC_ALL; s++)
        any |= p->header_line[s] != 0;
    if (!any)
        return fail(p, last, "no sections found (the file is empty or only comments)");
    if (!layered(p) && check_not_layered(p) != 0)
        return -1;
    for (int s = 0; s < (layered(p) ? SEC_WQ : SEC_REQUIRED); s++)
        if (!p->header_line[s])
            return fail(p, last, "missing section [%s]", section_names[s]);
    if (p->m->vocab_size == 0)
        return fail(p, p->header_line[SEC_VOCAB], "[vocab] is empty");
    if (!p->d_seen)
        return fail(p, p->header_line[SEC_D], "[d] has no number");
    if (layered(p))
        return check_layered(p, last);
    return check_optional(p, last);
}

/* ---------------------------------------------------------------- numbers */

_Static_assert(MODEL_MAX_NUMBER == NUMBER_MAX_BYTES, "a model's numbers are number.h's");

/* True when tok reads as a number the format accepts (for hints). */
static int is_number_text(Parser *p, const char *tok)
{
    double v;
    (void)p;
    return number_parse(tok, &v) == NUMBER_OK;
}

/* Parses the token as a finite decimal number (number.h's grammar), whatever the locale says. */
static int parse_number(Parser *p, const char *tok, double *out)
{
    char shown[SHOW_BYTES + 4];
    switch (number_parse(tok, out)) {
    case NUMBER_OK:
        return 0;
    case NUMBER_TOO_LONG:
        return fail(p, p->lineno, "number \"%s\" is longer than %d characters",
                    show(tok, shown), MODEL_MAX_NUMBER);
    case NUMBER_NOT_FINITE:
        return fail(p, p->lineno, "\"%s\" is not a finite number", show(tok, shown));
    case NUMBER_NOT_A_NUMBER:
        break;
    }
    char hint[HINT_BYTES];
    return fail(p, p->lineno, "\"%s\" is not a number%s", show(tok, shown),
                lookalike_hint(p, tok, hint, sizeof hint, is_number_text));
}

/* Parses exactly d numbers from line into dst; what names the row in messages. */
static int parse_row_of(Parser *p, char *line, double *dst, int d, const char *what)
{
    int got = count_tokens(line);
    if (got != d)
        return fail(p, p->lineno, "%s: expected %d numbers, got %d", what, d, got);
    for (int j = 0; j < d; j++)
        if (parse_number(p, next_token(&line), &dst[j]) < 0)
            return -1;
    return 0;
}

static int parse_row(Parser *p, char *line, double *dst, const char *what)
{
    return parse_row_of(p, line, dst, p->m->d, what);
}

/* ---------------------------------------------------------------- [sentence] */

/* True when ch is a vocabulary entry (for hints). */
static int in_vocab(Parser *p, const char *ch)
{
    return model_find_char(p->m, ch) >= 0;
}

static int parse_sentence(Parser *p, char *line)
{
    char chars[MODEL_MAX_CONTEXT][TEXT_CHAR_BYTES];
    int most = MODEL_SENTENCE_LIMIT(p->m);
    char shown[SHOW_BYTES + 4];
    if (p->rows[SEC_SENTENCE]++ > 0)
        return fail(p, p->lineno, "[sentence] holds one line, but here is another");
    if (count_tokens(line) != 1)
        return fail(p, p->lineno, "the sentence must not contain blanks");
    int n = text_split_chars(line, chars, most);
    if (n > most)
        return fail(p, p->lineno, "the sentence has %d characters, at most %d allowed", n, most);
    char hint[HINT_BYTES];
    for (int i = 0; i < n; i++)
        if (model_find_char(p->m, chars[i]) < 0)
            return fail(p, p->lineno, "sentence character \"%s\" is not in [vocab]%s",
                        show(chars[i], shown), lookalike_hint(p, chars[i], hint, sizeof hint, in_vocab));
    memcpy(p->m->sentence, line, strlen(line) + 1); /* fits: ≤ 64 chars of ≤ 4 bytes */
    return 0;
}

/* ---------------------------------------------------------------- [embedding] */

static int parse_embedding(Parser *p, char *line)
{
    char *ch = next_token(&line);
    int idx = vocab_lookup(p, ch);
    if (idx < 0) {
        char shown[SHOW_BYTES + 4], hint[HINT_BYTES];
        return fail(p, p->lineno, "embedding row for \"%s\", which is not in [vocab]%s",
                    show(ch, shown), lookalike_hint(p, ch, hint, sizeof hint, in_vocab));
    }
    if (p->has_row[idx])
        return fail(p, p->lineno, "second embedding row for \"%s\"", ch);
    p->has_row[idx] = 1;
    char what[64];
    snprintf(what, sizeof what, LANG_PICK(p->lang, "embedding of \"%s\"", "「%s」的词向量"), ch);
    return parse_row(p, line, &p->m->embedding[(size_t)idx * (size_t)p->m->d], what);
}

/* ---------------------------------------------------------------- [wq] [wk] [wv] */

static int parse_matrix_row(Parser *p, int sec, char *line)
{
    Model *m = p->m;
    double *w = sec == SEC_WQ ? m->wq : sec == SEC_WK ? m->wk : m->wv;
    int row = p->rows[sec]++;
    if (row >= m->d)
        return fail(p, p->lineno, "[%s] has more than %d rows", section_names[sec], m->d);
    char what[32];
    snprintf(what, sizeof what, LANG_PICK(p->lang, "[%s] row %d", "[%s] 第 %d 行"), section_names[sec],
             row + 1);
    return parse_row(p, line, &w[(size_t)row * (size_t)m->d], what);
}

/* ---------------------------------------------------------------- the readout */

/* [answers]: characters of the vocabulary, each once. */
static int parse_answers(Parser *p, char *line)
{
    Model *m = p->m;
    char shown[SHOW_BYTES + 4], hint[HINT_BYTES];
    char *tok;
    while ((tok = next_token(&line)) != NULL) {
        int idx = model_find_char(m, tok);
        if (idx < 0)
            return fail(p, p->lineno, "answer \"%s\" is not in [vocab]%s", show(tok, shown),
                        lookalike_hint(p, tok, hint, sizeof hint, in_vocab));
        for (int i = 0; i < p->rows[SEC_ANSWERS]; i++)
            if (m->answers[i] == idx)
                return fail(p, p->lineno, "answer \"%s\" appears twice", tok);
        m->answers[p->rows[SEC_ANSWERS]++] = idx;
    }
    return 0;
}

/* The shape of a block section of a layered model: rows, numbers per row, where they go. */
static int layer_shape(const Model *m, int sec, int *rows, int *cols, double **dst)
{
    int d = m->d, l = (sec - SEC_LAYER0) / LSEC_COUNT;
    const ModelLayer *L = &m->layer[l];
    *rows = 1;
    *cols = d;
    switch ((sec - SEC_LAYER0) % LSEC_COUNT) {
    case LSEC_LN1: *rows = 2; *dst = L->ln1_gain; return 0;   /* gain, then bias: adjacent */
    case LSEC_WQ: *rows = d; *dst = L->wq; return 0;
    case LSEC_BQ: *dst = L->bq; return 0;
    case LSEC_WK: *rows = d; *dst = L->wk; return 0;
    case LSEC_BK: *dst = L->bk; return 0;
    case LSEC_WV: *rows = d; *dst = L->wv; return 0;
    case LSEC_BV: *dst = L->bv; return 0;
    case LSEC_WO: *rows = d; *dst = L->wo; return 0;
    case LSEC_BO: *dst = L->bo; return 0;
    case LSEC_LN2: *rows = 2; *dst = L->ln2_gain; return 0;
    case LSEC_W1: *rows = d; *cols = m->mlp; *dst = L->w1; return 0;
    case LSEC_B1: *cols = m->mlp; *dst = L->b1; return 0;
    case LSEC_W2: *rows = m->mlp; *dst = L->w2; return 0;
    default: *dst = L->b2; return 0;
    }
}

/* The shape of each numeric section read row by row (the readout's, a layered model's but
 * [lm_head]): rows, numbers per row, and where they go. -1 for any other section. */
static int readout_shape(const Model *m, int sec, int *rows, int *cols, double **dst)
{
    int n = m->answers_count, h = m->hidden, d = m->d;
    switch (sec) {
    case SEC_WO: *rows = d; *cols = n; *dst = m->wo; return 0;
    case SEC_BO: *rows = 1; *cols = n; *dst = m->bo; return 0;
    case SEC_W1: *rows = d; *cols = h; *dst = m->w1; return 0;
    case SEC_B1: *rows = 1; *cols = h; *dst = m->b1; return 0;
    case SEC_W2: *rows = h; *cols = d; *dst = m->w2; return 0;
    case SEC_POSITION: *rows = m->context; *cols = d; *dst = m->position; return 0;
    case SEC_LN_F: *rows = 2; *cols = d; *dst = m->lnf_gain; return 0;
    case SEC_HEAD_STATS:
        *rows = m->layers * m->heads;
        *cols = MODEL_STATS_COLS(m->context);
        *dst = m->head_stats;
        return 0;
    default:
        return sec >= SEC_LAYER0 && sec < SEC_ALL ? layer_shape(m, sec, rows, cols, dst) : -1;
    }
}

/* [lm_head]: a line per vocabulary character: it, its d weights, then its bias. */
static int parse_lm_head(Parser *p, char *line)
{
    Model *m = p->m;
    char *ch = next_token(&line);
    int idx = vocab_lookup(p, ch);
    char shown[SHOW_BYTES + 4];
    if (idx < 0) {
        char hint[HINT_BYTES];
        return fail(p, p->lineno, "lm_head row for \"%s\", which is not in [vocab]%s",
                    show(ch, shown), lookalike_hint(p, ch, hint, sizeof hint, in_vocab));
    }
    if (p->has_head_row[idx])
        return fail(p, p->lineno, "second lm_head row for \"%s\"", show(ch, shown));
    p->has_head_row[idx] = 1;
    double row[MODEL_MAX_D + 1];
    char what[64];
    snprintf(what, sizeof what, LANG_PICK(p->lang, "lm_head of \"%s\"", "「%s」的 lm_head"), ch);
    if (parse_row_of(p, line, row, m->d + 1, what) != 0)
        return -1;
    for (int i = 0; i < m->d; i++)
        m->lm_head[(size_t)i * (size_t)m->vocab_size + (size_t)idx] = row[i];
    m->lm_bias[idx] = row[m->d];
    return 0;
}

static int parse_readout_row(Parser *p, int sec, char *line)
{
    int rows, cols;
    double *dst;
    readout_shape(p->m, sec, &rows, &cols, &dst);
    int row = p->rows[sec]++;
    if (row >= rows && rows == 1)
        return fail(p, p->lineno, "[%s] has more than %d row", section_names[sec], rows);
    if (row >= rows)
        return fail(p, p->lineno, "[%s] has more than %d rows", section_names[sec], rows);
    char what[32];
    snprintf(what, sizeof what, LANG_PICK(p->lang, "[%s] row %d", "[%s] 第 %d 行"), section_names[sec],
             row + 1);
    return parse_row_of(p, line, &dst[(size_t)row * (size_t)cols], cols, what);
}

/* After pass 2: every numeric optional section has all its rows. */
static int check_readout_rows(Parser *p)
{
    for (int s = SEC_WO; s < SEC_ALL; s++) {
        if (s == SEC_HEADS || s == SEC_LAYERS || s == SEC_CONTEXT || s == SEC_LM_HEAD)
            continue;
        int rows, cols;
        double *dst;
        readout_shape(p->m, s, &rows, &cols, &dst);
        if (p->header_line[s] && p->rows[s] < rows)
            return fail(p, p->header_line[s], "[%s] has only %d of its %d rows",
                        section_names[s], p->rows[s], rows);
    }
    return 0;
}

/* ---------------------------------------------------------------- pass 2 */

/* Reads the sections that need d and the vocabulary: sentence, embedding, W*. */
static int pass_values(Parser *p)
{
    p->pos = 0;
    p->lineno = 0;
    p->checked = true;
    int sec = SEC_NONE;
    char *line;
    int r;
    while ((r = next_line(p, &line)) > 0) {
        line = trim(strip_comment(line));
        if (line[0] == '\0')
            continue;
        if (line[0] == '[') {
            size_t n = strlen(line);
            line[n - 1] = '\0'; /* pass 1 proved it is a known "[name]" */
            for (sec = 0; strcmp(line + 1, section_names[sec]) != 0; sec++)
                ;
            continue;
        }
        if (sec == SEC_SENTENCE)
            r = parse_sentence(p, line);
        else if (sec == SEC_EMBEDDING)
            r = parse_embedding(p, line);
        else if (sec >= SEC_WQ && sec <= SEC_WV)
            r = parse_matrix_row(p, sec, line);
        else if (sec == SEC_ANSWERS)
            r = parse_answers(p, line);
        else if (sec == SEC_LM_HEAD)
            r = parse_lm_head(p, line);
        else if (sec >= SEC_WO && sec != SEC_HEADS && sec != SEC_LAYERS && sec != SEC_CONTEXT)
            r = parse_readout_row(p, sec, line);
        if (r < 0)
            return -1;
    }
    if (r < 0)
        return -1;
    if (p->rows[SEC_SENTENCE] == 0)
        return fail(p, p->header_line[SEC_SENTENCE], "[sentence] is empty");
    for (int i = 0; i < p->m->vocab_size; i++)
        if (!p->has_row[i])
            return fail(p, p->header_line[SEC_EMBEDDING], "no embedding row for \"%s\"",
                        p->m->vocab[i]);
    for (int i = 0; layered(p) && i < p->m->vocab_size; i++)
        if (!p->has_head_row[i])
            return fail(p, p->header_line[SEC_LM_HEAD], "no lm_head row for \"%s\"", p->m->vocab[i]);
    for (int s = SEC_WQ; !layered(p) && s <= SEC_WV; s++)
        if (p->rows[s] < p->m->d)
            return fail(p, p->header_line[s], "[%s] has only %d of its %d rows",
                        section_names[s], p->rows[s], p->m->d);
    return check_readout_rows(p);
}

/* ---------------------------------------------------------------- entry points */

static int allocate_values(Parser *p)
{
    Model *m = p->m;
    if (layered(p)) {
        size_t count = model_layout(m, NULL, p->header_line[SEC_POSITION] != 0);
        m->params = calloc(count, sizeof *m->params);
        p->has_row = calloc((size_t)m->vocab_size, 1);
        p->has_head_row = calloc((size_t)m->vocab_size, 1);
        if (p->header_line[SEC_HEAD_STATS])
            m->head_stats = calloc((size_t)(m->layers * m->heads * MODEL_STATS_COLS(m->context)),
                                   sizeof *m->head_stats);
        if (!m->params || !p->has_row || !p->has_head_row || (p->header_line[SEC_HEAD_STATS] && !m->head_stats))
            return fail(p, 1, "out of memory");
        m->param_count = model_layout(m, m->params, p->header_line[SEC_POSITION] != 0);
        return 0;
    }
    size_t dd = (size_t)m->d * (size_t)m->d;
    m->embedding = calloc((size_t)m->vocab_size * (size_t)m->d, sizeof *m->embedding);
    m->wq = calloc(dd, sizeof *m->wq);
    m->wk = calloc(dd, sizeof *m->wk);
    m->wv = calloc(dd, sizeof *m->wv);
    p->has_row = calloc((size_t)m->vocab_size, 1);
    if (!m->embedding || !m->wq || !m->wk || !m->wv || !p->has_row)
        return fail(p, 1, "out of memory");
    if (m->answers_count > 0 && model_alloc_readout(m, m->answers_count, m->hidden) != 0)
        return fail(p, 1, "out of memory");
    return 0;
}

int model_parse(const char *text, size_t len, const char *name, Model *out,
                char *err, size_t errlen)
{
    return model_parse_in(text, len, name, LANG_EN, out, err, errlen);
}

int model_parse_in(const char *text, size_t len, const char *name, Lang lang, Model *out,
                   char *err, size_t errlen)
{
    Parser p;
    memset(&p, 0, sizeof p);
    p.lang = lang;
    memset(out, 0, sizeof *out);
    p.text = text;
    p.len = text ? len : 0;
    p.name = name ? name : "<model>";
    p.err = err;
    p.errlen = errlen;
    p.m = out;
    if (err && errlen)
        err[0] = '\0';

    int r = -1;
    p.buf = malloc(MODEL_MAX_LINE + 1);
    p.vocab_slot = calloc(VOCAB_SLOTS, sizeof *p.vocab_slot);
    if (!p.buf || !p.vocab_slot)
        fail(&p, 1, "out of memory");
    else if (pass_structure(&p) == 0 && allocate_values(&p) == 0 && pass_values(&p) == 0)
        r = 0;

    free(p.buf);
    free(p.vocab_slot);
    free(p.has_row);
    free(p.has_head_row);
    if (r < 0)
        model_free(out);
    return r;
}

int model_load_file(const char *path, Model *out, char *err, size_t errlen)
{
    return model_load_file_in(path, LANG_EN, out, err, errlen);
}

int model_load_file_in(const char *path, Lang lang, Model *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    char *text = NULL;
    size_t len = 0;
    char name[SHOW_NAME_BYTES];
    text_escape(path, name, sizeof name);
    int e = slurp_file(path, MODEL_MAX_FILE, &text, &len);
    if (e == EFBIG) {
        if (err && errlen)
            snprintf(err, errlen, LANG_PICK(lang, "%s: file is larger than %u MiB, not a model",
                                            "%s：文件大于 %u MiB，不是模型"),
                     name, MODEL_MAX_FILE / (1024u * 1024u));
        return -1;
    }
    if (e == ENODEV) {
        if (err && errlen)
            snprintf(err, errlen, LANG_PICK(lang, "%s: not a regular file (a model is read from a file, "
                                            "not a pipe or a device)",
                                            "%s：不是普通文件（模型要从文件读，不能从管道或设备读）"), name);
        return -1;
    }
    if (e != 0) {
        if (err && errlen)
            snprintf(err, errlen, LANG_PICK(lang, "%s: cannot read: %s", "%s：读不了：%s"), name,
                     lang_strerror(lang, e).text);
        return -1;
    }
    int r = model_parse_in(text, len, path, lang, out, err, errlen);
    free(text);
    return r;
}

int model_find_char(const Model *m, const char *ch)
{
    if (!m || !m->vocab || !ch)
        return -1;
    for (int i = 0; i < m->vocab_size; i++)
        if (strcmp(m->vocab[i], ch) == 0)
            return i;
    return -1;
}

void model_free(Model *m)
{
    if (!m)
        return;
    if (m->params) {   /* a layered model: the embedding lives in the block */
        free(m->params);
        m->embedding = NULL;
    }
    free(m->head_stats);
    free(m->vocab);
    free(m->embedding);
    free(m->wq);
    free(m->wk);
    free(m->wv);
    free(m->answers);
    free(m->wo);
    free(m->bo);
    free(m->w1);
    free(m->b1);
    free(m->w2);
    memset(m, 0, sizeof *m);
}

int model_alloc_readout(Model *m, int answers, int hidden)
{
    size_t d = (size_t)m->d, n = (size_t)answers, h = (size_t)hidden;
    m->answers_count = answers;
    m->hidden = hidden;
    m->answers = calloc(n, sizeof *m->answers);
    m->wo = calloc(d * n, sizeof *m->wo);
    m->bo = calloc(n, sizeof *m->bo);
    if (hidden > 0) {
        m->w1 = calloc(d * h, sizeof *m->w1);
        m->b1 = calloc(h, sizeof *m->b1);
        m->w2 = calloc(h * d, sizeof *m->w2);
    }
    if (!m->answers || !m->wo || !m->bo || (hidden > 0 && (!m->w1 || !m->b1 || !m->w2)))
        return -1;
    return 0;
}

/* A malloc'd copy of n doubles (NULL when src is NULL, or out of memory: *ok cleared). */
static double *copy_doubles(const double *src, size_t n, int *ok)
{
    if (!src)
        return NULL;
    double *dst = malloc(n * sizeof *dst + 1);
    if (!dst)
        *ok = 0;
    else
        memcpy(dst, src, n * sizeof *dst);
    return dst;
}

/* A layered model's copy: the block, the statistics, the vocabulary. */
static int copy_layered(Model *dst, const Model *src)
{
    int ok = 1;
    *dst = *src;
    dst->params = NULL;
    dst->head_stats = NULL;
    dst->vocab = malloc((size_t)src->vocab_size * sizeof *dst->vocab);
    if (dst->vocab)
        memcpy(dst->vocab, src->vocab, (size_t)src->vocab_size * sizeof *dst->vocab);
    else
        ok = 0;
    dst->params = copy_doubles(src->params, src->param_count, &ok);
    if (src->head_stats)
        dst->head_stats = copy_doubles(src->head_stats,
                                       (size_t)(src->layers * src->heads * MODEL_STATS_COLS(src->context)), &ok);
    if (dst->params)
        model_layout(dst, dst->params, src->position != NULL);
    else
        dst->embedding = NULL;
    if (!ok) {
        model_free(dst);
        return -1;
    }
    return 0;
}

int model_copy(Model *dst, const Model *src)
{
    if (src->layers > 0)
        return copy_layered(dst, src);
    int ok = 1;
    size_t d = (size_t)src->d, v = (size_t)src->vocab_size;
    size_t n = (size_t)src->answers_count, h = (size_t)src->hidden;
    *dst = *src;
    dst->vocab = malloc(v * sizeof *dst->vocab);
    if (dst->vocab)
        memcpy(dst->vocab, src->vocab, v * sizeof *dst->vocab);
    else
        ok = 0;
    dst->answers = NULL;
    if (src->answers && (dst->answers = malloc(n * sizeof *dst->answers + 1)) != NULL)
        memcpy(dst->answers, src->answers, n * sizeof *dst->answers);
    else if (src->answers)
        ok = 0;
    dst->embedding = copy_doubles(src->embedding, v * d, &ok);
    dst->wq = copy_doubles(src->wq, d * d, &ok);
    dst->wk = copy_doubles(src->wk, d * d, &ok);
    dst->wv = copy_doubles(src->wv, d * d, &ok);
    dst->wo = copy_doubles(src->wo, d * n, &ok);
    dst->bo = copy_doubles(src->bo, n, &ok);
    dst->w1 = copy_doubles(src->w1, d * h, &ok);
    dst->b1 = copy_doubles(src->b1, h, &ok);
    dst->w2 = copy_doubles(src->w2, h * d, &ok);
    if (!ok) {
        model_free(dst);
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- the vocabulary in a message */

void model_vocab_list(const Model *m, char *buf, size_t cap)
{
    static const char more[] = " …";
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < m->vocab_size; i++) {
        size_t n = strlen(m->vocab[i]) + (i ? 1 : 0);
        size_t keep = i + 1 < m->vocab_size ? sizeof more : 1; /* room for the mark, or the NUL */
        if (used + n + keep > cap) {
            if (used + sizeof more <= cap)
                memcpy(buf + used, more, sizeof more);
            return;
        }
        snprintf(buf + used, cap - used, "%s%s", i ? " " : "", m->vocab[i]);
        used += n;
    }
}

/* ---------------------------------------------------------------- a layered model's block */

/* Points *at to the next n numbers of the block (when there is one) and counts them. */
static void take(double **at, double *block, size_t *used, size_t n)
{
    *at = block ? block + *used : NULL;
    *used += n;
}

size_t model_layout(Model *m, double *block, bool position_learned)
{
    size_t d = (size_t)m->d, V = (size_t)m->vocab_size, T = (size_t)m->context, h = (size_t)m->mlp;
    size_t used = 0;
    take(&m->embedding, block, &used, V * d);
    m->position = NULL;
    if (position_learned)
        take(&m->position, block, &used, T * d);
    for (int l = 0; l < m->layers; l++) {
        ModelLayer *L = &m->layer[l];
        take(&L->ln1_gain, block, &used, d);
        take(&L->ln1_bias, block, &used, d);
        take(&L->wq, block, &used, d * d);
        take(&L->bq, block, &used, d);
        take(&L->wk, block, &used, d * d);
        take(&L->bk, block, &used, d);
        take(&L->wv, block, &used, d * d);
        take(&L->bv, block, &used, d);
        take(&L->wo, block, &used, d * d);
        take(&L->bo, block, &used, d);
        take(&L->ln2_gain, block, &used, d);
        take(&L->ln2_bias, block, &used, d);
        take(&L->w1, block, &used, d * h);
        take(&L->b1, block, &used, h);
        take(&L->w2, block, &used, h * d);
        take(&L->b2, block, &used, d);
    }
    take(&m->lnf_gain, block, &used, d);
    take(&m->lnf_bias, block, &used, d);
    take(&m->lm_head, block, &used, d * V);
    take(&m->lm_bias, block, &used, V);
    return used;
}

int model_alloc_layered(Model *m, int vocab_size, int d, int layers, int heads, int context,
                        int mlp, bool position_learned)
{
    memset(m, 0, sizeof *m);
    m->vocab_size = vocab_size;
    m->d = d;
    m->layers = layers;
    m->heads = heads;
    m->context = context;
    m->mlp = mlp;
    size_t count = model_layout(m, NULL, position_learned);
    m->vocab = calloc((size_t)vocab_size, sizeof *m->vocab);
    m->params = calloc(count, sizeof *m->params);
    if (!m->vocab || !m->params) {
        model_free(m);
        return -1;
    }
    m->param_count = model_layout(m, m->params, position_learned);
    return 0;
}
