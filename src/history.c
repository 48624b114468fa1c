/* history.c — the practice history: the Leitner schedule, the file's format, loading it
 * (a damaged file moved aside and said) and saving it atomically (history.h).
 * Must not touch: the terminal, drawing, any global state. */
#include "history.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "infile.h"
#include "outfile.h"
#include "text.h"

#define HISTORY_MAGIC "attn-tui history 1"
#define HISTORY_ASIDE_MAX 1000   /* path.damaged-1 .. -999 */

/* The kinds' names in the file, by QuizKind (never renamed: old files must read). */
static const char *const kind_names[QUIZ_KIND_COUNT] = {
    [QUIZ_X] = "x", [QUIZ_PROJECTION] = "projection", [QUIZ_SCORE] = "score",
    [QUIZ_MIRRORED] = "mirrored", [QUIZ_SCALED] = "scaled", [QUIZ_EXP] = "exp",
    [QUIZ_SHARE] = "share", [QUIZ_OUTPUT] = "output", [QUIZ_COSINE] = "cosine",
};

/* ---------------------------------------------------------------- the schedule */

void history_init(History *h)
{
    memset(h, 0, sizeof *h);
}

int history_due(const History *h, int session, QuizKind due[QUIZ_KIND_COUNT])
{
    int n = 0;
    for (int box = 1; box <= HISTORY_BOXES; box++)
        for (int k = 0; k < QUIZ_KIND_COUNT; k++)
            if (h->kinds[k].box == box && h->kinds[k].due <= session)
                due[n++] = (QuizKind)k;
    return n;
}

void history_answer(History *h, QuizKind kind, bool right_first, int session)
{
    if ((int)kind < 0 || kind >= QUIZ_KIND_COUNT)
        return;
    HistoryKind *k = &h->kinds[kind];
    k->asked++;
    k->right += right_first;
    int from = k->box > 0 ? k->box : 1;   /* a kind starts in box 1 */
    k->box = right_first ? (from < HISTORY_BOXES ? from + 1 : HISTORY_BOXES) : 1;
    k->due = session + (1 << (k->box - 1));
}

void history_check(History *h, int score, int max, long long when)
{
    if (h->n_checks == HISTORY_CHECKS) {   /* the first stays: it is the "before" */
        memmove(&h->checks[1], &h->checks[2], (HISTORY_CHECKS - 2) * sizeof h->checks[0]);
        h->n_checks--;
    }
    h->checks[h->n_checks++] = (HistoryCheck){ .score = score, .max = max, .when = when };
}

bool history_gain(const History *h, double *gain)
{
    if (h->n_checks < 2)
        return false;
    const HistoryCheck *before = &h->checks[0], *after = &h->checks[h->n_checks - 1];
    if (before->max <= 0 || after->max != before->max || before->score >= before->max)
        return false;
    *gain = (double)(after->score - before->score) / (double)(before->max - before->score);
    return true;
}

/* ---------------------------------------------------------------- the format */

/* Reads a whole number (at most 18 digits, an optional '-') at *p, moving past it. */
static bool read_int(const char **p, long long *out)
{
    const char *s = *p;
    bool minus = *s == '-';
    s += minus;
    long long v = 0;
    int digits = 0;
    while (*s >= '0' && *s <= '9' && digits < 18) {
        v = v * 10 + (*s - '0');
        s++;
        digits++;
    }
    if (digits == 0 || (*s >= '0' && *s <= '9'))
        return false;
    *out = minus ? -v : v;
    *p = s;
    return true;
}

/* Reads the word `word` then a blank and a whole number in [lo, hi] at *p. */
static bool read_field(const char **p, const char *word, long long lo, long long hi, long long *out)
{
    size_t n = strlen(word);
    if (strncmp(*p, word, n) != 0 || (*p)[n] != ' ')
        return false;
    const char *s = *p + n + 1;
    if (!read_int(&s, out) || *out < lo || *out > hi)
        return false;
    *p = s;
    if (**p == ' ')
        (*p)++;
    return true;
}

