/* task.c — the sentences of the training tasks `add` and `all`, with their answers.
 * Owns: the arithmetic that decides which sentences belong to a task. Must not touch: the
 * model, the engine, the terminal, any global mutable state. */
#include "task.h"

#include <stdio.h>
#include <string.h>

static const char *const numbers[TASK_ANSWERS] = {
    "零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"
};
static const char *const operators[4] = { "加", "减", "乘", "除" };
static const char *const task_names[TASK_COUNT] = { "add", "all" };

const char *task_number_char(int n)
{
    return n >= 0 && n < TASK_ANSWERS ? numbers[n] : "";
}

int task_from_name(const char *name)
{
    for (int t = 0; t < TASK_COUNT; t++)
        if (name && strcmp(name, task_names[t]) == 0)
            return t;
    return -1;
}

const char *task_name(TaskId task)
{
    return task >= 0 && task < TASK_COUNT ? task_names[task] : "?";
}

/* The result of a op b when the sentence belongs to the tasks, else -1. */
static int task_result(int op, int a, int b)
{
    switch (op) {
    case 0: return a + b <= 10 ? a + b : -1;
    case 1: return a >= b ? a - b : -1;
    case 2: return a * b <= 10 ? a * b : -1;
    default: return b != 0 && a % b == 0 ? a / b : -1;
    }
}

int task_sentences(TaskId task, TaskSentence *out)
{
    int n = 0, ops = task == TASK_ALL ? 4 : 1;
    for (int op = 0; op < ops; op++)
        for (int a = 0; a <= 10; a++)
            for (int b = 0; b <= 10; b++) {
                int r = task_result(op, a, b);
                if (r < 0)
                    continue;
                TaskSentence *s = &out[n++];
                snprintf(s->text, sizeof s->text, "%s%s%s等于?", numbers[a], operators[op], numbers[b]);
                s->a = a;
                s->b = b;
                s->op = op;
                s->answer = r;
            }
    return n;
}
