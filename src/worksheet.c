/* worksheet.c — the numbered questions of a seeded sequence, written for paper: as text, each
 * question's sentence wrapped to 80 columns, its operands, and with --answers its worked
 * solution; as a PDF (worksheet_pdf.h's document, laid out by the PDF module), with a head
 * to fill in, a box to write in under each question and the key on pages of its own.
 * Must not touch: the terminal, the numbers (quiz.c and the engine own them), the layout on
 * paper (the module's). */
#include "worksheet.h"

#include <errno.h>
#include <stdlib.h>
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

const char *worksheet_repeats(Lang lang)
{
    return LANG_PICK(lang, "From here on questions repeat: every kind of question and every cell has been asked.",
                     "从这一题起题目开始重复：每一种题、每一个格子都已经出过了。");
}

int worksheet_write(FILE *f, const Trace *tr, const WorksheetOptions *o)
{
    char sentence[MODEL_SENTENCE_BYTES];
    engine_sentence(tr, sentence, sizeof sentence);
    Lang lang = o->lang;
    errno = 0;
    char title[MODEL_SENTENCE_BYTES + 128];
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
        "用题目里给出的数字手算每个数，按要求四舍五入。"));
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
        if (seq.repeats_from == q.number)
            worksheet_paragraph(f, 0, "", worksheet_repeats(lang));
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

/* ---------------------------------------------------------------- the PDF */

#define WORKSHEET_BOX_LINES 2   /* a box to write in under each question, lines high */

/* One question as the sheet's item (its sentence, its numbers) from t; its lines point into t. */
static void worksheet_item(WorksheetPdfItem *it, int number, const QuizText *t, int first, int box)
{
    memset(it, 0, sizeof *it);
    it->number = number;
    it->text = first > 0 && t->n > 0 ? t->line[0] : NULL;
    for (int i = first; i < t->n && it->n_lines < WORKSHEET_PDF_MAX_LINES; i++)
        it->lines[it->n_lines++] = t->line[i];
    it->box_lines = box;
}

WorksheetPdfStatus worksheet_write_pdf(FILE *f, const Trace *tr, const WorksheetOptions *o,
                                       WorksheetPdfPages *pages, char *err, size_t cap)
{
    Lang lang = o->lang;
    int n = o->questions;
    QuizText *prompts = calloc((size_t)n, sizeof *prompts);
    QuizText *keys = o->answers ? calloc((size_t)n, sizeof *keys) : NULL;
    WorksheetPdfItem *items = calloc((size_t)n * (o->answers ? 2 : 1), sizeof *items);
    if (!prompts || !items || (o->answers && !keys)) {
        free(prompts);
        free(keys);
        free(items);
        snprintf(err, cap, "%s", LANG_PICK(lang, "out of memory", "内存不足"));
        return WORKSHEET_PDF_FAILED;
    }
    char sentence[MODEL_SENTENCE_BYTES], subtitle[512], pdf_title[256];
    engine_sentence(tr, sentence, sizeof sentence);
    snprintf(subtitle, sizeof subtitle, LANG_PICK(lang, "%s · %d questions · seed %llu", "句子「%s」 · %d 道题 · 种子 %llu"),
             sentence, n, o->seed);
    if (tr->mask == MASK_CAUSAL || tr->heads > 1)
        snprintf(subtitle + strlen(subtitle), sizeof subtitle - strlen(subtitle),
                 LANG_PICK(lang, " · lesson 7: %s mask, %d %s of width %d", " · 第 7 课：%s掩码，%d 个%s，每个宽 %d"),
                 tr->mask == MASK_CAUSAL ? LANG_PICK(lang, "causal", "因果") : LANG_PICK(lang, "no", "无"),
                 tr->heads, LANG_PICK(lang, tr->heads == 1 ? "head" : "heads", "头"), tr->dh);
    snprintf(pdf_title, sizeof pdf_title, LANG_PICK(lang, "attn-tui worksheet: %s", "attn-tui 练习：「%s」"), sentence);
    QuizSeq seq;
    quiz_seq_init(&seq, o->seed);
    for (int i = 0; i < n; i++) {
        QuizQuestion q;
        quiz_next(&seq, tr, &q);
        quiz_prompt(tr, &q, lang, &prompts[i]);
        worksheet_item(&items[i], q.number, &prompts[i], 1, WORKSHEET_BOX_LINES);
        if (seq.repeats_from == q.number)
            items[i].before = worksheet_repeats(lang);
        if (keys) {
            quiz_solution(tr, &q, lang, &keys[i]);
            worksheet_item(&items[n + i], q.number, &keys[i], 0, 0);
        }
    }
    WorksheetPdfDoc doc = {
        .abi = WORKSHEET_PDF_ABI,
        .language = lang == LANG_ZH ? "zh-cn" : "en",
        .title = LANG_PICK(lang, "attn-tui worksheet: self-attention by hand", "attn-tui 练习：手算自注意力"),
        .subtitle = subtitle,
        .fields = { LANG_PICK(lang, "Name", "姓名"), LANG_PICK(lang, "Class", "班级"), LANG_PICK(lang, "Date", "日期") },
        .instructions = LANG_PICK(lang, "Compute each number by hand from the numbers given with it, round as asked "
                                        "(half away from zero), and write it in the box.",
                                  "用题目里给出的数字手算每个数，按要求四舍五入，把答案写在框里。"),
        .box_label = LANG_PICK(lang, "answer", "答"),
        .page_format = LANG_PICK(lang, "page %d of %d", "第 %d 页，共 %d 页"),
        .key_title = o->answers ? LANG_PICK(lang, "Key: the worked solutions", "答案与解题过程") : NULL,
        .pdf_title = pdf_title,
        .n_questions = n,
        .questions = items,
        .n_answers = o->answers ? n : 0,
        .answers = o->answers ? items + n : NULL,
    };
    WorksheetPdfStatus st = worksheet_pdf_write(&doc, f, pages, lang, err, cap);
    free(prompts);
    free(keys);
    free(items);
    return st;
}
