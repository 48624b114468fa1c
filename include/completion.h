/* completion.h — shell completion scripts for bash, zsh and fish, written from the
 * command line's own option table (cli_option_doc), so they never drift from it; the shells'
 * names are --completion's words, in that table.
 * Owns: the three scripts' text. Must not touch: the options themselves (cli.c). */
#ifndef ATTN_COMPLETION_H
#define ATTN_COMPLETION_H

#include <stdio.h>

typedef enum {
    COMPLETION_BASH = 0,   /* bash (bash-completion's directory, or sourced) */
    COMPLETION_ZSH,        /* zsh (a #compdef file on $fpath) */
    COMPLETION_FISH,       /* fish (a file under vendor_completions.d) */
    COMPLETION_COUNT
} CompletionShell;

/* Writes the completion script of shell to f. Returns 0, or -1 when a write failed. */
int completion_write(FILE *f, CompletionShell shell);

#endif
