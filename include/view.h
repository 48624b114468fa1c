/* view.h — the table of screens: each view is one file and one row of VIEW_LIST (tig's
 * view_ops, tmux's window_mode): its name, titles, track, its own state and actions, a pure
 * draw into the body rectangle, hit-testing for clicks, its keys, hints, and what frames
 * keep between them for it.
 * Owns: the ViewOps type, the table built from VIEW_LIST, the views' states (each made the
 * first time it is asked for) and the frames' caches (one per view). Must not touch:
 * ncurses, the clock, the engine's arithmetic, any particular view's insides. */
#ifndef ATTN_VIEW_H
#define ATTN_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include "actions.h"
#include "lesson.h"
#include "origin.h"
#include "player.h"
#include "request.h"
#include "ui.h"
#include "view_list.h"

struct ViewCtx;   /* what a draw reads: src/draw.h */

/* ---------------------------------------------------------------- a view's own actions */

/* One action a view lists in its own file (its ID in an X-macro of its own, numbered from
 * ACTION_VIEW_FIRST): X(ID, English help, Chinese help), expanded by VIEW_ACTIONS_DEFINE into
 * the view's enum and its table of ViewAction rows:
 *
 *   #define MATRIX_ACTIONS(X) X(TABLE_NEXT, "next table", "换一张表")
 *   VIEW_ACTIONS_DEFINE(MatrixAction, MATRIX_ACTION_BASE, matrix_actions, MATRIX_ACTIONS);
 *   static const KeyBinding matrix_keys[] = { { 't', VIEW_OWN(TABLE_NEXT), 0, "t", true }, … };
 *
 * Its act switches on its own enum, so the compiler catches a missing case. */
typedef struct {
    Action action;    /* its number (>= ACTION_VIEW_FIRST); ACTION_NONE ends the list */
    const char *en;   /* what the help says of it, English */
    const char *zh;   /* the same in Chinese */
} ViewAction;

#define VIEW_ACTION_ENUM(id, en, zh) ACTION_##id,
#define VIEW_ACTION_ROW(id, en, zh) { (Action)ACTION_##id, en, zh },
/* The enum TYPE of a view's own actions (ACTION_ID for each ID of LIST, numbered from
 * ACTION_VIEW_FIRST after BASE) and its help table TABLE (ending with ACTION_NONE). */
#define VIEW_ACTIONS_DEFINE(TYPE, BASE, TABLE, LIST)                                          \
    VIEW_ACTIONS_ENUM(TYPE, BASE, LIST);                                                      \
    VIEW_ACTIONS_TABLE(TABLE, LIST)
/* The two halves, for a view that exports presets (own actions a tour stop may name,
 * request.h's REQUEST_PRESET): the enum in the view's header, the table in its file. */
#define VIEW_ACTIONS_ENUM(TYPE, BASE, LIST)                                                   \
    typedef enum { BASE = (int)ACTION_VIEW_FIRST - 1, LIST(VIEW_ACTION_ENUM) } TYPE
#define VIEW_ACTIONS_TABLE(TABLE, LIST)                                                       \
    static const ViewAction TABLE[] = { LIST(VIEW_ACTION_ROW) { ACTION_NONE, NULL, NULL } }
/* A view's own action where an Action is wanted (its key and hint tables). */
#define VIEW_OWN(id) ((Action)ACTION_##id)

/* When a view's tick is next due (next_tick's answer). */
#define VIEW_TICK_NEVER (-1LL)   /* nothing moves on its own: the loop may block */

/* ---------------------------------------------------------------- a view's hints */

/* The bit of stage ID in a hint's stages (ViewHint): VIEW_AT(SCORE) | VIEW_AT(SOFTMAX). */
#define VIEW_AT(id) (1u << STAGE_##id)
#define VIEW_AT_EVERY 0u   /* a hint that applies at every stage (and on stageless views) */

/* One status-line hint of a view, and when it applies: the status line offers a key only
 * where it does something (arcs' ,/. choose the hand check's answering character, which the
 * check has at ② ③ ④ only). */
typedef struct {
    KeyHint hint;        /* its keys and words */
    unsigned stages;     /* the stages it applies at (VIEW_AT bits), or VIEW_AT_EVERY */
    bool not_modal;      /* left out while the view captures the keys (ui_view_modal: the
                            machine's what-if editor takes ←/→ ↑/↓ for its cells) */
} ViewHint;

