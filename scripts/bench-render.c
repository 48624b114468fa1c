/* bench-render.c — measurements for scripts/bench.sh that need C: the headless render
 * loop (frames per second), bytes written per animated frame and per second of
 * autoplay (ncurses on a file), the frames callgrind counts instructions of,
 * exec-to-first-frame of the real binary on a pty, and its frame intervals there.
 * Owns: nothing in the program; links the library objects. Prints "key value" lines.
 *
 *   bench-render fps W H SECONDS       render loop at W×H to /dev/null
 *   bench-render bytes W H SECONDS     simulated autoplay to a file: bytes per frame, per s
 *   bench-render first-frame RUNS BIN W H   exec BIN on a W×H pty until its first paint
 *   bench-render instr W H SENTENCE STEPS [VIEW]   autoplay's frames for callgrind
 *                                       (bench_frames_loop), in the arcs view or VIEW
 *   bench-render views                  the views' names, one a line
 *   bench-render view W H VIEW [SENTENCE HEADS MASK]   one whole round of VIEW for callgrind
 *                                       (bench_view_loop): autoplay through its track, or its
 *                                       own → key pressed BENCH_OWN_STEPS times on a screen
 *                                       without a track; on SENTENCE ("": the model's) with
 *                                       HEADS heads and the causal mask when MASK is 1
 *   bench-render train-ticks W H FRAMES  the train screen's heaviest ticks (`all`, two heads,
 *                                       100 steps a frame), timed: median and max ms
 *   bench-render intervals BIN W H STEPS    BIN on a pty: the frames of STEPS transitions, timed
 *   bench-render start-in-terminal OUT CMD ARGS...   run in a terminal (a tmux pane): CMD
 *                                       relayed on a pty; ms from fork to its first screen
 *                                       (quiet after) appended to OUT */
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "engine.h"
#include "grid.h"
#include "model.h"
#include "player.h"
#include "frame.h"
#include "lesson.h"
#include "ui.h"
#include "term.h"
#include "train.h"
#include "view.h"

#define BENCH_FRAME_MS 33   /* the app's frame interval while animating */

/* ---------------------------------------------------------------- clock */

static double bench_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* CPU seconds this thread has run: what a tick costs, whatever else the machine runs. */
static double bench_cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---------------------------------------------------------------- the lesson */

/* Everything one headless frame needs. */
typedef struct {
    Model model;          /* the compiled-in model */
    Lesson lesson;        /* its default sentence's forward pass */
    Grid grid;            /* the frame */
    Player player;        /* autoplay state on a simulated clock */
    Ui ui;                /* the arcs view, numbers shown */
    FrameOptions frame;   /* English, Unicode */
    FrameCache *cache;    /* kept between frames, as the app keeps it */
} Bench;

/* Draws the frame at transition progress into the bench's grid. */
static void bench_render(Bench *b, double progress)
{
    FrameInput in = { .lesson = &b->lesson, .player = &b->player, .ui = &b->ui,
                      .progress = progress, .opt = &b->frame, .cache = b->cache };
    frame_render(&b->grid, &in);
}

/* Opens the bench on `sentence` (NULL or "": the model's) with cfg (NULL: one head, no
 * mask). */
static int bench_open_with(Bench *b, int w, int h, const char *sentence, const EngineConfig *cfg,
                           FILE *out)
{
    char err[512];
    memset(b, 0, sizeof *b);
    if (model_load_default(&b->model, err, sizeof err) != 0 ||
        lesson_build(&b->lesson, &b->model, sentence && *sentence ? sentence : b->model.sentence,
                     cfg, err, sizeof err) != 0 ||
        grid_init(&b->grid, w, h) != 0) {
        fprintf(stderr, "bench-render: %s\n", err);
        return -1;
    }
    b->frame.lang = LANG_EN;
    b->cache = frame_cache_new();
    player_init(&b->player, b->lesson.tr.T, 0);
    ui_init(&b->ui, VIEW_ARCS);
    FILE *in = fopen("/dev/null", "r");
    if (!in || term_open_on(out, in, w, h, err, sizeof err) != 0) {
        fprintf(stderr, "bench-render: %s\n", err);
        return -1;
    }
    return 0;
}

