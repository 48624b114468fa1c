/* stage.c — the stage table, built from the one list in stage.h.
 * Owns: looking stages up by number or name. Must not touch: drawing, the clock. */
#include "stage.h"

#include <string.h>

static const StageInfo stage_table[STAGE_COUNT] = {
#define STAGE_ROW(id, cli, en, zh, glyph, cap_en, cap_zh) \
    [STAGE_##id] = { cli, en, zh, glyph, cap_en, cap_zh },
    STAGE_LIST(STAGE_ROW)
#undef STAGE_ROW
};

const StageInfo *stage_info(Stage s)
{
    if ((int)s < 0)
        s = (Stage)0;
    if (s >= STAGE_COUNT)
        s = (Stage)(STAGE_COUNT - 1);
    return &stage_table[s];
}

int stage_from_name(const char *name)
{
    for (int s = 0; s < STAGE_COUNT; s++) {
        char digit[2] = { (char)('1' + s), '\0' };
        if (strcmp(name, stage_table[s].cli) == 0 || strcmp(name, digit) == 0)
            return s;
    }
    return -1;
}
