/* infile.h — opening a file to read without ever waiting on it: a FIFO nobody writes to, a
 * terminal or another device is refused at once instead of blocking the program in open()
 * or read() (the model loader, the config file).
 * Owns: that check. Must not touch: what the file holds, the messages about it. */
#ifndef ATTN_INFILE_H
#define ATTN_INFILE_H

#include <stdbool.h>
#include <stdio.h>

/* Opens path for reading ("rb") when it is a regular file, without blocking on the way (a
 * FIFO without a writer, a serial line). Returns the stream, or NULL with errno set: EISDIR
 * (a directory), ENODEV (a FIFO, a device or a socket), or open's own error. */
FILE *infile_open(const char *path);

/* Whether path is the null device (/dev/null by any name): the usual way to say "an empty
 * file" (ssh -F /dev/null), which never blocks. */
bool infile_is_null_device(const char *path);

#endif
