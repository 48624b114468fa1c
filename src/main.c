/* main.c — attn-tui's entry: options, locale, model, forward pass, then dump or play.
 * Owns: process-level decisions (exit codes, locale, stdout checks).
 * Must not touch: ncurses (the interactive program lives behind app.h / term.h). */
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app.h"
#include "cli.h"
#include "dump.h"
#include "engine.h"
#include "model.h"
#include "spell.h"

#define EXIT_USAGE 2   /* bad command line */
#define EXIT_DATA 1    /* bad model, sentence, or environment */

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

static int main_load(const Options *o, Model *m, char *err, size_t errlen)
{
    if (o->model_path)
        return model_load_file(o->model_path, m, err, errlen);
    return model_load_default(m, err, errlen);
}

/* The sentence to run: --sentence decoded (vocabulary characters or the ASCII
 * spelling of spell.h), or the model's own. */
static int main_sentence(const Options *o, const Model *m, char *out, size_t cap,
                         char *err, size_t errlen)
{
    if (!o->sentence) {
        snprintf(out, cap, "%s", m->sentence);
        return 0;
    }
    return spell_decode(m, o->sentence, out, cap, err, errlen);
}

/* --dump: writes the tables (or JSON, or the model) and says why when it cannot. */
static int main_dump(const Options *o, const Trace *tr, const char *sentence)
{
    DumpOptions d = { .format = o->json ? DUMP_JSON : o->model_text ? DUMP_MODEL : DUMP_TEXT,
                      .zh = (o->lang < 0 ? main_lang_from_env() : o->lang) == 1 };
    signal(SIGXFSZ, SIG_IGN); /* over a file-size limit the write fails (EFBIG) and we say so */
    int e = dump_write(stdout, tr, sentence, &d);
    if (e == 0)
        return 0;
    fprintf(stderr, "attn-tui: --dump: cannot write to standard output: %s\n", strerror(e));
    return EXIT_DATA;
}

static int main_play(Options *o, const Trace *tr)
{
    if (o->focus >= tr->T) {
        fprintf(stderr, "attn-tui: --focus %d: the sentence has only %d characters\n",
                o->focus + 1, tr->T);
        return EXIT_USAGE;
    }
    if (!isatty(STDOUT_FILENO)) {
        fprintf(stderr, "attn-tui: standard output is not a terminal: "
                        "use 'attn-tui --dump' to print the tables\n");
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
    if (o.help) {
        fputs(cli_usage(), stdout);
        return 0;
    }
    if (o.version) {
        printf("attn-tui %s\n", ATTN_VERSION);
        return 0;
    }
    Model model;
    if (main_load(&o, &model, err, sizeof err) != 0) {
        fprintf(stderr, "attn-tui: %s\n", err);
        return EXIT_DATA;
    }
    char sentence[MODEL_SENTENCE_BYTES];
    if (main_sentence(&o, &model, sentence, sizeof sentence, err, sizeof err) != 0) {
        fprintf(stderr, "attn-tui: --sentence: %s\n", err);
        model_free(&model);
        return EXIT_DATA;
    }
    Trace tr;
    int status, r = engine_forward(&model, sentence, &tr, err, sizeof err);
    if (r != 0) {
        if (r == ENGINE_NOT_FINITE)  /* the model's numbers, not the sentence, are at fault */
            fprintf(stderr, "attn-tui: %s: %s\n", o.model_path ? o.model_path : "built-in model",
                    err);
        else
            fprintf(stderr, "attn-tui: %s\n", err);
        status = EXIT_DATA;
    } else if (o.dump) {
        status = main_dump(&o, &tr, sentence);
    } else {
        status = main_play(&o, &tr);
    }
    engine_free(&tr);
    model_free(&model);
    return status;
}
