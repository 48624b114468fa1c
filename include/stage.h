/* stage.h — the four stations of the whole machine, in the order the lesson runs them.
 * Owns: the one stage list (X-macro): each stage's command-line name, English and Chinese
 * names, glyph and caption. Must not touch: the player's clock, drawing. */
#ifndef ATTN_STAGE_H
#define ATTN_STAGE_H

/* X(ID, cli name, English, Chinese, glyph, English caption, Chinese caption) */
#define STAGE_LIST(X)                                                              \
    X(QKV, "qkv", "Q K V", "三个分身", "①",                                       \
      "x becomes Q, K and V", "x 乘三张矩阵，变出 Q、K、V")                        \
    X(SCORE, "score", "score", "打分", "②",                                        \
      "Q·Kᵀ: every asker scores every name tag", "Q·Kᵀ：每个字给每张名牌打分")     \
    X(SOFTMAX, "softmax", "softmax", "变百分比", "③",                               \
      "÷√d, then softmax: shares that sum to 100%", "÷√d，再 softmax：加起来 100%") \
    X(OUTPUT, "output", "output", "取货", "④",                                     \
      "each takes in every V, weighted by its shares", "按百分比把每个 V 收回来")

typedef enum {
#define STAGE_ENUM(id, cli, en, zh, glyph, cap_en, cap_zh) STAGE_##id,
    STAGE_LIST(STAGE_ENUM)
#undef STAGE_ENUM
    STAGE_COUNT
} Stage;

/* What the stage table says of one stage. */
typedef struct {
    const char *cli;         /* --stage name: "qkv" */
    const char *en;          /* English name: "Q K V" */
    const char *zh;          /* Chinese name, the lesson's: "三个分身" */
    const char *glyph;       /* circled number: "①" */
    const char *caption_en;  /* one line on what happens, English */
    const char *caption_zh;  /* the same in Chinese */
} StageInfo;

/* The table row of stage s (s is clamped into range). */
const StageInfo *stage_info(Stage s);

/* The stage whose cli name is name, or whose number (1-based) it is; -1 when none. */
int stage_from_name(const char *name);

#endif
