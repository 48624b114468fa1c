/* player.h — the lesson's step controller: stage, focus, autoplay clock, numbers toggle.
 * Owns: a pure state machine driven by actions and an injected clock (milliseconds).
 * Must not touch: the terminal, the clock itself (time is always passed in), drawing. */
#ifndef ATTN_PLAYER_H
#define ATTN_PLAYER_H

#include <stdbool.h>

/* The four stations of the whole machine, in the order the lesson runs them. */
typedef enum {
    STAGE_QKV = 0,      /* ① 三个分身: x becomes Q, K, V */
    STAGE_SCORE = 1,    /* ② 打分: Q·Kᵀ, then ÷√d */
    STAGE_SOFTMAX = 2,  /* ③ 变百分比: softmax shares */
    STAGE_OUTPUT = 3,   /* ④ 取货: weighted sum of V */
    STAGE_COUNT = 4
} Stage;

#define PLAYER_SPEED_MIN 0.25    /* slowest autoplay, as a multiple of normal */
#define PLAYER_SPEED_MAX 4.0     /* fastest autoplay */
#define PLAYER_TRANSITION_MS 330 /* length of a change's animation at speed 1 */
#define PLAYER_HOLD_MS 2000      /* pause to read after a step, at speed 1 */

typedef struct {
    int tokens;            /* characters in the sentence (T), >= 1 */
    int focus;             /* the asking character, 0..tokens-1 */
    Stage stage;           /* the current stage */
    bool playing;          /* autoplay running */
    bool numbers;          /* values shown (false: only arcs and thickness) */
    bool help;             /* help overlay shown */
    double speed;          /* autoplay speed multiplier, PLAYER_SPEED_MIN..MAX */
    long long changed_ms;  /* clock when the stage/focus last changed (animation start) */
    long long next_ms;     /* clock when autoplay takes its next step (valid while playing) */
} Player;

/* A fresh player over T characters: focus 0, stage Q, paused, numbers shown, speed 1. */
void player_init(Player *p, int tokens, long long now_ms);

/* One step forward (+1) or back (-1) through stage × focus, crossing characters:
 * past OUTPUT goes to the next character's QKV; back from QKV to the previous
 * character's OUTPUT. Wraps around at both ends. Starts a transition. */
void player_step(Player *p, int direction, long long now_ms);

/* First step (focus 0, QKV) and last step (last character, OUTPUT). */
void player_home(Player *p, long long now_ms);
void player_end(Player *p, long long now_ms);

/* Chooses the focused character, keeping the stage; clamps to 0..tokens-1. */
void player_set_focus(Player *p, int focus, long long now_ms);
/* Moves the focus by delta (wrapping), keeping the stage. */
void player_move_focus(Player *p, int delta, long long now_ms);
/* Sets the stage directly (clamped), keeping the focus. */
void player_set_stage(Player *p, Stage stage, long long now_ms);

/* Starts or stops autoplay. */
void player_toggle_play(Player *p, long long now_ms);
/* Multiplies the speed by factor, clamped to PLAYER_SPEED_MIN..MAX. */
void player_scale_speed(Player *p, double factor);
void player_toggle_numbers(Player *p);
void player_toggle_help(Player *p);

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
