/* outfile.c — the one way the program writes a file the user named: O_EXCL and O_NOFOLLOW,
 * a temporary file renamed into place, an existing file replaced only when asked; a FIFO or
 * a device written without ever blocking the program for long, and never killed by SIGPIPE.
 * Must not touch: the contents (callers write them), the terminal, global state (SIGPIPE is
 * blocked only for the length of one write, and a SIGPIPE that write raised taken back). */
#define _GNU_SOURCE 1
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "lang.h"
#include "text.h"

#define OUTFILE_QUOTE_BYTES 160   /* most bytes of a path quoted in a message */

/* ---------------------------------------------------------------- writing without SIGPIPE */

/* SIGPIPE held back around one write: blocked, and one the write raised (a FIFO's reader
 * gone) taken back before it is unblocked, so the write fails with EPIPE instead. */
typedef struct {
    sigset_t pipe;      /* just SIGPIPE */
    sigset_t old;       /* the mask to restore */
    bool was_pending;   /* a SIGPIPE was pending before: not ours to take */
} PipeHold;

static void pipe_hold(PipeHold *h)
{
    sigset_t pending;
    sigemptyset(&h->pipe);
    sigaddset(&h->pipe, SIGPIPE);
    sigpending(&pending);
    h->was_pending = sigismember(&pending, SIGPIPE);
    sigprocmask(SIG_BLOCK, &h->pipe, &h->old);
}

/* Ends the hold; epipe: the write failed with EPIPE (errno is kept). */
static void pipe_release(PipeHold *h, bool epipe)
{
    int saved = errno;
    if (epipe && !h->was_pending) {
        struct timespec now = { 0, 0 };
        sigtimedwait(&h->pipe, NULL, &now);
    }
    sigprocmask(SIG_SETMASK, &h->old, NULL);
    errno = saved;
}

bool outfile_write(FILE *fp, const void *buf, size_t n)
{
    PipeHold h;
    pipe_hold(&h);
    errno = 0;
    bool ok = fwrite(buf, 1, n, fp) == n && fflush(fp) == 0;
    pipe_release(&h, !ok && errno == EPIPE);
    return ok;
}

/* A FIFO or a device, opened non-blocking: its stdio stream writes through here. A write
 * that cannot go on waits in poll for the reader, at most OUTFILE_STALL_MS without a byte
 * taken; then it fails with EAGAIN ("the reader stopped reading"). */
#define OUTFILE_STALL_MS 1000

typedef struct {
    int fd;       /* the FIFO or device, O_NONBLOCK */
    int failed;   /* the errno of the write that failed: every later write fails at once */
} OutFileSink;

static ssize_t outfile_sink_write(void *cookie, const char *buf, size_t n)
{
    OutFileSink *sink = cookie;
    int fd = sink->fd;
    if (sink->failed) {
        errno = sink->failed;
        return 0;
    }
    size_t done = 0;
    int waited = 0;
    while (done < n) {
        PipeHold h;
        pipe_hold(&h);
        ssize_t k = write(fd, buf + done, n - done);
        pipe_release(&h, k < 0 && errno == EPIPE);
        if (k > 0) {
            done += (size_t)k;
            waited = 0;
        } else if (k < 0 && errno == EAGAIN && waited < OUTFILE_STALL_MS) {
            struct pollfd p = { .fd = fd, .events = POLLOUT, .revents = 0 };
            int step = OUTFILE_STALL_MS - waited < 100 ? OUTFILE_STALL_MS - waited : 100;
            if (poll(&p, 1, step) == 0)
                waited += step;
        } else if (!(k < 0 && errno == EINTR)) {
            if (k == 0)
                errno = EIO;
            sink->failed = errno;
            break;   /* EPIPE, EAGAIN after the stall, or another error: errno says */
        }
    }
    return (ssize_t)done;   /* short: stdio marks the stream failed, errno is the reason */
}

