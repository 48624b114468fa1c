/* view.c — the view table, one row per VIEW_LIST entry: a missing view is a link error;
 * the views' states (each made when first asked for) and the frames' caches, one per view.
 * Owns: looking a view up, what the step keys mean on it, making and freeing states and
 * caches. Must not touch: any view's insides (a state is bytes to it). */
#include "view.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

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

int view_from_name(const char *name)
{
    for (int v = 0; v < VIEW_COUNT; v++)
        if (strcmp(view_table[v]->name, name) == 0)
            return v;
    return -1;
}

const char *view_tab(const ViewOps *v, bool ascii, Lang lang)
{
    if (ascii)
        return v->name;
    return lang == LANG_ZH ? v->tab_zh : v->tab_en;
}

/* ---------------------------------------------------------------- states */

/* The states made so far: one allocation each, made by the view's init. */
struct ViewStates {
    void *state[VIEW_COUNT];   /* view v's state, or NULL (not made yet, or it keeps none) */
};

ViewStates *view_states_new(void)
{
    return calloc(1, sizeof(ViewStates));
}

void view_states_free(ViewStates *vs)
{
    if (!vs)
        return;
    for (int v = 0; v < VIEW_COUNT; v++)
        if (vs->state[v]) {
            if (view_table[v]->free)
                view_table[v]->free(vs->state[v]);
            free(vs->state[v]);
        }
    free(vs);
}

const Lesson *view_lesson(const ViewOps *v, const Lesson *ls)
{
    return v && v->lesson_model_only && ls && ls->has_poem && ls->teach ? ls->teach : ls;
}

void *view_state_make(ViewStates *vs, ViewId id, const Lesson *ls)
{
    if (!vs || (int)id < 0 || id >= VIEW_COUNT || !view_table[id]->state_size)
        return NULL;
    if (!vs->state[id]) {
        vs->state[id] = calloc(1, view_table[id]->state_size);
        if (vs->state[id] && view_table[id]->init)
            view_table[id]->init(vs->state[id], view_lesson(view_table[id], ls));
    }
    return vs->state[id];
}

void *view_state_fresh(ViewStates *vs, ViewId id, const Lesson *ls)
{
    void *state = view_state(vs, id);
    if (!state)
        return view_state_make(vs, id, ls);
    const ViewOps *v = view_table[id];
    if (v->free)
        v->free(state);
    memset(state, 0, v->state_size);
    if (v->init)
        v->init(state, view_lesson(v, ls));
    return state;
}

void *view_state(ViewStates *vs, ViewId id)
{
    if (!vs || (int)id < 0 || id >= VIEW_COUNT)
        return NULL;
    return vs->state[id];
}

const void *view_state_const(const ViewStates *vs, ViewId id)
{
    return view_state((ViewStates *)vs, id);
}

int view_states_made(const ViewStates *vs)
{
    int n = 0;
    for (int v = 0; vs && v < VIEW_COUNT; v++)
        n += vs->state[v] != NULL;
    return n;
}

/* ---------------------------------------------------------------- caches */

/* One cache per view that keeps one. */
struct ViewCaches {
    void *cache[VIEW_COUNT];   /* view v's cache_new(), or NULL */
};

ViewCaches *view_caches_new(void)
{
    ViewCaches *vc = calloc(1, sizeof *vc);
    if (!vc)
        return NULL;
    for (int v = 0; v < VIEW_COUNT; v++) {
        if (!view_table[v]->cache_new)
            continue;
        vc->cache[v] = view_table[v]->cache_new();
        if (!vc->cache[v]) {
            view_caches_free(vc);
            return NULL;
        }
    }
    return vc;
}

void view_caches_free(ViewCaches *vc)
{
    if (!vc)
        return;
    for (int v = 0; v < VIEW_COUNT; v++)
        if (vc->cache[v] && view_table[v]->cache_free)
            view_table[v]->cache_free(vc->cache[v]);
    free(vc);
}

void *view_cache(ViewCaches *vc, ViewId id)
{
    if (!vc || (int)id < 0 || id >= VIEW_COUNT)
        return NULL;
    return vc->cache[id];
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
          "下一步（① 三个分身 → ② 打分 → ③ 变百分比 → ④ 取货，再换下一个字）" },
        { "previous step", "上一步" },
        { "first step (the first character's ①)", "第一步（第一个字的 ①）" },
        { "last step (the last character's ④)", "最后一步（最后一个字的 ④）" },
        { "autoplay from here on: every stage of every character, start or stop",
          "自动播放／暂停：从这一步开始，逐字走完四步" },
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
    for (const Action *i = v->idle; i && *i != ACTION_NONE; i++)
        if (*i == a)
            return NULL;   /* its key does nothing on this screen */
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
    if ((a == ACTION_FASTER || a == ACTION_SLOWER) && !w)
        return NULL;   /* nothing plays here, at any speed */
    if (a == ACTION_PREDICT && v->track != TRACK_STAGES_FOCUS && v->track != TRACK_STAGES)
        return NULL;   /* it asks when autoplay reaches ③: only where autoplay walks stages */
    if (a == ACTION_ORIGIN && !v->chosen)
        return NULL;   /* nothing to trace on this screen */
    if (a == ACTION_CLICK && !v->hit)   /* only the view bar answers a click here */
        return z ? "点上面画面栏里的名字，打开那个画面" : "click a screen's name in the bar above to open it";
    if ((int)a >= ACTION_VIEW_FIRST) {
        for (const ViewAction *va = v->actions; va && va->action != ACTION_NONE; va++)
            if (va->action == a)
                return z ? va->zh : va->en;
        return NULL;
    }
    return action_describe(a, lang);
}

/* ---------------------------------------------------------------- which hints apply */

bool view_hint_applies(const ViewHint *h, Stage stage)
{
    return h->stages == VIEW_AT_EVERY || (h->stages & (1u << stage)) != 0;
}

/* Whether some global key of action a keeps its meaning on v (v binds it to nothing else). */
static bool global_key_kept(const ViewOps *v, Action a)
{
    for (const KeyBinding *b = action_keys; b->key != 0; b++) {
        if (b->action != a)
            continue;
        const KeyBinding *own = action_find_key(v->keys, b->key);
        if (!own || own->action == a)
            return true;
    }
    return false;
}

bool view_global_hint_applies(const ViewOps *v, const KeyHint *h)
{
    Action pair[2] = { h->first, h->second };
    for (int i = 0; i < 2; i++)
        if (pair[i] != ACTION_NONE && (!view_describe(v, pair[i], LANG_EN) || !global_key_kept(v, pair[i])))
            return false;
    return true;
}
