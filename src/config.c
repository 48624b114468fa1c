/* config.c — reads ~/.config/attn-tui/config: `key = value` lines, `#` comments, each value
 * checked by the command line's own rules (cli_apply_named), so one value means one thing.
 * Owns: the file's syntax, its keys, its messages (FILE:LINE: what is wrong).
 * Must not touch: the terminal, the model, the command line's parsing itself. */
#include "config.h"

#include "infile.h"
#include "text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CONFIG_LINE_BYTES 4096   /* longest line */
#define CONFIG_QUOTE_BYTES 160   /* most bytes of a user's word quoted in a message */

/* ---------------------------------------------------------------- paths */

int config_default_path(char *buf, size_t cap)
{
    const char *xdg = getenv("XDG_CONFIG_HOME");
    const char *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')   /* the XDG rule: a relative value is ignored */
        n = snprintf(buf, cap, "%s/attn-tui/config", xdg);
    else if (home && home[0])
        n = snprintf(buf, cap, "%s/.config/attn-tui/config", home);
    else
        return -1;
    return n > 0 && (size_t)n < cap ? 0 : -1;
}

/* ---------------------------------------------------------------- values */

/* "yes", "true", "on", "1" → 1; "no", "false", "off", "0" → 0; else -1. */
static int config_bool(const char *v)
{
    static const char *const yes[] = { "yes", "true", "on", "1" };
    static const char *const no[] = { "no", "false", "off", "0" };
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
        if (strcmp(v, yes[i]) == 0)
            return 1;
        if (strcmp(v, no[i]) == 0)
            return 0;
    }
    return -1;
}

/* The keys, each with its CLI_GIVEN_* bit; they take the values of --KEY. */
static const struct {
    const char *key;   /* the key in the file, the option's long name */
    unsigned bit;      /* CLI_GIVEN_* */
} config_keys[] = {
    { "lang", CLI_GIVEN_LANG },     { "theme", CLI_GIVEN_THEME }, { "view", CLI_GIVEN_VIEW },
    { "speed", CLI_GIVEN_SPEED },   { "ascii", CLI_GIVEN_ASCII }, { "numbers", CLI_GIVEN_NUMBERS },
    { "mask", CLI_GIVEN_MASK },     { "heads", CLI_GIVEN_HEADS }, { "model", CLI_GIVEN_MODEL },
};
/* A message in the language of c's messages. */
#define CONFIG_SAY(c, en, zh) LANG_PICK((c)->values.says, en, zh)

#define CONFIG_KEY_LIST "lang, theme, view, speed, ascii, numbers, mask, heads, model"
#define CONFIG_KEY_LIST_ZH "lang、theme、view、speed、ascii、numbers、mask、heads、model"   /* as --view's list */