static int outfile_sink_close(void *cookie)
{
    OutFileSink *sink = cookie;
    int failed = sink->failed, closed = close(sink->fd);
    free(sink);
    if (failed) {
        errno = failed;   /* fclose reports the write's reason, not close's */
        return -1;
    }
    return closed;
}

/* ---------------------------------------------------------------- messages */

/* "PATH: what" with the path escaped, in f's language. */
static void outfile_error(const OutFile *f, const char *path, const char *what, char *err,
                          size_t errlen)
{
    char quoted[OUTFILE_QUOTE_BYTES];
    snprintf(err, errlen, LANG_PICK(f->lang, "%s: %s", "%s：%s"),
             text_escape(path, quoted, sizeof quoted), what);
}

/* "PATH: the system's error text" in f's language; for a FIFO or a device the reasons a
 * reader gives in its own words. */
void outfile_errno(const OutFile *f, int errnum, char *err, size_t errlen)
{
    if (f->special && errnum == ENXIO)
        outfile_error(f, f->path, LANG_PICK(f->lang, "no one is reading it (start the FIFO's reader first)",
                                            "没有程序在读它（请先启动读这个 FIFO 的程序）"), err, errlen);
    else if (f->special && errnum == EAGAIN)
        outfile_error(f, f->path, LANG_PICK(f->lang, "the reader stopped reading (nothing taken for a second)",
                                            "读的一方停了（一秒钟没有取走任何数据）"), err, errlen);
    else if (f->special && errnum == EPIPE)
        outfile_error(f, f->path, LANG_PICK(f->lang, "the reader went away (broken pipe)",
                                            "读的一方已经走了（管道断开）"), err, errlen);
    else
        outfile_error(f, f->path, lang_strerror(f->lang, errnum).text, err, errlen);
}

/* "PATH exists", saying how to replace it. */
static void outfile_exists(const OutFile *f, const char *path, char *err, size_t errlen)
{
    outfile_error(f, path, LANG_PICK(f->lang, "exists (use --overwrite to replace it)",
                                     "文件已存在（要替换它，加 --overwrite）"), err, errlen);
}

/* ---------------------------------------------------------------- opening */

/* Opens an existing FIFO or device in place (no O_CREAT, no O_TRUNC, no link followed),
 * without blocking: a FIFO nobody reads is ENXIO at once (said so), not a wait in open();
 * its stream writes through outfile_sink_write. */
static int outfile_open_special(OutFile *f, char *err, size_t errlen)
{
    f->special = true;
    OutFileSink *cookie = malloc(sizeof *cookie);
    int fd = cookie ? open(f->path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) : -1;
    if (fd < 0) {
        outfile_errno(f, cookie ? errno : ENOMEM, err, errlen);
        free(cookie);
        return -1;
    }
    *cookie = (OutFileSink){ .fd = fd, .failed = 0 };
    static const cookie_io_functions_t sink = { .write = outfile_sink_write, .close = outfile_sink_close };
    f->fp = fopencookie(cookie, "w", sink);
    if (!f->fp) {
        outfile_errno(f, errno, err, errlen);
        close(fd);
        free(cookie);
        return -1;
    }
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
        if (errno == EEXIST)
            outfile_exists(f, f->path, err, errlen);
        else
            outfile_errno(f, errno, err, errlen);
        return -1;
    }
    f->fp = fdopen(fd, "w");
    if (!f->fp) {
        close(fd);
        outfile_errno(f, errno, err, errlen);
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
        outfile_error(f, f->path, LANG_PICK(f->lang, "the path is too long", "路径太长"), err, errlen);
        return -1;
    }
    int fd = mkostemp(f->tmp, O_CLOEXEC);
    if (fd < 0) {
        outfile_errno(f, errno, err, errlen);
        f->tmp[0] = '\0';
        return -1;
    }
    (void)fchmod(fd, mode);   /* mkostemp makes it 0600 */
    f->fp = fdopen(fd, "w");
    if (!f->fp) {
        close(fd);
        unlink(f->tmp);
        f->tmp[0] = '\0';
        outfile_errno(f, errno, err, errlen);
        return -1;
    }
    return 0;
}

