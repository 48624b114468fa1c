/* corpus.c — reads a poem corpus (corpus.h): entries between "%" lines, the title and author
 * dropped, colour codes and blanks removed, each poem closed by the end mark.
 * Owns: the rule, the vocabulary in order of first appearance, the refusals and their one-line
 * messages. Must not touch: the model, the arithmetic, the terminal, any global state. */
#include "corpus.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <nettle/sha2.h>
#include <unistr.h>
#include "slurp.h"

#define END_MARK_CP 0x3013u      /* 〓 */
#define INDEX_SLOTS 8192         /* the code point → index table: twice CORPUS_MAX_CHARS + 1 */
#define NAME_BYTES 512           /* longest file name quoted in a message */

/* ---------------------------------------------------------------- the reader's state */

typedef struct {
    const char *name;            /* the file, for messages */
    Lang lang;                   /* the messages' language */
    char *err;                   /* where a refusal goes */
    size_t errlen;
    Corpus *c;                   /* what is being filled */
    uint32_t slot_cp[INDEX_SLOTS];  /* code point of each slot, 0 when free */
    int slot_id[INDEX_SLOTS];    /* its vocabulary index */
    int tokens_cap;              /* room in c->tokens */
    int poems_cap;               /* room in c->poem */
    int vocab_cap;               /* room in c->vocab */
} Reader;

#if defined(__GNUC__)
#define CORPUS_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define CORPUS_PRINTF_LIKE(f, a)
#endif

/* "NAME:LINE: what" (line 0: "NAME: what") into err. Returns -1. */
static int refuse(Reader *r, int line, const char *fmt, ...) CORPUS_PRINTF_LIKE(3, 4);
static int refuse(Reader *r, int line, const char *fmt, ...)
{
    if (!r->err || r->errlen == 0)
        return -1;
    char name[NAME_BYTES];
    text_escape(r->name, name, sizeof name);
    int n = line > 0 ? snprintf(r->err, r->errlen, LANG_PICK(r->lang, "%s:%d: ", "%s:%d："), name, line)
                     : snprintf(r->err, r->errlen, LANG_PICK(r->lang, "%s: ", "%s："), name);
    if (n >= 0 && (size_t)n < r->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
        va_end(ap);
    }
    text_cut_partial(r->err);
    return -1;
}

/* ---------------------------------------------------------------- characters */

/* The code point of the valid UTF-8 character at s, and its length in *len. */
static uint32_t decode(const unsigned char *s, int *len)
{
    if (s[0] < 0x80) {
        *len = 1;
        return s[0];
    }
    int n = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : 2;
    uint32_t cp = s[0] & (0x7Fu >> n);
    for (int i = 1; i < n; i++)
        cp = (cp << 6) | (s[i] & 0x3Fu);
    *len = n;
    return cp;
}

/* The slot of code point cp in the index: where it is, or the free slot it would take. */
static int slot_of(const Reader *r, uint32_t cp)
{
    uint32_t h = (cp * 2654435761u) & (INDEX_SLOTS - 1);
    while (r->slot_cp[h] != 0 && r->slot_cp[h] != cp)
        h = (h + 1) & (INDEX_SLOTS - 1);
    return (int)h;
}

/* Appends a vocabulary entry for the character bytes[0..len), code point cp. Returns its
 * index, or -1 (refused: too many, or out of memory). */
