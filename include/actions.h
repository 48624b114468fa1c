/* actions.h — the one list of named actions, and the key table that maps keys to them.
 * Owns: the Action enum of the shared actions and each one's help text (one X-macro list,
 * like tig's REQ_INFO), the global key bindings, and the status-line hints. Views add their own
 * bindings (view.h); the help overlay and the status line are generated from both.
 * Must not touch: ncurses (keys arrive as keys.h codes), the clock, drawing, state. */
#ifndef ATTN_ACTIONS_H
#define ATTN_ACTIONS_H

#include <stdbool.h>
#include "keys.h"
#include "lang.h"

/* X(ID, English help, Chinese help) — every shared action: the global ones and those more
 * than one view has (the hand checks' cursors). An action only one view has is listed in
 * that view's file (view.h: ViewAction), numbered from ACTION_VIEW_FIRST. */
#define ACTION_LIST(X)                                                                      \
    X(NONE, "", "")                                                                         \
    X(QUIT, "quit", "退出")                                                                 \
    X(CLOSE, "close the help or the input line (never quits)", "关闭帮助或输入行（不会退出）") \
    X(HELP, "show or hide this help", "显示或关闭帮助")                                      \
    X(PLAY, "autoplay: start or stop", "自动播放：开始或暂停")                               \
    X(NUMBERS, "numbers: hide or show", "数字：藏起来或显示")                                \
    X(NEXT, "next step (Q → score → softmax → output)", "下一步（Q → 打分 → 百分比 → 取货）") \
    X(PREV, "previous step", "上一步")                                                      \
    X(FIRST, "first step", "第一步")                                                        \
    X(LAST, "last step", "最后一步")                                                        \
    X(FOCUS_PREV, "the character before asks", "换前一个字来问")                          \
    X(FOCUS_NEXT, "the next character asks", "换后一个字来问")                              \
    X(FOCUS_N, "character 1-9 asks (0: the 10th)", "让第 1-9 个字来问（0：第 10 个）")        \
    X(FASTER, "autoplay faster", "播放快一点")                                              \
    X(SLOWER, "autoplay slower", "播放慢一点")                                              \
    X(REDRAW, "redraw the screen", "重画屏幕")                                              \
    X(THEME, "colours: dark → light (a bright room) → contrast (a projector)",              \
      "配色：深色 → 浅色（明亮的教室）→ 高对比（投影仪）")                                 \
    X(VIEW_NEXT, "next screen", "下一个画面")                                               \
    X(VIEW_PREV, "previous screen", "上一个画面")                                           \
    X(VIEW_N, "open a screen (click its name)", "打开一个画面（点它的名字）")                 \
    X(CLICK, "click a character, a name or a cell to choose it", "点一个字、标签或格子，就能选中它") \
    X(HELP_UP, "scroll the help up", "帮助往上翻")                                          \
    X(HELP_DOWN, "scroll the help down", "帮助往下翻")                                      \
    X(ANSWER_PREV, "hand check: the answering character before", "验算：换前一个「谁在答」的字")         \
    X(ANSWER_NEXT, "hand check: the next answering character", "验算：换后一个「谁在答」的字")             \
    X(CELL, "choose a cell", "选一个格子")                                                  \
    X(DIM_PREV, "hand check: the number before (of the d in a vector)", "验算：换向量里的前一个数")                             \
    X(DIM_NEXT, "hand check: the next number (of the d in a vector)", "验算：换向量里的后一个数")                                 \
    X(EDIT, "type your own sentence", "输入你自己的句子")                                    \
    X(SNAPSHOT, "write this frame as an SVG picture (asks for the file name)",              \
      "把这个画面存成 SVG 图片（会问文件名）")                                                 \
    X(SENTENCE_NEXT, "the lesson's other sentence (三加五等于? / 十减四等于?); poems: the next opening", \
      "换课上的另一句（「三加五等于?」或「十减四等于?」）；唐诗模型：换下一首的开头")                                         \
    X(MASK, "causal mask (lesson 7): on or off", "因果掩码（第 7 课）：开或关")              \
    X(HEADS, "heads (lesson 7): one, two, head 1, head 2; poems: next head", \
      "多头（第 7 课）：一个头 → 两个头 → 只看头 1 → 只看头 2；唐诗模型：下一个头") \
    X(HEADS_BACK, "heads, backwards; poems: the head before", "多头，倒着换；唐诗模型：上一个头") \
    /* the guided tour and predict-then-reveal (tour.h, predict.h) */                     \
    X(TOUR, "guided tour: the lesson from its opening picture to its summary",            \
      "导览：从开场画面一站一站走到总结")                                                   \
    X(PREDICT, "predict, then reveal: autoplay asks at ①, before the scores (on or off)",  \
      "先猜再看：自动播放到 ① 时先问，再看分数（开或关）")                                          \
    X(TOUR_NEXT, "tour: the next stop", "导览：下一站")                                     \
    X(TOUR_PREV, "tour: back to the stop before", "导览：回到上一站")                        \
    X(TOUR_LEAVE, "leave the tour, staying on this screen", "离开导览，留在这个画面")         \
    X(PICK, "answer: character 1-9 (0: the 10th)", "回答：第 1-9 个字（0：第 10 个）")        \
    X(PICK_PREV, "answer: move to the character before", "回答：移到前一个字")                \
    X(PICK_NEXT, "answer: move to the next character", "回答：移到后一个字")                  \
    X(PICK_CHOOSE, "answer: the character chosen", "回答：选中的字")                         \
    X(YES, "answer yes", "回答：是")                                                        \
    X(NO, "answer no", "回答：不是")                                                        \
    X(REVEAL, "reveal the answer and go on", "揭晓答案，接着走")                            \
    X(ORIGIN, "where does this number come from: its chain back to the word vectors",        \
      "这个数从哪来：一路追回到词向量")                                                       \
    X(UNDO, "what if: undo the newest change of the model", "撤销最近一次对模型的改动")          \
    X(LESSON_MODEL, "play the lesson's model (again: back to the model played before)",      \
      "换回课上的模型（再按一次：回到之前的模型）")

