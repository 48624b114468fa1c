/* slurp.h — reading a whole regular file into memory, with a size limit: what the model
 * parser and the corpus reader read their files with.
 * Owns: opening without blocking on a FIFO, refusing what is not a regular file, the limit.
 * Must not touch: what the bytes mean, messages (callers word them), any global state. */
#ifndef ATTN_SLURP_H
#define ATTN_SLURP_H

#include <stddef.h>

/* Reads the regular file at path, at most max bytes, into a malloc'd buffer (*text, *len;
 * free it; one byte more is allocated, so that a caller may NUL-terminate it). Returns 0,
 * or an errno value: EFBIG for a file over max bytes, ENODEV for a FIFO, a device or a
 * socket (never waited on), EISDIR for a directory, ENOMEM, or what open or read said. */
int slurp_file(const char *path, size_t max, char **text, size_t *len);

#endif
