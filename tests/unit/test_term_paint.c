/* test_term_paint.c — term_paint on a headless screen, its bytes read back by a small
 * terminal (the sequences xterm-256color's terminfo gives: cursor moves, clears, erases to
 * the end of a line, SGR): after every paint, whole or by changed cells only, the screen
 * is the frame, glyph, colours and attributes; a frame painted again writes nothing; one
 * changed cell writes a move, what changes of the attributes and the glyph; a change of
 * the foreground alone names one colour; a frame's changes go out in one write; a repaint
 * request or a frame of another size paints everything again.
 * Must not touch: a real terminal (TERM is set to xterm-256color for the headless screen). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include <unistr.h>

#include "frame.h"
#include "grid.h"
#include "lesson.h"
#include "model.h"
#include "palette.h"
#include "player.h"
#include "term.h"
#include "ui.h"

#define W 100
#define H 30

/* ---------------------------------------------------------------- a small terminal */

/* One cell as a terminal shows it. */
typedef struct {
    char glyph[8];     /* UTF-8, "" on the right half of a wide glyph */
    int fg, bg;        /* colour numbers, -1: the terminal's own */
    unsigned attrs;    /* PALETTE_BOLD | PALETTE_DIM | PALETTE_REVERSE */
} VtCell;

/* The screen the bytes draw: cells, cursor, pen. */
typedef struct {
    VtCell cells[H][W];
    int x, y;          /* cursor */
    int fg, bg;        /* pen */
    unsigned attrs;
} Vt;

static void vt_erase(Vt *vt, int y, int from, int to)
{
    for (int x = from; x < to; x++)
        vt->cells[y][x] = (VtCell){ " ", -1, vt->bg, 0 };   /* bce: the pen's background */
}

static void vt_reset(Vt *vt)
{
    memset(vt, 0, sizeof *vt);
    vt->fg = vt->bg = -1;
    for (int y = 0; y < H; y++)
        vt_erase(vt, y, 0, W);
}

/* SGR with its parameters. */
static void vt_sgr(Vt *vt, const int *p, int n)
{
    if (n == 0) {
        vt->fg = vt->bg = -1;
        vt->attrs = 0;
    }
    for (int i = 0; i < n; i++) {
        int v = p[i];
        if (v == 0) { vt->fg = vt->bg = -1; vt->attrs = 0; }
        else if (v == 1) vt->attrs |= PALETTE_BOLD;
        else if (v == 2) vt->attrs |= PALETTE_DIM;
        else if (v == 7) vt->attrs |= PALETTE_REVERSE;
        else if (v == 22) vt->attrs &= ~(unsigned)(PALETTE_BOLD | PALETTE_DIM);
        else if (v == 27) vt->attrs &= ~(unsigned)PALETTE_REVERSE;
        else if (v >= 30 && v <= 37) vt->fg = v - 30;
        else if (v >= 90 && v <= 97) vt->fg = v - 82;
        else if (v >= 40 && v <= 47) vt->bg = v - 40;
        else if (v >= 100 && v <= 107) vt->bg = v - 92;
        else if (v == 39) vt->fg = -1;
        else if (v == 49) vt->bg = -1;
        else if ((v == 38 || v == 48) && i + 2 < n && p[i + 1] == 5) {
            *(v == 38 ? &vt->fg : &vt->bg) = p[i + 2];
            i += 2;
        }
    }
}

