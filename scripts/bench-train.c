/* bench-train.c — the training figures of `make bench`: for each seed, the steps
 * and CPU seconds to 100%, the final accuracy and what ? attends to in 三加五等于? (or the
 * task's first sentence with its operator); then steps per second.
 * Owns: nothing but its output. Must not touch: the terminal, files.
 * Usage: bench-train TASK FIRST_SEED LAST_SEED [HEADS [LR [INIT_QK [MAX_STEPS]]]]
 *        bench-train --steps TASK N    (N steps of seed 1, the CPU seconds they took) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "train.h"

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* "三 32% 五 68%": the two largest shares of ? in sentence i. */
static void attends(const TrainRun *r, int i, char *buf, size_t cap)
{
    double w[TASK_LENGTH];
    const char *sent = train_sentence(r, i)->text;
    char chars[TASK_LENGTH][TEXT_CHAR_BYTES];
    text_split_chars(sent, chars, TASK_LENGTH);
    train_shares(r, i, 0, w);
    size_t used = 0;
    for (int s = 0; s < TASK_LENGTH && used < cap; s++)
        if (w[s] >= 0.05)
            used += (size_t)snprintf(buf + used, cap - used, "%s%s %.0f%%", used ? " " : "",
                                     chars[s], 100.0 * w[s]);
}

static int run_steps(TaskId task, int n)
{
    TrainConfig c;
    char err[256];
    train_config_default(&c, task);
    TrainRun *r = train_new(&c, NULL, err, sizeof err);
    if (!r) {
        fprintf(stderr, "bench-train: %s\n", err);
        return 1;
    }
    double t0 = cpu_seconds();
    for (int i = 0; i < n; i++)
        train_step(r);
    double t = cpu_seconds() - t0;
    printf("%s: %d steps in %.3f s CPU (%.0f steps/s), loss %.4f, accuracy %.1f%%\n",
           task_name(task), n, t, n / t, train_loss(r), 100.0 * train_accuracy(r));
    train_free(r);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--steps") == 0)
        return run_steps((TaskId)task_from_name(argv[2]), atoi(argv[3]));
    if (argc < 4 || task_from_name(argv[1]) < 0) {
        fprintf(stderr, "usage: bench-train add|all FIRST LAST [HEADS [LR [INIT_QK [MAX]]]]\n");
        return 2;
    }
    TaskId task = (TaskId)task_from_name(argv[1]);
    int first = atoi(argv[2]), last = atoi(argv[3]), solved = 0, total_steps = 0;
    double total_cpu = 0.0;
    printf("%-5s %5s %7s %8s %9s %7s  %s\n", "task", "seed", "steps", "CPU s", "accuracy",
           "stuck", "? attends to (in 三加五等于?)");
    for (int seed = first; seed <= last; seed++) {
        TrainConfig c;
        char err[256], what[128] = "";
        train_config_default(&c, task);
        c.seed = (uint64_t)seed;
        if (argc > 4) c.heads = atoi(argv[4]);
        if (argc > 5) c.lr = atof(argv[5]);
        if (argc > 6) c.init_qk = atof(argv[6]);
        if (argc > 7) c.max_steps = atoi(argv[7]);
        if (argc > 8) c.init_embed = atof(argv[8]);
        if (argc > 9) c.init_out = atof(argv[9]);
        TrainRun *r = train_new(&c, NULL, err, sizeof err);
        if (!r) {
            fprintf(stderr, "bench-train: %s\n", err);
            return 1;
        }
        double t0 = cpu_seconds();
        bool stuck_seen = false;
        while (!train_done(r)) {
            train_steps(r, 100);
            stuck_seen |= train_stuck(r);
        }
        double t = cpu_seconds() - t0;
        attends(r, train_find_sentence(r, "三加五等于?"), what, sizeof what);
        printf("%-5s %5d %7d %8.3f %8.1f%% %7s  %s\n", task_name(task), seed, train_step_count(r),
               t, 100.0 * train_accuracy(r), stuck_seen ? "yes" : "no", what);
        solved += train_solved(r);
        total_steps += train_step_count(r);
        total_cpu += t;
        train_free(r);
    }
    printf("%s: %d of %d seeds reach 100%%; %d steps in %.2f s CPU: %.0f steps/s\n",
           task_name(task), solved, last - first + 1, total_steps, total_cpu,
           total_cpu > 0 ? total_steps / total_cpu : 0.0);
    return 0;
}
