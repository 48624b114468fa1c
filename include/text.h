/* text.h — UTF-8 characters and their display width, counted with libunistring.
 * Owns: splitting a string into characters, validating UTF-8, measuring columns.
 * Must not touch: the terminal, the model, any global state. */
#ifndef ATTN_TEXT_H
#define ATTN_TEXT_H

#include <stddef.h>
#include <stdbool.h>

/* Room for one UTF-8 encoded character (at most 4 bytes) plus its NUL. */
#define TEXT_CHAR_BYTES 8

/* True when the len bytes at s are well-formed UTF-8. */
bool text_valid_utf8(const char *s, size_t len);

/* Splits the NUL-terminated UTF-8 string s into characters, one per slot of out.
 * Returns the number of characters (which may exceed max: only the first max are
 * stored), or -1 when s is not valid UTF-8. */
int text_split_chars(const char *s, char out[][TEXT_CHAR_BYTES], int max);

/* Number of characters (code points) in the UTF-8 string s, or -1 if invalid. */
int text_char_count(const char *s);

/* Display width of the UTF-8 string s in terminal columns (a CJK glyph is 2,
 * ASCII is 1). Control and invalid characters count as 1 column each. */
int text_width(const char *s);

/* Display width of the first n bytes of s. */
int text_width_n(const char *s, size_t n);

/* Writes s into a buffer of size cap padded with spaces on the right (align<0),
 * left (align>0) or both (align==0) to exactly `columns` display columns.
 * Text wider than columns is copied whole. Returns bytes written (excluding NUL). */
size_t text_pad(char *buf, size_t cap, const char *s, int columns, int align);

/* True when the code point c may stand in text the program shows, types or records:
 * not a C0 or C1 control or DEL, not a line or paragraph separator (U+2028, U+2029),
 * not a surrogate, not a noncharacter (U+FDD0..U+FDEF, U+xFFFE, U+xFFFF), not beyond
 * U+10FFFF. The one rule of the model's vocabulary and the input line. */
bool text_char_allowed(unsigned c);

/* True when c is invisible or reorders text around it: the bidi controls (U+061C,
 * U+200E, U+200F, U+202A..U+202E, U+2066..U+2069), the zero-width ones (U+200B..U+200D,
 * U+2060..U+2064, U+FEFF) and U+180E, U+00AD. Shown escaped in messages. */
bool text_char_invisible(unsigned c);

/* Copies s into buf (of size cap) fit to be quoted in a one-line message: C0 control
 * characters and DEL become \n, \t, \r or \xHH, C1 controls (U+0080..U+009F),
 * bidi and zero-width characters, separators and noncharacters \uHHHH (\UHHHHHHHH
 * above U+FFFF), bytes of invalid UTF-8 \xHH; a combining mark (non-spacing or enclosing)
 * with no character before it to sit on (at the start, or after an escape or a blank) too,
 * as it would sit on the quote around it; everything else is kept ("e" + U+0301 stays
 * "é"). What does not fit ends in "…" (never half a character). Returns buf. */
const char *text_escape(const char *s, char *buf, size_t cap);

/* c lower-cased in ASCII only ('A'..'Z' to 'a'..'z'), whatever the locale says (in a
 * Turkish one tolower('I') is not 'i'); every other value unchanged. The one case folding
 * of the program's own ASCII words (spellings, names of what --set changes). */
int text_ascii_lower(int c);

/* strncasecmp with text_ascii_lower: 0 when the first n bytes of a and b are equal but
 * for ASCII case. */
int text_ascii_ncasecmp(const char *a, const char *b, size_t n);

/* Cuts an incomplete UTF-8 character off the end of s (what a truncating snprintf or a
 * byte-counted copy leaves). The one helper for cutting text at a character boundary. */
void text_cut_partial(char *s);

#if defined(__GNUC__)
#define TEXT_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define TEXT_PRINTF_LIKE(f, a)
#endif

/* snprintf into buf (cap bytes) that never leaves half a UTF-8 character: a message cut
 * to fit ends at the last whole character. Returns the bytes written (excluding NUL). */
size_t text_format(char *buf, size_t cap, const char *fmt, ...) TEXT_PRINTF_LIKE(3, 4);

#endif
