/* actions.c — the global key table, the global status hints, and each action's help text.
 * Owns: the bindings every view shares (help is generated from them and from the view's).
 * Must not touch: ncurses (keys arrive as keys.h codes), the clock, drawing, state. */
#include "actions.h"

#include <stddef.h>
#include <string.h>

/* ---------------------------------------------------------------- the table */

const KeyBinding action_keys[] = {
    { ' ',               ACTION_PLAY,       0, "Space",  true  },
    { KEYCODE_RIGHT,     ACTION_NEXT,       0, "→",      true  },
    { KEYCODE_LEFT,      ACTION_PREV,       0, "←",      true  },
    { KEYCODE_HOME,      ACTION_FIRST,      0, "Home",   true  },
    { KEYCODE_END,       ACTION_LAST,       0, "End",    true  },
    { KEYCODE_UP,        ACTION_FOCUS_PREV, 0, "↑ k",    true  },
    { 'k',               ACTION_FOCUS_PREV, 0, "k",      false },
    { KEYCODE_DOWN,      ACTION_FOCUS_NEXT, 0, "↓ j",    true  },
    { 'j',               ACTION_FOCUS_NEXT, 0, "j",      false },
    { '1',               ACTION_FOCUS_N,    0, "1-9 0",  true  },
    { '2',               ACTION_FOCUS_N,    1, "2",      false },
    { '3',               ACTION_FOCUS_N,    2, "3",      false },
    { '4',               ACTION_FOCUS_N,    3, "4",      false },
    { '5',               ACTION_FOCUS_N,    4, "5",      false },
    { '6',               ACTION_FOCUS_N,    5, "6",      false },
    { '7',               ACTION_FOCUS_N,    6, "7",      false },
    { '8',               ACTION_FOCUS_N,    7, "8",      false },
    { '9',               ACTION_FOCUS_N,    8, "9",      false },
    { '0',               ACTION_FOCUS_N,    9, "0",      false },
    { KEYCODE_MOUSE,     ACTION_CLICK,      0, "click",  true  },
    { KEYCODE_TAB,       ACTION_VIEW_NEXT,  0, "Tab",    true  },
    { KEYCODE_BACKTAB,   ACTION_VIEW_PREV,  0, "S-Tab",  true  },
    { 'n',               ACTION_NUMBERS,    0, "n",      true  },
    { 'e',               ACTION_EDIT,       0, "e",      true  },
    { 's',               ACTION_SENTENCE_NEXT, 0, "s",   true  },
    { 'm',               ACTION_MASK,       0, "m",      true  },
    { 'h',               ACTION_HEADS,      0, "h",      true  },
    { 'H',               ACTION_HEADS_BACK, 0, "H",      true  },
    { 'g',               ACTION_TOUR,       0, "g",      true  },
    { 'p',               ACTION_PREDICT,    0, "p",      true  },
    { 'w',               ACTION_ORIGIN,     0, "w",      true  },
    { 'u',               ACTION_UNDO,       0, "u",      true  },
    { 'L',               ACTION_LESSON_MODEL, 0, "L",    true  },
    { 'S',               ACTION_SNAPSHOT,   0, "S",      true  },
    { '+',               ACTION_FASTER,     0, "+ =",    true  },
    { '=',               ACTION_FASTER,     0, "=",      false },
    { '-',               ACTION_SLOWER,     0, "-",      true  },
    { 'b',               ACTION_THEME,      0, "b",      true  },
    { KEYCODE_REDRAW,    ACTION_REDRAW,     0, "Ctrl-L", true  },
    { '?',               ACTION_HELP,       0, "?",      true  },
    { KEYCODE_ESC,       ACTION_CLOSE,      0, "Esc",    true  },
    { 'q',               ACTION_QUIT,       0, "q",      true  },
    { 0,                 ACTION_NONE,       0, NULL,     false },
};

const KeyHint action_hints[] = {
    { ACTION_VIEW_NEXT, ACTION_NONE, "views", "换画面" },
    { ACTION_NUMBERS,   ACTION_NONE, "numbers", "数字" },
    { ACTION_HELP,      ACTION_NONE, "help",    "帮助" },
    { ACTION_QUIT,      ACTION_NONE, "quit",    "退出" },
    { ACTION_NONE,      ACTION_NONE, NULL,      NULL },
};

const KeyBinding *action_find_key(const KeyBinding *table, int key)
{
    for (const KeyBinding *b = table; b && b->key != 0; b++)
        if (b->key == key)
            return b;
    return NULL;
}

const char *action_key_label_in(const KeyBinding *table, Action a)
{
    const char *first = "";
    for (const KeyBinding *b = table; b && b->key != 0; b++) {
        if (b->action != a)
            continue;
        if (b->in_help)
            return b->label;
        if (!*first)
            first = b->label;
    }
    return first;
}

const char *action_key_label(Action a)
{
    return action_key_label_in(action_keys, a);
}

/* How Chinese help names the keys whose label is an English word (a Chinese keyboard's
 * caps say Shift, Tab, Ctrl, Esc; the space bar is 空格, a mouse press 点击). */
static const struct {
    const char *en;   /* the label as the key table writes it */
    const char *zh;   /* the Chinese help's name of that key */
} key_words[] = {
    { "Space", "空格" },
    { "→ Space", "→ 空格" },
    { "click", "点击" },
    { "S-Tab", "Shift+Tab" },
    { "Ctrl-L", "Ctrl+L" },
};

const char *action_key_word(const char *label, Lang lang)
{
    if (lang != LANG_ZH || !label)
        return label;
    for (size_t i = 0; i < sizeof key_words / sizeof key_words[0]; i++)
        if (strcmp(label, key_words[i].en) == 0)
            return key_words[i].zh;
    return label;
}

/* ---------------------------------------------------------------- descriptions */

typedef struct {
    const char *en;   /* English description */
    const char *zh;   /* Chinese description */
} ActionText;

static const ActionText action_texts[ACTION_COUNT] = {
#define ACTION_TEXT(id, en, zh) [ACTION_##id] = { en, zh },
    ACTION_LIST(ACTION_TEXT)
#undef ACTION_TEXT
};

const char *action_describe(Action a, Lang lang)
{
    if ((int)a < 0 || a >= ACTION_COUNT)
        return "";
    return lang == LANG_ZH ? action_texts[a].zh : action_texts[a].en;
}
