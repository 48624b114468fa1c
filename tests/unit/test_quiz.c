/* test_quiz.c — unit tests for practice questions (src/quiz.c): every kind graded right and
 * wrong on the lesson's model, every named mistake typed and named, typed answers read or
 * refused, the seeded sequence repeated, masked and per-head cells. Figures were redone by
 * hand from the printed tables (attn-tui --dump).
 * Must not touch: the terminal, files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "model.h"
#include "quiz_text.h"
#include "keys.h"
#include "text.h"
#include <unistr.h>

enum { SAN, JIA, WU, DENG, YU, Q_MARK };   /* 三加五等于? */

typedef struct {
    Model m;    /* the built-in model */
    Trace tr;   /* its pass over 三加五等于? */
} Fixture;

static int setup_with(void **state, const EngineConfig *cfg)
{
    static Fixture f;
    char err[512];
    memset(&f, 0, sizeof f);
    if (model_load_default(&f.m, err, sizeof err) != 0)
        return -1;
    if (engine_forward_with(&f.m, "三加五等于?", cfg, &f.tr, err, sizeof err) != 0)
        return -1;
    *state = &f;
    return 0;
}

static int setup(void **state) { return setup_with(state, NULL); }

static int setup_masked(void **state)
{
    EngineConfig cfg = { .mask = MASK_CAUSAL, .heads = 2 };
    return setup_with(state, &cfg);
}

static int teardown(void **state)
{
    Fixture *f = *state;
    engine_free(&f->tr);
    model_free(&f->m);
    return 0;
}

/* Grades typed text against q. */
static QuizGrade grade(const QuizQuestion *q, const char *typed)
{
    TypedNumber a;
    QuizGrade g;
    assert_int_equal(typed_read(typed, &a), TYPED_NUMBER);
    quiz_grade(q, &a, &g);
    return g;
}

static void assert_right(const QuizQuestion *q, const char *typed)
{
    QuizGrade g = grade(q, typed);
    assert_true(g.correct);
    assert_int_equal(g.n_named, 0);
}

/* typed is wrong and names exactly the mistakes listed (in any order), nothing else. */
static void assert_named(const QuizQuestion *q, const char *typed, int n, ...)
{
    QuizGrade g = grade(q, typed);
    assert_false(g.correct);
    assert_int_equal(g.n_named, n);
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        QuizMistake want = (QuizMistake)va_arg(ap, int);
        bool found = false;
        for (int k = 0; k < g.n_named; k++)
            found = found || g.named[k] == want;
        assert_true(found);
    }
    va_end(ap);
}

static Trace *trace_of(void **state) { return &((Fixture *)*state)->tr; }

/* ---------------------------------------------------------------- kinds, right and wrong */

static void test_x(void **state)
{
    QuizQuestion q;
    quiz_make(trace_of(state), QUIZ_X, ROLE_Q, JIA, 0, 2, 0, 1, &q);
    assert_right(&q, "-0.56");              /* -0.66 + 0.10 */
    assert_right(&q, "−0.56");              /* U+2212 */
    assert_named(&q, "-0.57", 0);
    assert_named(&q, "-0.66", 1, QUIZ_MISTAKE_NO_POSITION);
}

static void test_projection(void **state)
{
    QuizQuestion q;
    quiz_make(trace_of(state), QUIZ_PROJECTION, ROLE_Q, JIA, 0, 0, 0, 1, &q);
    /* x(加) at two decimals gives 2.0364 → 2.04 against the table's 2.03: the prompt prints x
     * with three (W's weights are exact at two), and Σ is 2.03217 → 2.03, the one value */
    assert_int_equal(q.digits_a, 3);
    assert_int_equal(q.digits_b, 2);
    assert_right(&q, "2.03");
    assert_right(&q, "2.03217");
    assert_named(&q, "2.04", 0);
    assert_named(&q, "0.73", 0);   /* e(加)·Wq[·][0] = 0.7349: e(加) is not printed here */
    assert_named(&q, "1.10", 1, QUIZ_MISTAKE_SWAPPED);       /* x(加)·Wq[0][·] */
    QuizGrade g = grade(&q, "1.80");                          /* column 3 */
    assert_int_equal(g.n_named, 1);
    assert_int_equal(g.named[0], QUIZ_MISTAKE_WRONG_COLUMN);
    assert_int_equal(g.column[0], 3);
}

static void test_score(void **state)
{
    QuizQuestion q;
    quiz_make(trace_of(state), QUIZ_SCORE, ROLE_Q, DENG, JIA, 0, 0, 1, &q);
    /* Q and K printed with three decimals, so that the mirror Q(加)·K(等) comes out 2.08 as the
     * table and the lesson say (2.0733 → 2.07 from two decimals) */
    assert_int_equal(q.digits_a, 3);
    assert_int_equal(q.digits_b, 3);
    assert_right(&q, "4.05");               /* Σ = 4.050369 */
    assert_true(q.right == q.also_right);   /* one value */
    assert_named(&q, "4.06", 0);
    assert_named(&q, "2.08", 2, QUIZ_MISTAKE_MIRRORED, QUIZ_MISTAKE_SWAPPED);
    assert_named(&q, "2.07", 0);
    assert_named(&q, "0.25", 0);   /* e(等)·e(加) = 0.2521: the e are not printed here */
}

static void test_mirrored(void **state)
{
    QuizQuestion q;
    quiz_make(trace_of(state), QUIZ_MIRRORED, ROLE_Q, JIA, DENG, 0, 0, 2, &q);
    assert_right(&q, "2.08");               /* Σ = 2.079972 from the printed operands, as the table */
    assert_named(&q, "2.07", 1, QUIZ_MISTAKE_TRUNCATED);   /* 2.079972 cut off, not rounded */
    assert_named(&q, "2.09", 0);
    assert_named(&q, "4.05", 2, QUIZ_MISTAKE_MIRRORED, QUIZ_MISTAKE_SWAPPED);
}