/* ---------------------------------------------------------------- the row */

typedef struct ViewOps {
    const char *name;        /* --view NAME */
    const char *tab_en;      /* its name in the view bar, English */
    const char *tab_zh;      /* the same in Chinese */
    const char *title_en;    /* what the title row says of it when there is no stage line */
    const char *title_zh;    /* the same in Chinese */
    const char *help_en;     /* one line the help says of this view, English (or NULL) */
    const char *help_zh;     /* the same in Chinese */
    const char *station_en;  /* the help's opening: which station this is and what it shows,
                                2-4 lines ('\n' between) in the program's words, English */
    const char *station_zh;  /* the same in Chinese, in the lesson's words (glossary.md) */
    const char *terms_en;    /* the screen's own terms, one line each ('\n' between), after
                                the station text in the help (NULL: none), English */
    const char *terms_zh;    /* the same in Chinese */
    const Action *idle;      /* shared actions whose keys do nothing on this screen, so the
                                help leaves them out (ACTION_NONE ends; NULL: none) */
    Track track;             /* what stepping and autoplay walk here */
    bool stages;             /* the title row shows the stage line ① → ② → ③ → ④ */
    const char *about;       /* what it shows, one line for README's table of screens and
                                the man page (make docs writes both from the rows) */
    const char *layered_en;  /* on a layered model (the poems), one line under the view bar
                                saying what this screen shows of it (NULL: nothing to say) */
    const char *layered_zh;  /* the same in Chinese */
    bool lesson_model_only;  /* a screen about the lesson's model alone: on a layered model it
                                shows the lesson's (Lesson.teach, view_lesson) under its
                                layered note */

    /* --- its own state: a struct declared in the view's file, one per view per run, made
     * the first time the view is shown or a request targets it */
    size_t state_size;       /* bytes of the state (0: the view keeps none) */
    /* Makes a fresh state in zeroed memory, over the lesson in play when it is made (ls
     * may be NULL). NULL: the zeroed memory is the fresh state. */
    void (*init)(void *state, const Lesson *ls);
    /* Frees what the state owns (not the state itself). May be NULL. */
    void (*free)(void *state);

    /* --- drawing (pure: reads c->state, never changes it) */
    /* Draws the view's body into c->g within c->body. */
    void (*draw)(const struct ViewCtx *c);
    /* A click at (x, y) inside the body: the action it means (and its argument), or
     * false when nothing is there. May be NULL. */
    bool (*hit)(const struct ViewCtx *c, int x, int y, Action *action, int *arg);

    /* --- what changes it: each gets its state and a call (request.h: the shared UI state
     * read-only, the player, the lesson, the clock; what it asks goes in call->ask, which
     * ui.c carries out) */
    /* Applies action a (the view's own or a shared one it handles its way) to its state
     * and the player: returns REACT_* flags, or -1 when a is not one it handles (the
     * shared meaning applies). May be NULL. */
    int (*act)(void *state, const ViewCall *call, Action a, int arg);
    /* True while the view captures raw keys (a typed answer, a question asked): then every
     * key goes to key() first, as to the input line. May be NULL (never). */
    bool (*modal)(const void *state);
    /* A raw key (keys.h code) while modal: REACT_* flags, or -1 to let the key's binding
     * apply (e.g. Ctrl-L). May be NULL. */
    int (*key)(void *state, const ViewCall *call, int key);
    /* For a view that moves on its own (training): advances it to time call->now. Returns
     * REACT_* flags (REACT_REDRAW when the frame changed). Called while the view is shown,
     * when next_tick said it is due. May be NULL. */
    int (*tick)(void *state, const ViewCall *call);
    /* Milliseconds from now until tick is next due (0: now), or VIEW_TICK_NEVER: the loop
     * then sleeps in its blocking read (0% CPU). May be NULL (never). */
    long long (*next_tick)(const void *state, long long now);
    /* Puts the view's cursor on (row, col), what a tour stop asks (e.g. a matrix cell: row
     * the asking character, col the answering one); what row and col mean is the view's,
     * said in its file. Returns REACT_* flags, or -1 when the view has no such cursor.
     * May be NULL (no cursor). */
    int (*set_cursor)(void *state, const ViewCall *call, int row, int col);
    /* The lesson was rebuilt (a sentence, the mask, the heads, a what-if change, another
     * model): the view brings what it keeps for the lesson up to date once, not on every
     * frame until its next key. Called for every made state, shown or not. May be NULL. */
    void (*lesson_changed)(void *state, const Ui *ui, const Lesson *ls);

    /* The number its cursor or worked check has chosen, for "where does this number come
     * from" (the chain panel, src/chain.h): true with *cell filled, false when none is
     * chosen now. May be NULL (the view has no such number: the key does nothing there). */
    bool (*chosen)(const void *state, const Ui *ui, const Player *p, const Lesson *ls,
                   OriginCell *cell);

    /* --- what frames keep between them for it (never changes what a frame shows) */
    /* A new cache (NULL when out of memory: frames are then drawn without). May be NULL:
     * the view keeps nothing. */
    void *(*cache_new)(void);
    /* Frees a cache made by cache_new (NULL is fine). */
    void (*cache_free)(void *cache);

    /* --- keys */
    const KeyBinding *keys;  /* its own bindings, checked before the global ones (key 0 ends) */
    const ViewHint *hints;   /* its status-line hints, before the global ones, each with the
                                stages it applies at (hint.first ACTION_NONE ends) */
    const ViewAction *actions; /* its own actions' help texts (ACTION_NONE ends), or NULL */
} ViewOps;

