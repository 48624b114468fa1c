/* wrap.c — breaking a paragraph into lines by display width: libunistring says where a line
 * may break (Unicode's UAX #14), the lesson's terms and equations say where it may not, and
 * lines are filled greedily up to the width.
 * Owns: that, and the list of the lesson's unbreakable terms. Must not touch: the grid,
 * ncurses, allocation. */
#include "wrap.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <unilbrk.h>
#include "text.h"

/* ---------------------------------------------------------------- what stays whole */

/* The lesson's terms (glossary.md) and the interface's: UAX #14 breaks Chinese between any
 * two characters, so 对称 would end a line in 对 and begin the next in 称. Longest first where
 * one holds another, so that the longer is found whole. */
const char *const wrap_terms[] = {
    "① 三个分身", "② 打分", "③ 变百分比", "④ 取货", "① Q K V",   /* a stage's mark with its name */
    "保留一位小数", "保留两位小数", "保留三位小数", "保留四位小数", "加起来", "最大值", "接近", "而是",
    "训练", "自注意力", "注意力", "词向量", "位置指纹", "相似度表", "不对称", "对称", "三个分身", "可训练参数",
    "打分", "点积", "转置", "变百分比", "百分比", "饱和", "梯度消失", "梯度", "学不动", "取货",
    "加权平均", "残差连接", "因果掩码", "掩码", "多头", "检索词", "名牌", "矩阵", "分数", "维度",
    "余弦", "输出", "输入", "句子", "提问", "标准差", "自动播放", "真实模型", "演示", "形状",
    "向量", "内容", "谁在问", "谁在答", "四舍五入", "小数", "（GQA）",
};
const int wrap_term_count = (int)(sizeof wrap_terms / sizeof wrap_terms[0]);

/* True when the text at s goes on an equation after its ")": an ASCII symbol or letter
 * ("[0]", "^2"), or · × ÷ (UTF-8 C2 B7, C3 97, C3 B7). */
static bool wrap_equation_next(const char *s)
{
    unsigned char c = (unsigned char)s[0], d = (unsigned char)s[1];
    if (c == '.')   /* ASCII's dot product, "Q(jia).K(deng)"; not a full stop */
        return (d >= 'A' && d <= 'Z') || (d >= 'a' && d <= 'z');
    if (c > ' ' && c < 0x7f)
        return c != ',' && c != ';';
    return (c == 0xC2 && d == 0xB7) || (c == 0xC3 && (d == 0x97 || d == 0xB7));
}

size_t wrap_term_at(const char *s)
{
    if ((unsigned char)s[0] < 0xC0)   /* every term opens on a non-ASCII character */
        return 0;
    for (int t = 0; t < wrap_term_count; t++) {
        if (s[0] != wrap_terms[t][0] || s[1] != wrap_terms[t][1])
            continue;
        size_t len = strlen(wrap_terms[t]);
        if (strncmp(s, wrap_terms[t], len) == 0)
            return len;
    }
    return 0;
}

/* Fills o (n bytes, one per byte of s) as libunistring's line-breaking override:
 * UC_BREAK_UNDEFINED (UAX #14 decides) but UC_BREAK_PROHIBITED where s must not break:
 * inside a listed term, before a term's closing （GQA）, on either side of an "=" or "≈" with
 * blanks round it ("Q(加)·K(等) = 2.08" stays one), and inside an equation's name with its
 * parentheses ("Q(加)·K(等)", "百分比(等→加)": no break before its "(" or inside it), and on
 * either side of a dot product's "·" (等·加). wrap_lines obeys it wherever the span it holds
 * together fits a line (wrap_release_wide_spans). */