static void test_scaled(void **state)
{
    QuizQuestion q;
    quiz_make(trace_of(state), QUIZ_SCALED, ROLE_Q, DENG, JIA, 0, 0, 1, &q);
    assert_right(&q, "1.43");               /* 4.05 ÷ 2.828427 = 1.4319 */
    assert_named(&q, "1.44", 0);
    assert_named(&q, "4.05", 1, QUIZ_MISTAKE_NO_SCALE);
    assert_named(&q, "0.74", 2, QUIZ_MISTAKE_MIRRORED, QUIZ_MISTAKE_SWAPPED); /* 2.08 ÷ √8 */
}

static void test_exp(void **state)
{
    QuizQuestion q;
    quiz_make(trace_of(state), QUIZ_EXP, ROLE_Q, DENG, SAN, 0, 0, 1, &q);
    assert_int_equal(q.digits, 3);
    /* the ÷√8 row printed with three decimals, as 等's row needs for its shares (and as the
     * matrix prints it): e^(0.447 − 1.432) = e^(-0.985) = 0.3734, the tables' e^ */
    assert_int_equal(q.digits_b, 3);
    assert_int_equal(q.digits_a, 4);
    assert_right(&q, "0.373");
    assert_named(&q, "0.375", 0);           /* from two decimals: not right */
    assert_named(&q, "0.37", 1, QUIZ_MISTAKE_FEWER_DECIMALS);   /* three decimals asked */
    assert_named(&q, "0.062", 1, QUIZ_MISTAKE_NO_SCALE);     /* e^(1.2639 − 4.0510) */
}

static void test_share(void **state)
{
    QuizQuestion q;
    quiz_make(trace_of(state), QUIZ_SHARE, ROLE_Q, DENG, JIA, 0, 0, 1, &q);
    assert_true(q.percent);
    /* ÷√8 at three decimals, e^ at four: 1.0000 ÷ 1.9084 → 52.4%, the lesson's, one value */
    assert_right(&q, "52.4");
    assert_right(&q, "52.4%");
    assert_right(&q, " 52,4 % ");
    assert_true(q.right == q.also_right);
    assert_named(&q, "52.3", 1, QUIZ_MISTAKE_TRUNCATED);   /* 52.399% cut off */
    assert_named(&q, "52.6", 0);
    assert_named(&q, "0.524", 1, QUIZ_MISTAKE_FRACTION);
    assert_named(&q, "91.2%", 1, QUIZ_MISTAKE_NO_SCALE);     /* softmax of the raw scores */
    assert_named(&q, "6.9", 0);   /* share(加, 等): 加's row is not printed here */
    quiz_make(trace_of(state), QUIZ_SHARE, ROLE_Q, DENG, DENG, 0, 0, 1, &q);
    assert_right(&q, "1.4");                /* 0.0264 ÷ 1.9084: the lesson's least, 1.4% */
    /* 加 gives 于 1.3%; without ÷√d 0.0%: 0.013 is the fraction, not also "forgot ÷√d"
       (0.013 is 0.0 at one decimal: naming both would be wrong) */
    quiz_make(trace_of(state), QUIZ_SHARE, ROLE_Q, JIA, YU, 0, 0, 1, &q);
    assert_right(&q, "1.3");
    assert_named(&q, "0.013", 1, QUIZ_MISTAKE_FRACTION);
    assert_named(&q, "0.0", 1, QUIZ_MISTAKE_NO_SCALE);
    assert_named(&q, "0", 1, QUIZ_MISTAKE_NO_SCALE);
}

static void test_output(void **state)
{
    QuizQuestion q;
    quiz_make(trace_of(state), QUIZ_OUTPUT, ROLE_Q, DENG, 0, 0, 0, 1, &q);
    assert_right(&q, "0.52");               /* Σ share(等,s)·V(s)[0] = 0.52124 */
    assert_named(&q, "0.53", 0);
    assert_named(&q, "1.03", 1, QUIZ_MISTAKE_OWN_V);         /* V(等)[0] */
    assert_named(&q, "52", 1, QUIZ_MISTAKE_PERCENT);          /* shares as 52.4, not 0.524 */
    assert_named(&q, "52.1", 1, QUIZ_MISTAKE_PERCENT);
    assert_named(&q, "0.14", 0);   /* column 等 of the shares: not printed */
    assert_named(&q, "0.56", 0);   /* shares of the raw scores: the scores are not printed */
}

static void test_cosine(void **state)
{
    QuizQuestion q;
    quiz_make(trace_of(state), QUIZ_COSINE, ROLE_Q, DENG, JIA, 0, 0, 1, &q);
    /* the vectors printed with four decimals, so that the worked cosine is the lesson's 0.9855
     * (two decimals give 0.9851) */
    assert_int_equal(q.digits_a, 4);
    assert_right(&q, "0.99");
    QuizText t;
    quiz_solution(trace_of(state), &q, LANG_EN, &t);
    int found = 0;
    for (int i = 0; i < t.n; i++)
        found += strstr(t.line[i], "≈ 0.9855 → 0.99") != NULL;
    assert_int_equal(found, 1);
    assert_right(&q, "98.5%");              /* a percentage typed means 0.985 */
    assert_named(&q, "0.98", 1, QUIZ_MISTAKE_TRUNCATED);   /* 0.9855 cut off */
    assert_named(&q, "0.57", 0);   /* cos(output(等), V(等)): V(等) is not printed */
    assert_named(&q, "99", 1, QUIZ_MISTAKE_PERCENT);
}

/* A mistake that gives the right value is not named: on x(三), the fingerprint of
 * position 0 has 0.00 in even components, so leaving it out changes nothing. */
static void test_mistake_only_when_different(void **state)
{
    QuizQuestion q;
    quiz_make(trace_of(state), QUIZ_X, ROLE_Q, SAN, 0, 0, 0, 1, &q);
    assert_int_equal(q.n_mistakes, 0);
    assert_right(&q, "0.67");
}

