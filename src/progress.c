/* progress.c — the progress line of a headless training run (progress.h).
 * Owns: the bar and fitting it to the terminal. Must not touch: the figures' wording. */
#include "progress.h"

#include <stdio.h>
#include <sys/ioctl.h>
#include "text.h"

/* Cuts s to its longest run of whole characters at most cols columns wide. */
static void clip_columns(char *s, int cols)
{
    size_t keep = 0;
    for (size_t n = 1; s[n - 1]; n++)
        if (((unsigned char)s[n] & 0xC0) != 0x80 && text_width_n(s, n) <= cols)
            keep = n;   /* n ends a character (the next byte starts one, or is the end) */
        else if (text_width_n(s, n) > cols)
            break;
    s[keep] = '\0';
}

int progress_columns(FILE *f)
{
    struct winsize ws;
    if (ioctl(fileno(f), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    return 80;
}

void progress_show(FILE *f, int cols, long step, long total, const char *figures)
{
    int room = cols - 1 - text_width(figures) - 3;   /* "[", "] " and the last column free */
    int cells = room < PROGRESS_BAR ? room : PROGRESS_BAR;
    char bar[PROGRESS_BAR + 4] = "";
    if (cells >= PROGRESS_BAR_MIN) {
        int fill = total > 0 ? (int)(step * cells / total) : 0;
        bar[0] = '[';
        for (int i = 0; i < cells; i++)
            bar[1 + i] = i < fill ? '#' : '.';
        snprintf(bar + 1 + cells, 3, "] ");
    }
    char line[1024];
    snprintf(line, sizeof line, "%s%s", bar, figures);
    clip_columns(line, cols - 1);
    fprintf(f, "\r%s\033[K", line);
    fflush(f);
}
