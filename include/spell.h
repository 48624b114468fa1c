/* spell.h — a sentence typed without a Chinese input method, and ASCII names for characters.
 * Owns: reading the ASCII spelling of a sentence (3+5=? → 三加五等于?) into vocabulary
 * characters, and the pinyin name of each course character for ASCII-only screens.
 * Must not touch: the engine's arithmetic, the terminal, any global state.
 *
 * The spelling (docs/model-format.md, "Typing a sentence in ASCII"):
 *
 *   0 … 9          零 一 二 三 四 五 六 七 八 九
 *   10 … 99        read as Chinese numerals: 10 十, 12 十二, 20 二十, 35 三十五
 *   + - * /        加 减 乘 除        (× and ÷ also give 乘 and 除)
 *   =              等于
 *   ?              ?
 *   is             是                  (letters in any case)
 *   how many       几
 *
 * A character that is in the model's vocabulary always stands for itself; the
 * spelling applies to the rest. Spaces and tabs only separate and are dropped, so
 * "3 + 5 = ?", "3+5=?", "三+五=?" and "三加五等于?" all give 三加五等于?. */
#ifndef ATTN_SPELL_H
#define ATTN_SPELL_H

#include <stddef.h>
#include "lang.h"
#include "model.h"

/* Decodes input (UTF-8, vocabulary characters and/or the ASCII spelling) into the
 * sentence it spells, written to out (cap bytes; MODEL_SENTENCE_BYTES is enough for
 * any sentence the engine accepts). Returns 0, or -1 with a one-line message in err
 * naming the bad part: invalid UTF-8, a control character (shown as U+009B), an
 * unknown word or character (with a "did you mean" hint for look-alikes such as
 * ？ ＋ ３ and the full-width space), a spelled character missing from this model's
 * vocabulary, a number above 99, or more than MODEL_MAX_TOKENS characters. An input
 * of only blanks gives the empty sentence (the engine reports it). */
int spell_decode(const Model *m, const char *input, char *out, size_t cap,
                 char *err, size_t errlen);

/* The same with the message in lang (spell_decode's is English), and *bad (when not NULL)
 * is the 1-based number of the input character where decoding failed (0 when it did not,
 * or when the fault is the whole sentence's: too long). */
int spell_decode_marked(const Model *m, const char *input, char *out, size_t cap,
                        char *err, size_t errlen, int *bad, Lang lang);

/* The same, and *folded (when not NULL) how many input characters were read as their width
 * variant (widthform.h): a character neither in the vocabulary nor of the spelling whose
 * variant is — a full-width ？ or ３ where the vocabulary has ? and the spelling reads 3, a
 * half-width ? where a poem model's vocabulary holds ？ — is read as that variant. */
int spell_decode_folded(const Model *m, const char *input, char *out, size_t cap,
                        char *err, size_t errlen, int *bad, Lang lang, int *folded);

/* The spellings in one line, for messages and help, in lang:
 * "0-99 + - * / = ? × ÷ is, how many" (Chinese says what is and how many stand for). */
const char *spell_summary(Lang lang);

/* An ASCII name for a course character, for screens that cannot draw CJK: pinyin
 * without tones ("san" for 三, "jia" for 加, "deng" for 等), except 十 "shi2" and
 * 是 "shi4", which would otherwise read alike; "?" for ?. NULL for any other
 * character (ASCII characters need no name: show them as they are). */
const char *spell_ascii_name(const char *ch);

/* The same in at most two columns, for slots too narrow for a name: the digit or operator
 * the character reads as in the spelling above ("3" for 三, "+" for 加, "10" for 十, "=" for
 * 等), else its pinyin when that is short ("yu" for 于, "ji" for 几), and "is" for 是.
 * NULL for any other character. */
const char *spell_ascii_brief(const char *ch);

#endif