/* One line (without its newline) into h; false when it does not read. */
static bool parse_line(const char *line, History *h, bool *seen)
{
    const char *p = line;
    long long a, b, c, d;
    if (strncmp(p, "sessions ", 9) == 0) {
        p += 9;
        if (!read_int(&p, &a) || *p || a < 0 || a > 1000000000)
            return false;
        h->sessions = (int)a;
        return true;
    }
    if (strncmp(p, "kind ", 5) == 0) {
        p += 5;
        const char *end = strchr(p, ' ');
        if (!end)
            return false;
        int k = -1;
        for (int i = 0; i < QUIZ_KIND_COUNT; i++)
            if ((size_t)(end - p) == strlen(kind_names[i]) && strncmp(p, kind_names[i], (size_t)(end - p)) == 0)
                k = i;
        if (k < 0 || seen[k])
            return false;
        p = end + 1;
        if (!read_field(&p, "box", 0, HISTORY_BOXES, &a) || !read_field(&p, "due", 0, 2000000000, &b) ||
            !read_field(&p, "asked", 0, 2000000000, &c) || !read_field(&p, "right", 0, c, &d) || *p)
            return false;
        seen[k] = true;
        h->kinds[k] = (HistoryKind){ .box = (int)a, .due = (int)b, .asked = (int)c, .right = (int)d };
        return true;
    }
    if (strncmp(p, "check ", 6) == 0) {
        p += 6;
        if (!read_int(&p, &a) || *p++ != ' ' || !read_int(&p, &b) || *p++ != ' ' || !read_int(&p, &c) ||
            *p || b < 1 || b > 1000 || a < 0 || a > b || h->n_checks >= HISTORY_CHECKS)
            return false;
        h->checks[h->n_checks++] = (HistoryCheck){ .score = (int)a, .max = (int)b, .when = c };
        return true;
    }
    return false;
}

int history_parse(const char *text, size_t len, History *h, Lang lang, char *err, size_t errlen)
{
    history_init(h);
    bool seen[QUIZ_KIND_COUNT] = { false };
    if (len > HISTORY_MAX_BYTES || memchr(text, '\0', len)) {
        text_format(err, errlen, "%s", LANG_PICK(lang, "not a history file (too long, or not text)",
                                                 "不是练习记录文件（太长，或者不是文本）"));
        return -1;
    }
    int lineno = 0;
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
        char line[512];
        lineno++;
        bool ok = n < sizeof line;
        if (ok) {
            memcpy(line, text + at, n);
            line[n] = '\0';
            ok = lineno == 1 ? strcmp(line, HISTORY_MAGIC) == 0 : parse_line(line, h, seen);
        }
        if (!ok || !nl) {   /* a last line without its newline: a write cut short */
            char shown[64];
            snprintf(line, sizeof line, "%.*s", (int)(n < 60 ? n : 60), text + at);
            text_format(err, errlen, LANG_PICK(lang, "line %d does not read: '%s'", "第 %d 行读不懂：「%s」"),
                        lineno, text_escape(line, shown, sizeof shown));
            history_init(h);
            return -1;
        }
        at += n + 1;
    }
    if (lineno == 0) {
        text_format(err, errlen, "%s", LANG_PICK(lang, "the file is empty", "文件是空的"));
        return -1;
    }
    return 0;
}

size_t history_format(const History *h, char *buf, size_t cap)
{
    size_t used = 0;
    int n = snprintf(buf, cap, "%s\nsessions %d\n", HISTORY_MAGIC, h->sessions);
    if (n < 0 || (size_t)n >= cap)
        return 0;
    used = (size_t)n;
    for (int k = 0; k < QUIZ_KIND_COUNT; k++) {
        const HistoryKind *hk = &h->kinds[k];
        if (hk->asked == 0 && hk->box == 0 && hk->due == 0 && hk->right == 0)
            continue;   /* never answered: nothing to keep */
        n = snprintf(buf + used, cap - used, "kind %s box %d due %d asked %d right %d\n", kind_names[k],
                     hk->box, hk->due, hk->asked, hk->right);
        if (n < 0 || (size_t)n >= cap - used)
            return 0;
        used += (size_t)n;
    }
    for (int i = 0; i < h->n_checks; i++) {
        n = snprintf(buf + used, cap - used, "check %d %d %lld\n", h->checks[i].score, h->checks[i].max,
                     h->checks[i].when);
        if (n < 0 || (size_t)n >= cap - used)
            return 0;
        used += (size_t)n;
    }
    return used;
}

/* ---------------------------------------------------------------- the file */

int history_path(char *buf, size_t cap)
{
    const char *xdg = getenv("XDG_STATE_HOME");
    const char *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')   /* the XDG rule: a relative value is ignored */
        n = snprintf(buf, cap, "%s/attn-tui/history", xdg);
    else if (home && home[0])
        n = snprintf(buf, cap, "%s/.local/state/attn-tui/history", home);
    else
        return -1;
    return n > 0 && (size_t)n < cap ? 0 : -1;
}

