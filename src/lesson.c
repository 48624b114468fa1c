/* lesson.c — builds the set of forward passes the screens read.
 * Owns: which passes exist and their lifetime. Must not touch: arithmetic (engine.c),
 * the terminal, drawing. */
#include "lesson.h"

#include <stdio.h>
#include <string.h>

int lesson_build(Lesson *ls, const Model *m, const char *sentence, const EngineConfig *cfg,
                 char *err, size_t errlen)
{
    static const EngineConfig lesson6 = { MASK_NONE, 1 };
    memset(ls, 0, sizeof *ls);
    ls->model = m;
    ls->config = cfg ? *cfg : lesson6;
    if (engine_forward_with(m, sentence, &ls->config, &ls->tr, err, errlen) != 0)
        return -1;
    size_t used = 0;
    for (int t = 0; t < ls->tr.T; t++) {
        size_t n = strlen(ls->tr.tokens[t]);
        if (used + n < sizeof ls->sentence) {
            memcpy(ls->sentence + used, ls->tr.tokens[t], n);
            used += n;
        }
    }
    ls->sentence[used] = '\0';
    return 0;
}

void lesson_free(Lesson *ls)
{
    engine_free(&ls->tr);
    memset(ls, 0, sizeof *ls);
}
