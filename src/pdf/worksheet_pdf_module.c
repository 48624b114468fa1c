/* worksheet_pdf_module.c — attn-tui-pdf.so: a worksheet (worksheet_pdf.h's document) laid out
 * on A4 pages with pango and written as a PDF with cairo. Page 1 opens with the title, the
 * lines a student fills in (name, class, date) and how to answer; each question follows with
 * its numbers in a fixed-width font (CJK two columns wide, as the text sheet aligns them) and
 * a box to write in, never split across two pages; the key starts on a page of its own. Two
 * passes: every block measured and placed on its page, then drawn with "page i of n".
 * Built only when pkg-config finds pangocairo; the program loads it for --format pdf alone.
 * Owns: the layout on paper. Must not touch: the program's types (only the document's plain
 * strings and numbers), the terminal. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include "worksheet_pdf.h"

/* ---------------------------------------------------------------- the page */

#define PAGE_W 595.276         /* A4 in points */
#define PAGE_H 841.890
#define MARGIN_X 56.0          /* left and right */
#define MARGIN_TOP 50.0
#define MARGIN_BOTTOM 60.0     /* the footer stands in it */
#define FOOTER_Y (PAGE_H - 36.0)
#define INDENT 26.0            /* a question's text and numbers, right of its number */
#define GAP 16.0               /* between two items */
#define BOX_LINE 18.0          /* a box's height per line to write on */
#define CONTENT_W (PAGE_W - 2.0 * MARGIN_X)
#define CONTENT_H (PAGE_H - MARGIN_TOP - MARGIN_BOTTOM)

#define SANS "Noto Sans CJK SC,DejaVu Sans"
#define MONO "Noto Sans Mono CJK SC,DejaVu Sans Mono"

/* The module's interface version, checked by the program before it calls. */
const int attn_worksheet_pdf_abi = WORKSHEET_PDF_ABI;

int attn_worksheet_pdf_write(const WorksheetPdfDoc *doc, FILE *out, WorksheetPdfPages *pages, char *err,
                             size_t cap);

/* What drawing needs: the context (a measuring pass draws nothing), the language. */
typedef struct {
    cairo_t *cr;
    bool draw;                 /* false: only measure */
    PangoLanguage *lang;       /* the sheet's, for the right CJK glyphs */
} Pen;

