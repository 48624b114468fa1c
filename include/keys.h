/* keys.h — the program's own key codes: what the term layer hands to the rest.
 * Owns: the codes of special keys. Printable keys are their own character.
 * Must not touch: ncurses (term.c translates its KEY_* values into these). */
#ifndef ATTN_KEYS_H
#define ATTN_KEYS_H

enum {
    KEYCODE_TAB = '\t',
    KEYCODE_ENTER = '\n',
    KEYCODE_ESC = 27,
    KEYCODE_BACKSPACE = 127,
    KEYCODE_UP = 0x110000,   /* beyond every Unicode character */
    KEYCODE_DOWN,
    KEYCODE_LEFT,
    KEYCODE_RIGHT,
    KEYCODE_HOME,
    KEYCODE_END,
    KEYCODE_PAGE_UP,
    KEYCODE_PAGE_DOWN,
    KEYCODE_BACKTAB,  /* Shift-Tab */
    KEYCODE_DELETE,
    KEYCODE_RESIZE,   /* the terminal changed size */
    KEYCODE_MOUSE,    /* a mouse click; the term layer reports its position */
    KEYCODE_REDRAW,   /* Ctrl-L */
    KEYCODE_KILL,     /* Ctrl-U: the input line erases what is before the cursor */
    KEYCODE_BACKGROUND /* the terminal answered the background query (term_background) */
};

#endif
