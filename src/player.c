/* player.c — the step controller: which character asks, which stage shows, autoplay.
 * Owns: a pure state machine over (focus × stage), driven by actions and a clock
 * that the caller passes in. Must not touch: the terminal, the real clock, drawing. */
#include "player.h"

/* The round autoplay speeds that + and - step through. */
static const double player_speeds[] = { 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0 };
#define PLAYER_N_SPEEDS (int)(sizeof player_speeds / sizeof player_speeds[0])

/* ---------------------------------------------------------------- timing */

long long player_transition_ms(const Player *p)
{
    return (long long)(PLAYER_TRANSITION_MS / p->speed + 0.5);
}

long long player_hold_ms(const Player *p)
{
    return (long long)(PLAYER_HOLD_MS / p->speed + 0.5);
}

/* Marks a change at now from (stage, focus): a transition starts, and autoplay waits a
 * full step. */
static void player_changed(Player *p, Stage from_stage, int from_focus, long long now_ms)
{
    p->from_stage = from_stage;
    p->from_focus = from_focus;
    p->changed_ms = now_ms;
    p->next_ms = now_ms + player_transition_ms(p) + player_hold_ms(p);
}

/* ---------------------------------------------------------------- life */

void player_init(Player *p, int tokens, long long now_ms)
{
    p->tokens = tokens < 1 ? 1 : tokens;
    p->focus = 0;
    p->stage = STAGE_QKV;
    p->track = TRACK_STAGES_FOCUS;
    p->playing = false;
    p->speed = 1.0;
    player_changed(p, STAGE_QKV, 0, now_ms);
}

/* ---------------------------------------------------------------- the track */

/* Steps on the current track. */
static int player_track_length(const Player *p)
{
    switch (p->track) {
    case TRACK_STAGES_FOCUS: return p->tokens * STAGE_COUNT;
    case TRACK_FOCUS:        return p->tokens;
    case TRACK_STAGES:       return STAGE_COUNT;
    case TRACK_NONE:
    case TRACK_COUNT:        break;
    }
    return 1;
}

/* The position of (focus, stage) on the current track. */
static int player_track_index(const Player *p)
{
    switch (p->track) {
    case TRACK_STAGES_FOCUS: return p->focus * STAGE_COUNT + (int)p->stage;
    case TRACK_FOCUS:        return p->focus;
    case TRACK_STAGES:       return (int)p->stage;
    case TRACK_NONE:
    case TRACK_COUNT:        break;
    }
    return 0;
}

/* Moves to position index of the track (wrapping), starting a transition. */
static void player_set_track_index(Player *p, int index, long long now_ms)
{
    int total = player_track_length(p);
    Stage from_stage = p->stage;
    int from_focus = p->focus;
    index = ((index % total) + total) % total;
    switch (p->track) {
    case TRACK_STAGES_FOCUS:
        p->focus = index / STAGE_COUNT;
        p->stage = (Stage)(index % STAGE_COUNT);
        break;
    case TRACK_FOCUS:
        p->focus = index;
        break;
    case TRACK_STAGES:
        p->stage = (Stage)index;
        break;
    case TRACK_NONE:
    case TRACK_COUNT:
        break;
    }
    player_changed(p, from_stage, from_focus, now_ms);
}

bool player_at_first(const Player *p)
{
    return player_track_index(p) == 0;
}

bool player_at_last(const Player *p)
{
    return player_track_index(p) == player_track_length(p) - 1;
}

bool player_step(Player *p, int direction, long long now_ms)
{
    if (direction < 0 ? player_at_first(p) : player_at_last(p))
        return false;
    player_set_track_index(p, player_track_index(p) + (direction < 0 ? -1 : 1), now_ms);
    return true;
}

void player_home(Player *p, long long now_ms)
{
    player_set_track_index(p, 0, now_ms);
}

void player_end(Player *p, long long now_ms)
{
    player_set_track_index(p, player_track_length(p) - 1, now_ms);
}

void player_set_track(Player *p, Track track)
{
    if ((int)track >= 0 && track < TRACK_COUNT)
        p->track = track;
}

/* ---------------------------------------------------------------- focus, stage */

void player_set_focus(Player *p, int focus, long long now_ms)
{
    Stage from_stage = p->stage;
    int from_focus = p->focus;
    if (focus < 0)
        focus = 0;
    if (focus >= p->tokens)
        focus = p->tokens - 1;
    p->focus = focus;
    player_changed(p, from_stage, from_focus, now_ms);
}

void player_move_focus(Player *p, int delta, long long now_ms)
{
    int focus = ((p->focus + delta) % p->tokens + p->tokens) % p->tokens;
    player_set_focus(p, focus, now_ms);
}

void player_set_stage(Player *p, Stage stage, long long now_ms)
{
    Stage from_stage = p->stage;
    if ((int)stage < 0)
        stage = STAGE_QKV;
    if ((int)stage >= STAGE_COUNT)
        stage = STAGE_OUTPUT;
    p->stage = stage;
    player_changed(p, from_stage, p->focus, now_ms);
}

void player_set_tokens(Player *p, int tokens, long long now_ms)
{
    p->tokens = tokens < 1 ? 1 : tokens;
    player_set_focus(p, p->focus, now_ms);
}

/* ---------------------------------------------------------------- autoplay */

void player_toggle_play(Player *p, long long now_ms)
{
    p->playing = !p->playing;
    if (p->playing)  /* the first step comes after a short look at the current one */
        p->next_ms = now_ms + player_hold_ms(p) / 2;
}

void player_set_speed(Player *p, double speed)
{
    p->speed = speed < PLAYER_SPEED_MIN ? PLAYER_SPEED_MIN
             : speed > PLAYER_SPEED_MAX ? PLAYER_SPEED_MAX : speed;
}

bool player_speed_step(Player *p, int direction)
{
    if (direction > 0) {
        for (int i = 0; i < PLAYER_N_SPEEDS; i++)
            if (player_speeds[i] > p->speed + 1e-9) {
                p->speed = player_speeds[i];
                return true;
            }
    } else {
        for (int i = PLAYER_N_SPEEDS - 1; i >= 0; i--)
            if (player_speeds[i] < p->speed - 1e-9) {
                p->speed = player_speeds[i];
                return true;
            }
    }
    return false;
}

/* ---------------------------------------------------------------- clock */

bool player_tick(Player *p, long long now_ms)
{
    if (!p->playing || now_ms < p->next_ms || p->track == TRACK_NONE)
        return false;
    player_set_track_index(p, player_track_index(p) + 1, now_ms);   /* wraps at the end */
    return true;
}

double player_progress(const Player *p, long long now_ms)
{
    long long length = player_transition_ms(p);
    long long elapsed = now_ms - p->changed_ms;
    if (length <= 0 || elapsed >= length)
        return 1.0;
    if (elapsed <= 0)
        return 0.0;
    return (double)elapsed / (double)length;
}

long long player_wait_ms(const Player *p, long long now_ms)
{
    if (player_progress(p, now_ms) < 1.0)
        return 0;
    if (!p->playing)
        return -1;
    long long left = p->next_ms - now_ms;
    return left > 0 ? left : 0;
}