/* The lesson view v draws and acts on: the stand-in of the lesson's own model when v is
 * about that model alone and ls plays a layered one (ls->teach), else ls. */
const Lesson *view_lesson(const ViewOps *v, const Lesson *ls);

/* The row of view id (clamped into range). */
const ViewOps *view_ops(ViewId id);

/* The view whose name is name, or -1. */
int view_from_name(const char *name);

/* The name the view bar writes for v: its tab in lang, or in ASCII mode its --view name
 * ("√d" has no ASCII spelling). */
const char *view_tab(const ViewOps *v, bool ascii, Lang lang);

/* What action a does in view v, as its help says it: the steps (→ ← Home End, Space) say
 * what the view's track walks; a view's own action, what its list says; NULL when the
 * action does nothing there (a view with no track and no binding of its own for it,
 * autoplay's speed where nothing plays, predict-then-reveal where autoplay walks no stages,
 * or one in its idle list), so the help leaves it out. A click, on a view without hit-testing,
 * says that only the view bar's names answer it. */
const char *view_describe(const ViewOps *v, Action a, Lang lang);

/* Whether view v's hint h applies at stage (its stages hold it, or it applies at every
 * stage). */
bool view_hint_applies(const ViewHint *h, Stage stage);

/* Whether the global hint h belongs on v's status line: its action does something there
 * (view_describe) and v does not bind its key to another action (practice's n only says
 * that hiding the numbers does not apply there). */
bool view_global_hint_applies(const ViewOps *v, const KeyHint *h);

/* ---------------------------------------------------------------- the views' states */

/* The views' own states, each made the first time it is asked for. Opaque. */
typedef struct ViewStates ViewStates;

/* No state made yet, or NULL when out of memory. */
ViewStates *view_states_new(void);
/* Frees every state made (each view's free first); NULL is fine. */
void view_states_free(ViewStates *vs);
/* View id's state, made over ls (its init; ls may be NULL) if it has none yet; NULL when the
 * view keeps none, vs is NULL or out of memory. */
void *view_state_make(ViewStates *vs, ViewId id, const Lesson *ls);
/* View id's state made fresh over ls: its free, then its init (made if it had none). NULL
 * as for view_state_make. */
void *view_state_fresh(ViewStates *vs, ViewId id, const Lesson *ls);
/* View id's state, or NULL when it has none (never made, keeps none, or vs is NULL). */
void *view_state(ViewStates *vs, ViewId id);
const void *view_state_const(const ViewStates *vs, ViewId id);
/* How many states have been made (for tests: a frame makes one, not every view's). */
int view_states_made(const ViewStates *vs);

/* ---------------------------------------------------------------- the frames' caches */

/* One cache per view that keeps one (FrameCache, frame.h, is this). */
typedef struct ViewCaches ViewCaches;

/* Every view's empty cache, or NULL when out of memory. */
ViewCaches *view_caches_new(void);
void view_caches_free(ViewCaches *vc);
/* View id's cache, or NULL (none, or vc is NULL). */
void *view_cache(ViewCaches *vc, ViewId id);

#endif
