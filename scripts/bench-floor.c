/* bench-floor.c — the memory floor `make bench` measures attn-tui against: a program that
 * links only what attn-tui's design card names (ncursesw, libunistring, libm), fills the
 * whole terminal (up to 300 × 80) with text once, and then waits in a blocking read.
 * Its peak RSS is what any such program costs; attn-tui's own memory is what it adds.
 * Owns: nothing in the program. Usage: bench-floor (q or any key leaves). */
#include <locale.h>
#include <math.h>
#include <ncurses.h>
#include <stdint.h>
#include <string.h>
#include <unistr.h>
#include <uniwidth.h>

int main(void)
{
    setlocale(LC_ALL, "");
    initscr();
    cbreak();
    noecho();
    const char *text = "三加五等于? self-attention ";
    int width = u8_strwidth((const uint8_t *)text, "UTF-8");   /* libunistring in use */
    int rows = LINES, cols = COLS;
    for (int y = 0; y < rows; y++) {
        move(y, 0);
        for (int x = 0; x + width <= cols; x += width)
            addstr(text);
    }
    mvprintw(0, 0, "%.3f", sqrt((double)(rows * cols)));   /* libm in use */
    refresh();
    getch();
    endwin();
    return 0;
}
