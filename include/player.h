/* player.h — the lesson's step controller: stage, focus, autoplay clock.
 * Owns: a pure state machine driven by actions and an injected clock (milliseconds).
 * Must not touch: the terminal, the clock itself (time is always passed in), drawing,
 * what the screen shows around it (that is the UI state, ui.h). */
#ifndef ATTN_PLAYER_H
#define ATTN_PLAYER_H

#include <stdbool.h>
#include "stage.h"

#define PLAYER_SPEED_MIN 0.25    /* slowest autoplay, as a multiple of normal */
#define PLAYER_SPEED_MAX 4.0     /* fastest autoplay */
#define PLAYER_TRANSITION_MS 330 /* length of a change's animation at speed 1 */
#define PLAYER_HOLD_MS 2000      /* pause to read after a step, at speed 1 */

/* What stepping and autoplay walk through; each view chooses its own. */
typedef enum {
    TRACK_STAGES_FOCUS = 0, /* every stage of every character: ① ② ③ ④ of 三, then of 加 … */
    TRACK_FOCUS,            /* the characters one after another, the stage kept */
    TRACK_STAGES,           /* the four stages, the character kept */
    TRACK_NONE,             /* nothing to step: the view has no stage or character to walk */
    TRACK_COUNT
} Track;

typedef struct {
    int tokens;            /* characters in the sentence (T), >= 1 */
    int focus;             /* the asking character, 0..tokens-1 */
    Stage stage;           /* the current stage */
    Track track;           /* what a step moves through */
    bool playing;          /* autoplay running */
    double speed;          /* autoplay speed multiplier, PLAYER_SPEED_MIN..MAX */
    long long changed_ms;  /* clock when the stage/focus last changed (animation start) */
    long long next_ms;     /* clock when autoplay takes its next step (valid while playing) */
    Stage from_stage;      /* the stage before the last change (what a transition leaves) */
    int from_focus;        /* the focus before the last change */
} Player;

/* A fresh player over T characters: focus 0, stage Q, paused, speed 1, the full track. */
void player_init(Player *p, int tokens, long long now_ms);

/* One step forward (+1) or back (-1) along the track. By hand a step stops at either
 * end and returns false there (nothing changes); autoplay wraps around. Returns true
 * when it moved (a transition starts). */
bool player_step(Player *p, int direction, long long now_ms);

/* The first and the last step of the track (focus 0 / the last character where the
 * track walks characters; ① / ④ where it walks stages). */
void player_home(Player *p, long long now_ms);
void player_end(Player *p, long long now_ms);
/* True at the first / last step of the track. */
bool player_at_first(const Player *p);
bool player_at_last(const Player *p);

/* Chooses the focused character, keeping the stage; clamps to 0..tokens-1. */
void player_set_focus(Player *p, int focus, long long now_ms);
/* Moves the focus by delta (wrapping), keeping the stage. */
void player_move_focus(Player *p, int delta, long long now_ms);
/* Sets the stage directly (clamped), keeping the focus. */
void player_set_stage(Player *p, Stage stage, long long now_ms);
/* Chooses what steps walk (a view's own track). */
void player_set_track(Player *p, Track track);
/* A new sentence of `tokens` characters: the focus is clamped into it. */
void player_set_tokens(Player *p, int tokens, long long now_ms);

/* Starts or stops autoplay. */
void player_toggle_play(Player *p, long long now_ms);
/* Moves the speed one round step up (+1) or down (-1) along 0.25 0.5 0.75 1 1.5 2 3 4.
 * Returns false when it is already at that end. */
bool player_speed_step(Player *p, int direction);
/* Sets the speed (clamped to PLAYER_SPEED_MIN..MAX). */
void player_set_speed(Player *p, double speed);

/* Lets time pass: while playing and now >= next_ms, takes the autoplay step.
 * Returns true when the state changed (a redraw is due). */
bool player_tick(Player *p, long long now_ms);

/* Progress 0..1 of the current transition at now (1 once it is over). */
double player_progress(const Player *p, long long now_ms);

/* Milliseconds the caller may sleep before something changes on screen:
 * 0 while a transition is animating (draw the next frame at the caller's frame rate),
 * the time left until the next autoplay step while holding, -1 for "nothing will
 * change until a key is pressed" (block). */
long long player_wait_ms(const Player *p, long long now_ms);

/* Length in ms of a transition and of a hold at the player's current speed. */
long long player_transition_ms(const Player *p);
long long player_hold_ms(const Player *p);

#endif