static int add_char(Reader *r, uint32_t cp, const unsigned char *bytes, int len, int line)
{
    Corpus *c = r->c;
    if (c->vocab_size == CORPUS_MAX_CHARS + (cp == END_MARK_CP ? 1 : 0))
        return refuse(r, line, LANG_PICK(r->lang, "more than %d distinct characters: a model's "
                                         "vocabulary holds at most %d with the end mark",
                                         "不同的字超过 %d 个：模型的词表连同结束符最多 %d 个"),
                      CORPUS_MAX_CHARS, CORPUS_MAX_CHARS + 1);
    if (c->vocab_size == r->vocab_cap) {
        int cap = r->vocab_cap ? r->vocab_cap * 2 : 256;
        void *grown = realloc(c->vocab, (size_t)cap * sizeof *c->vocab);
        if (!grown)
            return refuse(r, 0, LANG_PICK(r->lang, "out of memory", "内存不足"));
        c->vocab = grown;
        r->vocab_cap = cap;
    }
    memcpy(c->vocab[c->vocab_size], bytes, (size_t)len);
    c->vocab[c->vocab_size][len] = '\0';
    int slot = slot_of(r, cp);
    r->slot_cp[slot] = cp;
    r->slot_id[slot] = c->vocab_size;
    return c->vocab_size++;
}

/* Appends token id to the corpus. Returns 0, or -1 out of memory. */
static int add_token(Reader *r, int id)
{
    Corpus *c = r->c;
    if (c->tokens_count == r->tokens_cap) {
        int cap = r->tokens_cap ? r->tokens_cap * 2 : 4096;
        void *grown = realloc(c->tokens, (size_t)cap * sizeof *c->tokens);
        if (!grown)
            return refuse(r, 0, LANG_PICK(r->lang, "out of memory", "内存不足"));
        c->tokens = grown;
        r->tokens_cap = cap;
    }
    c->tokens[c->tokens_count++] = id;
    return 0;
}

/* Refuses a character no model file can hold as a vocabulary entry. Returns 0 when it can. */
static int check_char(Reader *r, uint32_t cp, const unsigned char *bytes, int len, int line)
{
    char one[TEXT_CHAR_BYTES];
    memcpy(one, bytes, (size_t)len);
    one[len] = '\0';
    if (cp == END_MARK_CP)
        return refuse(r, line, LANG_PICK(r->lang, "the corpus holds the end mark 〓 (U+3013) "
                                         "itself: it is kept for the end of a poem",
                                         "语料里有结束符〓（U+3013）本身：它只用来标记一首诗的结尾"));
    if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F))
        return refuse(r, line, LANG_PICK(r->lang, "control character U+%04X: this is not a text corpus",
                                         "控制字符 U+%04X：这不是文本语料"), (unsigned)cp);
    if (!text_char_allowed(cp) || text_width(one) < 1)
        return refuse(r, line, LANG_PICK(r->lang, "character U+%04X cannot be in a model's "
                                         "vocabulary: it is not a printable character",
                                         "字符 U+%04X 不能进模型的词表：它不是可打印的字"), (unsigned)cp);
    if (cp == '#' || cp == '[')
        return refuse(r, line, LANG_PICK(r->lang, "\"%s\" cannot be in a model's vocabulary "
                                         "(the model format reads it as a comment or a section)",
                                         "「%s」不能进模型的词表（模型格式把它当作注释或节标题）"), one);
    return 0;
}

/* ---------------------------------------------------------------- entries */

/* The length of an ANSI SGR code (ESC [ digits and ';' … m) at s (n bytes left), or 0. */
static size_t sgr_length(const char *s, size_t n)
{
    if (n < 3 || s[0] != '\x1b' || s[1] != '[')
        return 0;
    size_t i = 2;
    while (i < n && ((s[i] >= '0' && s[i] <= '9') || s[i] == ';'))
        i++;
    return i < n && s[i] == 'm' ? i + 1 : 0;
}

/* Adds the characters of one body line (bytes [s, s + n) of line `line`) to the open poem. */
static int add_line(Reader *r, const char *s, size_t n, int line)
{
    size_t i = 0;
    while (i < n) {
        size_t sgr = sgr_length(s + i, n - i);
        if (sgr) {
            i += sgr;
            continue;
        }
        int len;
        uint32_t cp = decode((const unsigned char *)s + i, &len);
        if (cp == ' ' || cp == '\t' || cp == '\r' || cp == 0x3000) {
            i += (size_t)len;
            continue;
        }
        int slot = slot_of(r, cp);
        /* code point 0 marks a free slot: a NUL is never found there, check_char refuses it */
        int id = cp != 0 && r->slot_cp[slot] == cp ? r->slot_id[slot] : -1;
        if (id < 0) {
            if (check_char(r, cp, (const unsigned char *)s + i, len, line) != 0)
                return -1;
            if ((id = add_char(r, cp, (const unsigned char *)s + i, len, line)) < 0)
                return -1;
        }
        if (add_token(r, id) != 0)
            return -1;
        i += (size_t)len;
    }
    return 0;
}

