/* test_outfile.c — the rules of every file the program writes (src/outfile.c): a new file
 * appears whole or not at all, an existing one is replaced only with overwrite, a
 * symbolic link is never followed, a FIFO or device is written in place, a write error
 * is reported and leaves nothing behind, and the path in a message is escaped.
 * Must not touch: anything outside the temporary directory it makes. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"

/* A fresh directory for one test, and paths in it. */
typedef struct {
    char dir[64];   /* the directory */
} Scratch;

static int scratch_setup(void **state)
{
    static Scratch s;
    snprintf(s.dir, sizeof s.dir, "/tmp/attn-outfile-XXXXXX");
    if (!mkdtemp(s.dir))
        return -1;
    *state = &s;
    return 0;
}

static int scratch_teardown(void **state)
{
    Scratch *s = *state;
    DIR *d = opendir(s->dir);
    struct dirent *e;
    char path[512];
    while (d && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", s->dir, e->d_name);
        unlink(path);
    }
    if (d)
        closedir(d);
    rmdir(s->dir);
    return 0;
}

static void path_in(const Scratch *s, const char *name, char *out, size_t cap)
{
    snprintf(out, cap, "%s/%s", s->dir, name);
}

/* How many files the directory holds. */
static int entries(const Scratch *s)
{
    DIR *d = opendir(s->dir);
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static char *read_file(const char *path, char *buf, size_t cap)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(buf, 1, cap - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* ---------------------------------------------------------------- atomic */

static void test_atomic_new_file_appears_whole(void **state)
{
    Scratch *s = *state;
    char path[256], err[256], buf[64];
    path_in(s, "out.svg", path, sizeof path);
    OutFile f;
    assert_int_equal(outfile_open(&f, path, OUTFILE_ATOMIC, false, LANG_EN, err, sizeof err), 0);
    fputs("<svg/>\n", f.fp);
    assert_int_equal(access(path, F_OK), -1);          /* not there until committed */
    assert_int_equal(entries(s), 1);                   /* only the temporary file */
    assert_int_equal(outfile_commit(&f, err, sizeof err), 0);
    assert_string_equal(read_file(path, buf, sizeof buf), "<svg/>\n");
    assert_int_equal(entries(s), 1);                   /* the temporary file is gone */
    assert_null(f.fp);
}

static void test_existing_file_kept_unless_overwrite(void **state)
{
    Scratch *s = *state;
    char path[256], err[512], buf[64], want[512];
    path_in(s, "precious.txt", path, sizeof path);
    write_file(path, "precious\n");
    chmod(path, 0640);
    OutFile f;
    for (int mode = OUTFILE_ATOMIC; mode <= OUTFILE_STREAM; mode++) {
        assert_int_equal(outfile_open(&f, path, (OutFileMode)mode, false, LANG_EN, err, sizeof err), -1);
        snprintf(want, sizeof want, "%s: exists (use --overwrite to replace it)", path);
        assert_string_equal(err, want);
        assert_null(f.fp);
    }
    assert_string_equal(read_file(path, buf, sizeof buf), "precious\n");
    assert_int_equal(outfile_open(&f, path, OUTFILE_ATOMIC, true, LANG_EN, err, sizeof err), 0);
    fputs("new\n", f.fp);
    assert_string_equal(read_file(path, buf, sizeof buf), "precious\n");   /* until commit */
    assert_int_equal(outfile_commit(&f, err, sizeof err), 0);
    assert_string_equal(read_file(path, buf, sizeof buf), "new\n");
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);        /* the replaced file's mode */
    assert_int_equal(outfile_open(&f, path, OUTFILE_STREAM, true, LANG_EN, err, sizeof err), 0);
    fputs("streamed\n", f.fp);
    assert_int_equal(outfile_commit(&f, err, sizeof err), 0);
    assert_string_equal(read_file(path, buf, sizeof buf), "streamed\n");
}

static void test_symlink_never_followed(void **state)
{
    Scratch *s = *state;
    char target[256], link_path[256], dangling[256], err[512], buf[64], want[512];
    path_in(s, "precious.txt", target, sizeof target);
    path_in(s, "link.cast", link_path, sizeof link_path);
    path_in(s, "dangling.cast", dangling, sizeof dangling);
    write_file(target, "precious\n");
    assert_int_equal(symlink(target, link_path), 0);
    assert_int_equal(symlink("/tmp/attn-outfile-nowhere", dangling), 0);
    OutFile f;
    for (int overwrite = 0; overwrite <= 1; overwrite++)
        for (int mode = OUTFILE_ATOMIC; mode <= OUTFILE_STREAM; mode++) {
            assert_int_equal(outfile_open(&f, link_path, (OutFileMode)mode, overwrite, LANG_EN, err,
                                          sizeof err), -1);
            snprintf(want, sizeof want, "%s: is a symbolic link (not followed: name the file "
                     "itself)", link_path);
            assert_string_equal(err, want);
            assert_int_equal(outfile_open(&f, dangling, (OutFileMode)mode, overwrite, LANG_EN, err,
                                          sizeof err), -1);
        }
    assert_string_equal(read_file(target, buf, sizeof buf), "precious\n");
    assert_int_equal(access("/tmp/attn-outfile-nowhere", F_OK), -1);   /* not created */
}

static void test_target_appearing_meanwhile_is_kept(void **state)
{
    Scratch *s = *state;
    char path[256], err[512], buf[64], want[512];
    path_in(s, "race.svg", path, sizeof path);
    OutFile f;
    assert_int_equal(outfile_open(&f, path, OUTFILE_ATOMIC, false, LANG_EN, err, sizeof err), 0);
    fputs("mine\n", f.fp);
    write_file(path, "theirs\n");                       /* appears before the commit */
    assert_int_equal(outfile_commit(&f, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: exists (use --overwrite to replace it)", path);
    assert_string_equal(err, want);
    assert_string_equal(read_file(path, buf, sizeof buf), "theirs\n");
    assert_int_equal(entries(s), 1);                   /* no temporary file left */
}

static void test_abort_leaves_nothing(void **state)
{
    Scratch *s = *state;
    char path[256], err[256];
    path_in(s, "sheet.txt", path, sizeof path);
    OutFile f;
    assert_int_equal(outfile_open(&f, path, OUTFILE_ATOMIC, false, LANG_EN, err, sizeof err), 0);
    fputs("half", f.fp);
    outfile_abort(&f);
    outfile_abort(&f);                                 /* twice: harmless */
    assert_int_equal(entries(s), 0);
    OutFile never;
    memset(&never, 0, sizeof never);
    outfile_abort(&never);                             /* never opened: harmless */
}

/* ---------------------------------------------------------------- stream, special files */

static void test_stream_creates_exclusively(void **state)
{
    Scratch *s = *state;
    char path[256], err[256], buf[64];
    path_in(s, "rec.cast", path, sizeof path);
    OutFile f;
    assert_int_equal(outfile_open(&f, path, OUTFILE_STREAM, false, LANG_EN, err, sizeof err), 0);
    fputs("{}\n", f.fp);
    fflush(f.fp);
    assert_string_equal(read_file(path, buf, sizeof buf), "{}\n");   /* in place at once */
    assert_int_equal(outfile_commit(&f, err, sizeof err), 0);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    mode_t mask = umask(0);
    umask(mask);
    assert_int_equal(st.st_mode & 0777, 0644 & ~mask);
}

static void test_umask_respected(void **state)
{
    Scratch *s = *state;
    char path[256], err[256];
    path_in(s, "private.svg", path, sizeof path);
    mode_t old = umask(077);
    OutFile f;
    assert_int_equal(outfile_open(&f, path, OUTFILE_ATOMIC, false, LANG_EN, err, sizeof err), 0);
    assert_int_equal(outfile_commit(&f, err, sizeof err), 0);
    umask(old);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
}

static void test_devices_and_directories(void **state)
{
    Scratch *s = *state;
    char err[512], want[512];
    OutFile f;
    assert_int_equal(outfile_open(&f, "/dev/null", OUTFILE_ATOMIC, false, LANG_EN, err, sizeof err), 0);
    assert_true(f.special);
    fputs("gone", f.fp);
    assert_int_equal(outfile_commit(&f, err, sizeof err), 0);
    assert_int_equal(outfile_open(&f, s->dir, OUTFILE_STREAM, true, LANG_EN, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: is a directory", s->dir);
    assert_string_equal(err, want);
    if (access("/dev/full", W_OK) == 0) {
        assert_int_equal(outfile_open(&f, "/dev/full", OUTFILE_STREAM, false, LANG_EN, err, sizeof err), 0);
        fputs("x", f.fp);
        assert_int_equal(outfile_commit(&f, err, sizeof err), -1);
        assert_string_equal(err, "/dev/full: No space left on device");
    }
    char fifo[256];
    path_in(s, "fifo", fifo, sizeof fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    FILE *reader = NULL;
    /* a FIFO with a reader is written in place (opened non-blocking to have one) */
    int rfd = open(fifo, O_RDONLY | O_NONBLOCK);
    assert_true(rfd >= 0);
    reader = fdopen(rfd, "r");
    assert_int_equal(outfile_open(&f, fifo, OUTFILE_STREAM, false, LANG_EN, err, sizeof err), 0);
    fputs("through\n", f.fp);
    assert_int_equal(outfile_commit(&f, err, sizeof err), 0);
    char buf[32];
    assert_non_null(fgets(buf, sizeof buf, reader));
    assert_string_equal(buf, "through\n");
    fclose(reader);
}

/* Writes 256 KiB of lines to f (more than a pipe holds), then commits. */
static int write_a_lot(OutFile *f, char *err, size_t errlen)
{
    for (int i = 0; i < 4096; i++)
        fputs("0123456789012345678901234567890123456789012345678901234567890123\n", f->fp);
    return outfile_commit(f, err, errlen);
}

/* A FIFO never stops the program: nobody reading it is said at once (open() waited for a
 * reader: the screen froze); a reader that goes away after 10 bytes is EPIPE, said, never a
 * SIGPIPE (the default action here would end this test: exit 141); a reader that keeps it
 * open and stops reading is given up after a second. Nothing is left pending. */
static void test_fifo_never_blocks_or_kills(void **state)
{
    Scratch *s = *state;
    char fifo[256], err[512], want[600];
    path_in(s, "fifo", fifo, sizeof fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    void (*was)(int) = signal(SIGPIPE, SIG_DFL);
    OutFile f;
    assert_int_equal(outfile_open(&f, fifo, OUTFILE_ATOMIC, false, LANG_EN, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: no one is reading it (start the FIFO's reader first)", fifo);
    assert_string_equal(err, want);
    assert_int_equal(outfile_open(&f, fifo, OUTFILE_ATOMIC, false, LANG_ZH, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s：没有程序在读它（请先启动读这个 FIFO 的程序）", fifo);
    assert_string_equal(err, want);

    int rfd = open(fifo, O_RDONLY | O_NONBLOCK);   /* reads 10 bytes, then goes away */
    assert_true(rfd >= 0);
    assert_int_equal(outfile_open(&f, fifo, OUTFILE_STREAM, false, LANG_EN, err, sizeof err), 0);
    fputs("0123456789", f.fp);
    fflush(f.fp);
    char ten[10];
    assert_int_equal(read(rfd, ten, sizeof ten), 10);
    close(rfd);
    assert_int_equal(write_a_lot(&f, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: the reader went away (broken pipe)", fifo);
    assert_string_equal(err, want);

    rfd = open(fifo, O_RDONLY | O_NONBLOCK);       /* open, never read */
    assert_true(rfd >= 0);
    assert_int_equal(outfile_open(&f, fifo, OUTFILE_ATOMIC, false, LANG_EN, err, sizeof err), 0);
    assert_int_equal(write_a_lot(&f, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: the reader stopped reading (nothing taken for a second)", fifo);
    assert_string_equal(err, want);
    close(rfd);

    sigset_t pending;
    sigpending(&pending);
    assert_false(sigismember(&pending, SIGPIPE));
    signal(SIGPIPE, was);
}

static void test_messages_escaped(void **state)
{
    Scratch *s = *state;
    char path[256], err[512], want[512];
    snprintf(path, sizeof path, "%s/no-dir/\033]0;x\a.cast", s->dir);
    OutFile f;
    assert_int_equal(outfile_open(&f, path, OUTFILE_STREAM, false, LANG_EN, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s/no-dir/\\x1B]0;x\\x07.cast: No such file or directory", s->dir);
    assert_string_equal(err, want);
    assert_int_equal(outfile_open(&f, "", OUTFILE_ATOMIC, false, LANG_EN, err, sizeof err), -1);
    assert_string_equal(err, "no file name given");
    char long_path[OUTFILE_PATH_BYTES + 16];
    memset(long_path, 'a', sizeof long_path - 1);
    long_path[sizeof long_path - 1] = '\0';
    assert_int_equal(outfile_open(&f, long_path, OUTFILE_ATOMIC, false, LANG_EN, err, sizeof err), -1);
    assert_non_null(strstr(err, ": the path is too long"));
}

/* Every message in Chinese under LANG_ZH: the path, a full-width colon, the program's own
 * text (never strerror's English). */
static void test_messages_in_chinese(void **state)
{
    Scratch *s = *state;
    char path[256], err[512], want[512];
    OutFile f;
    snprintf(path, sizeof path, "%s/no-dir/a.cast", s->dir);
    assert_int_equal(outfile_open(&f, path, OUTFILE_STREAM, false, LANG_ZH, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s：没有这个文件或目录", path);
    assert_string_equal(err, want);
    assert_int_equal(outfile_open(&f, s->dir, OUTFILE_ATOMIC, false, LANG_ZH, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s：是一个目录", s->dir);
    assert_string_equal(err, want);
    path_in(s, "kept", path, sizeof path);
    assert_int_equal(outfile_open(&f, path, OUTFILE_ATOMIC, false, LANG_ZH, err, sizeof err), 0);
    assert_int_equal(outfile_commit(&f, err, sizeof err), 0);
    for (int mode = 0; mode < 2; mode++) {
        assert_int_equal(outfile_open(&f, path, (OutFileMode)mode, false, LANG_ZH, err, sizeof err), -1);
        snprintf(want, sizeof want, "%s：文件已存在（要替换它，加 --overwrite）", path);
        assert_string_equal(err, want);
    }
    char link_path[256];
    path_in(s, "link", link_path, sizeof link_path);
    assert_int_equal(symlink(path, link_path), 0);
    assert_int_equal(outfile_open(&f, link_path, OUTFILE_ATOMIC, true, LANG_ZH, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s：是符号链接（不会跟随：请写出文件本身的名字）", link_path);
    assert_string_equal(err, want);
    assert_int_equal(outfile_open(&f, "", OUTFILE_ATOMIC, false, LANG_ZH, err, sizeof err), -1);
    assert_string_equal(err, "没有给文件名");
    if (access("/dev/full", W_OK) == 0) {   /* a failed write: the commit says it in Chinese too */
        assert_int_equal(outfile_open(&f, "/dev/full", OUTFILE_STREAM, false, LANG_ZH, err, sizeof err), 0);
        fputs("x", f.fp);
        assert_int_equal(outfile_commit(&f, err, sizeof err), -1);
        assert_string_equal(err, "/dev/full：磁盘空间不足");
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_atomic_new_file_appears_whole, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_existing_file_kept_unless_overwrite, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_symlink_never_followed, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_target_appearing_meanwhile_is_kept, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_abort_leaves_nothing, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_stream_creates_exclusively, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_umask_respected, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_devices_and_directories, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_fifo_never_blocks_or_kills, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_messages_escaped, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_messages_in_chinese, scratch_setup, scratch_teardown),
    };
    return cmocka_run_group_tests_name("outfile", tests, NULL, NULL);
}