/* ---------------------------------------------------------------- answers */

static void test_parse(void **state)
{
    (void)state;
    TypedNumber a;
    assert_int_equal(typed_read("4.05", &a), TYPED_NUMBER);
    assert_true(a.value == 4.05 && !a.percent);
    assert_int_equal(typed_read("  -0.69\t", &a), TYPED_NUMBER);
    assert_true(a.value == -0.69);
    assert_int_equal(typed_read("\u22120.69", &a), TYPED_NUMBER);
    assert_true(a.value == -0.69);
    assert_int_equal(typed_read("52.4%", &a), TYPED_NUMBER);
    assert_true(a.value == 52.4 && a.percent);
    assert_int_equal(typed_read("52.4 ％", &a), TYPED_NUMBER);
    assert_true(a.percent);
    assert_int_equal(typed_read(" 0.524 ", &a), TYPED_NUMBER);
    assert_true(a.value == 0.524);
    assert_int_equal(typed_read("4,05", &a), TYPED_NUMBER);
    assert_true(a.value == 4.05);
    assert_int_equal(typed_read(".5", &a), TYPED_NUMBER);
    assert_true(a.value == 0.5);
    assert_int_equal(typed_read("+3.", &a), TYPED_NUMBER);
    assert_true(a.value == 3.0);
    assert_int_equal(typed_read("-0", &a), TYPED_NUMBER);
    assert_false(signbit(a.value));
    assert_int_equal(typed_read("", &a), TYPED_EMPTY);
    assert_int_equal(typed_read(" \u3000 ", &a), TYPED_EMPTY);
    const char *junk[] = { "abc", "4.05.1", "1,000.5", "1e3", "--1", "%", "-", ".", "4 05",
                           "52.4%%", "0x10", "nan", "inf", "１ｘ", "1234567890123456789" };
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++)
        assert_int_equal(typed_read(junk[i], &a), TYPED_JUNK);
    char msg[160];
    typed_message("abc\n", TYPED_ANSWER, LANG_EN, msg, sizeof msg);
    assert_string_equal(msg, "'abc\\n' is not a number: type one such as 4.05, -0.69 or 52.4%");
    typed_message("abc", TYPED_ANSWER, LANG_ZH, msg, sizeof msg);
    assert_string_equal(msg, "「abc」不是数字：请输入像 4.05、-0.69 或 52.4% 这样的数");
    typed_message("1.2.3", TYPED_VALUE, LANG_EN, msg, sizeof msg);   /* a value of the model */
    assert_string_equal(msg, "'1.2.3' is not a number: type one such as 1.25, -0.69 or 1e-3");
    typed_message("50%", TYPED_VALUE, LANG_EN, msg, sizeof msg);
    assert_string_equal(msg, "'50%': a value of the model is no percentage: type one such as 0.5");
}

static void test_names(void **state)
{
    (void)state;
    const char *en[QUIZ_MISTAKE_COUNT] = {
        "forgot ÷√d", "the mirrored score", "the asker's own V", "row and column swapped",
        "a fraction, not a percentage", "a percentage, not a fraction",
        "position fingerprint left out", "the wrong column of W",
        "rounded to fewer decimals than asked", "cut off, not rounded",
    };
    for (int m = 0; m < QUIZ_MISTAKE_COUNT; m++) {
        assert_string_equal(quiz_mistake_name((QuizMistake)m, LANG_EN), en[m]);
        assert_true(strlen(quiz_mistake_name((QuizMistake)m, LANG_ZH)) > 0);
        assert_string_not_equal(quiz_mistake_name((QuizMistake)m, LANG_ZH), en[m]);
    }
    assert_string_equal(quiz_mistake_name(QUIZ_MISTAKE_NO_POSITION, LANG_ZH), "漏了位置指纹");
}

/* ---------------------------------------------------------------- text */

static void test_solution_text(void **state)
{
    QuizQuestion q;
    QuizText t;
    quiz_make(trace_of(state), QUIZ_SCORE, ROLE_Q, DENG, JIA, 0, 0, 7, &q);
    quiz_prompt(trace_of(state), &q, LANG_EN, &t);
    assert_string_equal(t.line[0], "The raw score Q(等)·K(加): 等 asks, 加 answers. Two decimals.");
    assert_string_equal(t.line[2], "Q(等)        -0.691 -2.096 -1.802  0.138 -0.267  1.922 -0.683 -0.230");
    quiz_solution(trace_of(state), &q, LANG_EN, &t);
    assert_string_equal(t.line[0], "Q(等)·K(加) = Σ_i Q(等)[i] × K(加)[i]:");
    assert_string_equal(t.line[1], "  -0.691 × (-0.455) = 0.314405");
    assert_string_equal(t.line[9], "Σ = 4.050369 → 4.05 (two decimals)");
    assert_string_equal(t.line[t.n - 1], "answer 7: 4.05");
    quiz_solution(trace_of(state), &q, LANG_ZH, &t);
    assert_string_equal(t.line[9], "Σ = 4.050369 → 4.05（保留两位小数）");
    assert_string_equal(t.line[t.n - 1], "答案 7：4.05");

    quiz_make(trace_of(state), QUIZ_SHARE, ROLE_Q, DENG, JIA, 0, 0, 3, &q);
    quiz_solution(trace_of(state), &q, LANG_EN, &t);
    int found = 0;
    for (int i = 0; i < t.n; i++)
        found += strcmp(t.line[i], "share = 1.0000 ÷ 1.9084 ≈ 0.523999 → 52.4% (a percentage with one decimal)") == 0 ||
                 strcmp(t.line[i], "Σ e^ = 1.9084") == 0 || strcmp(t.line[i], "  三: e^(0.447 − 1.432) = e^(-0.985) → 0.3734") == 0;
    assert_int_equal(found, 3);   /* the matrix view's row: 0.3734 … Σ 1.9084 and 52.4% */
    assert_string_equal(t.line[t.n - 1], "answer 3: 52.4%");
}

