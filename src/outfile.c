/* outfile.c — the one way the program writes a file the user named: O_EXCL and O_NOFOLLOW,
 * a temporary file renamed into place, an existing file replaced only when asked.
 * Must not touch: the contents (callers write them), the terminal, global state. */
#define _GNU_SOURCE 1
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "text.h"

#define OUTFILE_QUOTE_BYTES 160   /* most bytes of a path quoted in a message */

/* ---------------------------------------------------------------- messages */

/* "PATH: what" with the path escaped. */
static void outfile_error(const char *path, const char *what, char *err, size_t errlen)
{
    char quoted[OUTFILE_QUOTE_BYTES];
    snprintf(err, errlen, "%s: %s", text_escape(path, quoted, sizeof quoted), what);
}

/* ---------------------------------------------------------------- opening */

/* Opens an existing FIFO or device in place (no O_CREAT, no O_TRUNC, no link followed). */
static int outfile_open_special(OutFile *f, char *err, size_t errlen)
{
    int fd = open(f->path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        outfile_error(f->path, strerror(errno), err, errlen);
        return -1;
    }
    f->fp = fdopen(fd, "w");
    if (!f->fp) {
        close(fd);
        outfile_error(f->path, strerror(errno), err, errlen);
        return -1;
    }
    f->special = true;
    return 0;
}

/* Creates the file itself: O_EXCL unless an existing regular file may be truncated. */
static int outfile_open_stream(OutFile *f, bool exists, char *err, size_t errlen)
{
    int flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC;
    flags |= exists ? O_TRUNC : O_EXCL;
    int fd = open(f->path, flags, 0644);
    if (fd < 0) {
        f->exists = errno == EEXIST;
        outfile_error(f->path, errno == EEXIST ? "exists (use --overwrite to replace it)"
                                               : strerror(errno), err, errlen);
        return -1;
    }
    f->fp = fdopen(fd, "w");
    if (!f->fp) {
        close(fd);
        outfile_error(f->path, strerror(errno), err, errlen);
        return -1;
    }
    return 0;
}

/* The mode a new file gets: 0644 less the umask (read and restored: the program has one
 * thread). */
static mode_t outfile_new_mode(void)
{
    mode_t mask = umask(022);
    umask(mask);
    return 0644 & ~mask;
}

/* Creates PATH.XXXXXX beside the target (same directory, so rename is atomic), with the
 * mode of the file it replaces (mode), or of a new file. */
static int outfile_open_temp(OutFile *f, mode_t mode, char *err, size_t errlen)
{
    int n = snprintf(f->tmp, sizeof f->tmp, "%s.XXXXXX", f->path);
    if (n < 0 || (size_t)n >= sizeof f->tmp) {
        outfile_error(f->path, "the path is too long", err, errlen);
        return -1;
    }
    int fd = mkostemp(f->tmp, O_CLOEXEC);
    if (fd < 0) {
        outfile_error(f->path, strerror(errno), err, errlen);
        f->tmp[0] = '\0';
        return -1;
    }
    (void)fchmod(fd, mode);   /* mkostemp makes it 0600 */
    f->fp = fdopen(fd, "w");
    if (!f->fp) {
        close(fd);
        unlink(f->tmp);
        f->tmp[0] = '\0';
        outfile_error(f->path, strerror(errno), err, errlen);
        return -1;
    }
    return 0;
}

int outfile_open(OutFile *f, const char *path, OutFileMode mode, bool overwrite,
                 char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    f->mode = mode;
    f->overwrite = overwrite;
    if (!path || !*path) {
        snprintf(err, errlen, "no file name given");
        return -1;
    }
    if (strlen(path) >= sizeof f->path - 8) {
        outfile_error(path, "the path is too long", err, errlen);
        return -1;
    }
    snprintf(f->path, sizeof f->path, "%s", path);
    struct stat st;
    bool exists = lstat(path, &st) == 0;
    if (exists && S_ISLNK(st.st_mode)) {
        outfile_error(path, "is a symbolic link (not followed: name the file itself)", err, errlen);
        return -1;
    }
    if (exists && S_ISDIR(st.st_mode)) {
        outfile_error(path, "is a directory", err, errlen);
        return -1;
    }
    if (exists && S_ISBLK(st.st_mode)) {
        outfile_error(path, "is a block device (a disk is never written to)", err, errlen);
        return -1;
    }
    if (exists && !S_ISREG(st.st_mode))
        return outfile_open_special(f, err, errlen);
    if (exists && !overwrite) {
        f->exists = true;
        outfile_error(path, "exists (use --overwrite to replace it)", err, errlen);
        return -1;
    }
    if (mode == OUTFILE_STREAM)
        return outfile_open_stream(f, exists, err, errlen);
    return outfile_open_temp(f, exists ? st.st_mode & 07777 : outfile_new_mode(), err, errlen);
}

/* ---------------------------------------------------------------- closing */

/* Moves the finished temporary file into place. */
static int outfile_place(OutFile *f, char *err, size_t errlen)
{
    if (f->overwrite) {
        if (rename(f->tmp, f->path) != 0) {
            outfile_error(f->path, strerror(errno), err, errlen);
            return -1;
        }
    } else if (renameat2(AT_FDCWD, f->tmp, AT_FDCWD, f->path, RENAME_NOREPLACE) != 0) {
        /* RENAME_NOREPLACE fails with EEXIST if the target appeared since outfile_open;
         * where the file system lacks it, link() does the same */
        if ((errno != EINVAL && errno != ENOSYS) || link(f->tmp, f->path) != 0) {
            f->exists = errno == EEXIST;
            outfile_error(f->path, errno == EEXIST ? "exists (use --overwrite to replace it)"
                                                   : strerror(errno), err, errlen);
            return -1;
        }
        unlink(f->tmp);
    }
    f->tmp[0] = '\0';
    return 0;
}

int outfile_commit(OutFile *f, char *err, size_t errlen)
{
    if (!f->fp) {
        outfile_error(f->path, "not open", err, errlen);
        return -1;
    }
    errno = 0;
    int failed = fflush(f->fp) != 0 || ferror(f->fp);
    if (!failed && f->mode == OUTFILE_ATOMIC && f->tmp[0])
        failed = fsync(fileno(f->fp)) != 0;   /* on the disk before it takes the name */
    int saved = errno;
    if (fclose(f->fp) != 0 && !failed) {
        failed = 1;
        saved = errno;
    }
    f->fp = NULL;
    if (failed) {
        outfile_error(f->path, strerror(saved ? saved : EIO), err, errlen);
        outfile_abort(f);
        return -1;
    }
    if (f->mode == OUTFILE_ATOMIC && f->tmp[0]) {
        if (outfile_place(f, err, errlen) != 0) {
            outfile_abort(f);
            return -1;
        }
    }
    return 0;
}

void outfile_where(const char *path, char *msg, size_t cap)
{
    char full[PATH_MAX];
    text_escape(realpath(path, full) ? full : path, msg, cap);
}

bool outfile_taken(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

void outfile_abort(OutFile *f)
{
    if (f->fp) {
        fclose(f->fp);
        f->fp = NULL;
    }
    if (f->tmp[0]) {
        unlink(f->tmp);
        f->tmp[0] = '\0';
    }
}
