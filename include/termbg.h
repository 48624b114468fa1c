/* termbg.h — what the terminal says of its background, so that the default theme can follow
 * it: $COLORFGBG ("0;15": black on white), the reply to an OSC 11 query
 * ("\033]11;rgb:ffff/ffff/ffff\033\\"), and a filter that swallows such a reply when it
 * arrives late among the keys (over SSH), so it is never typed.
 * Owns: parsing those strings, pure. Must not touch: the terminal (term.c writes the query
 * and reads the reply), ncurses, the palette. */
#ifndef ATTN_TERMBG_H
#define ATTN_TERMBG_H

#include <stdbool.h>
#include <stddef.h>

/* What a terminal says of its background. */
typedef enum {
    TERMBG_UNKNOWN = -1,   /* it does not say */
    TERMBG_DARK = 0,
    TERMBG_LIGHT = 1
} TermBg;

/* $COLORFGBG's value ("fg;bg" or "fg;default;bg", each an ANSI colour 0-15, as rxvt and
 * konsole set it): light when the background is 7 or 9-15 (white and the bright ones but
 * bright black), dark for 0-6 and 8; UNKNOWN for NULL, "" or anything else. */
TermBg termbg_colorfgbg(const char *value);

/* The query that asks the terminal for its background colour (OSC 11, ended by ST). */
#define TERMBG_OSC11_QUERY "\033]11;?\033\\"

/* Parses an OSC 11 reply at the start of buf (n bytes): "\033]11;rgb:R/G/B" with 1-4 hex
 * digits per channel, ended by BEL or ESC '\\'. Returns LIGHT when its luminance is above
 * one half, DARK below, UNKNOWN when buf holds no whole reply (partial, or not one). Sets
 * *used to the bytes of the whole reply (0 when none). */
TermBg termbg_osc11_parse(const unsigned char *buf, size_t n, size_t *used);

#define TERMBG_REPLY_MAX 64   /* characters an OSC reply may take before the filter gives up */

/* A filter of the key stream that swallows an OSC reply (ESC ']' … BEL or ESC '\\'): fed
 * every character read, in order. Zero-initialised it waits for one. The program asks its
 * question and paints at once: the reply arrives among the keys, and the filter reads it. */
typedef struct {
    int state;                                /* 0: between keys, 1: an ESC seen, 2: inside
                                                 an OSC, 3: ESC inside it */
    int length;                               /* characters of the current reply so far (it
                                                 gives up at TERMBG_REPLY_MAX) */
    unsigned char reply[TERMBG_REPLY_MAX + 2]; /* the current reply's bytes, ESC ']' on */
    bool answered;                            /* a whole reply was read: answer holds it */
    TermBg answer;                            /* what the last whole OSC 11 reply says */
} TermBgFilter;

/* Feeds ch (a character code; KEYCODE values above 255 end a reply): true when ch belongs
 * to an OSC reply and must not be taken as a key. An ESC alone is not swallowed (it is the
 * Esc key until a ']' follows it: the caller keeps it pending, as term.c does); a reply that
 * runs past 64 characters or meets a character no reply holds is left, the rest as keys.
 * A whole reply sets answered, and answer to what termbg_osc11_parse makes of it. */
bool termbg_filter_feed(TermBgFilter *f, int ch);

/* True once after a whole reply was read (clearing it), with *bg what it says (UNKNOWN
 * for an OSC reply that is not OSC 11's). */
bool termbg_filter_answer(TermBgFilter *f, TermBg *bg);

#endif