static void wrap_unbreakable(const char *s, size_t n, char *o)
{
    memset(o, UC_BREAK_UNDEFINED, n);
    for (size_t i = 0; i < n; i++) {
        size_t len = wrap_term_at(s + i);
        if (len == 0 || i + len > n)
            continue;
        memset(o + i + 1, UC_BREAK_PROHIBITED, len - 1);
        if (s[i] == '\xef')   /* a bracketed aside, （GQA）, keeps to the word before it */
            o[i] = UC_BREAK_PROHIBITED;
    }
    int depth = 0;   /* inside an equation name's parentheses: "Q(加" … ")" */
    for (size_t i = 0; i < n; i++) {
        bool eq = (s[i] == '=' || strncmp(s + i, "≈", 3) == 0) && i > 0 && s[i - 1] == ' ';
        if (eq) {   /* "a = b": the blanks on both sides hold it together */
            size_t k = s[i] == '=' ? i + 1 : i + 3;
            o[i] = o[i - 1] = UC_BREAK_PROHIBITED;
            while (k < n && s[k] == ' ')
                o[k++] = UC_BREAK_PROHIBITED;
            if (k < n)
                o[k] = UC_BREAK_PROHIBITED;
        }
        if ((unsigned char)s[i] == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xB7) {   /* 等·加 */
            o[i] = UC_BREAK_PROHIBITED;
            if (i + 2 < n)
                o[i + 2] = UC_BREAK_PROHIBITED;
        }
        if (s[i] == '(' && (depth > 0 || (i > 0 && s[i - 1] != ' '))) {   /* a name's argument */
            o[i] = UC_BREAK_PROHIBITED;
            depth++;
        } else if (s[i] == ')' && depth > 0) {
            o[i] = UC_BREAK_PROHIBITED;
            depth--;
            if (depth == 0 && i + 1 < n && wrap_equation_next(s + i + 1)) {   /* ")·K(" goes on */
                o[i + 1] = UC_BREAK_PROHIBITED;
                if (s[i + 1] == '.' && i + 2 < n)   /* and so does ").K(" */
                    o[i + 2] = UC_BREAK_PROHIBITED;
            }
        } else if (depth > 0) {
            o[i] = UC_BREAK_PROHIBITED;
        }
    }
}

/* Bytes of the UTF-8 character at s. */
static size_t wrap_char_len(const char *s)
{
    size_t k = 1;
    while (((unsigned char)s[k] & 0xC0) == 0x80)
        k++;
    return k;
}

/* Gives UAX #14 back its breaks in every span o holds together (a run of
 * UC_BREAK_PROHIBITED and what it joins, from one place a line may break to the next,
 * breaks being s's UAX #14 breaks) that is wider than width columns without its trailing
 * blanks: that span alone breaks where it must, every other term and equation stays whole. */
static void wrap_release_wide_spans(const char *s, size_t n, const char *breaks, char *o, int width)
{
    size_t from = 0;     /* the span's first byte */
    int cols = 0;        /* its columns so far, from its first character that is not a blank */
    int inked = 0;       /* its columns up to its last character that is not a blank */
    bool held = false;   /* o took a break out of it */
    for (size_t i = 0; i <= n;) {
        bool ends = i == n || ((breaks[i] == UC_BREAK_POSSIBLE || breaks[i] == UC_BREAK_MANDATORY) &&
                               o[i] != UC_BREAK_PROHIBITED);
        if (ends) {
            if (held && inked > width)
                memset(o + from, UC_BREAK_UNDEFINED, i - from);
            if (i == n)
                break;
            from = i;
            cols = inked = 0;
            held = false;
        }
        held = held || (breaks[i] == UC_BREAK_POSSIBLE && o[i] == UC_BREAK_PROHIBITED);
        size_t k = wrap_char_len(s + i);
        if (cols > 0 || s[i] != ' ')
            cols += text_width_n(s + i, k);
        if (s[i] != ' ')
            inked = cols;
        i += k;
    }
}

/* ---------------------------------------------------------------- breaking */

/* True between two ASCII characters that are not blanks: a word, a name or a piece of code
 * ("F.scaled_dot_product_attention", "--export") stays whole. */
static bool wrap_inside_word(const char *s, size_t i)
{
    unsigned char a = (unsigned char)s[i - 1], b = (unsigned char)s[i];
    return a > ' ' && a < 0x7f && b > ' ' && b < 0x7f;
}

/* The line start .. end, its trailing blanks dropped. */
static WrapLine wrap_trimmed(const char *s, int start, int end)
{
    while (end > start && s[end - 1] == ' ')
        end--;
    return (WrapLine){ start, end - start };
}

/* The line start .. end (its trailing blanks dropped) as line `count` of lines, when there
 * is room for it. */
