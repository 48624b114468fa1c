/* inplay.c — the model in play and its words for the title (inplay.h).
 * Must not touch: the model's numbers, the terminal, any state. */
#include "inplay.h"

#include <stdio.h>
#include <string.h>
#include "text.h"

void inplay_lesson(ModelInPlay *p)
{
    memset(p, 0, sizeof *p);
    p->kind = PLAY_LESSON;
}

void inplay_file(ModelInPlay *p, const char *path)
{
    memset(p, 0, sizeof *p);
    p->kind = PLAY_FILE;
    const char *slash = strrchr(path, '/');
    const char *base = slash && slash[1] ? slash + 1 : path;
    text_escape(base, p->name, sizeof p->name);   /* a file's name may hold anything */
}

void inplay_named(ModelInPlay *p, const char *name, int layers, int heads)
{
    inplay_file(p, name);   /* the last component, escaped */
    p->kind = PLAY_NAMED;
    snprintf(p->shape_en, sizeof p->shape_en, "%d %s × %d %s", layers, layers == 1 ? "layer" : "layers",
             heads, heads == 1 ? "head" : "heads");
    snprintf(p->shape_zh, sizeof p->shape_zh, "%d 层 × %d 个头", layers, heads);
}

void inplay_trained(ModelInPlay *p, const char *task, unsigned long long seed)
{
    memset(p, 0, sizeof *p);
    p->kind = PLAY_TRAINED;
    snprintf(p->name, sizeof p->name, "%s", task);
    p->seed = seed;
}

/* A training task's name in lang: add 加法, all 加减乘除. */
static const char *inplay_task(const char *task, Lang lang)
{
    if (lang == LANG_ZH && strcmp(task, "add") == 0)
        return "加法";
    if (lang == LANG_ZH && strcmp(task, "all") == 0)
        return "加减乘除";
    return task;
}

char *inplay_words(const ModelInPlay *p, bool edited, Lang lang, const char *sep, char *buf,
                   size_t cap)
{
    bool zh = lang == LANG_ZH;
    switch (p->kind) {
    case PLAY_LESSON:
        text_format(buf, cap, "%s", zh ? "课上的模型" : "lesson model");
        break;
    case PLAY_TRAINED:
        text_format(buf, cap, zh ? "训练的模型%s%s%s种子 %llu" : "trained%s%s%sseed %llu", sep,
                    inplay_task(p->name, lang), sep, p->seed);
        break;
    case PLAY_FILE:
        text_format(buf, cap, zh ? "文件%s%s" : "file%s%s", sep, p->name);
        break;
    case PLAY_NAMED: {
        const char *shape = zh ? p->shape_zh : p->shape_en;
        text_format(buf, cap, "%s%s%s", p->name, shape[0] ? sep : "", shape);
        break;
    }
    }
    if (edited) {
        size_t used = strlen(buf);
        text_format(buf + used, cap - used, "%s%s", sep, zh ? "已改" : "edited");
    }
    return buf;
}
