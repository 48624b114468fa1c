/* infile.c — opens a file to read only when it is a regular file, never waiting on a FIFO
 * or a device first (infile.h). Must not touch: the file's contents, any global state. */
#include "infile.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *infile_open(const char *path)
{
    /* O_NONBLOCK: open() of a FIFO without a writer returns at once; O_NOCTTY: a terminal
     * named by mistake never becomes the controlling one */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
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

bool infile_is_null_device(const char *path)
{
    struct stat st, null;
    return stat(path, &st) == 0 && stat("/dev/null", &null) == 0 && S_ISCHR(st.st_mode) &&
           S_ISCHR(null.st_mode) && st.st_rdev == null.st_rdev;
}