/* Feeds n bytes to the terminal. */
static void vt_feed(Vt *vt, const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c == 0x1B && i + 1 < n && s[i + 1] == '[') {   /* CSI */
            int p[16], np = 0, v = -1;
            size_t j = i + 2;
            bool private_mode = j < n && (s[j] == '?' || s[j] == '>');
            for (; j < n && ((s[j] >= '0' && s[j] <= '9') || s[j] == ';' || s[j] == '?' || s[j] == '>'); j++) {
                if (s[j] == ';') {
                    if (np < 16) p[np++] = v < 0 ? 0 : v;
                    v = -1;
                } else if (s[j] >= '0' && s[j] <= '9') {
                    v = (v < 0 ? 0 : v * 10) + (s[j] - '0');
                }
            }
            if (v >= 0 && np < 16)
                p[np++] = v;
            char f = j < n ? s[j] : 0;
            if (!private_mode) {
                if (f == 'H') { vt->y = (np > 0 ? p[0] : 1) - 1; vt->x = (np > 1 ? p[1] : 1) - 1; }
                else if (f == 'C') vt->x += np > 0 && p[0] > 0 ? p[0] : 1;
                else if (f == 'J' && np > 0 && p[0] == 2) { for (int y = 0; y < H; y++) vt_erase(vt, y, 0, W); }
                else if (f == 'J') { vt_erase(vt, vt->y, vt->x, W); for (int y = vt->y + 1; y < H; y++) vt_erase(vt, y, 0, W); }
                else if (f == 'K') vt_erase(vt, vt->y, vt->x, W);
                else if (f == 'm') vt_sgr(vt, p, np);
            }
            i = j + 1;
        } else if (c == 0x1B && i + 1 < n && s[i + 1] == ']') {   /* OSC … BEL or ST */
            size_t j = i + 2;
            while (j < n && s[j] != '\a' && !(s[j] == 0x1B && j + 1 < n && s[j + 1] == '\\'))
                j++;
            i = j + (j < n && s[j] == '\a' ? 1 : 2);
        } else if (c == 0x1B) {
            i += (i + 1 < n && (s[i + 1] == '(' || s[i + 1] == ')')) ? 3 : 2;
        } else if (c == '\r') {
            vt->x = 0;
            i++;
        } else if (c == '\n') {
            vt->y++;
            i++;
        } else if (c == '\b') {
            vt->x = vt->x > 0 ? vt->x - 1 : 0;
            i++;
        } else if (c < 0x20 || c == 0x7F) {
            i++;
        } else {
            ucs4_t uc;
            int len = u8_mbtoucr(&uc, (const uint8_t *)s + i, n - i);
            len = len < 1 ? 1 : len;
            char glyph[8] = "";
            memcpy(glyph, s + i, (size_t)len);
            int width = grid_glyph_columns(glyph);
            if (vt->y >= 0 && vt->y < H && vt->x >= 0 && vt->x + width <= W) {
                VtCell *cell = &vt->cells[vt->y][vt->x];
                snprintf(cell->glyph, sizeof cell->glyph, "%s", glyph);
                cell->fg = vt->fg;
                cell->bg = vt->bg;
                cell->attrs = vt->attrs;
                if (width == 2)
                    vt->cells[vt->y][vt->x + 1] = (VtCell){ "", vt->fg, vt->bg, vt->attrs };
            }
            vt->x += width;
            i += (size_t)len;
        }
    }
}

/* Where the screen differs from g (of the screen's size): every cell's glyph (a blank for an
 * empty one), its background and reverse, and a glyph's foreground, bold and dim, as the
 * style is painted; the screen's last cell is left alone (auto margins). NULL when none. */
static const char *vt_differs(const Vt *vt, const Grid *g, char *why, size_t cap)
{
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            const Cell *c = grid_cell(g, x, y);
            if (c->width == 0 || (y == g->h - 1 && x + c->width >= g->w))
                continue;
            const VtCell *v = &vt->cells[y][x];
            int fg, bg;
            unsigned attrs;
            term_style_look((Style)c->style, &fg, &bg, &attrs);
            const char *want = c->glyph[0] ? c->glyph : " ";
            bool blank = strcmp(want, " ") == 0;
            if (strcmp(v->glyph, want) != 0 || v->bg != bg ||
                (v->attrs & PALETTE_REVERSE) != (attrs & PALETTE_REVERSE) ||
                (!blank && (v->fg != fg || v->attrs != attrs))) {
                snprintf(why, cap, "(%d, %d): \"%s\" fg %d bg %d attrs %u, want \"%s\" fg %d bg %d attrs %u",
                         x, y, v->glyph, v->fg, v->bg, v->attrs, want, fg, bg, attrs);
                return why;
            }
        }
    return NULL;
}

/* ---------------------------------------------------------------- fixture */

typedef struct {
    Model m;        /* the compiled-in model */
    Lesson ls;      /* its sentence */
    FILE *out;      /* what the screen writes */
    FILE *in;       /* where it would read keys (/dev/null) */
    long fed;       /* bytes of out the terminal has read */
    Vt vt;          /* the terminal */
} Fixture;

static int open_fixture(void **state, FILE *out)
{
    Fixture *f = calloc(1, sizeof *f);
    char err[256];
    setenv("TERM", "xterm-256color", 1);
    unsetenv("NO_COLOR");
    setlocale(LC_CTYPE, "C.UTF-8");   /* as main sets it up: glyphs are written as UTF-8 */
    if (!f || !out || model_load_default(&f->m, err, sizeof err) != 0 ||
        lesson_build(&f->ls, &f->m, f->m.sentence, NULL, err, sizeof err) != 0)
        return -1;
    f->out = out;
    f->in = fopen("/dev/null", "r");
    if (!f->in || term_open_on(f->out, f->in, W, H, err, sizeof err) != 0)
        return -1;
    vt_reset(&f->vt);
    *state = f;
    return 0;
}

