/* test_player.c — the step controller as a state machine with an injected clock.
 * Covers: stepping across characters both ways, wrap-around, Home/End, focus,
 * autoplay timing, speed limits, transition progress and the sleep it allows. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "actions.h"
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
    assert_true(p.numbers);
    assert_false(p.help);
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

static void test_wrap_around_both_ends(void **state)
{
    (void)state;
    Player p;
    player_init(&p, 6, 0);
    player_step(&p, -1, 0);
    assert_int_equal(p.focus, 5);
    assert_int_equal(p.stage, STAGE_OUTPUT);
    player_step(&p, +1, 0);
    assert_int_equal(p.focus, 0);
    assert_int_equal(p.stage, STAGE_QKV);
    /* 24 steps visit every (focus, stage) once and come back */
    int seen[6][4] = { { 0 } };
    for (int i = 0; i < 24; i++) {
        seen[p.focus][p.stage]++;
        player_step(&p, +1, 0);
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

static void test_focus_keeps_stage_and_numbers(void **state)
{
    (void)state;
    Player p;
    player_init(&p, 6, 0);
    player_set_stage(&p, STAGE_SOFTMAX, 0);
    player_toggle_numbers(&p);
    player_move_focus(&p, +1, 0);
    assert_int_equal(p.focus, 1);
    assert_int_equal(p.stage, STAGE_SOFTMAX);
    assert_false(p.numbers);
    player_move_focus(&p, -2, 0);
    assert_int_equal(p.focus, 5);   /* wraps */
    player_set_focus(&p, 99, 0);
    assert_int_equal(p.focus, 5);   /* clamps */
    player_set_focus(&p, -3, 0);
    assert_int_equal(p.focus, 0);
    player_step(&p, +1, 0);
    assert_false(p.numbers);        /* stepping never loses the setting */
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

static void test_speed_limits(void **state)
{
    (void)state;
    Player p;
    player_init(&p, 6, 0);
    for (int i = 0; i < 50; i++)
        player_scale_speed(&p, 1.25);
    assert_true(p.speed == PLAYER_SPEED_MAX);
    assert_int_equal(player_hold_ms(&p), PLAYER_HOLD_MS / 4);
    assert_int_equal(player_transition_ms(&p), 83);
    for (int i = 0; i < 50; i++)
        player_scale_speed(&p, 0.8);
    assert_true(p.speed == PLAYER_SPEED_MIN);
    assert_int_equal(player_hold_ms(&p), PLAYER_HOLD_MS * 4);
}

static void test_actions_drive_player(void **state)
{
    (void)state;
    Player p;
    player_init(&p, 6, 0);
    assert_int_equal(action_apply(&p, action_for_key(KEYCODE_RIGHT)->action, 0, 0), REACT_REDRAW);
    assert_int_equal(p.stage, STAGE_SCORE);
    action_apply(&p, action_for_key(KEYCODE_DOWN)->action, 0, 0);
    assert_int_equal(p.focus, 1);
    const KeyBinding *four = action_for_key('4');
    assert_int_equal(action_apply(&p, four->action, four->arg, 0), REACT_REDRAW);
    assert_int_equal(p.focus, 3);
    const KeyBinding *nine = action_for_key('9');
    assert_int_equal(action_apply(&p, nine->action, nine->arg, 0), REACT_NONE);
    assert_int_equal(p.focus, 3);   /* no ninth character */
    action_apply(&p, action_for_key(' ')->action, 0, 0);
    assert_true(p.playing);
    action_apply(&p, action_for_key('n')->action, 0, 0);
    assert_false(p.numbers);
    action_apply(&p, action_for_key('?')->action, 0, 0);
    assert_true(p.help);
    assert_int_equal(action_apply(&p, action_for_key('q')->action, 0, 0), REACT_QUIT);
    assert_int_equal(action_apply(&p, action_for_key(KEYCODE_ESC)->action, 0, 0), REACT_QUIT);
    assert_null(action_for_key('Z'));
}

static void test_key_table_is_complete(void **state)
{
    (void)state;
    /* every action but NONE has a key listed in the help, with a description */
    for (int a = ACTION_QUIT; a < ACTION_COUNT; a++) {
        int listed = 0;
        for (const KeyBinding *b = action_keys; b->key; b++)
            listed += b->action == (Action)a && b->in_help;
        assert_int_equal(listed, 1);
        assert_true(action_describe((Action)a, 0)[0] != '\0');
        assert_true(action_describe((Action)a, 1)[0] != '\0');
    }
    /* the status line and help name keys through the table */
    assert_string_equal(action_key_label(ACTION_PLAY), "Space");
    assert_string_equal(action_key_label(ACTION_NEXT), "→");
    assert_string_equal(action_key_label(ACTION_QUIT), "q");
    assert_string_equal(action_key_label(ACTION_NONE), "click");
    /* no key is bound twice */
    for (const KeyBinding *b = action_keys; b->key; b++)
        for (const KeyBinding *c = b + 1; c->key; c++)
            assert_true(b->key != c->key);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init),
        cmocka_unit_test(test_step_forward_crosses_characters),
        cmocka_unit_test(test_step_back_crosses_characters),
        cmocka_unit_test(test_wrap_around_both_ends),
        cmocka_unit_test(test_home_end),
        cmocka_unit_test(test_focus_keeps_stage_and_numbers),
        cmocka_unit_test(test_autoplay_timing),
        cmocka_unit_test(test_wait_and_progress),
        cmocka_unit_test(test_speed_limits),
        cmocka_unit_test(test_actions_drive_player),
        cmocka_unit_test(test_key_table_is_complete),
    };
    return cmocka_run_group_tests_name("player", tests, NULL, NULL);
}
