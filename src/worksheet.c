/* worksheet.c — the numbered questions of a seeded sequence, written for paper: each
 * question's sentence wrapped to 80 columns, its operands, and with --answers its worked
 * solution. Must not touch: the terminal, the numbers (quiz.c and the engine own them). */
#include "worksheet.h"

#include <errno.h>
#include <string.h>

#include "quiz_text.h"
#include "text.h"
#include "wrap.h"

#define WORKSHEET_INDENT 4   /* columns before a question's lines, after its number */

/* The paragraph s wrapped to the sheet's width, each line after `indent` columns, the first
 * after `first` (ASCII, at most indent bytes) instead of blanks. */
static void worksheet_paragraph(FILE *f, int indent, const char *first, const char *s)
{
    WrapLine lines[32];
    int n = wrap_lines(s, WORKSHEET_COLUMNS - indent, lines, 32);
    for (int i = 0; i < n && i < 32; i++)
        fprintf(f, "%-*s%.*s\n", indent, i == 0 ? first : "", lines[i].len, s + lines[i].start);
}

#define WORKSHEET_WRAP_INDENT 4   /* more blanks before a wrapped line's continuation */

/* Lines from `from` on, indented; one wider than the sheet wrapped, its continuations
 * indented further (the Chinese cosine's "余弦 = … → -0.10（保留两位小数）" took 82 columns). */
static void worksheet_lines(FILE *f, const QuizText *t, int from)
{
    int room = WORKSHEET_COLUMNS - WORKSHEET_INDENT;
    for (int i = from; i < t->n; i++) {
        const char *line = t->line[i];
        if (text_width(line) <= room) {
            fprintf(f, "%*s%s\n", WORKSHEET_INDENT, "", line);
            continue;
        }
        WrapLine parts[8];
        int n = wrap_lines(line, room - WORKSHEET_WRAP_INDENT, parts, 8);
        for (int k = 0; k < n && k < 8; k++)
            fprintf(f, "%*s%.*s\n", WORKSHEET_INDENT + (k ? WORKSHEET_WRAP_INDENT : 0), "",
                    parts[k].len, line + parts[k].start);
    }
}

int worksheet_write(FILE *f, const Trace *tr, const WorksheetOptions *o)
{
    char sentence[MODEL_SENTENCE_BYTES];
    engine_sentence(tr, sentence, sizeof sentence);
    Lang lang = o->lang;
    errno = 0;
    char title[256];
    snprintf(title, sizeof title, LANG_PICK(lang, "attn-tui worksheet%s: %s, %d questions, seed %llu",
                                            "attn-tui 练习%s：句子「%s」，%d 道题，种子 %llu"),
             o->answers ? LANG_PICK(lang, " (answers)", "（答案）") : "", sentence, o->questions,
             o->seed);
    worksheet_paragraph(f, 0, "", title);
    if (tr->mask == MASK_CAUSAL || tr->heads > 1)
        fprintf(f, LANG_PICK(lang, "Lesson 7: %s mask, %d %s of width %d.\n",
                             "第 7 课：%s掩码，%d 个%s，每个宽 %d。\n"),
                tr->mask == MASK_CAUSAL ? LANG_PICK(lang, "causal", "因果") : LANG_PICK(lang, "no", "无"),
                tr->heads, LANG_PICK(lang, tr->heads == 1 ? "head" : "heads", "头"), tr->dh);
    worksheet_paragraph(f, WORKSHEET_INDENT, "", LANG_PICK(lang,
        "Compute each number by hand from the numbers printed with it, and round as asked "
        "(half away from zero).",
        "用题目里印出的数字手算每个数，按要求四舍五入。"));
    QuizSeq seq;
    quiz_seq_init(&seq, o->seed);
    for (int i = 0; i < o->questions; i++) {
        QuizQuestion q;
        QuizText text;
        quiz_next(&seq, tr, &q);
        quiz_prompt(tr, &q, lang, &text);
        char number[16];
        snprintf(number, sizeof number, "%d.", q.number);
        fputc('\n', f);
        worksheet_paragraph(f, WORKSHEET_INDENT, number, text.n > 0 ? text.line[0] : "");
        worksheet_lines(f, &text, 1);
        if (o->answers) {
            quiz_solution(tr, &q, lang, &text);
            fprintf(f, "%*s%s\n", WORKSHEET_INDENT, "", LANG_PICK(lang, "Solution:", "解答："));
            worksheet_lines(f, &text, 0);
        }
    }
    if (fflush(f) != 0 || ferror(f))
        return errno ? errno : EIO;
    return 0;
}