/* Sets key to value in *c. Returns 0, or -1 with what is wrong in err (no FILE:LINE). */
static int config_set(Config *c, const char *key, const char *value, char *err, size_t errlen)
{
    char q[CONFIG_QUOTE_BYTES];
    unsigned bit = 0;
    for (size_t i = 0; i < sizeof config_keys / sizeof config_keys[0]; i++)
        if (strcmp(config_keys[i].key, key) == 0)
            bit = config_keys[i].bit;
    if (!bit) {
        snprintf(err, errlen, CONFIG_SAY(c, "unknown key '%s' (the keys: " CONFIG_KEY_LIST ")",
                                         "未知的键「%s」（可用的键：" CONFIG_KEY_LIST_ZH "）"),
                 text_escape(key, q, sizeof q));
        return -1;
    }
    if (bit == CLI_GIVEN_ASCII || bit == CLI_GIVEN_NUMBERS) {
        int b = config_bool(value);
        if (b < 0 && !(bit == CLI_GIVEN_ASCII && strcmp(value, "auto") == 0)) {
            snprintf(err, errlen, CONFIG_SAY(c, "%s: '%s' is not yes or no%s", "%s：「%s」不是 yes 或 no%s"), key,
                     text_escape(value, q, sizeof q),
                     bit == CLI_GIVEN_ASCII ? CONFIG_SAY(c, " (or auto)", "（或 auto）") : "");
            return -1;
        }
        if (bit == CLI_GIVEN_NUMBERS) {
            c->values.numbers = b == 1;
        } else {
            c->values.ascii = b == 1;
            c->values.no_ascii = b == 0;
        }
    } else if (bit == CLI_GIVEN_MODEL) {
        const char *home = getenv("HOME");
        bool tilde = strncmp(value, "~/", 2) == 0 && home && home[0];
        int n = snprintf(c->model, sizeof c->model, "%s%s", tilde ? home : "", value + (tilde ? 1 : 0));
        if (n < 0 || (size_t)n >= sizeof c->model) {
            snprintf(err, errlen, "%s", CONFIG_SAY(c, "model: the path is too long", "model：路径太长"));
            return -1;
        }
    } else if (cli_apply_named(&c->values, key, value, err, errlen) != 0) {
        if (strncmp(err, "--", 2) == 0)   /* "--lang: 'fr' is ..." becomes "lang: 'fr' is ..." (cli's
                                             messages speak c->values.says) */
            memmove(err, err + 2, strlen(err + 2) + 1);
        return -1;
    }
    c->set |= bit;
    return 0;
}

/* ---------------------------------------------------------------- lines */

/* The bytes of s without blanks at either end, in place: returns the new start. */
static char *config_trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

/* Parses one line (NUL-terminated, no '\n'). Returns 0, or -1 with what is wrong. */
static int config_line(Config *c, char *line, char *err, size_t errlen)
{
    char q[CONFIG_QUOTE_BYTES];
    for (char *p = line; *p; p++)   /* a comment: '#' at the start or after a blank */
        if (*p == '#' && (p == line || p[-1] == ' ' || p[-1] == '\t')) {
            *p = '\0';
            break;
        }
    char *s = config_trim(line);
    if (!*s)
        return 0;
    char *eq = strchr(s, '=');
    if (!eq) {
        snprintf(err, errlen, CONFIG_SAY(c, "'%s' is not key = value", "「%s」不是「键 = 值」"), text_escape(s, q, sizeof q));
        return -1;
    }
    *eq = '\0';
    char *key = config_trim(s), *value = config_trim(eq + 1);
    if (!*key) {
        snprintf(err, errlen, "%s", CONFIG_SAY(c, "a value without a key", "有值没有键"));
        return -1;
    }
    if (!*value) {
        snprintf(err, errlen, CONFIG_SAY(c, "%s has no value", "%s 没有值"), text_escape(key, q, sizeof q));
        return -1;
    }
    return config_set(c, key, value, err, errlen);
}

int config_parse(Config *c, const char *text, size_t len, const char *name,
                 char *err, size_t errlen)
{
    return config_parse_in(c, text, len, name, LANG_EN, err, errlen);
}

int config_parse_in(Config *c, const char *text, size_t len, const char *name, Lang lang,
                    char *err, size_t errlen)
{
    char line[CONFIG_LINE_BYTES], what[512], shown[CONFIG_QUOTE_BYTES];
    memset(c, 0, sizeof *c);
    cli_defaults(&c->values);
    c->values.says = lang;
    size_t at = 0;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)   /* a UTF-8 byte order mark, as Windows editors save */
        at = 3;
    for (int number = 1; at < len; number++) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
        int bad = 0;
        if (memchr(text + at, '\0', n)) {
            snprintf(what, sizeof what, "%s", CONFIG_SAY(c, "a NUL byte: this is not a text file",
                                                         "NUL 字节：这不是文本文件"));
            bad = 1;
        } else if (n >= sizeof line) {
            snprintf(what, sizeof what, CONFIG_SAY(c, "the line is longer than %d bytes", "这一行超过 %d 字节"),
                     CONFIG_LINE_BYTES - 1);
            bad = 1;
        } else {
            memcpy(line, text + at, n);
            line[n] = '\0';
            bad = config_line(c, line, what, sizeof what) != 0;
        }
        if (bad) {
            snprintf(err, errlen, CONFIG_SAY(c, "%s:%d: %s", "%s:%d：%s"), text_escape(name, shown, sizeof shown),
                     number, what);
            return -1;
        }
        at += n + 1;
    }
    return 0;
}

