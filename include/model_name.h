/* model_name.h — where `--model NAME` finds an installed model: a name without a '/' and without
 * ".model" (poems) is NAME.model beside the running binary (/proc/self/exe), or in assets/ beside
 * it (./attn-tui in a clone finds assets/poems.model), then in the data directory compiled in
 * ($(PREFIX)/share/attn-tui); anything else is a path (./poems forces a file).
 * Owns: that rule and the message when no such model is installed. Must not touch: reading the
 * model (model.h), the terminal, any global state. */
#ifndef ATTN_MODEL_NAME_H
#define ATTN_MODEL_NAME_H

#include <stdbool.h>
#include <stddef.h>
#include "lang.h"

#define MODEL_NAME_PATH_BYTES 4096   /* room for a resolved path */

/* True when arg names an installed model rather than a file. */
bool model_name_is_installed(const char *arg);

/* The file --model arg reads into path (cap bytes): arg itself for a path; for a name, the first
 * of the three places that has NAME.model. Returns 0, or -1 with one line in err, in lang, naming
 * the places it looked ("no installed model \"x\": looked for x.model in DIR (and its assets/) and
 * in DATADIR …"). */
int model_name_resolve(const char *arg, char *path, size_t cap, Lang lang, char *err, size_t errlen);

/* The compiled-in data directory ($(PREFIX)/share/attn-tui). */
const char *model_name_datadir(void);

#endif