static int bench_open_on(Bench *b, int w, int h, const char *sentence, FILE *out)
{
    return bench_open_with(b, w, h, sentence, NULL, out);
}

static int bench_open(Bench *b, int w, int h, FILE *out)
{
    return bench_open_on(b, w, h, NULL, out);
}

static void bench_close(Bench *b)
{
    term_close();
    ui_free(&b->ui);
    frame_cache_free(b->cache);
    grid_free(&b->grid);
    lesson_free(&b->lesson);
    model_free(&b->model);
}

/* ---------------------------------------------------------------- fps */

/* Renders and paints frames for `seconds`, each at a new transition progress and,
 * every ten frames, a new step, so every paint has something to change. */
static int bench_fps(int w, int h, double seconds)
{
    Bench b;
    FILE *out = fopen("/dev/null", "w");
    if (!out || bench_open(&b, w, h, out) != 0)
        return 1;
    long frames = 0;
    double render_s = 0, start = bench_now_s(), now = start;
    while (now - start < seconds) {
        long long t = (long long)frames * 1000;   /* simulated ms */
        if (frames % 10 == 0 && !player_step(&b.player, +1, t))
            player_home(&b.player, t);
        double progress = (double)(frames % 10 + 1) / 10.0;
        double r0 = bench_now_s();
        bench_render(&b, progress);
        render_s += bench_now_s() - r0;
        term_paint(&b.grid);
        frames++;
        now = bench_now_s();
    }
    bench_close(&b);
    fclose(out);
    printf("fps_render_paint %.0f\n", frames / (now - start));
    printf("fps_render_only %.0f\n", frames / render_s);
    printf("ms_per_frame %.3f\n", (now - start) * 1000.0 / frames);
    return 0;
}

/* ---------------------------------------------------------------- bytes */

static long bench_file_size(FILE *f)
{
    struct stat st;
    fflush(f);
    return fstat(fileno(f), &st) == 0 ? (long)st.st_size : -1;
}

/* Plays autoplay on a simulated clock exactly as app.c paces it (a frame every 33 ms
 * while animating, one at each step, nothing while holding) for `seconds`, painting
 * to a file: reports bytes of the first full frame, per animated frame, per second. */
static int bench_bytes(int w, int h, double seconds)
{
    Bench b;
    FILE *out = tmpfile();
    if (!out || bench_open(&b, w, h, out) != 0)
        return 1;
    long long now = 0, end = (long long)(seconds * 1000);
    bench_render(&b, 1.0);
    term_paint(&b.grid);
    long first = bench_file_size(out);
    player_toggle_play(&b.player, now);
    long frames = 0, animated = 0, animated_bytes = 0;
    while (now < end) {
        player_tick(&b.player, now);
        long before = bench_file_size(out);
        double progress = player_progress(&b.player, now);
        bench_render(&b, progress);
        term_paint(&b.grid);
        long wrote = bench_file_size(out) - before;
        frames++;
        if (progress < 1.0) {
            animated++;
            animated_bytes += wrote;
        }
        long long wait = player_wait_ms(&b.player, now);
        now += wait == 0 ? BENCH_FRAME_MS : wait;
    }
    long total = bench_file_size(out) - first;
    bench_close(&b);
    fclose(out);
    printf("bytes_first_frame %ld\n", first);
    printf("bytes_per_animated_frame %.0f\n", animated ? (double)animated_bytes / animated : 0.0);
    printf("bytes_per_second_autoplay %.0f\n", total / seconds);
    printf("frames_per_second_autoplay %.1f\n", frames / seconds);
    return 0;
}

/* ---------------------------------------------------------------- instructions */

/* Autoplay on a simulated clock, paced like app.c, from the step after the start for
 * `steps` steps: every frame the app would draw and paint. Not inlined, so that
 * callgrind can count only this (--toggle-collect=bench_frames_loop). Returns frames. */
