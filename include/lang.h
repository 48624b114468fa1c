/* lang.h — the one language type: labels in English or Chinese.
 * Owns: the Lang enum, the SAY() pick and the system's error texts (errno) in each
 * language. Must not touch: anything else. */
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

/* Room for one system error text: strerror()'s longest, or the Chinese fallback. */
#define LANG_ERROR_BYTES 128

/* One system error's text, held by value so that a call can stand inside a printf's
 * arguments: lang_strerror(lang, e).text lives until the end of that statement. */
typedef struct {
    char text[LANG_ERROR_BYTES];   /* the text, NUL-terminated */
} LangError;

/* The text of errno value errnum in lang: strerror()'s in English; in Chinese the
 * program's own text for the errors a user meets on files and terminals (not glibc's
 * zh_CN locale data, which may be missing), else 「系统错误（errno N）」. Never English
 * in Chinese. */
LangError lang_strerror(Lang lang, int errnum);

#endif