int outfile_open(OutFile *f, const char *path, OutFileMode mode, bool overwrite, Lang lang,
                 char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    f->lang = lang == LANG_ZH ? LANG_ZH : LANG_EN;
    f->mode = mode;
    f->overwrite = overwrite;
    if (!path || !*path) {
        snprintf(err, errlen, "%s", LANG_PICK(f->lang, "no file name given", "没有给文件名"));
        return -1;
    }
    if (strlen(path) >= sizeof f->path - 8) {
        outfile_error(f, path, LANG_PICK(f->lang, "the path is too long", "路径太长"), err, errlen);
        return -1;
    }
    snprintf(f->path, sizeof f->path, "%s", path);
    struct stat st;
    bool exists = lstat(path, &st) == 0;
    if (exists && S_ISLNK(st.st_mode)) {
        outfile_error(f, path, LANG_PICK(f->lang, "is a symbolic link (not followed: name the file itself)",
                                         "是符号链接（不会跟随：请写出文件本身的名字）"), err, errlen);
        return -1;
    }
    if (exists && S_ISDIR(st.st_mode)) {
        outfile_error(f, path, LANG_PICK(f->lang, "is a directory", "是一个目录"), err, errlen);
        return -1;
    }
    if (exists && S_ISBLK(st.st_mode)) {
        outfile_error(f, path, LANG_PICK(f->lang, "is a block device (a disk is never written to)",
                                         "是块设备（从不往磁盘设备里写）"), err, errlen);
        return -1;
    }
    if (exists && !S_ISREG(st.st_mode))
        return outfile_open_special(f, err, errlen);
    if (exists && !overwrite) {
        f->exists = true;
        outfile_exists(f, path, err, errlen);
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
            outfile_errno(f, errno, err, errlen);
            return -1;
        }
    } else if (renameat2(AT_FDCWD, f->tmp, AT_FDCWD, f->path, RENAME_NOREPLACE) != 0) {
        /* RENAME_NOREPLACE fails with EEXIST if the target appeared since outfile_open;
         * where the file system lacks it, link() does the same */
        if ((errno != EINVAL && errno != ENOSYS) || link(f->tmp, f->path) != 0) {
            f->exists = errno == EEXIST;
            if (errno == EEXIST)
                outfile_exists(f, f->path, err, errlen);
            else
                outfile_errno(f, errno, err, errlen);
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
        outfile_error(f, f->path, LANG_PICK(f->lang, "not open", "没有打开"), err, errlen);
        return -1;
    }
    errno = 0;
    int failed = !outfile_write(f->fp, "", 0) || ferror(f->fp);
    if (!failed && f->mode == OUTFILE_ATOMIC && f->tmp[0])
        failed = fsync(fileno(f->fp)) != 0;   /* on the disk before it takes the name */
    int saved = errno;
    if (fclose(f->fp) != 0 && !failed) {
        failed = 1;
        saved = errno;
    }
    f->fp = NULL;
    if (failed) {
        outfile_errno(f, saved ? saved : EIO, err, errlen);
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

int outfile_free_name(const char *wanted, bool (*taken)(const char *name, void *ctx), void *ctx,
                      char *out, size_t cap)
{
    const char *slash = strrchr(wanted, '/');
    const char *dot = strrchr(slash ? slash + 1 : wanted, '.');
    int stem = dot && dot != (slash ? slash + 1 : wanted) ? (int)(dot - wanted) : (int)strlen(wanted);
    for (int n = 1; n <= OUTFILE_MAX_NUMBER; n++) {
        if (n == 1)
            snprintf(out, cap, "%s", wanted);
        else
            snprintf(out, cap, "%.*s-%d%s", stem, wanted, n, wanted + stem);
        if (!taken(out, ctx))
            return 0;
    }
    snprintf(out, cap, "%s", wanted);
    return -1;
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
