/* config.h — the user's config file: the defaults a user keeps (htop's htoprc, btop.conf),
 * `key = value` lines with `#` comments, read from $XDG_CONFIG_HOME/attn-tui/config.
 * Owns: finding, reading and checking that file, and filling the options the command line
 * left unset. Must not touch: the terminal, the model's contents (the model file's own
 * defaults override the config: the caller applies them after config_apply). */
#ifndef ATTN_CONFIG_H
#define ATTN_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "cli.h"

#define CONFIG_PATH_BYTES 4096        /* longest config path or value (a `model` path) */
#define CONFIG_MAX_BYTES (64 * 1024)  /* a bigger file is refused: it is not a config */

typedef struct {
    unsigned set;                    /* CLI_GIVEN_* bits of the keys the file sets */
    Options values;                  /* those keys' values (the other fields: defaults) */
    char value[CLI_GIVEN_COUNT][CONFIG_PATH_BYTES]; /* each key's value as written (a path's
                                        leading ~/ made $HOME/), by its bit's index: what
                                        config_apply applies (an Options may point into it) */
} Config;

/* The config file's path: $XDG_CONFIG_HOME/attn-tui/config when XDG_CONFIG_HOME is set
 * and absolute, else $HOME/.config/attn-tui/config. Returns 0, or -1 when neither
 * variable gives a path (or it does not fit in cap bytes). */
int config_default_path(char *buf, size_t cap);

/* Parses the len bytes at text, the file called name (for messages), into *c (cleared
 * first); a UTF-8 byte order mark at its start is skipped. Returns 0, or -1 with
 * "NAME:LINE: what is wrong" (one line, NAME escaped) in err: an unknown key, a bad value,
 * a line that is not `key = value`. */
int config_parse(Config *c, const char *text, size_t len, const char *name,
                 char *err, size_t errlen);

/* Reads and parses the file at path into *c. A missing file is no error (c is left
 * empty) unless must_exist (--config FILE); the null device reads as an empty file; a FIFO,
 * another device or a directory is refused without waiting on it. Returns 0, or -1 with
 * one line in err. */
int config_load(Config *c, const char *path, bool must_exist, char *err, size_t errlen);

/* config_parse and config_load with their messages in lang (theirs are English). */
int config_parse_in(Config *c, const char *text, size_t len, const char *name, Lang lang,
                    char *err, size_t errlen);
int config_load_in(Config *c, const char *path, bool must_exist, Lang lang, char *err, size_t errlen);

/* Applies to *o each default the file sets and the command line did not (o->given), as
 * the command line's option would. *o may point into *c (a model path) afterwards. */
void config_apply(const Config *c, Options *o);

#endif
