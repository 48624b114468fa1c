/* test_dump.c — unit tests for --dump's output (src/dump.c): Chinese headings, the singular,
 * wide numbers, the cosine in JSON, the model written back in its own format (and read
 * back unchanged), and every kind of failed write reported with its errno.
 * Must not touch: the terminal, files outside tests/ and the temporary directory. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "dump.h"
#include "engine.h"
#include "model.h"

/* ---------------------------------------------------------------- fixtures */

/* A model and its forward pass over a sentence. */
typedef struct {
    Model m;       /* the parsed model */
    Trace tr;      /* its forward pass */
} Run;

static void run_text(Run *r, const char *text, const char *sentence)
{
    char err[512] = "";
    int rc = text ? model_parse(text, strlen(text), "t.model", &r->m, err, sizeof err)
                  : model_load_default(&r->m, err, sizeof err);
    if (rc != 0)
        print_error("%s\n", err);
    assert_int_equal(rc, 0);
    rc = engine_forward(&r->m, sentence ? sentence : r->m.sentence, &r->tr, err, sizeof err);
    if (rc != 0)
        print_error("%s\n", err);
    assert_int_equal(rc, 0);
}

static void run_free(Run *r)
{
    engine_free(&r->tr);
    model_free(&r->m);
}

/* What a writer puts out, as one malloc'd string. */
typedef struct {
    char *s;       /* the text */
    size_t len;    /* its length */
    FILE *f;       /* the stream writing it */
} Capture;

static FILE *capture_open(Capture *c)
{
    c->s = NULL;
    c->len = 0;
    c->f = open_memstream(&c->s, &c->len);
    assert_non_null(c->f);
    return c->f;
}

static char *capture_close(Capture *c)
{
    assert_int_equal(fclose(c->f), 0);
    return c->s;
}

/* Asserts that text holds the line want (whole, between newlines). */
static void assert_has_line(const char *text, const char *want)
{
    size_t n = strlen(want);
    for (const char *p = text; (p = strstr(p, want)) != NULL; p++)
        if ((p == text || p[-1] == '\n') && (p[n] == '\n' || p[n] == '\0'))
            return;
    fail_msg("no line \"%s\" in:\n%s", want, text);
}

static const char WIDE[] =
    "[vocab]\na b\n[d]\n2\n[sentence]\nab\n[embedding]\na 1.2345e34 0\nb -0.5 1\n"
    "[wq]\n0 0\n0 0\n[wk]\n0 0\n0 0\n[wv]\n1 0\n0 1\n";

/* ---------------------------------------------------------------- text */

static void test_text_chinese(void **state)
{
    (void)state;
    Run r;
    Capture c;
    run_text(&r, NULL, NULL);
    dump_text(capture_open(&c), &r.tr, "三加五等于?", true);
    char *t = capture_close(&c);
    assert_has_line(t, "attn-tui：自注意力，句子「三加五等于?」（T = 6 个字，d = 8，√8 = 2.828427）");
    assert_has_line(t, "Wq、Wk、Wv：3 × 8×8 = 192 个可训练参数。真实模型一个头 128 维："
                    "√128 = 11.313708。");
    assert_has_line(t, "词向量（第 3 课）");
    assert_has_line(t, "位置指纹（第 5 课）：sin/cos(p / 10000^(2i/d))");
    assert_has_line(t, "x = 词向量 + 位置指纹");
    assert_has_line(t, "① 三个分身：Q = x·Wq   我在找什么");
    assert_has_line(t, "① 三个分身：K = x·Wk   我挂出的名牌");
    assert_has_line(t, "① 三个分身：V = x·Wv   我要交出去的内容");
    assert_has_line(t, "② 打分：Q·Kᵀ   行 = 提问的字，列 = 被问的字");
    assert_has_line(t, "③ 变百分比的第一步：分数 ÷ √8 = 分数 ÷ 2.828427");
    assert_has_line(t, "③ 变百分比：softmax   每行加起来正好 100%");
    assert_has_line(t, "④ 取货：输出 = 百分比 · V   输入 [T, d]，输出 [T, d]");
    assert_has_line(t, "每个字的输出最像谁的 V（余弦）");
    assert_has_line(t, "「等」的输出最像 V(加)：余弦 0.9855");
    /* the numbers are the same as in English */
    assert_has_line(t, "等    19.6%  52.4%  10.1%   1.4%   2.2%  14.4%");
    assert_null(strstr(t, "Scores"));
    free(t);
    run_free(&r);
}

