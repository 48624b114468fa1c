/* test_player.c — the step controller as a state machine with an injected clock.
 * Covers: stepping across characters both ways, stopping at the ends by hand and wrapping
 * in autoplay, the three tracks, Home/End, focus, autoplay timing, round speed steps,
 * transition progress and the sleep it allows. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "player.h"

static void test_init(void **state)
{
    (void)state;
    Player p;
    player_init(&p, 6, 1000);
    assert_int_equal(p.tokens, 6);
    assert_int_equal(p.focus, 0);
    assert_int_equal(p.stage, STAGE_QKV);
    assert_false(p.playing);
    assert_int_equal(p.track, TRACK_STAGES_FOCUS);
    assert_true(p.speed == 1.0);
}

static void test_step_forward_crosses_characters(void **state)
{
    (void)state;
    Player p;
    player_init(&p, 6, 0);
    player_step(&p, +1, 0);
    assert_int_equal(p.stage, STAGE_SCORE);
    player_step(&p, +1, 0);
    player_step(&p, +1, 0);
    assert_int_equal(p.stage, STAGE_OUTPUT);
    assert_int_equal(p.focus, 0);
    player_step(&p, +1, 0);   /* past output: the next character's Q */
    assert_int_equal(p.stage, STAGE_QKV);
    assert_int_equal(p.focus, 1);
}

static void test_step_back_crosses_characters(void **state)
{
    (void)state;
    Player p;
    player_init(&p, 6, 0);
    player_set_focus(&p, 3, 0);
    player_step(&p, -1, 0);   /* back from Q: the previous character's output */
    assert_int_equal(p.focus, 2);
    assert_int_equal(p.stage, STAGE_OUTPUT);
    player_step(&p, +1, 0);
    assert_int_equal(p.focus, 3);
    assert_int_equal(p.stage, STAGE_QKV);
}

static void test_hand_steps_stop_at_both_ends(void **state)
{
    (void)state;
    Player p;
    player_init(&p, 6, 0);
    assert_true(player_at_first(&p));
    assert_false(player_step(&p, -1, 50));   /* at the first step: nothing changes */
    assert_int_equal(p.focus, 0);
    assert_int_equal(p.stage, STAGE_QKV);
    assert_true(p.changed_ms == 0);          /* and no transition starts */
    player_end(&p, 0);
    assert_true(player_at_last(&p));
    assert_false(player_step(&p, +1, 0));
    assert_int_equal(p.focus, 5);
    assert_int_equal(p.stage, STAGE_OUTPUT);
    assert_true(player_step(&p, -1, 0));
    assert_int_equal(p.stage, STAGE_SOFTMAX);
}

static void test_autoplay_wraps_around(void **state)
{
    (void)state;
    Player p;
    player_init(&p, 6, 0);
    player_toggle_play(&p, 0);
    long long now = 0;
    /* 24 autoplay steps visit every (focus, stage) once and come back */
    int seen[6][4] = { { 0 } };
    for (int i = 0; i < 24; i++) {
        seen[p.focus][p.stage]++;
        now = p.next_ms;
        assert_true(player_tick(&p, now));
    }
    for (int f = 0; f < 6; f++)
        for (int s = 0; s < 4; s++)
            assert_int_equal(seen[f][s], 1);
    assert_int_equal(p.focus, 0);
    assert_int_equal(p.stage, STAGE_QKV);
}

static void test_home_end(void **state)
{
    (void)state;
    Player p;
    player_init(&p, 6, 0);
    player_end(&p, 0);
    assert_int_equal(p.focus, 5);
    assert_int_equal(p.stage, STAGE_OUTPUT);
    player_home(&p, 0);
    assert_int_equal(p.focus, 0);
    assert_int_equal(p.stage, STAGE_QKV);
}

static void test_tracks(void **state)
{
    (void)state;
    Player p;
    player_init(&p, 6, 0);
    player_set_stage(&p, STAGE_SCORE, 0);
    player_set_track(&p, TRACK_FOCUS);          /* characters, the stage kept */
    player_step(&p, +1, 0);
    assert_int_equal(p.focus, 1);
    assert_int_equal(p.stage, STAGE_SCORE);
    player_end(&p, 0);
    assert_int_equal(p.focus, 5);
    assert_int_equal(p.stage, STAGE_SCORE);
    assert_false(player_step(&p, +1, 0));
    player_set_track(&p, TRACK_STAGES);         /* stages, the character kept */
    player_home(&p, 0);
    assert_int_equal(p.focus, 5);
    assert_int_equal(p.stage, STAGE_QKV);
    player_step(&p, +1, 0);
    player_step(&p, +1, 0);
    player_step(&p, +1, 0);
    assert_int_equal(p.stage, STAGE_OUTPUT);
    assert_false(player_step(&p, +1, 0));
    assert_int_equal(p.focus, 5);
    player_toggle_play(&p, 0);
    assert_true(player_tick(&p, p.next_ms));    /* autoplay wraps within the track */
    assert_int_equal(p.stage, STAGE_QKV);
    assert_int_equal(p.focus, 5);
    assert_int_equal(p.from_stage, STAGE_OUTPUT);
}

