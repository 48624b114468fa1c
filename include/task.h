/* task.h — the sentence sets training learns: `add`, the 66 sentences A加B等于?
 * with A + B ≤ 10, and `all`, the four operations (217 sentences), each with its answer.
 * Owns: spelling the sentences and their targets. Must not touch: the model, the engine,
 * the terminal, any global state. */
#ifndef ATTN_TASK_H
#define ATTN_TASK_H

#include "text.h"

typedef enum {
    TASK_ADD = 0,   /* A加B等于? for A, B in 0..10 with A + B ≤ 10: 66 sentences */
    TASK_ALL,       /* add, 减 (A ≥ B), 乘 (A × B ≤ 10), 除 (B ≠ 0, B divides A): 217 */
    TASK_COUNT
} TaskId;

#define TASK_MAX_SENTENCES 217   /* the largest task's sentences */
#define TASK_LENGTH 6            /* characters in every sentence: A op B 等 于 ? */
#define TASK_ANSWERS 11          /* the answers 零 … 十 */

/* One sentence of a task. */
typedef struct {
    char text[TASK_LENGTH * 4 + 1];   /* the sentence, UTF-8 ("三加五等于?") */
    int a, b;                         /* its two numbers, 0..10 */
    int op;                           /* 0 加, 1 减, 2 乘, 3 除 */
    int answer;                       /* the result, 0..10 */
} TaskSentence;

/* The task's sentences in order (加 then 减 乘 除; A, then B, ascending) into out
 * (room for TASK_MAX_SENTENCES). Returns how many (66 or 217). */
int task_sentences(TaskId task, TaskSentence *out);

/* The character of a number 0..10 ("零" … "十"), or "" outside. */
const char *task_number_char(int n);

/* The task named "add" or "all", or -1; and the name of a task. */
int task_from_name(const char *name);
const char *task_name(TaskId task);

#endif