/* The numbers of the T rows of the table after the line starting with `title` (and
 * `skip` more lines), each row's label dropped: vals[t][u]. */
static void table_after(const char *text, const char *title, int skip, int T, double vals[][16])
{
    const char *p = strstr(text, title);
    assert_non_null(p);
    for (int k = 0; k < 1 + skip; k++) {
        p = strchr(p, '\n');
        assert_non_null(p);
        p++;
    }
    for (int t = 0; t < T; t++) {
        while (*p != ' ')   /* the row's label */
            p++;
        char *end;
        for (int u = 0; u < T; u++, p = end) {
            vals[t][u] = strtod(p, &end);
            assert_true(end != p);
            if (*end == '%')
                end++;
        }
        p = strchr(p, '\n');
        assert_non_null(p);
        p++;
    }
}

/* Softmax of each printed row of the ÷√8 table gives the printed shares, every cell (with 2
 * decimals 12 of 36 would miss: 等's row would give 52.3% under 52.4%); the table says how it is
 * rounded, in both languages. */
static void test_text_scaled_gives_the_shares(void **state)
{
    (void)state;
    for (int zh = 0; zh < 2; zh++) {
        Run r;
        Capture c;
        run_text(&r, NULL, NULL);
        dump_text(capture_open(&c), &r.tr, "三加五等于?", zh == 1);
        char *t = capture_close(&c);
        double scaled[6][16], shares[6][16];
        table_after(t, zh ? "③ 变百分比的第一步" : "③ Scores ÷ √8", 2, 6, scaled);
        table_after(t, zh ? "③ 变百分比：softmax" : "③ Softmax shares", 1, 6, shares);
        for (int a = 0; a < 6; a++) {
            double sum = 0.0;
            for (int u = 0; u < 6; u++)
                sum += exp(scaled[a][u]);
            for (int u = 0; u < 6; u++) {
                double redone = round(1000.0 * exp(scaled[a][u]) / sum) / 10.0;
                if (fabs(redone - shares[a][u]) > 1e-9)
                    fail_msg("row %d, column %d: softmax of the printed row gives %.1f%%, printed %.1f%%",
                             a, u, redone, shares[a][u]);
            }
        }
        assert_has_line(t, zh ? "（用没有四舍五入的分数算，保留 4 位小数：对每一行做 softmax，正好得到下面的百分比）"
                              : "(of the unrounded scores, to 4 decimals: softmax of each row gives the shares below)");
        assert_has_line(t, "等    0.4469  1.4322 -0.2179 -2.2027 -1.7276  0.1384");
        free(t);
        run_free(&r);
    }
}

/* The cosines are of the unrounded numbers; redone from the two-decimal output and V tables
 * they come out otherwise (0.9851 for 0.9855), and the dump says so, one value per cosine. */
static void test_text_cosines_from_the_tables(void **state)
{
    (void)state;
    Run r;
    Capture c;
    run_text(&r, NULL, NULL);
    dump_text(capture_open(&c), &r.tr, "三加五等于?", false);
    char *t = capture_close(&c);
    assert_has_line(t, "output(等) is most like V(加): cosine 0.9855");
    assert_has_line(t, "Tables are computed from the unrounded numbers, then rounded: redone from the "
                       "printed ones, a last digit can be 1 off.");
    assert_has_line(t, "(of the unrounded output and V: redone from the two-decimal tables above, the "
                       "last digits come out a little otherwise)");
    assert_null(strstr(t, "0.9851"));
    free(t);
    dump_text(capture_open(&c), &r.tr, "三加五等于?", true);
    t = capture_close(&c);
    assert_has_line(t, "每张表都用没有四舍五入的数算，再四舍五入印出来：拿印出来的数重算，最后一位可能差 1。");
    assert_has_line(t, "（用没有四舍五入的输出和 V 算；拿上面两位小数的表重算，最后几位会略有不同）");
    assert_null(strstr(t, "0.9851"));
    free(t);
    run_free(&r);
}