typedef enum {
#define ACTION_ENUM(id, en, zh) ACTION_##id,
    ACTION_LIST(ACTION_ENUM)
#undef ACTION_ENUM
    ACTION_COUNT,
    ACTION_VIEW_FIRST = 256   /* a view's own actions are numbered from here (view.h) */
} Action;

/* What the caller must do after an action (htop's reaction flags). */
enum {
    REACT_NONE = 0,
    REACT_REDRAW = 1 << 0,    /* the frame changed: draw it */
    REACT_QUIT = 1 << 1,      /* leave the main loop */
    REACT_REPAINT = 1 << 2,   /* clear and repaint the whole terminal */
    REACT_RECOMPUTE = 1 << 3, /* the sentence, mask or heads changed: run the engine again */
    REACT_SNAPSHOT = 1 << 4,  /* keep the frame as it stands for a picture and ask for its
                                 file name (S; app.c draws it, picks the default name) */
    REACT_SAVE = 1 << 5       /* the input line named a file (S's picture, the train screen's
                                 model: InputLine.file): write it (app.c) */
};

typedef struct {
    int key;               /* a character or a KEYCODE_* */
    Action action;         /* what it does */
    int arg;               /* argument (e.g. the character number of ACTION_FOCUS_N) */
    const char *label;     /* how the help names the key, e.g. "→" or "Space"; the help's
                              entry names its aliases after a blank ("↑ k"), the status line
                              shows the first word */
    bool in_help;          /* listed in the help overlay (false for duplicates) */
} KeyBinding;

/* A status-line hint: the keys of one action, or of a pair shown "first/second". */
typedef struct {
    Action first;          /* the action whose key the hint shows */
    Action second;         /* a paired action shown as first/second, or ACTION_NONE */
    const char *en;        /* what it does, English */
    const char *zh;        /* what it does, Chinese */
} KeyHint;

/* The global key table, terminated by an entry with key 0. */
extern const KeyBinding action_keys[];
/* The global status-line hints that every view shows (after its own), ending in ACTION_NONE. */
extern const KeyHint action_hints[];

/* The binding of key in table (terminated by key 0), or NULL. */
const KeyBinding *action_find_key(const KeyBinding *table, int key);

/* How the help names the key of action a in table (its binding listed in help, else its
 * first binding), e.g. "Space" or "→"; "" when nothing in it is bound to a. */
const char *action_key_label_in(const KeyBinding *table, Action a);

/* The same in the global table. */
const char *action_key_label(Action a);

/* label as lang names that key: in Chinese 空格 for "Space", 点击 for "click", Shift+Tab
 * for "S-Tab", Ctrl+L for "Ctrl-L"; any other label (and every English one) as it is. */
const char *action_key_word(const char *label, Lang lang);

/* A short description of an action in English or Chinese. */
const char *action_describe(Action a, Lang lang);

#endif
