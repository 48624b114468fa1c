/* outfile.h — writing a file the user named, safely: never replacing an existing file unless
 * asked (--overwrite), never following a symbolic link, never leaving half a file.
 * Owns: the rules every output file of the program follows (--record, --save, SVG,
 * worksheets). Must not touch: what is written (callers write to f->fp), the terminal. */
#ifndef ATTN_OUTFILE_H
#define ATTN_OUTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "lang.h"

#define OUTFILE_PATH_BYTES 4096

typedef enum {
    OUTFILE_ATOMIC = 0,  /* written to a temporary file beside it, renamed into place by
                            outfile_commit (a reader never sees half a file) */
    OUTFILE_STREAM       /* written in place as it goes (--record: a FIFO, a terminal, or a
                            regular file that must hold every event so far) */
} OutFileMode;

typedef struct {
    FILE *fp;                        /* where the caller writes; NULL when not open */
    OutFileMode mode;                /* atomic or streamed */
    bool overwrite;                  /* an existing regular file may be replaced */
    Lang lang;                       /* the language of the messages (LANG_EN or LANG_ZH) */
    bool special;                    /* the path is not a regular file (FIFO, device):
                                        written in place, never created or replaced */
    bool exists;                     /* the last open or commit was refused because a file
                                        is there (overwrite false): the caller may ask */
    char path[OUTFILE_PATH_BYTES];   /* the file the user named */
    char tmp[OUTFILE_PATH_BYTES];    /* the temporary file of OUTFILE_ATOMIC, or "" */
} OutFile;

/* Opens path for writing. An existing regular file is refused unless overwrite; a
 * symbolic link is refused always (it is never followed); a FIFO or a device (e.g.
 * /dev/null, /dev/stdout's terminal) is written in place, opened without blocking (a FIFO
 * nobody reads is refused at once: "no one is reading it"), its writes never blocking
 * for more than a second without progress ("the reader stopped reading") and never
 * raising SIGPIPE (a reader gone is EPIPE). Returns 0, or -1 with a one-line message in
 * err, in lang (the path escaped with text_escape). */
int outfile_open(OutFile *f, const char *path, OutFileMode mode, bool overwrite, Lang lang,
                 char *err, size_t errlen);

/* Flushes and closes f; for OUTFILE_ATOMIC moves the temporary file into place (with
 * overwrite false, atomically refusing a file that appeared meanwhile). On any write
 * error the temporary file is removed and nothing is replaced. Returns 0, or -1 with a
 * one-line message in err. */
int outfile_commit(OutFile *f, char *err, size_t errlen);

/* Writes n bytes of buf to fp and flushes it with SIGPIPE held back: a reader that went
 * away gives EPIPE (in errno), never the signal that ends the program. Returns true when
 * everything was written. For any stream (--record's events use it). */
bool outfile_write(FILE *fp, const void *buf, size_t n);

/* The one-line message of a write to f that failed with errnum ("PATH: REASON", in f's
 * language; a FIFO's reader gone or stalled said as such), into err. */
void outfile_errno(const OutFile *f, int errnum, char *err, size_t errlen);

/* Where the file at path went, to say so ("saved to PATH"): its full path (the directories'
 * links resolved; path itself when that fails), escaped with text_escape, into msg. */
void outfile_where(const char *path, char *msg, size_t cap);

/* True when something (a file, a link, a directory …) is at path: the name is taken. */
bool outfile_taken(const char *path);

/* The first name of wanted, wanted-2, wanted-3 … (the number before the last extension:
 * "add-seed1.model", "add-seed1-2.model") that taken(name, ctx) says is free, into out.
 * Returns 0, or -1 when the first OUTFILE_MAX_NUMBER are all taken (out is wanted then). */
#define OUTFILE_MAX_NUMBER 999
int outfile_free_name(const char *wanted, bool (*taken)(const char *name, void *ctx), void *ctx,
                      char *out, size_t cap);

/* Closes f and removes the temporary file of OUTFILE_ATOMIC (the target is untouched);
 * safe on a closed or never opened OutFile. */
void outfile_abort(OutFile *f);

#endif