#define MONO_SPACING 0.85     /* the numbers' lines: baseline to baseline, × the font's own
                                 line height (Noto Sans Mono CJK's is tall: 1.45 em) */

/* Text in font at (x, y), wrapped to width (0: one line), its lines `spacing` × the font's
 * line height apart (0: the font's own): its height in points. */
static double text_spaced(const Pen *p, const char *text, const char *font, double x, double y, double width,
                          double grey, double spacing)
{
    PangoLayout *l = pango_cairo_create_layout(p->cr);
    PangoFontDescription *fd = pango_font_description_from_string(font);
    pango_layout_set_font_description(l, fd);
    pango_font_description_free(fd);
    PangoContext *ctx = pango_layout_get_context(l);
    pango_context_set_language(ctx, p->lang);
    pango_cairo_context_set_resolution(ctx, 72.0);   /* a point is a unit of the page */
    pango_layout_context_changed(l);
    if (width > 0.0) {
        pango_layout_set_width(l, (int)(width * PANGO_SCALE));
        pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
    }
    if (spacing > 0.0)
        pango_layout_set_line_spacing(l, (float)spacing);
    pango_layout_set_text(l, text, -1);
    int w, h;
    pango_layout_get_size(l, &w, &h);
    if (p->draw) {
        cairo_set_source_rgb(p->cr, grey, grey, grey);
        cairo_move_to(p->cr, x, y);
        pango_cairo_show_layout(p->cr, l);
    }
    g_object_unref(l);
    return (double)h / PANGO_SCALE;
}

static double text_at(const Pen *p, const char *text, const char *font, double x, double y, double width,
                      double grey)
{
    return text_spaced(p, text, font, x, y, width, grey, 0.0);
}

/* A line from (x0, y0) to (x1, y1). */
static void rule(const Pen *p, double x0, double y0, double x1, double y1, double width, double grey)
{
    if (!p->draw)
        return;
    cairo_set_source_rgb(p->cr, grey, grey, grey);
    cairo_set_line_width(p->cr, width);
    cairo_move_to(p->cr, x0, y0);
    cairo_line_to(p->cr, x1, y1);
    cairo_stroke(p->cr);
}

/* ---------------------------------------------------------------- blocks */

/* Page 1's head: title, subtitle, the lines to fill in, how to answer, a rule. Its height. */
static double head_block(const Pen *p, const WorksheetPdfDoc *doc, double y)
{
    double y0 = y;
    y += text_at(p, doc->title, SANS " Bold 18", MARGIN_X, y, CONTENT_W, 0.0) + 2.0;
    y += text_at(p, doc->subtitle, SANS " 10", MARGIN_X, y, CONTENT_W, 0.35) + 14.0;
    double x = MARGIN_X;
    static const double share[3] = { 0.44, 0.28, 0.28 };   /* name, class, date */
    for (int i = 0; i < 3; i++) {
        double w = CONTENT_W * share[i];
        PangoRectangle r = { 0 };
        PangoLayout *l = pango_cairo_create_layout(p->cr);
        PangoFontDescription *fd = pango_font_description_from_string(SANS " 11");
        pango_layout_set_font_description(l, fd);
        pango_font_description_free(fd);
        pango_cairo_context_set_resolution(pango_layout_get_context(l), 72.0);
        pango_layout_context_changed(l);
        pango_layout_set_text(l, doc->fields[i], -1);
        pango_layout_get_pixel_extents(l, NULL, &r);
        g_object_unref(l);
        double h = text_at(p, doc->fields[i], SANS " 11", x, y, 0.0, 0.0);
        rule(p, x + r.width + 6.0, y + h - 3.0, x + w - 14.0, y + h - 3.0, 0.7, 0.0);
        x += w;
    }
    y += 26.0;
    y += text_at(p, doc->instructions, SANS " 10", MARGIN_X, y, CONTENT_W, 0.15) + 8.0;
    rule(p, MARGIN_X, y, PAGE_W - MARGIN_X, y, 0.6, 0.5);
    return y + 14.0 - y0;
}

/* The key's heading, on the first page of the key. Its height. */
static double key_head_block(const Pen *p, const WorksheetPdfDoc *doc, double y)
{
    double y0 = y;
    y += text_at(p, doc->key_title, SANS " Bold 15", MARGIN_X, y, CONTENT_W, 0.0) + 2.0;
    y += text_at(p, doc->subtitle, SANS " 10", MARGIN_X, y, CONTENT_W, 0.35) + 8.0;
    rule(p, MARGIN_X, y, PAGE_W - MARGIN_X, y, 0.6, 0.5);
    return y + 14.0 - y0;
}

/* One item: the note above it, its number, its sentence, its numbers in the fixed-width
 * font, its box. Its height (without the gap after it). */
static double item_block(const Pen *p, const WorksheetPdfDoc *doc, const WorksheetPdfItem *it, double y)
{
    double y0 = y, x = MARGIN_X + INDENT, w = CONTENT_W - INDENT;
    if (it->before)
        y += text_at(p, it->before, SANS " Italic 10", MARGIN_X, y, CONTENT_W, 0.3) + 8.0;
    char number[16];
    snprintf(number, sizeof number, "%d.", it->number);
    text_at(p, number, SANS " Bold 11", MARGIN_X, y, 0.0, 0.0);
    if (it->text && *it->text)
        y += text_at(p, it->text, SANS " 12", x, y, w, 0.0) + 4.0;
    GString *lines = g_string_new(NULL);   /* one layout: the lines MONO_SPACING apart */
    for (int i = 0; i < it->n_lines; i++)
        g_string_append_printf(lines, "%s%s", i ? "\n" : "", it->lines[i]);
    if (it->n_lines > 0)
        y += text_spaced(p, lines->str, MONO " 10.5", x, y, w, 0.1, MONO_SPACING);
    g_string_free(lines, TRUE);
    if (it->box_lines > 0) {
        y += 6.0;
        double h = it->box_lines * BOX_LINE;
        if (p->draw) {
            cairo_set_source_rgb(p->cr, 0.35, 0.35, 0.35);
            cairo_set_line_width(p->cr, 0.8);
            cairo_rectangle(p->cr, x, y, w, h);
            cairo_stroke(p->cr);
        }
        text_at(p, doc->box_label, SANS " 8", x + 4.0, y + 2.0, 0.0, 0.45);
        y += h;
    }
    return y - y0;
}

/* ---------------------------------------------------------------- pages */

/* Where each block goes: its page (1..) and its top. */
typedef struct {
    int page;
    double y;
    double scale;   /* 1, or less for an item taller than a page (drawn smaller, whole) */
} Place;

/* Places a block of height h after *y on *page: on the next page when it does not fit
 * under what the page holds already; a block taller than a page is drawn smaller. */
static Place place(int *page, double *y, double h, double top)
{
    Place at = { *page, *y, 1.0 };
    if (*y + h > PAGE_H - MARGIN_BOTTOM && *y > top) {
        (*page)++;
        *y = MARGIN_TOP;
        at.page = *page;
        at.y = *y;
    }
    if (h > CONTENT_H)
        at.scale = CONTENT_H / h;
    *y += h * at.scale + GAP;
    return at;
}

/* Draws item it at its place (scaled about its top left when it is taller than a page). */
static void draw_item(const Pen *p, const WorksheetPdfDoc *doc, const WorksheetPdfItem *it, Place at)
{
    cairo_save(p->cr);
    cairo_translate(p->cr, MARGIN_X, at.y);
    cairo_scale(p->cr, at.scale, at.scale);
    cairo_translate(p->cr, -MARGIN_X, 0.0);
    item_block(p, doc, it, 0.0);
    cairo_restore(p->cr);
}

static cairo_status_t write_out(void *closure, const unsigned char *data, unsigned int length)
{
    return fwrite(data, 1, length, (FILE *)closure) == length ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

int attn_worksheet_pdf_write(const WorksheetPdfDoc *doc, FILE *out, WorksheetPdfPages *pages, char *err,
                             size_t cap)
{
    bool zh = doc->language && strncmp(doc->language, "zh", 2) == 0;
    if (doc->abi != WORKSHEET_PDF_ABI) {
        snprintf(err, cap, "%s", zh ? "PDF 模块和程序的版本不一致" : "the PDF module is not this program's");
        return -1;
    }
    cairo_surface_t *s = cairo_pdf_surface_create_for_stream(write_out, out, PAGE_W, PAGE_H);
    cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, doc->pdf_title);
    cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR, "attn-tui");
    cairo_t *cr = cairo_create(s);
    Pen pen = { cr, false, pango_language_from_string(doc->language ? doc->language : "en") };
    /* pass 1: every block measured and placed */
    int n = doc->n_questions + doc->n_answers, page = 1;
    Place *at = g_new0(Place, n > 0 ? n : 1);
    double y = MARGIN_TOP + head_block(&pen, doc, MARGIN_TOP);
    for (int i = 0; i < doc->n_questions; i++)
        at[i] = place(&page, &y, item_block(&pen, doc, &doc->questions[i], 0.0), MARGIN_TOP);
    pages->question_pages = page;
    if (doc->key_title) {
        page++;
        double key_top = MARGIN_TOP + key_head_block(&pen, doc, MARGIN_TOP);
        y = key_top;
        for (int i = 0; i < doc->n_answers; i++)
            at[doc->n_questions + i] = place(&page, &y, item_block(&pen, doc, &doc->answers[i], 0.0), key_top);
    }
    pages->pages = page;
    pages->key_pages = page - pages->question_pages;
    /* pass 2: page by page */
    pen.draw = true;
    int k = 0;
    for (int pg = 1; pg <= pages->pages; pg++) {
        if (pg == 1)
            head_block(&pen, doc, MARGIN_TOP);
        if (doc->key_title && pg == pages->question_pages + 1)
            key_head_block(&pen, doc, MARGIN_TOP);
        for (; k < n && at[k].page == pg; k++)
            draw_item(&pen, doc, k < doc->n_questions ? &doc->questions[k] : &doc->answers[k - doc->n_questions],
                      at[k]);
        char footer[128];
        snprintf(footer, sizeof footer, doc->page_format, pg, pages->pages);
        PangoLayout *l = pango_cairo_create_layout(cr);
        PangoFontDescription *fd = pango_font_description_from_string(SANS " 8.5");
        pango_layout_set_font_description(l, fd);
        pango_font_description_free(fd);
        pango_cairo_context_set_resolution(pango_layout_get_context(l), 72.0);
        pango_layout_context_changed(l);
        pango_layout_set_width(l, (int)(CONTENT_W * PANGO_SCALE));
        pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
        pango_layout_set_text(l, footer, -1);
        cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
        cairo_move_to(cr, MARGIN_X, FOOTER_Y);
        pango_cairo_show_layout(cr, l);
        g_object_unref(l);
        cairo_show_page(cr);
    }
    g_free(at);
    cairo_destroy(cr);
    cairo_surface_finish(s);
    cairo_status_t st = cairo_surface_status(s);
    cairo_surface_destroy(s);
    if (st != CAIRO_STATUS_SUCCESS) {
        snprintf(err, cap, zh ? "写 PDF 失败：%s" : "the PDF could not be written: %s", cairo_status_to_string(st));
        return -1;
    }
    return 0;
}