__attribute__((noinline)) long bench_frames_loop(Bench *b, int steps)
{
    long long now = 0;
    long frames = 0;
    int taken = 0;
    player_toggle_play(&b->player, now);
    b->player.next_ms = 0;   /* the first step at once */
    for (;;) {
        if (player_tick(&b->player, now) && ++taken > steps)
            break;
        bench_render(b, player_progress(&b->player, now));
        term_paint(&b->grid);
        frames++;
        long long wait = player_wait_ms(&b->player, now);
        now += wait == 0 ? BENCH_FRAME_MS : wait;
    }
    return frames;
}

/* Opens the bench on `sentence` (NULL: the model's), paints the start frame (the full
 * first paint, not counted), then runs bench_frames_loop. */
static int bench_instr(int w, int h, const char *sentence, int steps, const char *view)
{
    Bench b;
    FILE *out = fopen("/dev/null", "w");
    if (!out || bench_open_on(&b, w, h, sentence, out) != 0)
        return 1;
    for (int v = 0; view && v < VIEW_COUNT; v++)
        if (strcmp(view_ops((ViewId)v)->name, view) == 0) {
            ui_free(&b.ui);
            ui_init_for(&b.ui, (ViewId)v, &b.lesson);
            ui_set_view(&b.ui, &b.player, &b.lesson, (ViewId)v);
        }
    bench_render(&b, 1.0);
    term_paint(&b.grid);
    long frames = bench_frames_loop(&b, steps);
    bench_close(&b);
    fclose(out);
    printf("frames %ld\n", frames);
    return 0;
}

/* The steps of one whole round of autoplay on track over T characters. */
static int bench_round_steps(Track track, int T)
{
    switch (track) {
    case TRACK_STAGES_FOCUS: return STAGE_COUNT * T;
    case TRACK_FOCUS:        return T;
    case TRACK_STAGES:       return STAGE_COUNT;
    case TRACK_NONE:
    case TRACK_COUNT:        break;
    }
    return 0;
}

#define BENCH_OWN_STEPS 12   /* presses of a trackless view's own → in a round */

/* What a trackless view's → does (the write screen: the model writes a character). Not
 * inlined: the frames' count leaves it out (--toggle-collect=bench_view_step inside the
 * loop's), and the write screen's step is counted on its own. */
__attribute__((noinline)) void bench_view_step(Bench *b, const KeyBinding *key)
{
    ui_apply(&b->ui, &b->player, &b->lesson, key->action, key->arg, 0);
}

/* A trackless view's round: its own → pressed BENCH_OWN_STEPS times (a screen whose →
 * means nothing is drawn as often, as after a key), each press one frame drawn and
 * painted. Not inlined: callgrind counts only this (--toggle-collect=bench_view_loop). */
__attribute__((noinline)) long bench_view_loop(Bench *b)
{
    long frames = 0;
    const KeyBinding *right = ui_binding(&b->ui, KEYCODE_RIGHT);
    for (int i = 0; i < BENCH_OWN_STEPS; i++) {
        if (right)
            bench_view_step(b, right);
        bench_render(b, 1.0);
        term_paint(&b->grid);
        frames++;
    }
    return frames;
}

#define BENCH_POEM_LINE "床前明月光，疑是地上霜。"   /* the poem screens' line */
/* Their worst case: 32 characters, what the poem screens are laid out for at 120×40. */
#define BENCH_POEM_LONG "床前明月光，疑是地上霜。举头望明月，低头思故乡。白日依山尽，黄河"
#define BENCH_POEM_PREFIX "poems_"   /* a view name so prefixed plays the poem model */

/* The poem model's screens (heads, write, and poems_VIEW) play the shipped poem model
 * (BENCH_POEM_MODEL, or assets/poems.model from the source tree) over its default line, or
 * the 32-character one in the worst case, in place of the lesson's: a whole lesson, with the
 * pass every screen reads. */
static int bench_poem_lesson(Bench *b, bool worst)
{
    const char *path = getenv("BENCH_POEM_MODEL");
    char err[512];
    lesson_free(&b->lesson);
    model_free(&b->model);
    if (model_load_file(path && *path ? path : "assets/poems.model", &b->model, err, sizeof err) != 0 ||
        lesson_build(&b->lesson, &b->model, worst ? BENCH_POEM_LONG : BENCH_POEM_LINE, NULL, err,
                     sizeof err) != 0) {
        fprintf(stderr, "bench-render: %s\n", err);
        return -1;
    }
    player_init(&b->player, b->lesson.tr.T, 0);
    player_set_focus(&b->player, lesson_asker(&b->lesson), 0);
    return 0;
}

