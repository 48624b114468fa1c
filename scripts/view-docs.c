/* view-docs.c — the table of screens for `make docs` (scripts/update-docs.sh), written from
 * VIEW_LIST's rows by keydoc_views: README's table, the man page's list, or the names.
 * Owns: nothing in the program; links the library archive. Usage: view-docs markdown|man|names */
#include <stdio.h>
#include <string.h>
#include "keydoc.h"

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "markdown") == 0)
        return keydoc_views(stdout, KEYDOC_MARKDOWN) == 0 ? 0 : 1;
    if (argc == 2 && strcmp(argv[1], "man") == 0)
        return keydoc_views(stdout, KEYDOC_MAN) == 0 ? 0 : 1;
    if (argc == 2 && strcmp(argv[1], "names") == 0)
        return keydoc_view_names(stdout) == 0 ? 0 : 1;
    fprintf(stderr, "usage: view-docs markdown|man|names\n");
    return 2;
}
