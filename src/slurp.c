/* slurp.c — a whole regular file into memory (slurp.h).
 * Owns: the open, the size checks and the read loop. Must not touch: what the bytes mean,
 * the messages, any global state. */
#include "slurp.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* Opens path for reading without blocking on a FIFO that has no writer, and only when
 * it is a regular file. Returns the stream, or NULL with errno set (ENODEV: not a
 * regular file). */
static FILE *open_regular(const char *path)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        int e = S_ISDIR(st.st_mode) ? EISDIR : ENODEV;
        close(fd);
        errno = e;
        return NULL;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "rb");
    if (!f)
        close(fd);
    return f;
}

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
    FILE *f = open_regular(path);
    if (!f)
        return errno ? errno : EIO;
    int e = read_all(f, max, text, len);
    fclose(f);
    return e;
}
