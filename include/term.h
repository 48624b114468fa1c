/* term.h — the one module that talks to the terminal (htop's CRT): ncurses set-up and
 * tear-down, painting a Grid, reading keys as keys.h codes, the signals that end
 * the process (each goes through term_close, then ends the process by itself).
 * Owns: every ncurses and terminfo call, the signal handlers, the colour map of the Styles.
 * Must not touch: the player, the scene's layout, the clock, the engine. */
#ifndef ATTN_TERM_H
#define ATTN_TERM_H

#include <stdbool.h>
#include <stdio.h>
#include "grid.h"
#include "lang.h"
#include "termbg.h"
#include "theme.h"

/* What term_read_key found. */
typedef enum {
    TERM_TIMEOUT = 0,      /* nothing arrived within the timeout */
    TERM_KEY = 1,          /* a key (or resize, or click): see the TermEvent */
    TERM_INTERRUPTED = 2   /* a signal that ends the process arrived, or the input is gone
                              (as SIGHUP): leave through term_close */
} TermRead;

/* One input event. */
typedef struct {
    int key;   /* a character or a KEYCODE_* of keys.h; 0 for a key that means nothing */
    int x;     /* column of a click (KEYCODE_MOUSE only), 0-based */
    int y;     /* row of a click (KEYCODE_MOUSE only), 0-based */
} TermEvent;

/* Checks, without touching the terminal, that the program can take it over:
 * stdout and stdin are terminals (a closed stdin is not one) and $TERM names a
 * terminfo entry that can place the cursor (not "dumb", not hardcopy).
 * Returns 0, or -1 with a one-line reason in err, in lang (no "attn-tui:", no newline). */
int term_check(Lang lang, char *err, size_t errlen);

/* Takes over the terminal on stdin/stdout (after term_check): full screen, cbreak,
 * no echo, keypad, hidden cursor, Esc without delay, button-1 clicks, colours unless
 * NO_COLOR is set or the terminal has none. Installs the handlers of every signal
 * whose default action ends the process (one the caller ignores stays ignored) and
 * an atexit cleanup. Returns 0, or -1 with a one-line reason in err, in lang (the
 * terminal untouched). */
int term_open(Lang lang, char *err, size_t errlen);

/* Headless screen for benchmarks: ncurses writes to out and reads from in, as a
 * w × h terminal of type $TERM (xterm-256color when unset). No signal handlers.
 * Returns 0 or -1 (reason in err). */
int term_open_on(FILE *out, FILE *in, int w, int h, char *err, size_t errlen);

/* Gives the terminal back: screen, cursor, echo, line mode, signal dispositions.
 * Idempotent; safe before term_open; also runs from atexit. */
void term_close(void);

/* Paints with theme t from now on (the whole screen again at the next paint); before
 * term_open, the theme it opens with. Dark until called. */
void term_set_theme(Theme t);

/* What the terminal says its background is, as far as known now: $COLORFGBG; else, on a
 * terminal that is not the console, asks it (OSC 11) without waiting: the reply comes
 * among the keys, is never typed, and term_read_key then gives KEYCODE_BACKGROUND (a
 * terminal that never answers costs nothing: the first frame is not held back). Call after
 * term_open; asks once. */
TermBg term_background_ask(void);

/* What the terminal said of its background: $COLORFGBG or the reply to the query, or
 * TERMBG_UNKNOWN (no answer yet). */
TermBg term_background(void);

/* The terminal's current size in columns and rows, as drawn: at most GRID_MAX_SIDE each
 * way. */
void term_size(int *w, int *h);

/* True when the terminal is larger than what is drawn (term_size); its own size into
 * *real_w, *real_h. */
bool term_size_bounded(int *real_w, int *real_h);

/* Paints g with one write: only the cells that differ from the grid painted last
 * (grid_next_run), each run with a cursor move where the cursor is not already, only the
 * attributes that differ from the cell before (one colour code when only the foreground
 * changes), blanks to the end of a row as one erase; the whole screen (cleared first,
 * clipped to it) on the first paint, after a change of size, after term_request_repaint,
 * back from a stop, and while g is not the screen's size. Keeps a copy of g. A quit
 * signal during the write gives the terminal back at once (it may never take the bytes). */
void term_paint(const Grid *g);

/* The colours (-1: the terminal's own) and PALETTE_* attributes style s is painted with
 * now. For the tests of the painting, which read the bytes back. */
void term_style_look(Style s, int *fg, int *bg, unsigned *attrs);

/* The next term_paint clears and repaints the whole terminal (Ctrl-L). */
void term_request_repaint(void);

/* True when path names the terminal the program draws on (/dev/tty, or the device of its
 * standard output): a file written there lands on the screen, which must be painted again.
 * Looks at the path (stat), never opens it. */
bool term_is_device(const char *path);

/* Waits at most timeout_ms (-1: without limit, blocking in the kernel) for input.
 * Returns TERM_KEY with *ev filled, TERM_TIMEOUT, or TERM_INTERRUPTED when a signal
 * that ends the process has arrived (now or earlier), or when the input is gone
 * (hang-up, end of file, a read error: term_quit_signal then says SIGHUP). Never
 * returns at once again and again while nothing happens. */
TermRead term_read_key(int timeout_ms, TermEvent *ev);

/* The signal that ended the loop (SIGHUP also when the input went away), or 0. */
int term_quit_signal(void);

/* Call after term_close: ends the process by sig with the signal's default action,
 * as a shell expects of a program it interrupted (a loop around it then stops too).
 * Returns only if sig did not end the process. */
void term_die_by_signal(int sig);

/* Translates one result of ncurses' get_wch into a keys.h key code:
 * is_function is true when get_wch returned KEY_CODE_YES (code is a KEY_* value),
 * false when code is a character. Returns 0 for keys that mean nothing here.
 * Pure; exposed for the unit test. */
int term_translate_key(bool is_function, int code);

/* Whether a terminal of this $TERM type cannot draw braille or CJK, so that frames are
 * drawn in ASCII: the Linux console and its kin, by name — linux (linux-16color,
 * linux2.6 …, and screen.linux inside it), vt52, vt100, vt102, vt220, vt320, vt420,
 * vt520 (vt100-am, vt220-8bit …), and the BSD consoles cons25, wsvt25, pccon. terminfo
 * has no capability that says so (ncurses' U8 is set for tmux too). False for NULL and
 * for any other type. Pure; exposed for the unit test. */
bool term_type_ascii(const char *type);

#endif
