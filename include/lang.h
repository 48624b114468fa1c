/* lang.h — the one language type: labels in English or Chinese.
 * Owns: the Lang enum and the SAY() pick. Must not touch: anything else. */
#ifndef ATTN_LANG_H
#define ATTN_LANG_H

typedef enum {
    LANG_AUTO = -1,   /* not chosen yet: main resolves it from the locale */
    LANG_EN = 0,      /* English */
    LANG_ZH = 1       /* Chinese, the lesson's own words */
} Lang;

/* The English or Chinese string literal by lang. A conditional of two literals, so that a
 * compiler still checks it as a printf format. */
#define LANG_PICK(lang, en, zh) ((lang) == LANG_ZH ? (zh) : (en))

#endif
