/* actions.h — the one table that maps keys to named actions, and what each action does.
 * Owns: the key table (the help overlay is generated from it) and applying an action
 * to the player. Keys are this module's own codes: the term layer translates ncurses'.
 * Must not touch: ncurses, the clock, drawing. */
#ifndef ATTN_ACTIONS_H
#define ATTN_ACTIONS_H

#include <stdbool.h>
#include "player.h"

/* Special keys, outside the range of characters. Printable keys are their character. */
enum {
    KEYCODE_ESC = 27,
    KEYCODE_UP = 0x110000,
    KEYCODE_DOWN,
    KEYCODE_LEFT,
    KEYCODE_RIGHT,
    KEYCODE_HOME,
    KEYCODE_END,
    KEYCODE_RESIZE,   /* the terminal changed size */
    KEYCODE_MOUSE,    /* a mouse click; the term layer reports its position */
    KEYCODE_REDRAW    /* Ctrl-L */
};

typedef enum {
    ACTION_NONE = 0,
    ACTION_QUIT,          /* leave the program */
    ACTION_HELP,          /* show or hide the help overlay */
    ACTION_PLAY,          /* start or stop autoplay */
    ACTION_NUMBERS,       /* hide or show every value */
    ACTION_NEXT,          /* one step forward */
    ACTION_PREV,          /* one step back */
    ACTION_FIRST,         /* first step */
    ACTION_LAST,          /* last step */
    ACTION_FOCUS_PREV,    /* focus the previous character */
    ACTION_FOCUS_NEXT,    /* focus the next character */
    ACTION_FOCUS_N,       /* focus character number arg (0-based) */
    ACTION_FASTER,        /* autoplay faster */
    ACTION_SLOWER,        /* autoplay slower */
    ACTION_REDRAW,        /* repaint the whole screen */
    ACTION_COUNT
} Action;

/* What the caller must do after an action (htop's reaction flags). */
enum {
    REACT_NONE = 0,
    REACT_REDRAW = 1 << 0,   /* the frame changed: draw it */
    REACT_QUIT = 1 << 1,     /* leave the main loop */
    REACT_REPAINT = 1 << 2   /* clear and repaint the whole terminal */
};

typedef struct {
    int key;               /* a character or a KEYCODE_* */
    Action action;         /* what it does */
    int arg;               /* argument for ACTION_FOCUS_N */
    const char *label;     /* how the help names the key, e.g. "→" or "Space" */
    bool in_help;          /* listed in the help overlay (false for duplicates) */
} KeyBinding;

/* The key table, terminated by an entry with key 0. */
extern const KeyBinding action_keys[];

/* The binding of key, or NULL. */
const KeyBinding *action_for_key(int key);

/* How the help names the key of action a (its binding listed in help, else its
 * first binding), e.g. "Space" or "→"; "" when nothing is bound to it. */
const char *action_key_label(Action a);

/* A short description of an action in English (lang 0) or Chinese (lang 1). */
const char *action_describe(Action a, int lang);

/* Applies an action to the player at time now; returns REACT_* flags. */
int action_apply(Player *p, Action a, int arg, long long now_ms);

#endif