/* A line of t that is want, or a failure listing t. */
static void assert_line(const QuizText *t, const char *want)
{
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->line[i], want) == 0)
            return;
    for (int i = 0; i < t->n; i++)
        print_error("%s\n", t->line[i]);
    fail_msg("no line \"%s\"", want);
}

/* In Chinese the worked solutions name the rows as the question's table does (词向量, 位置,
 * 输出, 百分比; they said e(加), output(等), share(等,·)) and end a sentence with "：". */
/* The columns where each blank-separated word of line ends, past the label (column 12 on). */
static int word_ends(const char *line, int *ends, int max)
{
    int n = 0, col = 0;
    bool in = false;
    for (const char *p = line; *p; ) {
        size_t len = 1;
        while ((p[len] & 0xC0) == 0x80)
            len++;
        char ch[8] = "";
        memcpy(ch, p, len);
        int w = text_width(ch);
        bool blank = *p == ' ';
        if (in && blank && col >= 12 && n < max)
            ends[n++] = col;
        in = !blank;
        col += w;
        p += len;
    }
    if (in && col >= 12 && n < max)
        ends[n++] = col;
    return n;
}

/* Every sheet line of 120 questions of six seeds, both languages, within QUIZ_SHEET_COLUMNS
 * (output(等) with five decimals too), and every row of a block right under its header's
 * column numbers, whatever the cells' width. */
static void test_sheet_lines_fit_and_align(void **state)
{
    const Trace *tr = trace_of(state);
    for (int lang = 0; lang < 2; lang++)
        for (unsigned long long seed = 1; seed <= 6; seed++) {
            QuizSeq seq;
            quiz_seq_init(&seq, seed);
            for (int k = 0; k < 20; k++) {
                QuizQuestion q;
                QuizText t;
                quiz_next(&seq, tr, &q);
                quiz_prompt(tr, &q, (Lang)lang, &t);
                int header[16], nh = 0;
                for (int i = 1; i < t.n; i++) {   /* line 0, the sentence, the sheet wraps */
                    if (t.line[i][0] == '(')
                        continue;                 /* the mask's note, a sentence too */
                    if (text_width(t.line[i]) > QUIZ_SHEET_COLUMNS)
                        fail_msg("seed %llu, question %d: %d columns: %s", seed, k + 1,
                                 text_width(t.line[i]), t.line[i]);
                    int ends[16], n = word_ends(t.line[i], ends, 16);
                    if (n > 0 && strspn(t.line[i], " 0123456789") == strlen(t.line[i])) {
                        memcpy(header, ends, sizeof header);   /* a header of column numbers */
                        nh = n;
                    } else if (nh > 0 && n == nh) {
                        for (int c = 0; c < n; c++)
                            if (ends[c] != header[c])
                                fail_msg("seed %llu, question %d: \"%s\" is not under its header",
                                         seed, k + 1, t.line[i]);
                    }
                }
            }
        }
}

static void test_chinese_words(void **state)
{
    QuizQuestion q;
    QuizText t;
    const Trace *tr = trace_of(state);
    quiz_make(tr, QUIZ_X, ROLE_Q, JIA, 0, 2, 0, 1, &q);
    quiz_solution(tr, &q, LANG_ZH, &t);
    assert_line(&t, "x(加)[2] = 词向量(加)[2] + 位置(加)[2] = -0.66 + 0.10 = -0.56");
    quiz_prompt(tr, &q, LANG_ZH, &t);
    assert_line(&t, "x(加)[2]：词向量 + 位置指纹，下标为 2 的分量。保留两位小数。");
    quiz_make(tr, QUIZ_SCORE, ROLE_Q, DENG, JIA, 0, 0, 7, &q);
    quiz_solution(tr, &q, LANG_ZH, &t);
    assert_string_equal(t.line[0], "Q(等)·K(加) = Σ_i Q(等)[i] × K(加)[i]：");
    quiz_make(tr, QUIZ_SHARE, ROLE_Q, DENG, JIA, 0, 0, 3, &q);
    quiz_solution(tr, &q, LANG_ZH, &t);
    assert_line(&t, "  三：e^(0.447 − 1.432) = e^(-0.985) → 0.3734");
    quiz_make(tr, QUIZ_OUTPUT, ROLE_Q, DENG, 0, 0, 0, 1, &q);
    quiz_prompt(tr, &q, LANG_ZH, &t);
    bool shares = false;
    for (int i = 0; i < t.n; i++)
        shares = shares || strncmp(t.line[i], "百分比(等,·)", strlen("百分比(等,·)")) == 0;
    assert_true(shares);
    quiz_make(tr, QUIZ_COSINE, ROLE_Q, DENG, JIA, 0, 0, 1, &q);
    quiz_prompt(tr, &q, LANG_ZH, &t);
    for (int i = 0; i < t.n; i++)
        assert_null(strstr(t.line[i], "output"));
    quiz_solution(tr, &q, LANG_ZH, &t);
    for (int i = 0; i < t.n; i++)
        assert_null(strstr(t.line[i], "output"));
}

/* ---------------------------------------------------------------- the sequence */