static int setup_screen(void **state)
{
    return open_fixture(state, tmpfile());
}

static int teardown_screen(void **state)
{
    Fixture *f = *state;
    term_close();
    fclose(f->out);
    fclose(f->in);
    lesson_free(&f->ls);
    model_free(&f->m);
    free(f);
    return 0;
}

/* Bytes written so far. */
static long written(const Fixture *f)
{
    struct stat st;
    fflush(f->out);
    assert_int_equal(fstat(fileno(f->out), &st), 0);
    return (long)st.st_size;
}

/* Feeds what was written since the last call to the terminal; returns those bytes (caller
 * frees). */
static char *feed_new(Fixture *f, long *n)
{
    long end = written(f);
    *n = end - f->fed;
    char *bytes = malloc((size_t)*n + 1);
    assert_non_null(bytes);
    assert_int_equal(pread(fileno(f->out), bytes, (size_t)*n, f->fed), *n);
    bytes[*n] = '\0';
    vt_feed(&f->vt, bytes, (size_t)*n);
    f->fed = end;
    return bytes;
}

/* Paints g and fails unless the terminal then shows it. */
static void paint_and_check(Fixture *f, const Grid *g, const char *what)
{
    char why[256];
    long n;
    term_paint(g);
    free(feed_new(f, &n));
    if (vt_differs(&f->vt, g, why, sizeof why))
        fail_msg("%s: the screen differs at %s", what, why);
}

/* Draws the frame of a view at a stage, focus and progress into g. */
static void draw(const Fixture *f, Grid *g, ViewId view, Stage stage, int focus, double progress)
{
    Player p;
    player_init(&p, f->ls.tr.T, 0);
    p.focus = focus;
    p.stage = stage;
    Ui ui;
    ui_init_for(&ui, view, &f->ls);
    FrameInput in = { .lesson = &f->ls, .player = &p, .ui = &ui, .progress = progress };
    frame_render(g, &in);
    ui_free(&ui);
}

/* ---------------------------------------------------------------- tests */

/* Frames of an animation and of other views, one after another, in every theme: after each
 * paint (the first whole, the others by changed cells) the terminal shows exactly the frame. */
static void test_screen_is_the_frame_after_every_paint(void **state)
{
    Fixture *f = *state;
    Grid g;
    char what[96];
    assert_int_equal(grid_init(&g, W, H), 0);
    const ViewId views[] = { VIEW_ARCS, VIEW_ALL, VIEW_MATRIX, VIEW_MACHINE, VIEW_ARCS };
    int paints = 0;
    for (int theme = 0; theme < THEME_COUNT; theme++) {
        term_set_theme((Theme)theme);
        for (size_t v = 0; v < sizeof views / sizeof views[0]; v++)
            for (int stage = 0; stage < STAGE_COUNT; stage++)
                for (int k = 0; k <= 10; k += 2) {
                    draw(f, &g, views[v], (Stage)stage, (int)(v + 2) % f->ls.tr.T, k / 10.0);
                    snprintf(what, sizeof what, "paint %d (theme %d, view %d, stage %d, progress %d/10)",
                             ++paints, theme, (int)views[v], stage, k);
                    paint_and_check(f, &g, what);
                }
    }
    grid_free(&g);
}

/* The same frame again writes nothing at all; one changed cell writes a move, the
 * attributes that change and the glyph; a repaint request writes the whole screen again. */
static void test_only_changes_are_written(void **state)
{
    Fixture *f = *state;
    Grid g;
    long n;
    assert_int_equal(grid_init(&g, W, H), 0);
    draw(f, &g, VIEW_ARCS, STAGE_SOFTMAX, 3, 1.0);
    paint_and_check(f, &g, "first");
    long whole = written(f);
    paint_and_check(f, &g, "again");
    assert_int_equal(written(f), whole);   /* paused: 0 bytes */
    grid_put_char(&g, 50, 10, "x", STYLE_BOLD);
    paint_and_check(f, &g, "one cell");
    char *bytes = feed_new(f, &n);
    free(bytes);
    long one = written(f) - whole;
    assert_true(one > 0);
    assert_true(one < 40);   /* a move, bold and a colour, x: 64 bytes when ncurses painted */
    term_request_repaint();
    long before = written(f);
    paint_and_check(f, &g, "repaint");
    assert_true(written(f) - before > 1000);
    assert_true(whole > 1000);
    grid_free(&g);
}

