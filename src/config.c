/* config.c — reads ~/.config/attn-tui/config: `key = value` lines, `#` comments, each value
 * checked and applied by the command line's own rules (cli_apply_named), so one value means
 * one thing; the keys are the option table's (cli_config_key).
 * Owns: the file's syntax (yes and no, ~/ in a path, a byte order mark), its messages
 * (FILE:LINE: what is wrong). Must not touch: the terminal, the model, the options' parsing. */
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

/* A message in the language of c's messages. */
#define CONFIG_SAY(c, en, zh) LANG_PICK((c)->values.says, en, zh)

/* The key named key into *k with its bit's index in *slot: 0, or -1 when no option has it.
 * The keys are the option table's (cli_config_key), one per CLI_GIVEN_* bit. */
static int config_key(const char *key, CliKey *k, int *slot)
{
    for (int b = 0; b < CLI_GIVEN_COUNT; b++)
        if (cli_config_key(1u << b, k) == 0 && strcmp(k->key, key) == 0) {
            *slot = b;
            return 0;
        }
    return -1;
}

/* The keys for a message, in the order of their bits: "lang, theme, …" ("lang、theme、…"). */
static void config_key_list(const Config *c, char *buf, size_t cap)
{
    CliKey k;
    buf[0] = '\0';
    for (int b = 0; b < CLI_GIVEN_COUNT; b++)
        if (cli_config_key(1u << b, &k) == 0) {
            size_t used = strlen(buf);
            snprintf(buf + used, cap - used, "%s%s", used ? CONFIG_SAY(c, ", ", "、") : "", k.key);
        }
}

/* Applies key k's value text to o as the command line would: a key of yes or no its flag
 * (none for a default or auto), any other key its option with text. Returns 0, or -1 with
 * the option's message in err. */
static int config_apply_key(const CliKey *k, const char *text, Options *o, char *err, size_t errlen)
{
    if (k->option)
        return cli_apply_named(o, k->option, text, err, errlen);
    int b = config_bool(text);
    const char *flag = b == 1 ? k->yes : b == 0 ? k->no : NULL;
    return flag ? cli_apply_named(o, flag, NULL, err, errlen) : 0;
}

/* Sets key to value in *c. Returns 0, or -1 with what is wrong in err (no FILE:LINE). */
static int config_set(Config *c, const char *key, const char *value, char *err, size_t errlen)
{
    char q[CONFIG_QUOTE_BYTES];
    CliKey k;
    int slot;
    if (config_key(key, &k, &slot) != 0) {
        char keys[512];
        config_key_list(c, keys, sizeof keys);
        snprintf(err, errlen, CONFIG_SAY(c, "unknown key '%s' (the keys: %s)", "未知的键「%s」（可用的键：%s）"),
                 text_escape(key, q, sizeof q), keys);
        return -1;
    }
    char *text = c->value[slot];
    if (!k.option) {   /* yes or no, and auto when the key has a flag for each */
        bool any = k.yes && k.no;
        if (config_bool(value) < 0 && !(any && strcmp(value, "auto") == 0)) {
            snprintf(err, errlen, CONFIG_SAY(c, "%s: '%s' is not yes or no%s", "%s：「%s」不是 yes 或 no%s"), key,
                     text_escape(value, q, sizeof q), any ? CONFIG_SAY(c, " (or auto)", "（或 auto）") : "");
            return -1;
        }
    }
    const char *home = getenv("HOME");
    bool tilde = k.path && strncmp(value, "~/", 2) == 0 && home && home[0];
    int n = snprintf(text, CONFIG_PATH_BYTES, "%s%s", tilde ? home : "", value + (tilde ? 1 : 0));
    if (n < 0 || n >= CONFIG_PATH_BYTES) {
        snprintf(err, errlen, CONFIG_SAY(c, "%s: the path is too long", "%s：路径太长"), key);
        return -1;
    }
    Options check;   /* the option's own rules, on a copy: its message if it refuses */
    cli_defaults(&check);
    check.says = c->values.says;
    if (config_apply_key(&k, text, &check, err, errlen) != 0) {
        if (strncmp(err, "--", 2) == 0)   /* "--lang: 'fr' is ..." becomes "lang: 'fr' is ..." (cli's
                                             messages speak c->values.says) */
            memmove(err, err + 2, strlen(err + 2) + 1);
        return -1;
    }
    c->set |= k.bit;
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
    Lang says = c->values.says;   /* the values: the defaults with each key applied */
    cli_defaults(&c->values);
    c->values.says = says;
    config_apply(c, &c->values);
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
    for (int b = 0; b < CLI_GIVEN_COUNT; b++) {
        CliKey k;
        if ((take & (1u << b)) && cli_config_key(1u << b, &k) == 0) {
            char err[512];
            (void)config_apply_key(&k, c->value[b], o, err, sizeof err);   /* config_set checked it */
        }
    }
}