/* One whole round of view (by name) at w × h on sentence ("": the model's) with `heads`
 * heads and the causal mask when `mask`: frames and their count. */
static int bench_view(int w, int h, const char *view, const char *sentence, int heads, int mask)
{
    Bench b;
    FILE *out = fopen("/dev/null", "w");
    EngineConfig cfg = { .mask = mask ? MASK_CAUSAL : MASK_NONE, .heads = heads };
    if (!out || bench_open_with(&b, w, h, sentence, &cfg, out) != 0)
        return 1;
    bool poems = strncmp(view, BENCH_POEM_PREFIX, strlen(BENCH_POEM_PREFIX)) == 0;
    if (poems)
        view += strlen(BENCH_POEM_PREFIX);
    if ((poems || strcmp(view, "heads") == 0 || strcmp(view, "write") == 0) &&
        bench_poem_lesson(&b, heads > 1 || mask) != 0)
        return 1;
    int v = ui_view_from_name(view);
    if (v < 0) {
        fprintf(stderr, "bench-render: no view %s\n", view);
        return 1;
    }
    ui_free(&b.ui);
    ui_init_for(&b.ui, (ViewId)v, &b.lesson);
    ui_set_view(&b.ui, &b.player, &b.lesson, (ViewId)v);
    bench_render(&b, 1.0);
    term_paint(&b.grid);   /* the whole first paint, not counted */
    int steps = bench_round_steps(view_ops((ViewId)v)->track, b.lesson.tr.T);
    long frames = steps > 0 ? bench_frames_loop(&b, steps) : bench_view_loop(&b);
    bench_close(&b);
    fclose(out);
    printf("frames %ld\n", frames);
    return 0;
}

/* ---------------------------------------------------------------- the train screen */

/* The action a key has on the bench's view (the train screen's own). */
static void bench_press(Bench *b, int key, long long now)
{
    const KeyBinding *k = ui_binding(&b->ui, key);
    if (k)
        ui_apply(&b->ui, &b->player, &b->lesson, k->action, k->arg, now);
}

/* Frames of the train screen while it trains at its default speed on a simulated clock
 * paced like app.c (a tick, a frame, a paint every 33 ms); when a run is learned, r starts
 * one with the next seed and Space trains it. Returns the frames. */
__attribute__((noinline)) static long bench_train_frames(Bench *b, long frames)
{
    long long now = 0;
    for (long f = 0; f < frames; f++) {
        if (ui_next_tick(&b->ui, now) == VIEW_TICK_NEVER) {
            bench_press(b, 'r', now);
            bench_press(b, ' ', now);
        }
        ui_tick(&b->ui, &b->player, &b->lesson, now);
        bench_render(b, 1.0);
        term_paint(&b->grid);
        now += BENCH_FRAME_MS;
    }
    return frames;
}

/* One training step of `add` on its own, n times (what callgrind counts per step). */
__attribute__((noinline)) static void bench_train_steps(TrainRun *r, int n)
{
    for (int i = 0; i < n; i++)
        train_step(r);
}

/* train W H FRAMES: the train screen's frames per second (tick + frame + paint), and
 * with callgrind its instructions per frame (bench_train_frames) and per training step of
 * `add` (bench_train_steps, 100 steps of seed 1). */
