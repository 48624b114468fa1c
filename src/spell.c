/* spell.c — reads a sentence typed in vocabulary characters and/or the ASCII spelling of
 * spell.h, and names course characters in ASCII.
 * Owns: the spelling tables and the decoder's one-line messages.
 * Must not touch: the engine's arithmetic, the terminal, any global mutable state. */
#include "spell.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <unistr.h>
#include "text.h"
#include "widthform.h"

#define VOCAB_SHOWN 400   /* bytes of the vocabulary listed in a message */
#define HINT_BYTES 128    /* room for a " (did you mean ...)" hint */
#define SPELL_SHOWN_BYTES 64  /* room for a typed word quoted in a message, escaped */

/* ---------------------------------------------------------------- tables */

/* One spelling: what is typed, and the vocabulary characters it stands for. */
typedef struct {
    const char *typed;   /* ASCII (or × ÷), as typed */
    const char *chars;   /* the characters it gives, UTF-8 */
} Spelling;

static const Spelling symbols[] = {
    { "+", "加" }, { "-", "减" }, { "*", "乘" }, { "/", "除" }, { "=", "等于" }, { "?", "?" },
    { "×", "乘" }, { "÷", "除" },
};

static const Spelling words[] = {
    { "is", "是" }, { "how many", "几" },
};

static const char *const digit_chars[10] = {
    "零", "一", "二", "三", "四", "五", "六", "七", "八", "九"
};

#define TEN "十"

/* One course character and its ASCII names. */
typedef struct {
    const char *ch;      /* the character, UTF-8 */
    const char *name;    /* pinyin without tones, or tone-marked where two would clash */
    const char *brief;   /* at most two columns: the digit or operator it reads as, or short pinyin */
} AsciiName;

static const AsciiName ascii_names[] = {
    { "零", "ling", "0" },  { "一", "yi", "1" },     { "二", "er", "2" },    { "三", "san", "3" },
    { "四", "si", "4" },    { "五", "wu", "5" },     { "六", "liu", "6" },   { "七", "qi", "7" },
    { "八", "ba", "8" },    { "九", "jiu", "9" },    { "十", "shi2", "10" }, { "加", "jia", "+" },
    { "减", "jian", "-" },  { "乘", "cheng", "*" },  { "除", "chu", "/" },   { "等", "deng", "=" },
    { "于", "yu", "yu" },   { "是", "shi4", "is" },  { "几", "ji", "ji" },   { "?", "?", "?" },
};

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

const char *spell_summary(Lang lang)
{
    return LANG_PICK(lang, "0-99 + - * / = ? × ÷ is, how many",
                     "0-99 + - * / = ? × ÷，is 是「是」，how many 是「几」");
}

/* The row of ch in ascii_names, or NULL. */
static const AsciiName *ascii_row(const char *ch)
{
    if (!ch)
        return NULL;
    for (size_t i = 0; i < COUNT(ascii_names); i++)
        if (strcmp(ascii_names[i].ch, ch) == 0)
            return &ascii_names[i];
    return NULL;
}

const char *spell_ascii_name(const char *ch)
{
    const AsciiName *row = ascii_row(ch);
    return row ? row->name : NULL;
}

const char *spell_ascii_brief(const char *ch)
{
    const AsciiName *row = ascii_row(ch);
    return row ? row->brief : NULL;
}

/* ---------------------------------------------------------------- decoder state */

typedef struct {
    const Model *m;       /* the vocabulary to decode into */
    const char *at;       /* the next byte to read (the input is valid UTF-8) */
    int index;            /* 1-based character number of *at in the input, for messages */
    char *out;            /* the sentence being written */
    size_t cap;           /* bytes of out */
    size_t used;          /* bytes written, without the NUL */
    int count;            /* characters of the sentence so far (may pass the limit) */
    int full;             /* a character did not fit in out */
    char *err;            /* message buffer */
    size_t errlen;        /* its size */
    int bad;              /* 1-based character number where decoding failed, or 0 */
    Lang lang;            /* the language of the message */
} Decoder;

/* A message in the decoder's language. */
#define SPELL_SAY(d, en, zh) LANG_PICK((d)->lang, en, zh)