/* Closes the poem opened at token `start`: kept with its end mark when it has characters. */
static int close_poem(Reader *r, int start)
{
    Corpus *c = r->c;
    if (c->tokens_count == start)
        return 0;
    if (c->poems == r->poems_cap) {
        int cap = r->poems_cap ? r->poems_cap * 2 : 64;
        void *grown = realloc(c->poem, (size_t)cap * sizeof *c->poem);
        if (!grown)
            return refuse(r, 0, LANG_PICK(r->lang, "out of memory", "内存不足"));
        c->poem = grown;
        r->poems_cap = cap;
    }
    CorpusPoem *p = &c->poem[c->poems];
    p->start = start;
    p->length = c->tokens_count - start;
    p->held_out = c->poems % CORPUS_HELD_OUT_EVERY == CORPUS_HELD_OUT_EVERY - 1;
    c->held_out += p->held_out;
    c->poems++;
    return add_token(r, -1);   /* the end mark, numbered once every character is known */
}

/* Gives the end mark the last vocabulary index and writes it where each poem ends. */
static int add_end_mark(Reader *r)
{
    Corpus *c = r->c;
    int slot = slot_of(r, END_MARK_CP);
    r->slot_cp[slot] = 0;
    if ((c->end_mark = add_char(r, END_MARK_CP, (const unsigned char *)CORPUS_END_MARK, 3, 0)) < 0)
        return -1;
    for (int i = 0; i < c->tokens_count; i++)
        if (c->tokens[i] < 0)
            c->tokens[i] = c->end_mark;
    return 0;
}

/* Walks the lines: "%" closes an entry; an entry's first two lines are its title and author. */
static int read_entries(Reader *r, const char *text, size_t len)
{
    size_t pos = 0;
    int line = 0, in_entry = 0, start = 0;
    while (pos < len) {
        const char *s = text + pos;
        const char *nl = memchr(s, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - s) : len - pos;
        pos += n + (nl ? 1 : 0);
        line++;
        bool percent = (n == 1 || (n == 2 && s[1] == '\r')) && s[0] == '%';   /* "%", CR removed */
        if (percent) {
            if (close_poem(r, start) != 0)
                return -1;
            in_entry = 0;
            start = r->c->tokens_count;
            continue;
        }
        if (in_entry++ < 2)
            continue;
        if (add_line(r, s, n, line) != 0)
            return -1;
    }
    return close_poem(r, start);
}

/* ---------------------------------------------------------------- entry points */

