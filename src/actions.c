/* actions.c — the key table and what each named action does to the player.
 * Owns: the one list of bindings (help is generated from it) and action_apply.
 * Must not touch: ncurses (keys arrive as actions.h codes), the clock, drawing. */
#include "actions.h"

#include <stddef.h>

/* ---------------------------------------------------------------- the table */

const KeyBinding action_keys[] = {
    { ' ',            ACTION_PLAY,       0, "Space", true  },
    { KEYCODE_RIGHT,  ACTION_NEXT,       0, "→",     true  },
    { 'l',            ACTION_NEXT,       0, "l",     false },
    { KEYCODE_LEFT,   ACTION_PREV,       0, "←",     true  },
    { 'h',            ACTION_PREV,       0, "h",     false },
    { KEYCODE_HOME,   ACTION_FIRST,      0, "Home",  true  },
    { KEYCODE_END,    ACTION_LAST,       0, "End",   true  },
    { KEYCODE_UP,     ACTION_FOCUS_PREV, 0, "↑",     true  },
    { 'k',            ACTION_FOCUS_PREV, 0, "k",     false },
    { KEYCODE_DOWN,   ACTION_FOCUS_NEXT, 0, "↓",     true  },
    { 'j',            ACTION_FOCUS_NEXT, 0, "j",     false },
    { '1',            ACTION_FOCUS_N,    0, "1-9",   true  },
    { '2',            ACTION_FOCUS_N,    1, "2",     false },
    { '3',            ACTION_FOCUS_N,    2, "3",     false },
    { '4',            ACTION_FOCUS_N,    3, "4",     false },
    { '5',            ACTION_FOCUS_N,    4, "5",     false },
    { '6',            ACTION_FOCUS_N,    5, "6",     false },
    { '7',            ACTION_FOCUS_N,    6, "7",     false },
    { '8',            ACTION_FOCUS_N,    7, "8",     false },
    { '9',            ACTION_FOCUS_N,    8, "9",     false },
    { KEYCODE_MOUSE,  ACTION_NONE,       0, "click", true  },
    { 'n',            ACTION_NUMBERS,    0, "n",     true  },
    { '+',            ACTION_FASTER,     0, "+",     true  },
    { '=',            ACTION_FASTER,     0, "=",     false },
    { '-',            ACTION_SLOWER,     0, "-",     true  },
    { KEYCODE_REDRAW, ACTION_REDRAW,     0, "Ctrl-L", true },
    { '?',            ACTION_HELP,       0, "?",     true  },
    { 'q',            ACTION_QUIT,       0, "q",     true  },
    { KEYCODE_ESC,    ACTION_QUIT,       0, "Esc",   false },
    { 0,              ACTION_NONE,       0, NULL,    false },
};

const KeyBinding *action_for_key(int key)
{
    for (const KeyBinding *b = action_keys; b->key != 0; b++)
        if (b->key == key)
            return b;
    return NULL;
}

const char *action_key_label(Action a)
{
    const char *first = "";
    for (const KeyBinding *b = action_keys; b->key != 0; b++) {
        if (b->action != a)
            continue;
        if (b->in_help)
            return b->label;
        if (!*first)
            first = b->label;
    }
    return first;
}

/* ---------------------------------------------------------------- descriptions */

typedef struct {
    const char *en;   /* English description */
    const char *zh;   /* Chinese description */
} ActionText;

static const ActionText action_texts[ACTION_COUNT] = {
    [ACTION_NONE]       = { "click a character to focus it", "点一个字：让它来问" },
    [ACTION_QUIT]       = { "quit (also Esc)", "退出（Esc 也可以）" },
    [ACTION_HELP]       = { "show or hide this help", "显示或关闭帮助" },
    [ACTION_PLAY]       = { "autoplay: start or stop", "自动播放：开始或暂停" },
    [ACTION_NUMBERS]    = { "numbers: hide or show", "数字：藏起来或显示" },
    [ACTION_NEXT]       = { "next step (Q → score → softmax → output)", "下一步（Q → 打分 → 百分比 → 取货）" },
    [ACTION_PREV]       = { "previous step", "上一步" },
    [ACTION_FIRST]      = { "first step", "第一步" },
    [ACTION_LAST]       = { "last step", "最后一步" },
    [ACTION_FOCUS_PREV] = { "focus the previous character", "换前一个字来问" },
    [ACTION_FOCUS_NEXT] = { "focus the next character", "换后一个字来问" },
    [ACTION_FOCUS_N]    = { "focus character number N", "让第 N 个字来问" },
    [ACTION_FASTER]     = { "autoplay faster", "播放快一点" },
    [ACTION_SLOWER]     = { "autoplay slower", "播放慢一点" },
    [ACTION_REDRAW]     = { "redraw the screen", "重画屏幕" },
};

const char *action_describe(Action a, int lang)
{
    if ((int)a < 0 || a >= ACTION_COUNT)
        return "";
    return lang ? action_texts[a].zh : action_texts[a].en;
}

/* ---------------------------------------------------------------- applying */

int action_apply(Player *p, Action a, int arg, long long now_ms)
{
    switch (a) {
    case ACTION_QUIT:       return REACT_QUIT;
    case ACTION_HELP:       player_toggle_help(p); return REACT_REDRAW;
    case ACTION_PLAY:       player_toggle_play(p, now_ms); return REACT_REDRAW;
    case ACTION_NUMBERS:    player_toggle_numbers(p); return REACT_REDRAW;
    case ACTION_NEXT:       player_step(p, +1, now_ms); return REACT_REDRAW;
    case ACTION_PREV:       player_step(p, -1, now_ms); return REACT_REDRAW;
    case ACTION_FIRST:      player_home(p, now_ms); return REACT_REDRAW;
    case ACTION_LAST:       player_end(p, now_ms); return REACT_REDRAW;
    case ACTION_FOCUS_PREV: player_move_focus(p, -1, now_ms); return REACT_REDRAW;
    case ACTION_FOCUS_NEXT: player_move_focus(p, +1, now_ms); return REACT_REDRAW;
    case ACTION_FOCUS_N:
        if (arg < 0 || arg >= p->tokens)
            return REACT_NONE;
        player_set_focus(p, arg, now_ms);
        return REACT_REDRAW;
    case ACTION_FASTER:     player_scale_speed(p, 1.25); return REACT_REDRAW;
    case ACTION_SLOWER:     player_scale_speed(p, 0.8); return REACT_REDRAW;
    case ACTION_REDRAW:     return REACT_REDRAW | REACT_REPAINT;
    case ACTION_NONE:
    case ACTION_COUNT:      break;
    }
    return REACT_NONE;
}