static int bench_train(int w, int h, long frames)
{
    Bench b;
    FILE *out = fopen("/dev/null", "w");
    if (!out || bench_open(&b, w, h, out) != 0)
        return 1;
    ui_free(&b.ui);
    ui_init_for(&b.ui, VIEW_TRAIN, &b.lesson);
    ui_set_view(&b.ui, &b.player, &b.lesson, VIEW_TRAIN);
    bench_press(&b, ' ', 0);
    bench_render(&b, 1.0);
    term_paint(&b.grid);
    double t0 = bench_now_s();
    bench_train_frames(&b, frames);
    double seconds = bench_now_s() - t0;
    bench_close(&b);
    fclose(out);
    TrainConfig cfg;
    train_config_default(&cfg, TASK_ADD);
    char err[256];
    TrainRun *r = train_new(&cfg, NULL, err, sizeof err);
    if (!r)
        return 1;
    double s0 = bench_now_s();
    bench_train_steps(r, 100);
    double step_s = (bench_now_s() - s0) / 100.0;
    train_free(r);
    printf("frames %ld\n", frames);
    printf("train_fps %.0f\n", frames / seconds);
    printf("train_ms_per_frame %.3f\n", seconds * 1000.0 / frames);
    printf("train_us_per_step %.1f\n", step_s * 1e6);
    return 0;
}

static int bench_cmp_double(const void *a, const void *b);

/* train-ticks W H FRAMES: the train screen on `all` with two heads at 100 steps a frame (the
 * heaviest it trains), a tick every 33 ms of a simulated clock: each tick's training (wall
 * and this thread's CPU time: a busy machine stretches the wall clock), and its tick +
 * frame + paint, timed; their median and max in ms. */
static int bench_train_ticks(int w, int h, int frames)
{
    Bench b;
    FILE *out = fopen("/dev/null", "w");
    if (frames < 1 || frames > 4096 || !out || bench_open(&b, w, h, out) != 0)
        return 1;
    ui_free(&b.ui);
    ui_init_for(&b.ui, VIEW_TRAIN, &b.lesson);
    ui_set_view(&b.ui, &b.player, &b.lesson, VIEW_TRAIN);
    bench_press(&b, 't', 0);   /* all four operations */
    bench_press(&b, 'h', 0);   /* two heads */
    for (int i = 0; i < 10; i++)
        bench_press(&b, '+', 0);   /* the fastest: 100 steps a frame */
    bench_press(&b, ' ', 0);
    static double tick_ms[4096], frame_ms[4096], cpu_ms[4096];
    long long now = 0;
    int n = 0;
    for (int f = 0; f < frames; f++) {
        if (ui_next_tick(&b.ui, now) == VIEW_TICK_NEVER) {   /* learned: the next seed */
            bench_press(&b, 'r', now);
            bench_press(&b, ' ', now);
        }
        double c0 = bench_cpu_s(), t0 = bench_now_s();
        ui_tick(&b.ui, &b.player, &b.lesson, now);
        double t1 = bench_now_s(), c1 = bench_cpu_s();
        cpu_ms[n] = (c1 - c0) * 1000.0;
        bench_render(&b, 1.0);
        term_paint(&b.grid);
        double t2 = bench_now_s();
        tick_ms[n] = (t1 - t0) * 1000.0;
        frame_ms[n++] = (t2 - t0) * 1000.0;
        now += BENCH_FRAME_MS;
    }
    bench_close(&b);
    fclose(out);
    if (n == 0)
        return 1;
    qsort(tick_ms, (size_t)n, sizeof tick_ms[0], bench_cmp_double);
    qsort(frame_ms, (size_t)n, sizeof frame_ms[0], bench_cmp_double);
    qsort(cpu_ms, (size_t)n, sizeof cpu_ms[0], bench_cmp_double);
    printf("train_ticks %d\n", n);
    printf("train_tick_ms_median %.2f\n", tick_ms[n / 2]);
    printf("train_tick_ms_max %.2f\n", tick_ms[n - 1]);
    printf("train_tick_cpu_ms_median %.2f\n", cpu_ms[n / 2]);
    printf("train_tick_cpu_ms_max %.2f\n", cpu_ms[n - 1]);
    printf("train_tick_frame_ms_median %.2f\n", frame_ms[n / 2]);
    printf("train_tick_frame_ms_max %.2f\n", frame_ms[n - 1]);
    return 0;
}

/* ---------------------------------------------------------------- first frame */

/* Runs bin on a w × h pseudo-terminal with ATTN_BENCH_EXIT_AFTER_FIRST_FRAME=1 (it
 * leaves right after its first paint); returns seconds from fork to its exit. */
