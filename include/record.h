/* record.h — a session recorded as an asciicast v2 file (the format asciinema plays and
 * embeds on web pages): a header with size, timestamp and title, then every painted frame
 * as the ANSI output that draws it over the previous one (only the cells that changed),
 * with its time, and resizes.
 * Owns: the file, its JSON, and turning frames into ANSI. Must not touch: ncurses, the
 * clock (times are passed in). Costs nothing while nothing is painted. */
#ifndef ATTN_RECORD_H
#define ATTN_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "grid.h"
#include "theme.h"
#include "outfile.h"

typedef struct {
    OutFile out_file;           /* the .cast file when record_open made it */
    bool owns_file;             /* file is out_file's (record_open), not the caller's */
    FILE *file;                 /* where events go (unbuffered: one write per event), or NULL
                                   once closed or stopped by a failed write */
    char title[128];            /* the header's title */
    long long unix_time;        /* the header's timestamp */
    long long start_ms;         /* clock at the first frame: event times count from it */
    bool started;               /* the header is written */
    Grid last;                  /* the frame as the recording last left it */
    char *out;                  /* one event's output, reused from frame to frame */
    size_t out_len;             /* bytes of it in use */
    size_t out_cap;             /* bytes allocated */
    char *line;                 /* one event's JSON line, written with one write */
    size_t line_len;            /* bytes of it in use */
    size_t line_cap;            /* bytes allocated */
    long long committed;        /* bytes of the file that hold whole events */
    int error;                  /* errno of the first failed write, or 0 */
    Theme theme;                /* the colours frames are recorded in (the live theme; the
                                   caller sets it, record_open starts it at dark) */
} Recorder;

/* Creates path (outfile.h's rules: an existing file only with overwrite, never through a
 * symbolic link; a FIFO or a device is written in place) for a recording titled title,
 * started at unix_time. Returns 0, or -1 with "PATH: reason" (escaped) in err, in lang. */
int record_open(Recorder *r, const char *path, bool overwrite, Lang lang, const char *title,
                long long unix_time, char *err, size_t errlen);

/* Records into file, which the caller owns and closes after record_close (a memory
 * stream in the tests and the fuzz target). */
void record_start(Recorder *r, FILE *file, const char *title, long long unix_time);

/* Records g, painted at now_ms: the header with g's size before the first frame, a resize
 * event when the size changed, then the cells that differ from the last frame as ANSI
 * (all of them the first time and after a resize). A frame equal to the last records
 * nothing. Each event is written whole or not at all: on the first failed write the
 * recording stops (record_failed), a regular file is cut back to its last whole event,
 * and later frames record nothing. A reader that went away (EPIPE) does not raise
 * SIGPIPE. */
void record_frame(Recorder *r, const Grid *g, long long now_ms);

/* The errno of the write that stopped the recording, or 0 while it goes on. */
int record_failed(const Recorder *r);

/* Closes the file. Returns 0, or the errno of the first failed write. */
int record_close(Recorder *r);

#endif
