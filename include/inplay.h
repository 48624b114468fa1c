/* inplay.h — which model every screen plays, in words for the title: the lesson's own
 * (compiled in), one trained on this screen (its task and seed), a model file (its name),
 * or a named model with its shape ("poems · 2 layers × 4 heads"); "edited" after it while
 * a change of its numbers is in effect.
 * Owns: ModelInPlay and its words. Must not touch: the model's numbers, the terminal, any
 * state (app.c says what plays, ui.c keeps it). */
#ifndef ATTN_INPLAY_H
#define ATTN_INPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include "lang.h"

#define INPLAY_NAME_BYTES 96   /* a file's name or a model's, UTF-8, with its NUL */

/* What plays. */
typedef enum {
    PLAY_LESSON = 0,   /* the lesson's model (compiled in): "lesson model" */
    PLAY_TRAINED,      /* trained on the train screen: name is the task (add, all), seed its seed */
    PLAY_FILE,         /* --model FILE: name is the file's last component */
    PLAY_NAMED         /* a model that names itself: name ("poems"), then shape_en / shape_zh
                          ("2 layers × 4 heads") */
} PlayKind;

typedef struct {
    PlayKind kind;                        /* which */
    char name[INPLAY_NAME_BYTES];         /* PLAY_TRAINED: the task; PLAY_FILE: the file;
                                             PLAY_NAMED: the model's name */
    unsigned long long seed;              /* PLAY_TRAINED: the seed it started from */
    char shape_en[INPLAY_NAME_BYTES];     /* PLAY_NAMED: its shape, English ("" none) */
    char shape_zh[INPLAY_NAME_BYTES];     /* the same, Chinese */
} ModelInPlay;

/* The lesson's model. */
void inplay_lesson(ModelInPlay *p);

/* A model file: the last component of path. */
void inplay_file(ModelInPlay *p, const char *path);

/* A layered model named name (--model poems: "poems"; a file: its last component) with its
 * shape: "2 layers × 4 heads" / "2 层 × 4 个头". */
void inplay_named(ModelInPlay *p, const char *name, int layers, int heads);

/* A model trained here on task from seed. */
void inplay_trained(ModelInPlay *p, const char *task, unsigned long long seed);

/* The title's words: "lesson model", "trained · add · seed 1", "file · my.model",
 * "poems · 2 layers × 4 heads", each followed by " · edited" when edited (Chinese: 课上的
 * 模型, 训练的模型 · 加法 · 种子 1, 文件 · my.model, … · 已改). sep joins the parts (the
 * glyphs' separator: " · ", or " - " in ASCII). Returns buf. */
char *inplay_words(const ModelInPlay *p, bool edited, Lang lang, const char *sep, char *buf,
                   size_t cap);

#endif
