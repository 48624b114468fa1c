/* keydoc.c — the key tables as Markdown or roff: the global bindings shown in the help,
 * then each view's own. Must not touch: the terminal, drawing, state. */
#include "keydoc.h"

#include <stdbool.h>
#include <string.h>
#include "actions.h"
#include "ui.h"
#include "view.h"

/* ---------------------------------------------------------------- one binding */

/* Escapes for a Markdown table cell: "|" would end the cell. */
static void md_cell(FILE *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '|')
            fputs("\\|", out);
        else
            fputc(*s, out);
    }
}

/* Escapes for roff: a leading '.' or '\'', and backslashes. */
static void man_text(FILE *out, const char *s)
{
    if (*s == '.' || *s == '\'')
        fputs("\\&", out);
    for (; *s; s++) {
        if (*s == '\\')
            fputs("\\e", out);
        else if (*s == '-')
            fputs("\\-", out);
        else
            fputc(*s, out);
    }
}

static void keydoc_row(FILE *out, KeyDocFormat format, const KeyBinding *b, const char *what, Lang lang)
{
    const char *label = action_key_word(b->label, lang);
    if (format == KEYDOC_MARKDOWN) {
        fputs("| `", out);
        md_cell(out, label);
        fputs("` | ", out);
        md_cell(out, what);
        fputs(" |\n", out);
        return;
    }
    fputs(".TP\n.B ", out);
    man_text(out, label);
    fputc('\n', out);
    man_text(out, what);
    fputc('\n', out);
}

/* True when two descriptions say the same (both may be NULL). */
static bool same_words(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

/* View v's own bindings listed in the help, then the global ones it does not override whose
 * meaning on v differs from the default view's (the steps of a view that walks characters). */
static void keydoc_view(FILE *out, KeyDocFormat format, const ViewOps *v, Lang lang)
{
    const ViewOps *home = view_ops(VIEW_DEFAULT);
    for (const KeyBinding *b = v->keys; b && b->key != 0; b++)
        if (b->in_help)
            keydoc_row(out, format, b, view_describe(v, b->action, lang), lang);
    for (const KeyBinding *b = action_keys; b->key != 0; b++) {
        const char *what = view_describe(v, b->action, lang);
        if (b->in_help && !action_find_key(v->keys, b->key) && what &&
            !same_words(what, view_describe(home, b->action, lang)))
            keydoc_row(out, format, b, what, lang);
    }
}

/* True when view v has something of its own to list. */
static bool keydoc_has_own(const ViewOps *v)
{
    const ViewOps *home = view_ops(VIEW_DEFAULT);
    if (v->keys && v->keys[0].key != 0)
        return true;
    for (const KeyBinding *b = action_keys; b->key != 0; b++)
        if (b->in_help && view_describe(v, b->action, LANG_EN) &&
            !same_words(view_describe(v, b->action, LANG_EN), view_describe(home, b->action, LANG_EN)))
            return true;
    return false;
}

/* ---------------------------------------------------------------- the document */

int keydoc_write(FILE *out, KeyDocFormat format, Lang lang)
{
    if (format == KEYDOC_MARKDOWN)
        fputs(LANG_PICK(lang, "| key | does |\n| --- | --- |\n", "| 按键 | 作用 |\n| --- | --- |\n"), out);
    const ViewOps *home = view_ops(VIEW_DEFAULT);
    for (const KeyBinding *b = action_keys; b->key != 0; b++)
        if (b->in_help)
            keydoc_row(out, format, b, view_describe(home, b->action, lang), lang);
    for (int v = 0; v < VIEW_COUNT; v++) {
        const ViewOps *ops = view_ops((ViewId)v);
        if (v == VIEW_DEFAULT || !keydoc_has_own(ops))
            continue;
        if (format == KEYDOC_MARKDOWN)
            fprintf(out, LANG_PICK(lang, "\nIn `%s` (`--view %s`):\n\n| key | does |\n| --- | --- |\n",
                                   "\n在「%s」（`--view %s`）里：\n\n| 按键 | 作用 |\n| --- | --- |\n"),
                    LANG_PICK(lang, ops->tab_en, ops->tab_zh), ops->name);
        else {
            fputs(".PP\n", out);
            fprintf(out, LANG_PICK(lang, "In \\fB%s\\fR (\\fB\\-\\-view %s\\fR):\n",
                                   "在「\\fB%s\\fR」（\\fB\\-\\-view %s\\fR）里：\n"),
                    LANG_PICK(lang, ops->tab_en, ops->tab_zh), ops->name);
        }
        keydoc_view(out, format, ops, lang);
    }
    return ferror(out) ? -1 : 0;
}

/* ---------------------------------------------------------------- the screens */

int keydoc_views(FILE *out, KeyDocFormat format)
{
    if (format == KEYDOC_MARKDOWN)
        fputs("| screen | `--view` | what it shows |\n| --- | --- | --- |\n", out);
    for (int v = 0; v < VIEW_COUNT; v++) {
        const ViewOps *ops = view_ops((ViewId)v);
        const char *about = ops->about ? ops->about : ops->help_en ? ops->help_en : "";
        if (format == KEYDOC_MARKDOWN) {
            fputs("| ", out);
            md_cell(out, ops->tab_en);
            fprintf(out, " | `%s` | ", ops->name);
            md_cell(out, about);
            fputs(" |\n", out);
            continue;
        }
        fprintf(out, ".TP\n.B %s\n", ops->name);
        man_text(out, about);
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}

int keydoc_view_names(FILE *out)
{
    for (int v = 0; v < VIEW_COUNT; v++)
        fprintf(out, "%s\n", view_ops((ViewId)v)->name);
    return ferror(out) ? -1 : 0;
}
