/* slurp.c — a whole regular file into memory (slurp.h), opened by infile.h.
 * Owns: the size checks and the read loop. Must not touch: what the bytes mean, the messages,
 * any global state. */
#include "slurp.h"
#include "infile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

/* Reads all of f (at most max bytes) into a malloc'd buffer. Returns 0, or an errno value;
 * EFBIG when the file holds more than max bytes. */
static int read_all(FILE *f, size_t max, char **text, size_t *len)
{
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size > max)
        return EFBIG;
    size_t cap = 65536, used = 0;
    char *buf = malloc(cap + 1);
    for (;;) {
        if (!buf)
            return ENOMEM;
        if (used == cap) {
            if (cap > max)
                break;
            size_t grow = cap * 2 <= max ? cap * 2 : max + 1;
            char *grown = realloc(buf, grow + 1);
            if (!grown) {
                free(buf);
                return ENOMEM;
            }
            buf = grown;
            cap = grow;
        }
        size_t got = fread(buf + used, 1, cap - used, f);
        used += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        int e = errno ? errno : EIO;
        free(buf);
        return e;
    }
    if (used > max) {
        free(buf);
        return EFBIG;
    }
    *text = buf;
    *len = used;
    return 0;
}

int slurp_file(const char *path, size_t max, char **text, size_t *len)
{
    *text = NULL;
    *len = 0;
    FILE *f = infile_open(path);
    if (!f)
        return errno ? errno : EIO;
    int e = read_all(f, max, text, len);
    fclose(f);
    return e;
}