/* A change of the foreground alone names one colour: the background is not named again. */
static void test_foreground_alone(void **state)
{
    Fixture *f = *state;
    Grid g;
    long n;
    assert_int_equal(grid_init(&g, W, H), 0);
    term_set_theme(THEME_DARK);
    paint_and_check(f, &g, "blank");
    free(feed_new(f, &n));
    grid_put_char(&g, 10, 5, "a", STYLE_POSITIVE);   /* both on STYLE_NORMAL's background */
    grid_put_char(&g, 11, 5, "b", STYLE_NEGATIVE);
    term_paint(&g);
    char *bytes = feed_new(f, &n);
    int fg = 0, bg = 0;
    for (const char *p = bytes; (p = strstr(p, "38;5;")) != NULL; p++)
        fg++;
    for (const char *p = bytes; (p = strstr(p, "48;5;")) != NULL; p++)
        bg++;
    assert_int_equal(fg, 2);
    assert_int_equal(bg, 0);
    assert_non_null(strstr(bytes, "a\033[38;5;75mb"));
    free(bytes);
    char why[256];
    if (vt_differs(&f->vt, &g, why, sizeof why))
        fail_msg("the screen differs at %s", why);
    grid_free(&g);
}

/* A frame that is not the screen's size is painted whole (clipped), and the next frame of the
 * screen's size is painted whole again. */
static void test_other_size_paints_whole(void **state)
{
    Fixture *f = *state;
    Grid small, g;
    long n;
    assert_int_equal(grid_init(&small, W - 10, H - 5), 0);
    assert_int_equal(grid_init(&g, W, H), 0);
    draw(f, &g, VIEW_ARCS, STAGE_OUTPUT, 1, 1.0);
    paint_and_check(f, &g, "first");
    draw(f, &small, VIEW_ARCS, STAGE_SCORE, 2, 1.0);
    term_paint(&small);
    free(feed_new(f, &n));
    assert_string_equal(f->vt.cells[H - 1][0].glyph, " ");   /* cleared, then clipped */
    long before = written(f);
    draw(f, &g, VIEW_ARCS, STAGE_OUTPUT, 1, 1.0);
    paint_and_check(f, &g, "back to the screen's size");
    assert_true(written(f) - before > 1000);
    grid_free(&small);
    grid_free(&g);
}

/* ---------------------------------------------------------------- one write a frame */

/* The screen writes into a socket of packets: each write() is one packet. */
static int setup_packets(void **state)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv) != 0)
        return -1;
    int size = 1 << 20;
    setsockopt(sv[0], SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
    setsockopt(sv[1], SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
    if (open_fixture(state, fdopen(sv[0], "w")) != 0)
        return -1;
    ((Fixture *)*state)->fed = sv[1];   /* the reading end */
    return 0;
}

static int teardown_packets(void **state)
{
    close((int)((Fixture *)*state)->fed);
    return teardown_screen(state);
}

/* Packets waiting on the reading end (read and dropped). */
static int packets(int fd)
{
    char buf[1 << 16];
    int n = 0;
    while (recv(fd, buf, sizeof buf, MSG_DONTWAIT) > 0)
        n++;
    return n;
}

/* A whole frame and a frame of changes in many rows each go out in one write. */
static void test_one_write_a_frame(void **state)
{
    Fixture *f = *state;
    int fd = (int)f->fed;
    Grid g;
    assert_int_equal(grid_init(&g, W, H), 0);
    packets(fd);   /* ncurses' own set-up */
    draw(f, &g, VIEW_MATRIX, STAGE_SOFTMAX, 3, 1.0);
    term_paint(&g);
    assert_int_equal(packets(fd), 1);
    draw(f, &g, VIEW_ARCS, STAGE_SCORE, 1, 0.5);
    term_paint(&g);
    assert_int_equal(packets(fd), 1);
    term_paint(&g);
    assert_int_equal(packets(fd), 0);   /* nothing changed: no write at all */
    grid_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_screen_is_the_frame_after_every_paint, setup_screen, teardown_screen),
        cmocka_unit_test_setup_teardown(test_only_changes_are_written, setup_screen, teardown_screen),
        cmocka_unit_test_setup_teardown(test_foreground_alone, setup_screen, teardown_screen),
        cmocka_unit_test_setup_teardown(test_other_size_paints_whole, setup_screen, teardown_screen),
        cmocka_unit_test_setup_teardown(test_one_write_a_frame, setup_packets, teardown_packets),
    };
    return cmocka_run_group_tests_name("term paint (headless)", tests, NULL, NULL);
}