/* The Chinese ③ title with the causal mask and two heads is written whole (its buffer held
 * 256 bytes: the line was cut inside a character, and the note under it was lost). */
static void test_text_chinese_title_whole(void **state)
{
    (void)state;
    Run r;
    char err[512] = "";
    assert_int_equal(model_load_default(&r.m, err, sizeof err), 0);
    EngineConfig cfg = { .mask = MASK_CAUSAL, .heads = 2, .lang = LANG_ZH };
    assert_int_equal(engine_forward_with(&r.m, r.m.sentence, &cfg, &r.tr, err, sizeof err), 0);
    Capture c;
    dump_text(capture_open(&c), &r.tr, "三加五等于?", true);
    char *t = capture_close(&c);
    assert_has_line(t, "③ 变百分比的第一步：分数 ÷ √4 = 分数 ÷ 2.000000（因果掩码：看不到后面的字，-inf）"
                       "——头 2（第 4-7 维）");
    assert_has_line(t, "（用没有四舍五入的分数算，保留 3 位小数：对每一行做 softmax，正好得到下面的百分比）");
    free(t);
    run_free(&r);
}

static void test_text_singular(void **state)
{
    (void)state;
    Run r;
    Capture c;
    run_text(&r, NULL, "三");
    dump_text(capture_open(&c), &r.tr, "三", false);
    char *t = capture_close(&c);
    assert_has_line(t, "attn-tui: self-attention on 三  (T = 1 character, d = 8, √8 = 2.828427)");
    assert_has_line(t, "output(三) is most like V(三): cosine 1.0000");
    free(t);
    run_free(&r);
    run_text(&r, NULL, "三加");
    dump_text(capture_open(&c), &r.tr, "三加", false);
    t = capture_close(&c);
    assert_has_line(t, "attn-tui: self-attention on 三加  (T = 2 characters, d = 8, √8 = 2.828427)");
    free(t);
    run_free(&r);
}

/* A number too wide for the usual 7 columns widens its table, never runs into the next. */
static void test_text_wide_numbers(void **state)
{
    (void)state;
    Run r;
    Capture c;
    run_text(&r, WIDE, NULL);
    dump_text(capture_open(&c), &r.tr, "ab", false);
    char *t = capture_close(&c);
    assert_has_line(t, "          0       1");
    assert_has_line(t, "a   1.23e34    0.00");
    assert_has_line(t, "b     -0.50    1.00");
    assert_has_line(t, "a   6.17e33    1.27");         /* the output: half of each V */
    assert_has_line(t, "a    50.0%  50.0%");          /* tables of small numbers keep 7 */
    assert_null(strstr(t, "inf"));
    assert_null(strstr(t, "nan"));
    free(t);
    run_free(&r);
}

/* ---------------------------------------------------------------- json */

