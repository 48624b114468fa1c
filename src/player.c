/* player.c — the step controller: which character asks, which stage shows, autoplay.
 * Owns: a pure state machine over (focus × stage), driven by actions and a clock
 * that the caller passes in. Must not touch: the terminal, the real clock, drawing. */
#include "player.h"

/* ---------------------------------------------------------------- timing */

long long player_transition_ms(const Player *p)
{
    return (long long)(PLAYER_TRANSITION_MS / p->speed + 0.5);
}

long long player_hold_ms(const Player *p)
{
    return (long long)(PLAYER_HOLD_MS / p->speed + 0.5);
}

/* Marks a change at now: a transition starts, and autoplay waits a full step. */
static void player_changed(Player *p, long long now_ms)
{
    p->changed_ms = now_ms;
    p->next_ms = now_ms + player_transition_ms(p) + player_hold_ms(p);
}

/* ---------------------------------------------------------------- life */

void player_init(Player *p, int tokens, long long now_ms)
{
    p->tokens = tokens < 1 ? 1 : tokens;
    p->focus = 0;
    p->stage = STAGE_QKV;
    p->playing = false;
    p->numbers = true;
    p->help = false;
    p->speed = 1.0;
    player_changed(p, now_ms);
}

/* ---------------------------------------------------------------- stepping */

/* The position of (focus, stage) on the single track of all steps. */
static int player_track_index(const Player *p)
{
    return p->focus * STAGE_COUNT + (int)p->stage;
}

static void player_set_track_index(Player *p, int index)
{
    int total = p->tokens * STAGE_COUNT;
    index = ((index % total) + total) % total;
    p->focus = index / STAGE_COUNT;
    p->stage = (Stage)(index % STAGE_COUNT);
}

void player_step(Player *p, int direction, long long now_ms)
{
    player_set_track_index(p, player_track_index(p) + (direction < 0 ? -1 : 1));
    player_changed(p, now_ms);
}

void player_home(Player *p, long long now_ms)
{
    player_set_track_index(p, 0);
    player_changed(p, now_ms);
}

void player_end(Player *p, long long now_ms)
{
    player_set_track_index(p, p->tokens * STAGE_COUNT - 1);
    player_changed(p, now_ms);
}

/* ---------------------------------------------------------------- focus, stage */

void player_set_focus(Player *p, int focus, long long now_ms)
{
    if (focus < 0)
        focus = 0;
    if (focus >= p->tokens)
        focus = p->tokens - 1;
    p->focus = focus;
    player_changed(p, now_ms);
}

void player_move_focus(Player *p, int delta, long long now_ms)
{
    int focus = ((p->focus + delta) % p->tokens + p->tokens) % p->tokens;
    player_set_focus(p, focus, now_ms);
}

void player_set_stage(Player *p, Stage stage, long long now_ms)
{
    if ((int)stage < 0)
        stage = STAGE_QKV;
    if ((int)stage >= STAGE_COUNT)
        stage = STAGE_OUTPUT;
    p->stage = stage;
    player_changed(p, now_ms);
}

/* ---------------------------------------------------------------- toggles */

void player_toggle_play(Player *p, long long now_ms)
{
    p->playing = !p->playing;
    if (p->playing)  /* the first step comes after a short look at the current one */
        p->next_ms = now_ms + player_hold_ms(p) / 2;
}

void player_scale_speed(Player *p, double factor)
{
    double s = p->speed * factor;
    if (s < PLAYER_SPEED_MIN)
        s = PLAYER_SPEED_MIN;
    if (s > PLAYER_SPEED_MAX)
        s = PLAYER_SPEED_MAX;
    p->speed = s;
}

void player_toggle_numbers(Player *p)
{
    p->numbers = !p->numbers;
}

void player_toggle_help(Player *p)
{
    p->help = !p->help;
}

/* ---------------------------------------------------------------- clock */

bool player_tick(Player *p, long long now_ms)
{
    if (!p->playing || now_ms < p->next_ms)
        return false;
    player_step(p, +1, now_ms);
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