static void test_sequence(void **state)
{
    QuizSeq a, b, c;
    quiz_seq_init(&a, 42);
    quiz_seq_init(&b, 42);
    quiz_seq_init(&c, 43);
    int differ = 0;
    QuizQuestion prev;
    memset(&prev, 0, sizeof prev);
    for (int i = 0; i < 3 * QUIZ_KIND_COUNT; i++) {
        QuizQuestion qa, qb, qc;
        quiz_next(&a, trace_of(state), &qa);
        quiz_next(&b, trace_of(state), &qb);
        quiz_next(&c, trace_of(state), &qc);
        assert_memory_equal(&qa, &qb, sizeof qa);
        assert_int_equal(qa.number, i + 1);
        assert_int_equal(qa.kind, i % QUIZ_KIND_COUNT);
        differ += qa.t != qc.t || qa.s != qc.s || qa.j != qc.j;
        if (qa.kind == QUIZ_MIRRORED) {       /* right after its score, mirrored */
            assert_int_equal(prev.kind, QUIZ_SCORE);
            assert_int_equal(qa.t, prev.s);
            assert_int_equal(qa.s, prev.t);
        }
        if (qa.kind == QUIZ_PROJECTION)
            assert_int_equal(qa.role, (i / QUIZ_KIND_COUNT) % 3);
        prev = qa;
    }
    assert_true(differ > 0);
}

/* What a question asks, for the no-repeat check: its kind (a score and its mirror one) and
 * the cells it depends on. */
static void question_key(const QuizQuestion *q, int key[6])
{
    bool s = q->kind != QUIZ_X && q->kind != QUIZ_PROJECTION && q->kind != QUIZ_OUTPUT;
    bool j = q->kind == QUIZ_X || q->kind == QUIZ_PROJECTION || q->kind == QUIZ_OUTPUT;
    key[0] = q->kind == QUIZ_MIRRORED ? QUIZ_SCORE : q->kind;
    key[1] = q->kind == QUIZ_PROJECTION ? (int)q->role : 0;
    key[2] = q->t;
    key[3] = s ? q->s : 0;
    key[4] = j ? q->j : 0;
    key[5] = s && q->kind != QUIZ_COSINE ? q->head : 0;
}

/* No question repeats within a sequence while another kind or cell is left. The lesson's
 * sentence has 390 (48 x, 144 Q/K/V, 30 scores, 30 each of ÷√d, e^ and share, 48 outputs, 30
 * cosines): of three seeds the first 390 questions are all different, and question 391 is
 * the first that repeats, which the sequence says. On a one-character sentence every kind
 * and cell is asked by question 45 (8 x, 24 Q/K/V, 1 score, ÷√d, e^, share, 8 outputs, 1
 * cosine): from question 46 on they repeat. */
static void test_no_question_repeats(void **state)
{
    const Trace *tr = trace_of(state);
    static int keys[500][6];
    for (unsigned long long seed = 1; seed <= 3; seed++) {
        QuizSeq seq;
        quiz_seq_init(&seq, seed);
        for (int i = 0; i < 390; i++) {
            QuizQuestion q;
            quiz_next(&seq, tr, &q);
            question_key(&q, keys[i]);
            for (int k = 0; k < i; k++)
                if (memcmp(keys[k], keys[i], sizeof keys[i]) == 0)
                    fail_msg("seed %llu: question %d asks what question %d asked", seed, i + 1, k + 1);
        }
        assert_int_equal(seq.repeats_from, 0);
        QuizQuestion q;
        quiz_next(&seq, tr, &q);
        assert_int_equal(seq.repeats_from, 391);
    }
    Model m;
    Trace one;
    char err[256];
    assert_int_equal(model_load_default(&m, err, sizeof err), 0);
    assert_int_equal(engine_forward(&m, "?", &one, err, sizeof err), 0);
    QuizSeq seq;
    quiz_seq_init(&seq, 1);
    int n = 0;
    for (int i = 0; i < 60; i++) {
        QuizQuestion q;
        quiz_next(&seq, &one, &q);
        question_key(&q, keys[i]);
        for (int k = 0; k < i && i < 45; k++)
            assert_memory_not_equal(keys[k], keys[i], sizeof keys[i]);
        n += i == 44 && seq.repeats_from == 0;
    }
    assert_int_equal(n, 1);               /* 45 questions before any repeats */
    assert_int_equal(seq.repeats_from, 46);
    engine_free(&one);
    model_free(&m);
}

/* With the causal mask and two heads: shares are asked only of visible cells, scores carry
 * their head, the solution divides by √4. */
static void test_masked_heads(void **state)
{
    Trace *tr = trace_of(state);
    QuizSeq seq;
    quiz_seq_init(&seq, 7);
    int heads_seen[2] = { 0, 0 };
    for (int i = 0; i < 10 * QUIZ_KIND_COUNT; i++) {
        QuizQuestion q;
        quiz_next(&seq, tr, &q);
        if (q.kind == QUIZ_SHARE || q.kind == QUIZ_EXP || q.kind == QUIZ_SCALED)
            assert_true(engine_visible(tr, q.t, q.s));
        if (q.kind == QUIZ_OUTPUT)
            assert_int_equal(q.head, q.j / 4);
        heads_seen[q.head]++;
    }
    assert_true(heads_seen[0] > 0 && heads_seen[1] > 0);
    QuizQuestion q;
    quiz_make(tr, QUIZ_SHARE, ROLE_Q, SAN, SAN, 0, 1, 1, &q);
    assert_right(&q, "100");                 /* 三 sees only itself */
    quiz_make(tr, QUIZ_SCORE, ROLE_Q, SAN, DENG, 0, 1, 1, &q);
    assert_true(q.masked);
    QuizText t;
    quiz_prompt(tr, &q, LANG_EN, &t);
    assert_string_equal(t.line[0], "The raw score Q(三)·K(等): 三 asks, 等 answers (head 2: columns 4-7). Two decimals.");
    assert_string_equal(t.line[1], "(The mask hides this cell from softmax; the score is still computed.)");
    /* an output's component is collected by its head's shares: the prompt says which (it
     * printed head 1's shares of 于 under no head at all, beside a screen showing two) */
    quiz_make(tr, QUIZ_OUTPUT, ROLE_Q, YU, 0, 3, 0, 1, &q);
    quiz_prompt(tr, &q, LANG_EN, &t);
    assert_string_equal(t.line[0], "output(于)[3] = Σ_s share(于,s) × V(s)[3]: what 于 collects, component 3 (head 1: columns 0-3). Two decimals.");
    assert_right(&q, "0.38");
    quiz_make(tr, QUIZ_OUTPUT, ROLE_Q, YU, 0, 5, 0, 1, &q);
    quiz_prompt(tr, &q, LANG_ZH, &t);
    assert_string_equal(t.line[0], "输出(于)[5] = Σ_s 百分比(于,s) × V(s)[5]：「于」取到的货，下标为 5 的分量（第 2 个头：第 4-7 列）。保留两位小数。");
}