static void wrap_store(const char *s, int start, int end, WrapLine *lines, int max, int count)
{
    if (count < max)
        lines[count] = wrap_trimmed(s, start, end);
}

/* The first line's start after a break at `at`: past the blanks there. */
static int wrap_skip_blanks(const char *s, int at)
{
    while (s[at] == ' ')
        at++;
    return at;
}

int wrap_lines(const char *s, int width, WrapLine *lines, int max)
{
    char breaks[WRAP_MAX_BYTES];
    size_t n = strlen(s);
    if (n > WRAP_MAX_BYTES)
        n = WRAP_MAX_BYTES;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)   /* never cut a character */
        n--;
    if (n == 0)
        return 0;
    char keep[WRAP_MAX_BYTES];   /* then UAX #14's own breaks, before the holds */
    u8_possible_linebreaks((const uint8_t *)s, n, "UTF-8", breaks);
    wrap_unbreakable(s, n, keep);
    wrap_release_wide_spans(s, n, breaks, keep, width);
    for (size_t i = 0; i < n; i++) {
        char own = breaks[i];
        if (keep[i] == UC_BREAK_PROHIBITED && breaks[i] != UC_BREAK_MANDATORY)
            breaks[i] = UC_BREAK_PROHIBITED;
        keep[i] = own;
    }
    /* last_break: the last place the line may break; last_held: the last one a hold took
     * away, taken rather than cut a word when the held pieces together do not fit */
    int count = 0, start = 0, cols = 0, last_break = -1, last_held = -1;
    for (size_t i = 0; i < n;) {
        size_t k = wrap_char_len(s + i);
        if (breaks[i] == UC_BREAK_MANDATORY) {   /* a newline ends the line */
            wrap_store(s, start, (int)i, lines, max, count++);
            start = wrap_skip_blanks(s, (int)(i + k));
            i = (size_t)start;
            cols = 0;
            last_break = -1;
            continue;
        }
        bool may_break = i > (size_t)start && breaks[i] == UC_BREAK_POSSIBLE && !wrap_inside_word(s, i);
        if (may_break)
            last_break = (int)i;
        else if (i > (size_t)start && keep[i] == UC_BREAK_POSSIBLE && !wrap_inside_word(s, i))
            last_held = (int)i;
        int w = text_width_n(s + i, k);
        bool blank = s[i] == ' ';
        if (!blank && cols + w > width && i > (size_t)start) {
            int at = last_break > start ? last_break : last_held > start ? last_held : (int)i;
            wrap_store(s, start, at, lines, max, count++);
            start = wrap_skip_blanks(s, at);
            cols = text_width_n(s + start, i - (size_t)start);
            last_break = last_held = -1;
        }
        cols += w;
        i += k;
    }
    if (start < (int)n)
        wrap_store(s, start, (int)n, lines, max, count++);
    return count;
}

/* ---------------------------------------------------------------- no widow */

#define WRAP_BALANCE_LINES 64   /* most lines of a paragraph wrap_balanced evens out */

/* Columns of line l of s. */
static int wrap_line_columns(const char *s, WrapLine l)
{
    return text_width_n(s + l.start, (size_t)l.len);
}

/* The width, at most width, to break s at (into n lines) so that its last line is no widow:
 * width itself when its last line has WRAP_WIDOW_MIN columns or s is one line, else the
 * widest narrower one (down to half) that keeps n lines and gives the last line that much;
 * width when none does. */
static int wrap_balanced_width(const char *s, int width, int n, WrapLine *all)
{
    if (n < 2 || n > WRAP_BALANCE_LINES || wrap_line_columns(s, all[n - 1]) >= WRAP_WIDOW_MIN)
        return width;
    for (int w = width - 1; w > width / 2; w--) {
        if (wrap_lines(s, w, all, WRAP_BALANCE_LINES) != n)
            return width;
        if (wrap_line_columns(s, all[n - 1]) >= WRAP_WIDOW_MIN)
            return w;
    }
    return width;
}

int wrap_balanced(const char *s, int width, WrapLine *lines, int max)
{
    WrapLine all[WRAP_BALANCE_LINES];
    int n = wrap_lines(s, width, all, WRAP_BALANCE_LINES);
    int w = wrap_balanced_width(s, width, n, all);
    return wrap_lines(s, w, lines, max);
}
