/* view.c — the view table, one row per VIEW_LIST entry: a missing view is a link error.
 * Owns: looking a view up, and what the step keys mean on it. Must not touch: any view's
 * insides. */
#include "view.h"

#define VIEW_EXTERN(id, name) extern const ViewOps view_##name;
VIEW_LIST(VIEW_EXTERN)
#undef VIEW_EXTERN

static const ViewOps *const view_table[VIEW_COUNT] = {
#define VIEW_ROW(id, name) [VIEW_##id] = &view_##name,
    VIEW_LIST(VIEW_ROW)
#undef VIEW_ROW
};

const ViewOps *view_ops(ViewId id)
{
    if ((int)id < 0 || id >= VIEW_COUNT)
        id = VIEW_DEFAULT;
    return view_table[id];
}

/* ---------------------------------------------------------------- what a key does here */

/* The step actions' meaning on each track: next, previous, first, last, autoplay. */
typedef struct {
    const char *next[2];    /* English, Chinese */
    const char *prev[2];
    const char *first[2];
    const char *last[2];
    const char *play[2];
} TrackWords;

static const TrackWords track_words[TRACK_COUNT] = {
    [TRACK_STAGES_FOCUS] = {
        { "next step (Q → score → softmax → output, then the next character)",
          "下一步（Q → 打分 → 百分比 → 取货，再换下一个字）" },
        { "previous step", "上一步" },
        { "first step (the first character's ①)", "第一步（第一个字的 ①）" },
        { "last step (the last character's ④)", "最后一步（最后一个字的 ④）" },
        { "autoplay: every stage of every character, start or stop", "自动播放：每个字的每一步，开始或暂停" },
    },
    [TRACK_FOCUS] = {
        { "next character", "下一个字" },
        { "previous character", "上一个字" },
        { "first character", "第一个字" },
        { "last character", "最后一个字" },
        { "autoplay: one character after another, start or stop", "自动播放：一个字接一个字，开始或暂停" },
    },
    [TRACK_STAGES] = {
        { "next stage (① → ② → ③ → ④)", "下一步（① → ② → ③ → ④）" },
        { "previous stage", "上一步" },
        { "stage ①", "第 ① 步" },
        { "stage ④", "第 ④ 步" },
        { "autoplay: the four stages, start or stop", "自动播放：四步依次走，开始或暂停" },
    },
};

const char *view_describe(const ViewOps *v, Action a, Lang lang)
{
    int z = lang == LANG_ZH ? 1 : 0;
    const TrackWords *w = v->track < TRACK_NONE ? &track_words[v->track] : NULL;
    if (a == ACTION_NEXT)
        return w ? w->next[z] : NULL;
    if (a == ACTION_PREV)
        return w ? w->prev[z] : NULL;
    if (a == ACTION_FIRST)
        return w ? w->first[z] : NULL;
    if (a == ACTION_LAST)
        return w ? w->last[z] : NULL;
    if (a == ACTION_PLAY)
        return w ? w->play[z] : NULL;
    return action_describe(a, lang);
}
