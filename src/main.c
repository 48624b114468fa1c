/* main.c — attn-tui's entry: options, locale, model, forward pass, then dump or play.
 * Owns: process-level decisions (exit codes, locale, stdout checks).
 * Must not touch: ncurses (the interactive program lives behind app.h / term.h). */
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "cli.h"
#include "dump.h"
#include "engine.h"
#include "model.h"
#include "term.h"

#define EXIT_USAGE 2   /* bad command line */
#define EXIT_DATA 1    /* bad model, sentence, or environment */

/* What to do instead when there is no terminal to play on. */
#define MAIN_NO_TERMINAL_HINT "use 'attn-tui --dump' to print the tables"

/* ---------------------------------------------------------------- locale */

/* Makes the character type UTF-8 when possible. Returns a notice to show once
 * when it is not (and sets *ascii), or NULL. */
static const char *main_setup_locale(bool *ascii)
{
    setlocale(LC_ALL, "");
    if (strcmp(nl_langinfo(CODESET), "UTF-8") == 0)
        return NULL;
    if (setlocale(LC_CTYPE, "C.UTF-8") && strcmp(nl_langinfo(CODESET), "UTF-8") == 0)
        return NULL;
    *ascii = true;
    return "no UTF-8 locale: drawing ASCII";
}

/* Chinese labels when the user's locale is Chinese, English otherwise. */
static int main_lang_from_env(void)
{
    const char *vars[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v)
            return strncmp(v, "zh", 2) == 0 ? 1 : 0;
    }
    return 0;
}

/* ---------------------------------------------------------------- running */

/* Writes text (the help, the version) to stdout. Returns 0, or EXIT_DATA after one
 * line on stderr naming what could not be written and why (a full disk, a closed
 * stdout). */
static int main_print(const char *text, const char *what)
{
    if (fputs(text, stdout) != EOF && fflush(stdout) == 0)
        return 0;
    fprintf(stderr, "attn-tui: cannot write %s: %s\n", what, strerror(errno));
    return EXIT_DATA;
}

static int main_load(const Options *o, Model *m, char *err, size_t errlen)
{
    if (o->model_path)
        return model_load_file(o->model_path, m, err, errlen);
    return model_load_default(m, err, errlen);
}

static int main_play(Options *o, const Trace *tr)
{
    if (o->focus >= tr->T) {
        fprintf(stderr, "attn-tui: --focus %d: the sentence has only %d characters\n",
                o->focus + 1, tr->T);
        return EXIT_USAGE;
    }
    char why[256];
    if (term_check(why, sizeof why) != 0) {
        fprintf(stderr, "attn-tui: %s: " MAIN_NO_TERMINAL_HINT "\n", why);
        return EXIT_DATA;
    }
    const char *notice = main_setup_locale(&o->ascii);
    if (o->lang < 0)
        o->lang = main_lang_from_env();
    return app_run(o, tr, notice);
}

int main(int argc, char **argv)
{
    Options o;
    char err[2048];
    if (cli_parse(argc, argv, &o, err, sizeof err) != 0) {
        fprintf(stderr, "attn-tui: %s\n", err);
        return EXIT_USAGE;
    }
    if (o.help)
        return main_print(cli_usage(), "the help");
    if (o.version)
        return main_print("attn-tui " ATTN_VERSION "\n", "the version");
    Model model;
    if (main_load(&o, &model, err, sizeof err) != 0) {
        fprintf(stderr, "attn-tui: %s\n", err);
        return EXIT_DATA;
    }
    const char *sentence = o.sentence ? o.sentence : model.sentence;
    Trace tr;
    int status;
    if (engine_forward(&model, sentence, &tr, err, sizeof err) != 0) {
        fprintf(stderr, "attn-tui: %s\n", err);
        status = EXIT_DATA;
    } else if (o.dump) {
        if (o.json)
            dump_json(stdout, &tr, sentence);
        else
            dump_text(stdout, &tr, sentence);
        status = fflush(stdout) == 0 ? 0 : EXIT_DATA;
    } else {
        status = main_play(&o, &tr);
    }
    engine_free(&tr);
    model_free(&model);
    return status;
}