/* Makes every directory of path's parent (0700 where it makes one). 0, or -1 (errno). */
static int make_parents(const char *path)
{
    char dir[HISTORY_PATH_BYTES];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return 0;
    *slash = '\0';
    for (char *p = dir + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(dir, 0700) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    return mkdir(dir, 0700) != 0 && errno != EEXIST ? -1 : 0;
}

/* Removes the temporary files an unfinished write left beside path (path.XXXXXX: its base
 * name, a dot, six characters); says how many in note. */
static void remove_unfinished(const char *path, Lang lang, char *note, size_t cap)
{
    char dir[HISTORY_PATH_BYTES];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        return;
    *slash = '\0';
    const char *base = slash + 1;
    size_t bn = strlen(base);
    DIR *d = opendir(dir[0] ? dir : "/");
    if (!d)
        return;
    int removed = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n != bn + 7 || strncmp(e->d_name, base, bn) != 0 || e->d_name[bn] != '.' ||
            strncmp(e->d_name + bn + 1, "damage", 6) == 0)
            continue;
        char full[HISTORY_PATH_BYTES + 16];
        int w = snprintf(full, sizeof full, "%s/%s", dir, e->d_name);
        if (w > 0 && (size_t)w < sizeof full)
            removed += unlink(full) == 0;
    }
    closedir(d);
    if (removed && !note[0])
        text_format(note, cap, LANG_PICK(lang, "practice history: an unfinished write was removed (%d file)",
                                         "练习记录：删掉了一次没写完的文件（%d 个）"), removed);
}

/* Moves the damaged file at path to path.damaged-N (the first free N); the name into aside. */
static int set_aside(const char *path, char *aside, size_t cap)
{
    for (int n = 1; n < HISTORY_ASIDE_MAX; n++) {
        snprintf(aside, cap, "%s.damaged-%d", path, n);
        if (outfile_taken(aside))
            continue;
        return rename(path, aside);
    }
    errno = EEXIST;
    return -1;
}

HistoryLoad history_load(const char *path, History *h, Lang lang, char *note, size_t cap)
{
    history_init(h);
    note[0] = '\0';
    remove_unfinished(path, lang, note, cap);
    FILE *f = infile_open(path);
    if (!f && errno == ENOENT)
        return HISTORY_LOADED;   /* none yet */
    char shown[256], why[256];
    text_escape(path, shown, sizeof shown);
    if (!f) {
        text_format(note, cap, LANG_PICK(lang, "practice history %s cannot be read: %s; it is left as it is",
                                         "练习记录 %s 读不了：%s；原样保留"), shown, lang_strerror(lang, errno).text);
        return HISTORY_UNREADABLE;
    }
    static char text[HISTORY_MAX_BYTES + 1];
    size_t len = fread(text, 1, sizeof text, f);
    bool failed = ferror(f);
    fclose(f);
    if (failed) {
        text_format(note, cap, LANG_PICK(lang, "practice history %s cannot be read; it is left as it is",
                                         "练习记录 %s 读不了；原样保留"), shown);
        return HISTORY_UNREADABLE;
    }
    if (history_parse(text, len, h, lang, why, sizeof why) == 0)
        return HISTORY_LOADED;
    char aside[HISTORY_PATH_BYTES + 32], aside_shown[256];
    if (set_aside(path, aside, sizeof aside) != 0) {
        text_format(note, cap, LANG_PICK(lang, "practice history %s is damaged (%s) and cannot be moved aside: "
                                         "it is left as it is and not written this time",
                                         "练习记录 %s 坏了（%s），也挪不走：原样保留，这次不写"), shown, why);
        return HISTORY_UNREADABLE;
    }
    const char *base = strrchr(aside, '/');   /* beside it: its name says where */
    (void)why;   /* the line at fault is the file's business; the status line has one row */
    text_format(note, cap, LANG_PICK(lang, "practice history damaged: moved to %s",
                                     "练习记录坏了：已另存为 %s，重新记录"),
                text_escape(base ? base + 1 : aside, aside_shown, sizeof aside_shown));
    return HISTORY_SET_ASIDE;
}

int history_save(const char *path, const History *h, Lang lang, char *err, size_t errlen)
{
    static char text[HISTORY_MAX_BYTES];
    size_t n = history_format(h, text, sizeof text);
    if (n == 0) {
        text_format(err, errlen, "%s", LANG_PICK(lang, "practice history too long to write", "练习记录太长，写不下"));
        return -1;
    }
    if (make_parents(path) != 0) {
        char shown[256];
        text_format(err, errlen, LANG_PICK(lang, "cannot make the directory of %s: %s", "建不了 %s 所在的目录：%s"),
                    text_escape(path, shown, sizeof shown), lang_strerror(lang, errno).text);
        return -1;
    }
    OutFile f;
    if (outfile_open(&f, path, OUTFILE_ATOMIC, true, lang, err, errlen) != 0)
        return -1;
    if (fwrite(text, 1, n, f.fp) != n) {
        outfile_abort(&f);
        text_format(err, errlen, "%s", LANG_PICK(lang, "cannot write the practice history", "写不进练习记录"));
        return -1;
    }
    return outfile_commit(&f, err, errlen);
}