static void test_json_most_like_v(void **state)
{
    (void)state;
    Run r;
    Capture c;
    run_text(&r, NULL, NULL);
    dump_json(capture_open(&c), &r.tr, "三加五等于?");
    char *t = capture_close(&c);
    const char *key = strstr(t, "\n  \"most_like_v\": [\n");
    assert_non_null(key);
    assert_non_null(strstr(t, "\"output\": ["));
    assert_true(strstr(t, "\"output\": [") < key);    /* after the output, last */
    assert_string_equal(t + strlen(t) - strlen("\n  ]\n}\n"), "\n  ]\n}\n");
    /* one object per character, in order; 等 (row 3) looks most like V(加) */
    const char *p = key;
    for (int row = 0; row < 6; row++) {
        double want_cos;
        int want = engine_closest_value(&r.tr, row, &want_cos);
        char head[64];
        snprintf(head, sizeof head, "{\"index\": %d, \"token\": \"%s\", \"cosine\": ", want,
                 r.tr.tokens[want]);
        p = strstr(p, head);
        assert_non_null(p);
        p += strlen(head);
        assert_true(strtod(p, NULL) == want_cos);      /* full precision */
        if (row == 3) {
            assert_int_equal(want, 1);
            assert_true(fabs(strtod(p, NULL) - 0.9855) < 0.00005);
        }
    }
    free(t);
    run_free(&r);
}

/* ---------------------------------------------------------------- the model, written back */

/* Parses text and asserts it is exactly the model m with sentence s. */
static void assert_same_model(const char *text, const Model *m, const char *s)
{
    Model back;
    char err[512] = "";
    int rc = model_parse(text, strlen(text), "written.model", &back, err, sizeof err);
    if (rc != 0)
        print_error("%s\n%s\n", err, text);
    assert_int_equal(rc, 0);
    assert_int_equal(back.d, m->d);
    assert_int_equal(back.vocab_size, m->vocab_size);
    for (int i = 0; i < m->vocab_size; i++)
        assert_string_equal(back.vocab[i], m->vocab[i]);
    assert_string_equal(back.sentence, s);
    size_t dd = (size_t)m->d * (size_t)m->d, vd = (size_t)m->vocab_size * (size_t)m->d;
    assert_memory_equal(back.embedding, m->embedding, vd * sizeof(double));
    assert_memory_equal(back.wq, m->wq, dd * sizeof(double));
    assert_memory_equal(back.wk, m->wk, dd * sizeof(double));
    assert_memory_equal(back.wv, m->wv, dd * sizeof(double));
    model_free(&back);
}

static void test_model_round_trip(void **state)
{
    (void)state;
    Run r;
    Capture c;
    run_text(&r, NULL, NULL);
    dump_model(capture_open(&c), &r.m, r.m.sentence);
    char *t = capture_close(&c);
    assert_same_model(t, &r.m, "三加五等于?");
    /* readable: the shortest exact numbers, the vocabulary ten to a line */
    assert_has_line(t, "零 一 二 三 四 五 六 七 八 九");
    assert_has_line(t, "十 加 减 乘 除 等 于 是 几 ?");
    assert_has_line(t, "三  0.67 -0.33 -0.06 -0.87  0.77 -0.36  0.05  0.82");
    assert_has_line(t, "[wq]");
    assert_non_null(strstr(t, "[embedding]\n# character, then its word vector of d = 8 "
                               "numbers\n零 "));
    free(t);
    /* another sentence is written as [sentence] */
    dump_model(capture_open(&c), &r.m, "十减四等于?");
    t = capture_close(&c);
    assert_same_model(t, &r.m, "十减四等于?");
    free(t);
    run_free(&r);
}

static void test_model_round_trip_extremes(void **state)
{
    (void)state;
    static const char text[] =
        "[vocab]\nx ？ 三\n[d]\n3\n[sentence]\n三x？\n[embedding]\n"
        "x 1.7976931348623157e308 -4.9406564584124654e-324 0.1\n"
        "？ -0 0.30000000000000004 -1e-300\n"
        "三 0.3333333333333333 2.5e-8 123456789012345678\n"
        "[wq]\n1 0 0\n0 1 0\n0 0 1\n[wk]\n0 0 0\n0 0 0\n0 0 0\n[wv]\n1e-320 -1e21 7\n1 1 1\n2 2 2\n";
    Model m;
    char err[512] = "";
    assert_int_equal(model_parse(text, strlen(text), "t", &m, err, sizeof err), 0);
    Capture c;
    dump_model(capture_open(&c), &m, m.sentence);
    char *t = capture_close(&c);
    assert_same_model(t, &m, "三x？");
    assert_true(signbit(m.embedding[3]));    /* -0 stays negative zero */
    free(t);
    model_free(&m);
}