int corpus_parse(const char *text, size_t len, const char *name, Lang lang, Corpus *out,
                 char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (err && errlen)
        err[0] = '\0';
    Reader *r = calloc(1, sizeof *r);
    if (!r) {
        if (err && errlen)
            snprintf(err, errlen, "%s", LANG_PICK(lang, "out of memory", "内存不足"));
        return -1;
    }
    r->name = name ? name : "<corpus>";
    r->lang = lang;
    r->err = err;
    r->errlen = errlen;
    r->c = out;
    int status = -1;
    if (len > CORPUS_MAX_BYTES) {
        refuse(r, 0, LANG_PICK(lang, "larger than %u MiB: not a poem corpus", "大于 %u MiB：不是诗的语料"),
               CORPUS_MAX_BYTES / (1024u * 1024u));
    } else if (u8_check((const uint8_t *)text, len) != NULL) {
        const char *bad = (const char *)u8_check((const uint8_t *)text, len);
        int line = 1;
        for (const char *s = text; s < bad; s++)
            line += *s == '\n';
        refuse(r, line, LANG_PICK(lang, "not UTF-8 (a corpus is UTF-8 text)", "不是 UTF-8（语料要是 UTF-8 文本）"));
    } else {
        uint32_t end = END_MARK_CP;
        int slot = slot_of(r, end);
        r->slot_cp[slot] = end;       /* found while reading: check_char refuses it */
        r->slot_id[slot] = -1;
        if (read_entries(r, text, len) == 0 && add_end_mark(r) == 0) {
            if (out->poems < CORPUS_MIN_POEMS)
                refuse(r, 0, LANG_PICK(lang, "%d poems: a corpus needs at least %d (entries between "
                                       "lines that are exactly %%, each after its title and author lines)",
                                       "只有 %d 首诗：语料至少要 %d 首（两行 %% 之间是一首，先是题目和作者两行）"),
                       out->poems, CORPUS_MIN_POEMS);
            else
                status = 0;
        }
    }
    free(r);
    if (status != 0)
        corpus_free(out);
    return status;
}

int corpus_load_file(const char *path, Lang lang, Corpus *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    const char *file = path ? path : CORPUS_DEFAULT_PATH;
    char name[NAME_BYTES];
    text_escape(file, name, sizeof name);
    char *text = NULL;
    size_t len = 0;
    int e = slurp_file(file, CORPUS_MAX_BYTES, &text, &len);
    if (e == ENOENT && !path) {
        snprintf(err, errlen, LANG_PICK(lang, "%s: no such file: the poems come with Debian's %s "
                                        "(apt-get install %s), or give --corpus FILE",
                                        "%s：没有这个文件：这些诗来自 Debian 的 %s（apt-get install %s），"
                                        "或者用 --corpus FILE 指定"), name, CORPUS_PACKAGE, CORPUS_PACKAGE);
        return -1;
    }
    if (e == EFBIG) {
        snprintf(err, errlen, LANG_PICK(lang, "%s: larger than %u MiB: not a poem corpus",
                                        "%s：大于 %u MiB：不是诗的语料"), name, CORPUS_MAX_BYTES / (1024u * 1024u));
        return -1;
    }
    if (e == ENODEV) {
        snprintf(err, errlen, LANG_PICK(lang, "%s: not a regular file (a corpus is read from a file, "
                                        "not a pipe or a device)",
                                        "%s：不是普通文件（语料要从文件读，不能从管道或设备读）"), name);
        return -1;
    }
    if (e != 0) {
        snprintf(err, errlen, LANG_PICK(lang, "%s: cannot read: %s", "%s：读不了：%s"), name,
                 lang_strerror(lang, e).text);
        return -1;
    }
    int r = corpus_parse(text, len, file, lang, out, err, errlen);
    if (r == 0) {
        struct sha256_ctx ctx;
        uint8_t digest[SHA256_DIGEST_SIZE];
        sha256_init(&ctx);
        sha256_update(&ctx, len, (const uint8_t *)text);
        sha256_digest(&ctx, sizeof digest, digest);
        for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
            snprintf(out->sha256 + 2 * i, 3, "%02x", digest[i]);
    }
    free(text);
    return r;
}

int corpus_find_char(const Corpus *c, const char *ch)
{
    for (int i = 0; c && ch && i < c->vocab_size; i++)
        if (strcmp(c->vocab[i], ch) == 0)
            return i;
    return -1;
}

bool corpus_line_end(const char *ch)
{
    static const char *const ends[] = { "，", "。", "？", "！", "；" };
    for (size_t i = 0; ch && i < sizeof ends / sizeof ends[0]; i++)
        if (strcmp(ch, ends[i]) == 0)
            return true;
    return false;
}

void corpus_free(Corpus *c)
{
    if (!c)
        return;
    free(c->vocab);
    free(c->poem);
    free(c->tokens);
    memset(c, 0, sizeof *c);
}