/* A character asking itself (三 under the mask, whose row sees only 三; the only pair of a
 * one-character sentence): its Q and K are printed once, not twice under the same labels;
 * ÷√d prints the score once (it is its own mirror), and the mirrored question says so. */
static void test_self_score_printed_once(void **state)
{
    Trace *tr = trace_of(state);
    QuizQuestion q;
    QuizText t;
    quiz_make(tr, QUIZ_SCALED, ROLE_Q, SAN, SAN, 0, 1, 1, &q);
    quiz_prompt(tr, &q, LANG_EN, &t);
    assert_int_equal(t.n, 3);
    assert_string_equal(t.line[1], "Q(三)·K(三) = 0.56");
    assert_string_equal(t.line[2], "√4 = 2.000000");
    assert_right(&q, "0.28");
    assert_int_equal(q.n_mistakes, 1);   /* forgot ÷√d; no mirror */
    quiz_make(tr, QUIZ_SCORE, ROLE_Q, SAN, SAN, 0, 1, 1, &q);
    quiz_prompt(tr, &q, LANG_EN, &t);
    assert_int_equal(t.n, 4);   /* the sentence, the columns, Q(三), K(三) */
    assert_true(strncmp(t.line[2], "Q(三) ", strlen("Q(三) ")) == 0);
    assert_true(strncmp(t.line[3], "K(三) ", strlen("K(三) ")) == 0);
    quiz_make(tr, QUIZ_MIRRORED, ROLE_Q, SAN, SAN, 0, 1, 1, &q);
    quiz_prompt(tr, &q, LANG_EN, &t);
    assert_string_equal(t.line[0], "The mirrored score Q(三)·K(三): 三 asks itself, so the mirror is the same cell (head 2: columns 4-7). Two decimals.");
    assert_int_equal(t.n, 4);
    quiz_prompt(tr, &q, LANG_ZH, &t);
    assert_string_equal(t.line[0], "镜像的那一格 Q(三)·K(三)：「三」问的是自己，镜像就是同一格（第 2 个头：第 4-7 列）。保留两位小数。");
}

static void test_tally(void **state)
{
    QuizQuestion q;
    quiz_make(trace_of(state), QUIZ_SCORE, ROLE_Q, DENG, JIA, 0, 0, 1, &q);
    QuizTally t = { 0 };
    QuizGrade right = grade(&q, "4.05"), wrong = grade(&q, "2.08");
    quiz_tally_add(&t, &right, 1);
    quiz_tally_add(&t, &right, 1);
    quiz_tally_add(&t, &wrong, 2);
    quiz_tally_add(&t, &right, 1);
    quiz_tally_add(&t, NULL, 1);
    quiz_tally_add(&t, &right, 2);   /* right at the second try: "2nd try", the streak ends */
    assert_int_equal(t.asked, 6);
    assert_int_equal(t.correct, 3);
    assert_int_equal(t.second, 1);
    assert_int_equal(t.revealed, 1);
    assert_int_equal(t.streak, 0);
    assert_int_equal(t.best_streak, 2);
}

/* The keys of a number being typed: characters a number holds added while they fit ('%'
 * in an answer, an exponent in a value), full-width ones as their ASCII, every other
 * printable key taken with nothing added, Backspace, Enter and Esc said, the rest (Tab, the
 * arrows) left to the caller. */