static double bench_one_start(const char *bin, int w, int h)
{
    struct winsize ws = { .ws_row = (unsigned short)h, .ws_col = (unsigned short)w };
    int master;
    double t0 = bench_now_s();
    pid_t pid = forkpty(&master, NULL, NULL, &ws);
    if (pid < 0)
        return -1;
    if (pid == 0) {
        setenv("ATTN_BENCH_EXIT_AFTER_FIRST_FRAME", "1", 1);
        setenv("TERM", "xterm-256color", 1);
        setenv("LANG", "C.UTF-8", 1);
        unsetenv("LC_ALL");
        execl(bin, bin, (char *)NULL);
        _exit(127);
    }
    char buf[65536];
    while (read(master, buf, sizeof buf) > 0)   /* drain until the pty closes */
        ;
    int status;
    waitpid(pid, &status, 0);
    double t = bench_now_s() - t0;
    close(master);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? t : -1;
}

static int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int bench_first_frame(int runs, const char *bin, int w, int h)
{
    double t[256];
    if (runs < 1 || runs > 256)
        runs = 20;
    for (int i = 0; i < runs; i++) {
        t[i] = bench_one_start(bin, w, h);
        if (t[i] < 0) {
            fprintf(stderr, "bench-render: %s did not exit cleanly after its first frame\n", bin);
            return 1;
        }
    }
    qsort(t, (size_t)runs, sizeof t[0], bench_cmp_double);
    printf("first_frame_ms_min %.1f\n", t[0] * 1000);
    printf("first_frame_ms_median %.1f\n", t[runs / 2] * 1000);
    printf("first_frame_ms_max %.1f\n", t[runs - 1] * 1000);
    return 0;
}

/* ---------------------------------------------------------------- frame intervals */

#define BENCH_QUIET_S 0.004     /* a pause this long in the output ends one frame's bytes */
#define BENCH_SETTLE_S 0.45     /* a transition (330 ms) is over after this long */
#define BENCH_MAX_FRAMES 4096   /* frames recorded at most */

/* Reads what the program writes until nothing came for `quiet` seconds (or `limit` passed);
 * appends the start time of each frame's bytes (a burst after BENCH_QUIET_S of silence). */
static void bench_frames_until_quiet(int fd, double quiet, double limit, double *at, int *n)
{
    char buf[65536];
    double start = bench_now_s(), last = -1.0;
    for (;;) {
        double now = bench_now_s();
        double left = last < 0 ? limit - (now - start) : quiet - (now - last);
        if (left <= 0 || now - start > limit)
            return;
        struct pollfd pfd = { .fd = fd, .events = POLLIN, .revents = 0 };
        if (poll(&pfd, 1, (int)(left * 1000) + 1) <= 0)
            continue;
        ssize_t got = read(fd, buf, sizeof buf);
        if (got <= 0)
            return;
        now = bench_now_s();
        if ((last < 0 || now - last > BENCH_QUIET_S) && *n < BENCH_MAX_FRAMES)
            at[(*n)++] = now;
        last = now;
    }
}

/* Runs bin on a w × h pty, steps `steps` times with → (each step a transition of 330 ms)
 * and times the frames of each transition as they arrive: the intervals between frames and
 * how far each frame lies from the 33 ms grid that starts with the key's frame. */