/* ---------------------------------------------------------------- files */

int config_load(Config *c, const char *path, bool must_exist, char *err, size_t errlen)
{
    return config_load_in(c, path, must_exist, LANG_EN, err, errlen);
}

int config_load_in(Config *c, const char *path, bool must_exist, Lang lang, char *err, size_t errlen)
{
    char shown[CONFIG_QUOTE_BYTES];
    memset(c, 0, sizeof *c);
    cli_defaults(&c->values);
    c->values.says = lang;
    FILE *fp = infile_open(path);   /* a FIFO or a device is refused, never waited on */
    if (!fp) {
        if ((errno == ENOENT && !must_exist) || (errno == ENODEV && infile_is_null_device(path)))
            return 0;
        if (errno == ENODEV)
            snprintf(err, errlen, CONFIG_SAY(c, "cannot read the config file %s: not a regular file (a pipe or "
                                                "a device is never read)", "读不了配置文件 %s：不是普通文件（不读管道或设备）"),
                     text_escape(path, shown, sizeof shown));
        else
            snprintf(err, errlen, CONFIG_SAY(c, "cannot read the config file %s: %s", "读不了配置文件 %s：%s"),
                     text_escape(path, shown, sizeof shown), lang_strerror(lang, errno).text);
        return -1;
    }
    char *text = malloc(CONFIG_MAX_BYTES + 1);
    if (!text) {
        fclose(fp);
        snprintf(err, errlen, "%s", CONFIG_SAY(c, "out of memory", "内存不足"));
        return -1;
    }
    size_t n = fread(text, 1, CONFIG_MAX_BYTES + 1, fp);
    int failed = ferror(fp), e = errno;
    fclose(fp);
    int status = -1;
    if (failed)
        snprintf(err, errlen, CONFIG_SAY(c, "cannot read the config file %s: %s", "读不了配置文件 %s：%s"),
                 text_escape(path, shown, sizeof shown), lang_strerror(lang, e ? e : EIO).text);
    else if (n > CONFIG_MAX_BYTES)
        snprintf(err, errlen, CONFIG_SAY(c, "%s: larger than %d KiB: not a config file", "%s：大于 %d KiB，不是配置文件"),
                 text_escape(path, shown, sizeof shown), CONFIG_MAX_BYTES / 1024);
    else
        status = config_parse_in(c, text, n, path, lang, err, errlen);
    free(text);
    return status;
}

/* ---------------------------------------------------------------- applying */

void config_apply(const Config *c, Options *o)
{
    unsigned take = c->set & ~o->given;
    if (take & CLI_GIVEN_LANG)    o->lang = c->values.lang;
    if (take & CLI_GIVEN_THEME) {
        o->theme = c->values.theme;
        o->theme_set = true;
    }
    if (take & CLI_GIVEN_VIEW)    o->view = c->values.view;
    if (take & CLI_GIVEN_SPEED)   o->speed = c->values.speed;
    if (take & CLI_GIVEN_NUMBERS) o->numbers = c->values.numbers;
    if (take & CLI_GIVEN_MASK)    o->mask = c->values.mask;
    if (take & CLI_GIVEN_HEADS)   o->heads = c->values.heads;
    if (take & CLI_GIVEN_MODEL)   o->model_path = c->model;
    if (take & CLI_GIVEN_ASCII) {
        o->ascii = c->values.ascii;
        o->no_ascii = c->values.no_ascii;
    }
}