static void test_focus_keeps_stage(void **state)
{
    (void)state;
    Player p;
    player_init(&p, 6, 0);
    player_set_stage(&p, STAGE_SOFTMAX, 0);
    player_move_focus(&p, +1, 0);
    assert_int_equal(p.focus, 1);
    assert_int_equal(p.stage, STAGE_SOFTMAX);
    assert_int_equal(p.from_focus, 0);
    player_move_focus(&p, -2, 0);
    assert_int_equal(p.focus, 5);   /* wraps */
    player_set_focus(&p, 99, 0);
    assert_int_equal(p.focus, 5);   /* clamps */
    player_set_focus(&p, -3, 0);
    assert_int_equal(p.focus, 0);
    player_set_focus(&p, 4, 0);
    player_set_tokens(&p, 3, 0);    /* a shorter sentence: the focus is clamped into it */
    assert_int_equal(p.tokens, 3);
    assert_int_equal(p.focus, 2);
}

static void test_autoplay_timing(void **state)
{
    (void)state;
    Player p;
    player_init(&p, 6, 0);
    assert_false(player_tick(&p, 100000));   /* paused: time changes nothing */
    assert_int_equal(p.stage, STAGE_QKV);
    player_toggle_play(&p, 10000);
    assert_true(p.playing);
    long long first = 10000 + PLAYER_HOLD_MS / 2;
    assert_false(player_tick(&p, first - 1));
    assert_true(player_tick(&p, first));
    assert_int_equal(p.stage, STAGE_SCORE);
    /* the next step comes after a transition and a hold */
    long long next = first + PLAYER_TRANSITION_MS + PLAYER_HOLD_MS;
    assert_false(player_tick(&p, next - 1));
    assert_true(player_tick(&p, next));
    assert_int_equal(p.stage, STAGE_SOFTMAX);
    player_toggle_play(&p, next + 5);
    assert_false(player_tick(&p, next + 100000));
    assert_int_equal(p.stage, STAGE_SOFTMAX);
}

static void test_wait_and_progress(void **state)
{
    (void)state;
    Player p;
    player_init(&p, 6, 0);
    assert_true(player_progress(&p, 0) == 0.0);
    assert_true(player_wait_ms(&p, 0) == 0);   /* animating: draw frames */
    assert_true(player_progress(&p, PLAYER_TRANSITION_MS / 2) > 0.49);
    assert_true(player_progress(&p, PLAYER_TRANSITION_MS / 2) < 0.51);
    assert_true(player_progress(&p, PLAYER_TRANSITION_MS) == 1.0);
    assert_true(player_wait_ms(&p, PLAYER_TRANSITION_MS) == -1);   /* paused: block */
    player_toggle_play(&p, 5000);
    assert_true(player_wait_ms(&p, 5000) == PLAYER_HOLD_MS / 2);   /* sleep to the step */
    assert_true(player_wait_ms(&p, 5000 + PLAYER_HOLD_MS) == 0);
}

static void test_speed_steps_are_round(void **state)
{
    (void)state;
    Player p;
    player_init(&p, 6, 0);
    const double up[] = { 1.5, 2.0, 3.0, 4.0 };
    for (int i = 0; i < 4; i++) {
        assert_true(player_speed_step(&p, +1));
        assert_true(p.speed == up[i]);
    }
    assert_false(player_speed_step(&p, +1));   /* the fastest */
    assert_true(p.speed == PLAYER_SPEED_MAX);
    assert_int_equal(player_hold_ms(&p), PLAYER_HOLD_MS / 4);
    assert_int_equal(player_transition_ms(&p), 83);
    const double down[] = { 3.0, 2.0, 1.5, 1.0, 0.75, 0.5, 0.25 };
    for (int i = 0; i < 7; i++) {
        assert_true(player_speed_step(&p, -1));
        assert_true(p.speed == down[i]);
    }
    assert_false(player_speed_step(&p, -1));
    assert_true(p.speed == PLAYER_SPEED_MIN);
    assert_int_equal(player_hold_ms(&p), PLAYER_HOLD_MS * 4);
    player_set_speed(&p, 1.3);                 /* a speed from --speed between two steps */
    assert_true(player_speed_step(&p, +1));
    assert_true(p.speed == 1.5);
    player_set_speed(&p, 1.3);
    assert_true(player_speed_step(&p, -1));
    assert_true(p.speed == 1.0);
    player_set_speed(&p, 99.0);
    assert_true(p.speed == PLAYER_SPEED_MAX);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init),
        cmocka_unit_test(test_step_forward_crosses_characters),
        cmocka_unit_test(test_step_back_crosses_characters),
        cmocka_unit_test(test_hand_steps_stop_at_both_ends),
        cmocka_unit_test(test_autoplay_wraps_around),
        cmocka_unit_test(test_home_end),
        cmocka_unit_test(test_tracks),
        cmocka_unit_test(test_focus_keeps_stage),
        cmocka_unit_test(test_autoplay_timing),
        cmocka_unit_test(test_wait_and_progress),
        cmocka_unit_test(test_speed_steps_are_round),
    };
    return cmocka_run_group_tests_name("player", tests, NULL, NULL);
}