static int bench_intervals(const char *bin, int w, int h, int steps)
{
    struct winsize ws = { .ws_row = (unsigned short)h, .ws_col = (unsigned short)w };
    int master;
    pid_t pid = forkpty(&master, NULL, NULL, &ws);
    if (pid < 0)
        return 1;
    if (pid == 0) {
        setenv("TERM", "xterm-256color", 1);
        setenv("LANG", "C.UTF-8", 1);
        unsetenv("LC_ALL");
        execl(bin, bin, (char *)NULL);
        _exit(127);
    }
    static double at[BENCH_MAX_FRAMES], gaps[BENCH_MAX_FRAMES], errors[BENCH_MAX_FRAMES];
    int error_n = 0;
    int n = 0, gap_n = 0, skipped = 0, slots = 0;
    double worst_error = 0.0, span = 0.0;
    bench_frames_until_quiet(master, 0.3, 5.0, at, &n);   /* the first frame */
    for (int s = 0; s < steps; s++) {
        n = 0;
        if (write(master, "\033OC", 3) != 3)
            break;
        bench_frames_until_quiet(master, BENCH_SETTLE_S, 2.0, at, &n);
        for (int i = 1; i < n; i++) {
            double gap = (at[i] - at[i - 1]) * 1000.0;
            double since = (at[i] - at[0]) * 1000.0;
            double error = fabs(since - BENCH_FRAME_MS * floor(since / BENCH_FRAME_MS + 0.5));
            worst_error = error > worst_error ? error : worst_error;
            if (error_n < BENCH_MAX_FRAMES)
                errors[error_n++] = error;
            int periods = (int)floor(gap / BENCH_FRAME_MS + 0.5);
            slots += periods > 0 ? periods : 1;
            if (periods > 1)
                skipped += periods - 1;   /* frames that changed nothing wrote nothing */
            else if (gap_n < BENCH_MAX_FRAMES)
                gaps[gap_n++] = gap;
        }
        if (n > 1)
            span += (at[n - 1] - at[0]) * 1000.0;
    }
    if (write(master, "q", 1) != 1)
        kill(pid, SIGTERM);
    char drain[4096];
    while (read(master, drain, sizeof drain) > 0)
        ;
    int status;
    waitpid(pid, &status, 0);
    close(master);
    if (gap_n == 0) {
        fprintf(stderr, "bench-render: no frames timed\n");
        return 1;
    }
    qsort(gaps, (size_t)gap_n, sizeof gaps[0], bench_cmp_double);
    qsort(errors, (size_t)error_n, sizeof errors[0], bench_cmp_double);
    double sum = 0.0;
    int near = 0;
    for (int i = 0; i < gap_n; i++) {
        sum += gaps[i];
        near += fabs(gaps[i] - BENCH_FRAME_MS) <= 2.0;
    }
    printf("interval_n %d\n", gap_n);
    printf("interval_mean_ms %.2f\n", sum / gap_n);
    printf("interval_median_ms %.2f\n", gaps[gap_n / 2]);
    printf("interval_min_ms %.2f\n", gaps[0]);
    printf("interval_max_ms %.2f\n", gaps[gap_n - 1]);
    printf("interval_within_2ms_pct %.0f\n", 100.0 * near / gap_n);
    printf("interval_skipped %d\n", skipped);
    printf("interval_deadline_error_p95_ms %.2f\n", errors[error_n * 95 / 100]);
    printf("interval_deadline_error_max_ms %.2f\n", worst_error);
    printf("interval_fps %.1f\n", span > 0 ? 1000.0 * slots / span : 0.0);
    return 0;
}

/* ---------------------------------------------------------------- start-up in a terminal */

#define BENCH_SETTLED_S 0.3   /* output quiet this long: the first screen is done */

/* Run inside a terminal (a tmux pane): runs argv on a pseudo-terminal of the terminal's
 * size, relaying both ways (what it asks the terminal, an OSC 11 query, reaches the
 * terminal and its answer, if any, comes back), and appends to `out` the milliseconds from
 * fork to the last byte of its first screen: the last output before BENCH_SETTLED_S of
 * quiet. Then ends it (SIGTERM). The same for any program (tig, attn-tui). */