/* Appends one vocabulary character to the sentence; what names its spelling. */
static int emit_one(Decoder *d, const char *ch, size_t len, const char *what)
{
    char one[TEXT_CHAR_BYTES];
    memcpy(one, ch, len);
    one[len] = '\0';
    if (model_find_char(d->m, one) < 0) {
        char shown[SPELL_SHOWN_BYTES];
        text_format(d->err, d->errlen, SPELL_SAY(d, "\"%s\" stands for %s, which is not in this model's "
                    "vocabulary", "「%s」表示「%s」，这个模型的词表里没有它"),
                    text_escape(what, shown, sizeof shown), one);
        return -1;
    }
    if (d->used + len < d->cap) {
        memcpy(d->out + d->used, one, len);
        d->used += len;
        d->out[d->used] = '\0';
    } else {
        d->full = 1;
    }
    d->count++;
    return 0;
}

/* Appends every character of the UTF-8 string chars. */
static int emit(Decoder *d, const char *chars, const char *what)
{
    const uint8_t *p = (const uint8_t *)chars;
    while (*p) {
        ucs4_t uc;
        int n = u8_mbtouc(&uc, p, strlen((const char *)p));
        if (emit_one(d, (const char *)p, (size_t)n, what) != 0)
            return -1;
        p += n;
    }
    return 0;
}

/* ---------------------------------------------------------------- numbers and words */

/* A run of ASCII digits: 0..99 read as Chinese numerals. */
static int decode_number(Decoder *d)
{
    const char *start = d->at;
    size_t n = strspn(start, "0123456789");
    char typed[16];
    snprintf(typed, sizeof typed, "%.*s%s", n > 8 ? 8 : (int)n, start, n > 8 ? "..." : "");
    d->at += n;
    d->index += (int)n;
    if (n > 1 && start[0] == '0') {
        text_format(d->err, d->errlen, SPELL_SAY(d, "\"%s\": write numbers without leading zeros "
                    "(spaces keep digits apart: \"0 5\" gives 零五)",
                    "「%s」：数字前面不要写 0（用空格把数字分开：「0 5」是「零五」）"), typed);
        return -1;
    }
    if (n > 2) {
        text_format(d->err, d->errlen, SPELL_SAY(d, "\"%s\": the ASCII spelling reads numbers from 0 to 99 "
                    "(the vocabulary has no 百)", "「%s」：ASCII 拼写只认 0 到 99 的数（词表里没有「百」）"), typed);
        return -1;
    }
    int v = n == 1 ? start[0] - '0' : (start[0] - '0') * 10 + (start[1] - '0');
    if (v < 10)
        return emit(d, digit_chars[v], typed);
    if (v >= 20 && emit(d, digit_chars[v / 10], typed) != 0)
        return -1;
    if (emit(d, TEN, typed) != 0)
        return -1;
    return v % 10 ? emit(d, digit_chars[v % 10], typed) : 0;
}

/* Copies the run of ASCII letters at s, lower-cased, into word (ending in "..." when
 * it is longer than word holds); returns the run's length. */
static size_t letters(const char *s, char *word, size_t cap)
{
    size_t n = 0;
    while (text_ascii_lower((unsigned char)s[n]) >= 'a' && text_ascii_lower((unsigned char)s[n]) <= 'z') {
        if (n + 1 < cap)
            word[n] = (char)text_ascii_lower((unsigned char)s[n]);
        n++;
    }
    word[n < cap ? n : cap - 1] = '\0';
    if (n >= cap)
        memcpy(word + cap - 4, "...", 4);
    return n;
}

static int unknown(Decoder *d, const char *what, int index, const char *hint);

/* A run of ASCII letters: "is", or "how" followed by "many". */
static int decode_word(Decoder *d)
{
    char word[24];
    int index = d->index;
    size_t n = letters(d->at, word, sizeof word);
    d->at += n;
    d->index += (int)n;
    if (strcmp(word, "how") == 0) {
        char next[24];
        const char *s = d->at;
        while (*s == ' ' || *s == '\t')
            s++;
        size_t m = letters(s, next, sizeof next);
        if (strcmp(next, "many") != 0) {
            text_format(d->err, d->errlen, SPELL_SAY(d, "\"how\" at character %d: the spelling is \"how many\" "
                        "(几)", "第 %d 个字起的「how」：拼写是「how many」（几）"), index);
            d->bad = index;
            return -1;
        }
        d->index += (int)(s + m - d->at);
        d->at = s + m;
        return emit(d, words[1].chars, words[1].typed);
    }
    for (size_t i = 0; i < COUNT(words); i++)
        if (strcmp(word, words[i].typed) == 0)
            return emit(d, words[i].chars, words[i].typed);
    return unknown(d, word, index, "");
}