/* ---------------------------------------------------------------- failed writes */

static int write_to(FILE *f, Run *r, DumpFormat format)
{
    DumpOptions o = { .format = format, .zh = false };
    return dump_write(f, &r->tr, r->m.sentence, &o);
}

static void test_write_ok(void **state)
{
    (void)state;
    Run r;
    run_text(&r, NULL, NULL);
    for (int format = DUMP_TEXT; format <= DUMP_MODEL; format++) {
        Capture want, got;
        if (format == DUMP_TEXT)
            dump_text(capture_open(&want), &r.tr, r.m.sentence, false);
        else if (format == DUMP_JSON)
            dump_json(capture_open(&want), &r.tr, r.m.sentence);
        else
            dump_model(capture_open(&want), &r.m, r.m.sentence);
        capture_close(&want);
        assert_int_equal(write_to(capture_open(&got), &r, (DumpFormat)format), 0);
        capture_close(&got);
        assert_int_equal(got.len, want.len);
        assert_memory_equal(got.s, want.s, want.len);
        free(want.s);
        free(got.s);
    }
    run_free(&r);
}

static void test_write_errors(void **state)
{
    (void)state;
    Run r;
    run_text(&r, NULL, NULL);
    /* a full disk */
    FILE *full = fopen("/dev/full", "w");
    if (full) {
        assert_int_equal(write_to(full, &r, DUMP_TEXT), ENOSPC);
        clearerr(full);
        assert_int_equal(write_to(full, &r, DUMP_JSON), ENOSPC);
        fclose(full);
    }
    /* a closed descriptor */
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    FILE *closed = fdopen(fds[1], "w");
    assert_non_null(closed);
    close(fds[1]);
    assert_int_equal(write_to(closed, &r, DUMP_TEXT), EBADF);
    fclose(closed);
    close(fds[0]);
    /* a pipe nobody reads, SIGPIPE ignored */
    void (*old)(int) = signal(SIGPIPE, SIG_IGN);
    assert_int_equal(pipe(fds), 0);
    close(fds[0]);
    FILE *broken = fdopen(fds[1], "w");
    assert_non_null(broken);
    assert_int_equal(write_to(broken, &r, DUMP_MODEL), EPIPE);
    fclose(broken);
    signal(SIGPIPE, old);
    run_free(&r);
}

/* Over a file-size limit (with SIGXFSZ ignored, as main does) the write fails with EFBIG. */
static void test_write_file_size_limit(void **state)
{
    (void)state;
    Run r;
    run_text(&r, NULL, NULL);
    char path[] = "/tmp/attn-dump-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    struct rlimit old, small;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    small = old;
    small.rlim_cur = 1000;
    void (*was)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
    int e = write_to(f, &r, DUMP_TEXT);
    setrlimit(RLIMIT_FSIZE, &old);
    signal(SIGXFSZ, was);
    fclose(f);
    remove(path);
    assert_int_equal(e, EFBIG);
    run_free(&r);
}

/* ---------------------------------------------------------------- main */

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text_chinese),
        cmocka_unit_test(test_text_singular),
        cmocka_unit_test(test_text_wide_numbers),
        cmocka_unit_test(test_json_most_like_v),
        cmocka_unit_test(test_text_scaled_gives_the_shares),
        cmocka_unit_test(test_text_cosines_from_the_tables),
        cmocka_unit_test(test_text_chinese_title_whole),
        cmocka_unit_test(test_model_round_trip),
        cmocka_unit_test(test_model_round_trip_extremes),
        cmocka_unit_test(test_write_ok),
        cmocka_unit_test(test_write_errors),
        cmocka_unit_test(test_write_file_size_limit),
    };
    return cmocka_run_group_tests_name("dump", tests, NULL, NULL);
}