static int bench_start_in_terminal(const char *out, char **argv)
{
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0)
        return 1;
    struct termios raw, saved;
    bool tty = tcgetattr(STDIN_FILENO, &saved) == 0;
    if (tty) {   /* the terminal's bytes (keys, an answer) pass to the program as they are */
        raw = saved;
        cfmakeraw(&raw);
        tcsetattr(STDIN_FILENO, TCSANOW, &raw);
    }
    int master;
    double t0 = bench_now_s();
    pid_t pid = forkpty(&master, NULL, NULL, &ws);
    if (pid < 0)
        return 1;
    if (pid == 0) {
        execvp(argv[0], argv);
        _exit(127);
    }
    char buf[65536];
    double last = -1.0;
    for (;;) {
        double now = bench_now_s();
        double wait = last < 0 ? 5.0 - (now - t0) : BENCH_SETTLED_S - (now - last);
        if (wait <= 0)
            break;
        struct pollfd p[2] = { { .fd = master, .events = POLLIN, .revents = 0 },
                               { .fd = STDIN_FILENO, .events = POLLIN, .revents = 0 } };
        if (poll(p, 2, (int)(wait * 1000) + 1) <= 0)
            continue;
        if (p[0].revents & (POLLIN | POLLHUP)) {
            ssize_t n = read(master, buf, sizeof buf);
            if (n <= 0)
                break;
            last = bench_now_s();
            ssize_t w = write(STDOUT_FILENO, buf, (size_t)n);
            (void)w;
        }
        if (p[1].revents & POLLIN) {
            ssize_t n = read(STDIN_FILENO, buf, sizeof buf);
            if (n > 0) {
                ssize_t w = write(master, buf, (size_t)n);
                (void)w;
            }
        }
    }
    kill(pid, SIGTERM);
    int status;
    while (read(master, buf, sizeof buf) > 0)   /* what it writes on the way out */
        ;
    waitpid(pid, &status, 0);
    close(master);
    if (tty)
        tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    FILE *f = fopen(out, "a");
    if (!f)
        return 1;
    fprintf(f, "%.1f\n", last < 0 ? -1.0 : (last - t0) * 1000.0);
    return fclose(f) == 0 ? 0 : 1;
}

/* ---------------------------------------------------------------- main */

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "");
    if (argc == 5 && strcmp(argv[1], "fps") == 0)
        return bench_fps(atoi(argv[2]), atoi(argv[3]), atof(argv[4]));
    if (argc == 5 && strcmp(argv[1], "bytes") == 0)
        return bench_bytes(atoi(argv[2]), atoi(argv[3]), atof(argv[4]));
    if ((argc == 6 || argc == 7) && strcmp(argv[1], "instr") == 0)
        return bench_instr(atoi(argv[2]), atoi(argv[3]), argv[4], atoi(argv[5]),
                           argc == 7 ? argv[6] : NULL);
    if (argc == 2 && strcmp(argv[1], "views") == 0) {
        for (int v = 0; v < VIEW_COUNT; v++)
            printf("%s\n", view_ops((ViewId)v)->name);
        static const ViewId poem_views[] = { VIEW_ARCS, VIEW_MATRIX, VIEW_ALL, VIEW_LIBRARY,
                                             VIEW_MACHINE, VIEW_CODE };
        for (size_t i = 0; i < sizeof poem_views / sizeof poem_views[0]; i++)
            printf("%s%s\n", BENCH_POEM_PREFIX, view_ops(poem_views[i])->name);
        return 0;
    }
    if (argc == 5 && strcmp(argv[1], "view") == 0)
        return bench_view(atoi(argv[2]), atoi(argv[3]), argv[4], "", 1, 0);
    if (argc == 8 && strcmp(argv[1], "view") == 0)
        return bench_view(atoi(argv[2]), atoi(argv[3]), argv[4], argv[5], atoi(argv[6]),
                          atoi(argv[7]));
    if (argc == 6 && strcmp(argv[1], "intervals") == 0)
        return bench_intervals(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]));
    if (argc == 6 && strcmp(argv[1], "first-frame") == 0)
        return bench_first_frame(atoi(argv[2]), argv[3], atoi(argv[4]), atoi(argv[5]));
    if (argc >= 4 && strcmp(argv[1], "start-in-terminal") == 0)
        return bench_start_in_terminal(argv[2], argv + 3);
    if (argc == 5 && strcmp(argv[1], "train-ticks") == 0)
        return bench_train_ticks(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]));
    if (argc == 5 && strcmp(argv[1], "train") == 0)
        return bench_train(atoi(argv[2]), atoi(argv[3]), atol(argv[4]));
    fprintf(stderr, "usage: bench-render fps|bytes W H SECONDS | first-frame RUNS BIN W H | "
                    "train W H FRAMES\n");
    return 2;
}