/* ---------------------------------------------------------------- messages */

/* "unknown "x" at character 2: not in the vocabulary (…) nor an ASCII spelling (…)"; in
 * Chinese 「第 2 个字「x」不认识：……」, the vocabulary last (a line cut at the screen's edge
 * keeps what went wrong). */
static int unknown(Decoder *d, const char *what, int index, const char *hint)
{
    d->bad = index;
    char shown[SPELL_SHOWN_BYTES];
    what = text_escape(what, shown, sizeof shown);
    if (hint[0]) {
        if (d->lang == LANG_ZH)
            text_format(d->err, d->errlen, "第 %d 个字「%s」不认识%s", index, what, hint);
        else
            text_format(d->err, d->errlen, "unknown \"%s\" at character %d%s", what, index, hint);
        return -1;
    }
    char vocab[VOCAB_SHOWN];
    model_vocab_list(d->m, vocab, sizeof vocab);
    if (d->lang == LANG_ZH)
        text_format(d->err, d->errlen, "第 %d 个字「%s」不在词表里，也不是能识别的 ASCII 写法（%s）；"
                    "词表：%s", index, what, spell_summary(LANG_ZH), vocab);
    else
        text_format(d->err, d->errlen, "unknown \"%s\" at character %d: not in the vocabulary (%s) "
                    "nor an ASCII spelling (%s)", what, index, vocab, spell_summary(LANG_EN));
    return -1;
}

/* True when the ASCII character c, typed, would be read (for hints). */
static int readable_ascii(const Decoder *d, int c)
{
    char one[2] = { (char)c, '\0' };
    return model_find_char(d->m, one) >= 0 || isdigit(c) || strchr(" +-*/=?", c) != NULL;
}

/* One character that is neither in the vocabulary nor a spelling. */
static int decode_unknown(Decoder *d, const char *ch, ucs4_t uc)
{
    char hint[HINT_BYTES] = "";
    int ascii = model_lookalike(ch);
    (void)uc;   /* a student's words, no code point: 「−」 looks like 「-」 */
    if (ascii && readable_ascii(d, ascii))
        snprintf(hint, sizeof hint, SPELL_SAY(d, " (did you mean \"%c\"? \"%s\" looks like it but is another character)",
                                              "（是不是想打「%c」？「%s」看起来像它，但不是同一个字符）"),
                 ascii, ch);
    return unknown(d, ch, d->index, hint);
}

/* ---------------------------------------------------------------- decoding */

static int is_control(ucs4_t uc)
{
    return uc < 0x20 || uc == 0x7F || (uc >= 0x80 && uc <= 0x9F);
}

/* Reads one item at d->at: a vocabulary character, a number, a word or a symbol. */
static int decode_item(Decoder *d)
{
    ucs4_t uc;
    int n = u8_mbtouc(&uc, (const uint8_t *)d->at, strlen(d->at));
    char ch[TEXT_CHAR_BYTES];
    memcpy(ch, d->at, (size_t)n);
    ch[n] = '\0';
    if (uc == ' ' || uc == '\t') {
        d->at += n;
        d->index++;
        return 0;
    }
    if (is_control(uc)) {
        text_format(d->err, d->errlen, SPELL_SAY(d, "control character U+%04X at character %d: not allowed "
                    "in a sentence", "控制字符 U+%04X（第 %d 个字）：句子里不能有"), (unsigned)uc, d->index);
        d->bad = d->index;
        return -1;
    }
    if (model_find_char(d->m, ch) >= 0) {
        d->at += n;
        d->index++;
        return emit_one(d, ch, (size_t)n, ch);
    }
    if (uc < 0x80 && isdigit((int)uc))
        return decode_number(d);
    if (uc < 0x80 && isalpha((int)uc))
        return decode_word(d);
    for (size_t i = 0; i < COUNT(symbols); i++)
        if (strcmp(ch, symbols[i].typed) == 0) {
            d->at += n;
            d->index++;
            return emit(d, symbols[i].chars, symbols[i].typed);
        }
    return decode_unknown(d, ch, uc);
}

