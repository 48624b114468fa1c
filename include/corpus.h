/* corpus.h — the poems a layered model trains on: a fortune file of 唐诗三百首 (Debian's
 * fortunes-zh) or any text in its shape, read into characters, poems and a vocabulary.
 * Owns: the corpus rule (entries, what is dropped, the end mark), the held-out rule, the
 * refusals of a bad corpus with one line. Must not touch: the model, the arithmetic, the
 * terminal, any global state.
 *
 * The rule: an entry is the text between lines that are exactly "%"; its first two lines
 * (《title》 and 作者：…) are dropped; ANSI SGR colour codes (ESC [ … m), CR, LF, spaces,
 * tabs and the ideographic space U+3000 are removed; everything else (prefaces, quotes,
 * punctuation) is kept. An entry left empty is no poem. Each poem ends with the end mark
 * 〓 U+3013. Poem i (0-based, file order) is held out when i mod 10 = 9. */
#ifndef ATTN_CORPUS_H
#define ATTN_CORPUS_H

#include <stdbool.h>
#include <stddef.h>
#include "lang.h"
#include "text.h"

#define CORPUS_DEFAULT_PATH "/usr/share/games/fortunes/tang300"   /* fortunes-zh's 唐诗三百首 */
#define CORPUS_PACKAGE "fortunes-zh"          /* the Debian package that ships it */
#define CORPUS_MAX_BYTES (16u * 1024u * 1024u) /* a larger file is refused */
#define CORPUS_MIN_POEMS 10                    /* fewer poems are refused */
#define CORPUS_MAX_CHARS 4095                  /* distinct characters accepted (with the end
                                                  mark: MODEL_MAX_VOCAB) */
#define CORPUS_END_MARK "\xE3\x80\x93"         /* 〓 U+3013: the end of a poem */
#define CORPUS_HELD_OUT_EVERY 10               /* poem i is held out when i % 10 == 9 */

/* One poem: its characters are tokens[start .. start + length), then the end mark. */
typedef struct {
    int start;        /* its first character's index in Corpus.tokens */
    int length;       /* its characters, the end mark not counted */
    bool held_out;    /* one of the held-out poems (i % 10 == 9) */
} CorpusPoem;

typedef struct {
    int vocab_size;                   /* distinct characters, the end mark included */
    char (*vocab)[TEXT_CHAR_BYTES];   /* them, UTF-8: in order of first appearance, the end
                                         mark last */
    int end_mark;                     /* the end mark's index: vocab_size − 1 */
    int poems;                        /* how many poems */
    CorpusPoem *poem;                 /* them, in file order */
    int tokens_count;                 /* characters in all, every poem's end mark included */
    int *tokens;                      /* vocabulary indices: poem after poem, each followed by
                                         the end mark */
    int held_out;                     /* how many poems are held out */
    char sha256[65];                  /* the file's SHA-256 in hex (corpus_load_file), or "" */
} Corpus;

/* Reads the corpus at path (NULL: CORPUS_DEFAULT_PATH). Returns 0 and fills *out (free with
 * corpus_free), or -1 with one line in err, in lang: the file missing (for the default path
 * naming the package: "apt-get install fortunes-zh"), not a regular file, over 16 MB, not
 * UTF-8, a control character, a character no model can hold (# [ or one that takes no room),
 * the end mark itself, fewer than 10 poems, more than 4095 distinct characters. */
int corpus_load_file(const char *path, Lang lang, Corpus *out, char *err, size_t errlen);

/* The same over len bytes of text; name is used in messages ("NAME:LINE: …"). */
int corpus_parse(const char *text, size_t len, const char *name, Lang lang, Corpus *out,
                 char *err, size_t errlen);

/* The index of the UTF-8 character ch in the corpus's vocabulary, or -1. */
int corpus_find_char(const Corpus *c, const char *ch);

/* True when the UTF-8 character ch ends a line of verse: one of ，。？！；. */
bool corpus_line_end(const char *ch);

/* Releases what corpus_parse allocated; safe on a zeroed or freed Corpus. */
void corpus_free(Corpus *c);

#endif