static void test_type_key(void **state)
{
    (void)state;
    char typed[6] = "";
    const char *keys = "-4,05";
    for (const char *k = keys; *k; k++)
        assert_int_equal(typed_key(typed, sizeof typed, *k, TYPED_VALUE), TYPED_KEY_EDITED);
    assert_string_equal(typed, "-4,05");
    assert_int_equal(typed_key(typed, sizeof typed, '7', TYPED_VALUE), TYPED_KEY_FULL);
    assert_string_equal(typed, "-4,05");
    assert_int_equal(typed_key(typed, sizeof typed, KEYCODE_BACKSPACE, TYPED_VALUE), TYPED_KEY_EDITED);
    assert_string_equal(typed, "-4,0");
    assert_int_equal(typed_key(typed, sizeof typed, '%', TYPED_VALUE), TYPED_KEY_UNUSABLE);   /* kept */
    assert_string_equal(typed, "-4,0%");
    typed[4] = '\0';
    assert_int_equal(typed_key(typed, sizeof typed, '%', TYPED_ANSWER), TYPED_KEY_EDITED);
    assert_string_equal(typed, "-4,0%");
    typed[4] = '\0';
    assert_int_equal(typed_key(typed, sizeof typed, 'e', TYPED_ANSWER), TYPED_KEY_UNUSABLE);
    assert_int_equal(typed_key(typed, sizeof typed, 'e', TYPED_VALUE), TYPED_KEY_EDITED);
    assert_string_equal(typed, "-4,0e");
    typed[4] = '\0';
    const int taken[] = { 'q', '?', 'n', 'm', 'x', 0x52A0 /* 加 */, 0xFF1F /* ？ */ };
    for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++)
        assert_int_equal(typed_key(typed, sizeof typed, taken[i], TYPED_ANSWER), TYPED_KEY_UNUSABLE);
    assert_string_equal(typed, "-4,0");
    assert_int_equal(typed_key(typed, sizeof typed, KEYCODE_TAB, TYPED_ANSWER), TYPED_KEY_OTHER);
    assert_int_equal(typed_key(typed, sizeof typed, KEYCODE_RIGHT, TYPED_ANSWER), TYPED_KEY_OTHER);
    assert_int_equal(typed_key(typed, sizeof typed, KEYCODE_ENTER, TYPED_ANSWER), TYPED_KEY_ENTER);
    assert_int_equal(typed_key(typed, sizeof typed, KEYCODE_ESC, TYPED_ANSWER), TYPED_KEY_ESC);
    assert_int_equal(typed_key(typed, sizeof typed, KEYCODE_KILL, TYPED_ANSWER), TYPED_KEY_EDITED);
    assert_string_equal(typed, "");   /* Ctrl-U: all of it */
    char empty[4] = "";
    assert_int_equal(typed_key(empty, sizeof empty, KEYCODE_BACKSPACE, TYPED_ANSWER), TYPED_KEY_EDITED);
    assert_string_equal(empty, "");
    char hint[160];
    typed_hint(TYPED_KEY_UNUSABLE, 'q', TYPED_ANSWER, LANG_EN, hint, sizeof hint);
    assert_string_equal(hint, "'q' is not part of a number: type digits, '.', '-' or '%'; Esc leaves the line");
    typed_hint(TYPED_KEY_UNUSABLE, 0x52A0, TYPED_ANSWER, LANG_ZH, hint, sizeof hint);
    assert_string_equal(hint, "「加」不能用在数字里：请输入数字、小数点、负号或 %；Esc 离开输入行");
    typed_hint(TYPED_KEY_UNUSABLE, 'x', TYPED_VALUE, LANG_EN, hint, sizeof hint);
    assert_string_equal(hint, "'x' is not part of a number: Backspace erases it (digits, '.', '-', 1e-3)");
    /* a value keeps what it cannot use, so Enter refuses the text as typed: 0x10 is never 10 */
    char value[16] = "";
    const int hex[] = { '0', 'x', '1', '0' };
    for (size_t i = 0; i < sizeof hex / sizeof hex[0]; i++)
        typed_key(value, sizeof value, hex[i], TYPED_VALUE);
    assert_string_equal(value, "0x10");
    double v = 0.0;
    assert_int_equal(typed_value(value, &v), TYPED_JUNK);
    char percent[16] = "";
    typed_key(percent, sizeof percent, '5', TYPED_VALUE);
    typed_key(percent, sizeof percent, '0', TYPED_VALUE);
    assert_int_equal(typed_key(percent, sizeof percent, 0xFF05, TYPED_VALUE), TYPED_KEY_UNUSABLE);   /* ％ */
    assert_string_equal(percent, "50%");
    assert_int_equal(typed_value(percent, &v), TYPED_PERCENT);
    char exp[16] = "";
    typed_key(exp, sizeof exp, '1', TYPED_VALUE);
    typed_key(exp, sizeof exp, 'e', TYPED_VALUE);
    typed_key(exp, sizeof exp, '3', TYPED_VALUE);
    assert_int_equal(typed_value(exp, &v), TYPED_NUMBER);
    assert_true(v == 1000.0);
    char answer[16] = "";   /* an answer leaves such a key out */
    typed_key(answer, sizeof answer, '2', TYPED_ANSWER);
    assert_int_equal(typed_key(answer, sizeof answer, 'q', TYPED_ANSWER), TYPED_KEY_UNUSABLE);
    assert_string_equal(answer, "2");
}

/* Every full-width form an input method types, key by key: read as its ASCII, said. */
static void test_full_width_keys(void **state)
{
    (void)state;
    static const struct { const char *keys; const char *typed; } forms[] = {
        { "－０．６２", "-0.62" }, { "-0。62", "-0.62" }, { "２．０３", "2.03" }, { "＋１，５", "+1,5" },
        { "５０％", "50%" }, { "−0.5", "-0.5" }, { "０　", "0 " },
    };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        char typed[32] = "";
        const uint8_t *p = (const uint8_t *)forms[i].keys;
        bool folded = false;
        while (*p) {
            ucs4_t uc;
            int n = u8_mbtouc(&uc, p, strlen((const char *)p));
            TypedKey k = typed_key(typed, sizeof typed, (int)uc, TYPED_ANSWER);
            assert_true(k == TYPED_KEY_EDITED || k == TYPED_KEY_FOLDED);
            assert_int_equal(k == TYPED_KEY_FOLDED, uc >= 0x80);
            folded = folded || k == TYPED_KEY_FOLDED;
            p += n;
        }
        assert_true(folded);
        assert_string_equal(typed, forms[i].typed);
        TypedNumber a;   /* and read as a whole, pasted */
        assert_int_equal(typed_read(forms[i].keys, &a), TYPED_NUMBER);
    }
    char typed[32] = "";
    assert_int_equal(typed_key(typed, sizeof typed, 0xFF45 /* ｅ */, TYPED_VALUE), TYPED_KEY_FOLDED);
    assert_string_equal(typed, "e");
    double v;
    assert_int_equal(typed_value("１ｅ－３", &v), TYPED_NUMBER);
    assert_true(v == 1e-3);
    assert_int_equal(typed_value(" －０．６２ ", &v), TYPED_NUMBER);
    assert_true(v == -0.62);
    assert_int_equal(typed_value("4,05", &v), TYPED_NUMBER);
    assert_true(v == 4.05);
    assert_int_equal(typed_value("1e3", &v), TYPED_NUMBER);
    assert_true(v == 1000.0);
    assert_int_equal(typed_value("0x10", &v), TYPED_JUNK);
    assert_int_equal(typed_value("50%", &v), TYPED_PERCENT);
    assert_int_equal(typed_value("５０％", &v), TYPED_PERCENT);
    assert_int_equal(typed_value("　", &v), TYPED_EMPTY);
    assert_int_equal(typed_value("1e999", &v), TYPED_JUNK);
    char note[160];
    typed_folded_note(LANG_EN, note, sizeof note);
    assert_string_equal(note, "full-width characters are read as ASCII: －０．６２ is -0.62");
}