int spell_decode(const Model *m, const char *input, char *out, size_t cap,
                 char *err, size_t errlen)
{
    return spell_decode_marked(m, input, out, cap, err, errlen, NULL, LANG_EN);
}

/* True when ASCII c is read by the spelling by itself: a digit, + - * / = ? or a blank
 * (letters stay as typed: a word is spelled whole). */
static bool spell_symbol(unsigned c)
{
    return c < 0x80 && c != 0 && (isdigit((int)c) || strchr(" \t+-*/=?", (int)c));
}

/* input with every character missing from m's vocabulary whose width variant is in it, or
 * is ASCII the spelling reads (widthform.h: ？ for ?, ３ for 3; ? for ？ where the
 * vocabulary holds ？ and not ?) written as that variant,
 * one character for one: the decoder's character numbers stay the input's. Returns how
 * many were, or -1 when out is too short (then read the input as it is). */
static int spell_fold(const Model *m, const char *input, char *out, size_t cap)
{
    size_t used = 0, n = strlen(input);
    int folded = 0;
    for (size_t i = 0; i < n;) {
        ucs4_t uc;
        int len = u8_mbtouc(&uc, (const uint8_t *)input + i, n - i);
        char ch[TEXT_CHAR_BYTES], variant[TEXT_CHAR_BYTES];
        memcpy(ch, input + i, (size_t)len);
        ch[len] = '\0';
        const char *put = ch;
        unsigned v = widthform_variant(uc);
        if (v && model_find_char(m, ch) < 0) {
            int vn = u8_uctomb((uint8_t *)variant, (ucs4_t)v, (int)sizeof variant - 1);
            variant[vn > 0 ? vn : 0] = '\0';
            if (vn > 0 && (model_find_char(m, variant) >= 0 || (uc >= 0x80 && spell_symbol(v)))) {
                put = variant;
                folded++;
            }
        }
        size_t pn = strlen(put);
        if (used + pn + 1 > cap)
            return -1;
        memcpy(out + used, put, pn);
        used += pn;
        i += (size_t)len;
    }
    out[used] = '\0';
    return folded;
}

int spell_decode_marked(const Model *m, const char *input, char *out, size_t cap,
                        char *err, size_t errlen, int *bad, Lang lang)
{
    return spell_decode_folded(m, input, out, cap, err, errlen, bad, lang, NULL);
}

int spell_decode_folded(const Model *m, const char *input, char *out, size_t cap,
                        char *err, size_t errlen, int *bad, Lang lang, int *folded)
{
    if (folded)
        *folded = 0;
    if (bad)
        *bad = 0;
    char scratch[2];
    if (!err || errlen == 0) {
        err = scratch;
        errlen = sizeof scratch;
    }
    err[0] = '\0';
    if (cap == 0)
        return -1;
    out[0] = '\0';
    if (!text_valid_utf8(input, strlen(input))) {
        text_format(err, errlen, "%s", LANG_PICK(lang, "sentence is not valid UTF-8", "句子不是有效的 UTF-8"));
        return -1;
    }
    char variants[4 * MODEL_SENTENCE_BYTES];   /* full-width forms read as the vocabulary's */
    int n_folded = spell_fold(m, input, variants, sizeof variants);
    if (folded)
        *folded = n_folded > 0 ? n_folded : 0;
    Decoder d = { .m = m, .at = n_folded >= 0 ? variants : input, .index = 1, .out = out, .cap = cap,
                  .err = err, .errlen = errlen, .lang = lang };
    while (*d.at)
        if (decode_item(&d) != 0) {
            out[0] = '\0';
            if (bad)
                *bad = d.bad;
            return -1;
        }
    if (d.count > MODEL_MAX_TOKENS)
        text_format(err, errlen, LANG_PICK(lang, "sentence has %d characters: at most %d are allowed",
                                           "句子有 %d 个字：最多只能有 %d 个"),
                    d.count, MODEL_MAX_TOKENS);
    else if (d.full)
        text_format(err, errlen, LANG_PICK(lang, "sentence does not fit in %zu bytes", "句子超出了 %zu 字节"), cap);
    else
        return 0;
    out[0] = '\0';
    return -1;
}
