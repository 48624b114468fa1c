/* view_train.h — the train screen's own state, for its tests: the run, how it plays, the
 * sentence shown (its save asks for the file name on the input line: ui.h's model_save).
 * Owns: nothing outside src/view_train.c (and its tests).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_VIEW_TRAIN_H
#define ATTN_VIEW_TRAIN_H

#include <stdbool.h>
#include <stdint.h>
#include "task.h"
#include "train.h"

#define TRAIN_VIEW_FRAME_MS 33        /* between two ticks while training (~30 frames/s) */
#define TRAIN_VIEW_RATE_MS 1000       /* the window steps per second are measured over */
#define TRAIN_VIEW_SPEEDS 7           /* entries of the speeds table (steps per frame) */
#define TRAIN_VIEW_SPEED_DEFAULT 0    /* one step a frame: `add` is learned in about 5 s */
#define TRAIN_VIEW_TICK_WORK 1.0e7    /* multiply-adds a tick trains at most (train_step_work):
                                         19 steps of `all` (~7 ms where make bench counts 2700
                                         steps of it a CPU second), all 100 of `add`, so that
                                         no frame is late; steps asked for beyond it are
                                         carried to the next tick */

/* The train screen's own state. */
typedef struct {
    TrainRun *run;              /* the run shown, or NULL when it could not start (error) */
    char error[256];            /* why the run could not start, or "" (in lang) */
    Lang lang;                  /* the language of its messages: the lesson's (tr.lang) */
    TaskId task;                /* the task trained: add or all */
    uint64_t seed;              /* the run's seed (r: the next one) */
    int heads;                  /* 1 or 2 */
    int speed;                  /* index into the speeds table (steps per frame) */
    bool playing;               /* Space: training runs on its own */
    long long last_tick;        /* when the last tick was due (ms): the next is one period on */
    long long rate_since;       /* start of the window steps/s is measured over, -1: none */
    int rate_steps;             /* the step count at rate_since */
    double rate;                /* steps per second over the last whole window, 0: none yet */
    int sentence;               /* the sentence shown (index into the run's sentences) */
    int owed;                   /* steps asked for and not yet taken, carried to the next
                                   tick (at most one tick's worth: a slower machine trains
                                   slower, it never falls further behind) */
} TrainViewState;

/* The steps one tick takes of `owed` asked for, a step costing `work` multiply-adds: all of
 * them while they fit TRAIN_VIEW_TICK_WORK, at least one. */
int train_view_tick_steps(int owed, double work);

/* Steps per frame at speed index i (clamped into the table). */
int train_view_speed_steps(int i);

#endif