/* The grading table, one rule each (the help and docs/practice.md state it): the answer
 * with the decimals asked; more decimals rounding to it; fewer decimals; cut off instead
 * of rounded; a fraction for a percentage; a known mistake only when the printed numbers
 * make its value; anything else. */
static void test_grading_rules(void **state)
{
    QuizQuestion q;
    QuizGrade g;
    /* x(加)[2] = -0.56 (two decimals) */
    quiz_make(trace_of(state), QUIZ_X, ROLE_Q, JIA, 0, 2, 0, 1, &q);
    g = grade(&q, "-0.56");
    assert_int_equal(g.verdict, QUIZ_RIGHT);
    g = grade(&q, "-0.560");
    assert_int_equal(g.verdict, QUIZ_RIGHT_NOTED);   /* more decimals than asked */
    g = grade(&q, "-0.5649");
    assert_int_equal(g.verdict, QUIZ_RIGHT_NOTED);
    g = grade(&q, "-0.566");
    assert_int_equal(g.verdict, QUIZ_WRONG);         /* rounds to -0.57 */
    g = grade(&q, "-0.6");
    assert_int_equal(g.verdict, QUIZ_WRONG_NAMED);
    assert_named(&q, "-0.6", 1, QUIZ_MISTAKE_FEWER_DECIMALS);
    assert_named(&q, "-1", 1, QUIZ_MISTAKE_FEWER_DECIMALS);
    assert_named(&q, "-0.66", 1, QUIZ_MISTAKE_NO_POSITION);
    g = grade(&q, "0.56");
    assert_int_equal(g.verdict, QUIZ_WRONG);
    /* the score Q(等)·K(加) = 4.050369 → 4.05 */
    quiz_make(trace_of(state), QUIZ_SCORE, ROLE_Q, DENG, JIA, 0, 0, 1, &q);
    assert_true(fabs(q.exact - 4.050369) < 1e-6);
    g = grade(&q, "4.0504");
    assert_int_equal(g.verdict, QUIZ_RIGHT_NOTED);
    assert_named(&q, "4.1", 1, QUIZ_MISTAKE_FEWER_DECIMALS);   /* 4.05 rounded again */
    assert_named(&q, "4", 1, QUIZ_MISTAKE_FEWER_DECIMALS);
    /* ÷√8 of 等→三: 1.2639 ÷ 2.828427 = 0.4468… → 0.45, cut off: 0.44 */
    quiz_make(trace_of(state), QUIZ_SCALED, ROLE_Q, DENG, SAN, 0, 0, 1, &q);
    assert_right(&q, "0.45");
    assert_named(&q, "0.44", 1, QUIZ_MISTAKE_TRUNCATED);
    /* the share 加 gives 于 = 1.3% (1.2861%): 1.2% cut off, 1% fewer decimals (and never
       "row and column swapped": 加's column is not printed) */
    quiz_make(trace_of(state), QUIZ_SHARE, ROLE_Q, JIA, YU, 0, 0, 1, &q);
    assert_right(&q, "1.3%");
    assert_named(&q, "1.2%", 1, QUIZ_MISTAKE_TRUNCATED);
    assert_named(&q, "1%", 1, QUIZ_MISTAKE_FEWER_DECIMALS);
    assert_named(&q, "0.013", 1, QUIZ_MISTAKE_FRACTION);
    g = grade(&q, "1.29%");
    assert_int_equal(g.verdict, QUIZ_RIGHT_NOTED);
    /* 等's share to 三, 19.6%: 19% is fewer decimals and cut off, 20% fewer decimals */
    quiz_make(trace_of(state), QUIZ_SHARE, ROLE_Q, DENG, SAN, 0, 0, 1, &q);
    char v[32];
    quiz_value_text(&q, q.right, v, sizeof v);
    assert_string_equal(v, "19.6%");
    assert_named(&q, "19%", 2, QUIZ_MISTAKE_FEWER_DECIMALS, QUIZ_MISTAKE_TRUNCATED);
    assert_named(&q, "20%", 1, QUIZ_MISTAKE_FEWER_DECIMALS);
    /* the share of 三 asking itself under the mask, 100.0%: "100" leaves zeros off, right */
    quiz_make(trace_of(state), QUIZ_SHARE, ROLE_Q, DENG, DENG, 0, 0, 1, &q);
    assert_right(&q, "1.4");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_x, setup, teardown),
        cmocka_unit_test_setup_teardown(test_projection, setup, teardown),
        cmocka_unit_test_setup_teardown(test_score, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mirrored, setup, teardown),
        cmocka_unit_test_setup_teardown(test_scaled, setup, teardown),
        cmocka_unit_test_setup_teardown(test_exp, setup, teardown),
        cmocka_unit_test_setup_teardown(test_share, setup, teardown),
        cmocka_unit_test_setup_teardown(test_output, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cosine, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mistake_only_when_different, setup, teardown),
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_names),
        cmocka_unit_test_setup_teardown(test_solution_text, setup, teardown),
        cmocka_unit_test_setup_teardown(test_chinese_words, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sheet_lines_fit_and_align, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sequence, setup, teardown),
        cmocka_unit_test_setup_teardown(test_no_question_repeats, setup, teardown),
        cmocka_unit_test_setup_teardown(test_masked_heads, setup_masked, teardown),
        cmocka_unit_test_setup_teardown(test_self_score_printed_once, setup_masked, teardown),
        cmocka_unit_test_setup_teardown(test_tally, setup, teardown),
        cmocka_unit_test(test_type_key),
        cmocka_unit_test(test_full_width_keys),
        cmocka_unit_test_setup_teardown(test_grading_rules, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
