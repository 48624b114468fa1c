/* test_snapshot.c — the picture key (S): the input line's file-name mode, the default name
 * (attn-tui-VIEW.svg, -2, -3 … while taken), S and Enter as the UI reacts to them, the
 * prompt as drawn, and writing the picture (atomic, an existing file never replaced unasked);
 * the same line naming the train screen's model (w), which the app writes the same way.
 * Must not touch: the terminal; files only in a temporary directory of its own. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app.h"
#include "cli.h"
#include "harness.h"
#include "input.h"
#include "keys.h"
#include "outfile.h"
#include "snapshot.h"
#include "view.h"

/* ---------------------------------------------------------------- the default name */

/* Names taken: a NULL-terminated list. */
static bool taken_in(const char *path, void *ctx)
{
    for (const char *const *n = ctx; *n; n++)
        if (strcmp(*n, path) == 0)
            return true;
    return false;
}

static bool taken_all(const char *path, void *ctx)
{
    (void)path;
    (void)ctx;
    return true;
}

static void test_default_name_free(void **state)
{
    (void)state;
    const char *none[] = { NULL };
    char name[INPUT_BYTES];
    assert_int_equal(snapshot_default_name("arcs", taken_in, none, name, sizeof name), 0);
    assert_string_equal(name, "attn-tui-arcs.svg");
    assert_int_equal(snapshot_default_name("matrix", taken_in, none, name, sizeof name), 0);
    assert_string_equal(name, "attn-tui-matrix.svg");
}

static void test_default_name_numbered_when_taken(void **state)
{
    (void)state;
    char name[INPUT_BYTES];
    const char *two[] = { "attn-tui-arcs.svg", "attn-tui-arcs-2.svg", NULL };
    assert_int_equal(snapshot_default_name("arcs", taken_in, two, name, sizeof name), 0);
    assert_string_equal(name, "attn-tui-arcs-3.svg");
    const char *gap[] = { "attn-tui-arcs.svg", "attn-tui-arcs-3.svg", NULL };   /* the first free */
    assert_int_equal(snapshot_default_name("arcs", taken_in, gap, name, sizeof name), 0);
    assert_string_equal(name, "attn-tui-arcs-2.svg");
    const char *other[] = { "attn-tui-all.svg", NULL };                         /* another view's */
    assert_int_equal(snapshot_default_name("arcs", taken_in, other, name, sizeof name), 0);
    assert_string_equal(name, "attn-tui-arcs.svg");
}

/* The train screen's model names: the number goes before the last extension, a directory's
 * dot is not an extension, a name with none gets the number at its end. */
static void test_free_name_of_any_file(void **state)
{
    (void)state;
    char name[INPUT_BYTES];
    const char *one[] = { "add-seed1.model", NULL };
    assert_int_equal(outfile_free_name("add-seed1.model", taken_in, one, name, sizeof name), 0);
    assert_string_equal(name, "add-seed1-2.model");
    const char *none[] = { NULL };
    assert_int_equal(outfile_free_name("add-seed1.model", taken_in, none, name, sizeof name), 0);
    assert_string_equal(name, "add-seed1.model");
    const char *dir[] = { "runs.d/model", NULL };
    assert_int_equal(outfile_free_name("runs.d/model", taken_in, dir, name, sizeof name), 0);
    assert_string_equal(name, "runs.d/model-2");
    const char *hidden[] = { ".model", NULL };
    assert_int_equal(outfile_free_name(".model", taken_in, hidden, name, sizeof name), 0);
    assert_string_equal(name, ".model-2");
    assert_int_equal(outfile_free_name("x.model", taken_all, NULL, name, sizeof name), -1);
    assert_string_equal(name, "x.model");
}

static void test_default_name_all_taken(void **state)
{
    (void)state;
    char name[INPUT_BYTES];
    assert_int_equal(snapshot_default_name("arcs", taken_all, NULL, name, sizeof name), -1);
    assert_string_equal(name, "attn-tui-arcs.svg");   /* offered anyway: Enter asks to replace */
}

/* ---------------------------------------------------------------- the prompt (input.h) */

static void type(InputLine *in, const char *s)
{
    for (const char *c = s; *c; c++)
        assert_int_equal(input_key(in, NULL, *c), INPUT_CHANGED);
}

static void test_prompt_opens_on_the_name(void **state)
{
    (void)state;
    InputLine in;
    input_init(&in);
    input_open_file(&in, INPUT_FILE_PICTURE, "attn-tui-arcs.svg");
    assert_true(in.open);
    assert_int_equal(in.mode, INPUT_FILE_NAME);
    assert_string_equal(in.text, "attn-tui-arcs.svg");
    assert_int_equal(in.cursor, 17);                 /* after the name */
    assert_string_equal(in.error, "");
    assert_false(in.exists);
    /* edited as a line: four characters off the end, another ending typed */
    for (int i = 0; i < 4; i++)
        assert_int_equal(input_key(&in, NULL, KEYCODE_BACKSPACE), INPUT_CHANGED);
    type(&in, "-slide.svg");
    assert_string_equal(in.text, "attn-tui-arcs-slide.svg");
    assert_int_equal(input_key(&in, NULL, KEYCODE_HOME), INPUT_CHANGED);
    assert_int_equal(input_key(&in, NULL, 0x56FE), INPUT_CHANGED);   /* 图, as keys.h gives it */
    type(&in, "/");
    assert_string_equal(in.text, "图/attn-tui-arcs-slide.svg");
    assert_int_equal(in.cursor, 4);                  /* 图 is three bytes */
    /* ↑/↓ recall sentences, never a file name: nothing happens */
    assert_int_equal(input_key(&in, NULL, KEYCODE_UP), INPUT_NONE);
    assert_int_equal(input_key(&in, NULL, KEYCODE_DOWN), INPUT_NONE);
    assert_string_equal(in.text, "图/attn-tui-arcs-slide.svg");
    assert_string_equal(in.decoded, "");             /* a name is not read as a sentence */
    assert_int_equal(input_key(&in, NULL, KEYCODE_ENTER), INPUT_SUBMIT);
    assert_false(in.open);
    assert_false(in.replace);
    assert_string_equal(in.text, "图/attn-tui-arcs-slide.svg");
}

static void test_prompt_refuses_an_empty_name(void **state)
{
    (void)state;
    InputLine in;
    input_init(&in);
    input_open_file(&in, INPUT_FILE_PICTURE, "a.svg");
    for (int i = 0; i < 5; i++)
        input_key(&in, NULL, KEYCODE_BACKSPACE);
    assert_string_equal(in.text, "");
    assert_int_equal(input_key(&in, NULL, KEYCODE_ENTER), INPUT_REFUSED);
    assert_true(in.open);
    assert_string_equal(in.error, "type a file name");
    type(&in, "b");
    assert_string_equal(in.error, "");
    assert_int_equal(input_key(&in, NULL, KEYCODE_ESC), INPUT_CANCEL);
    assert_false(in.open);
}

/* A name refused as existing: Enter again is the confirmation; an edit asks anew. */
static void test_prompt_confirms_an_existing_name(void **state)
{
    (void)state;
    InputLine in;
    input_init(&in);
    input_open_file(&in, INPUT_FILE_PICTURE, "talk.svg");
    assert_int_equal(input_key(&in, NULL, KEYCODE_ENTER), INPUT_SUBMIT);
    assert_false(in.replace);
    input_refuse(&in, true, "");                     /* app.c: the file is there */
    assert_true(in.open);
    assert_true(in.exists);
    assert_string_equal(in.text, "talk.svg");
    assert_int_equal(input_key(&in, NULL, KEYCODE_ENTER), INPUT_SUBMIT);
    assert_true(in.replace);                          /* confirmed */
    assert_false(in.exists);

    input_open_file(&in, INPUT_FILE_PICTURE, "talk.svg");   /* the next time starts unconfirmed */
    assert_false(in.replace);
    assert_int_equal(input_key(&in, NULL, KEYCODE_ENTER), INPUT_SUBMIT);
    input_refuse(&in, true, "");
    type(&in, "2");                                   /* "talk.svg2": another name */
    assert_false(in.exists);
    assert_int_equal(input_key(&in, NULL, KEYCODE_ENTER), INPUT_SUBMIT);
    assert_false(in.replace);

    input_refuse(&in, false, "x/talk.svg: No such file or directory");
    assert_true(in.open);
    assert_false(in.exists);
    assert_string_equal(in.error, "x/talk.svg: No such file or directory");
    assert_int_equal(input_key(&in, NULL, KEYCODE_ENTER), INPUT_SUBMIT);   /* tried again */
    assert_false(in.replace);
}

/* After a file name the same line types sentences again, with their history. */
static void test_prompt_then_sentence(void **state)
{
    Fixture *f = *state;
    InputLine in;
    input_init(&in);
    input_open_file(&in, INPUT_FILE_PICTURE, "a.svg");
    input_refuse(&in, true, "");
    input_key(&in, NULL, KEYCODE_ESC);
    input_open(&in, &f->m, "三加五等于?");
    assert_int_equal(in.mode, INPUT_SENTENCE);
    assert_string_equal(in.text, "");
    assert_false(in.exists);
    assert_int_equal(input_key(&in, &f->m, KEYCODE_UP), INPUT_CHANGED);
    assert_string_equal(in.text, "三加五等于?");
    assert_int_equal(input_key(&in, &f->m, KEYCODE_ENTER), INPUT_SUBMIT);
    assert_string_equal(in.decoded, "三加五等于?");
}

/* ---------------------------------------------------------------- S and Enter in the UI */

/* S means the picture on every screen: no view binds it otherwise. */
static void test_s_on_every_screen(void **state)
{
    (void)state;
    for (int v = 0; v < VIEW_COUNT; v++) {
        Scene *s = scene_open(NULL, (ViewId)v);
        const KeyBinding *b = ui_binding(&s->ui, 'S');
        assert_non_null(b);
        if (b->action != ACTION_SNAPSHOT)
            fail_msg("S on the %s view means action %d", view_ops((ViewId)v)->name, b->action);
        assert_string_equal(binding_says(&s->ui, 'S'),
                            "write this frame as an SVG picture (asks for the file name)");
        scene_close(s);
    }
}

/* S keeps the frame as it stands (its note too) and leaves the rest to app.c; Enter on the
 * name asks app.c to write it, Esc cancels. */
static void test_s_and_enter_react(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    ui_note(&s->ui, NOTE_WELCOME, 0.0);
    int react = scene_press(s, 'S');
    assert_int_equal(react, REACT_SNAPSHOT);
    assert_int_equal(s->ui.note, NOTE_WELCOME);       /* the picture shows the note on screen */
    input_open_file(&s->ui.input, INPUT_FILE_PICTURE, "attn-tui-arcs.svg");   /* what app.c does next */
    assert_int_equal(ui_input(&s->ui, s->ls, 'x'), REACT_REDRAW);
    assert_int_equal(ui_input(&s->ui, s->ls, KEYCODE_BACKSPACE), REACT_REDRAW);
    assert_int_equal(ui_input(&s->ui, s->ls, KEYCODE_ENTER), REACT_REDRAW | REACT_SAVE);
    assert_string_equal(s->ui.input.text, "attn-tui-arcs.svg");
    assert_string_equal(s->ls->params.sentence, "三加五等于?");   /* no sentence ran */
    input_open_file(&s->ui.input, INPUT_FILE_PICTURE, "attn-tui-arcs.svg");
    assert_int_equal(ui_input(&s->ui, s->ls, KEYCODE_ESC), REACT_REDRAW);
    assert_false(s->ui.input.open);
    scene_close(s);
}

/* The prompt as drawn at 80 × 24: the last two rows, in English and in Chinese; where the
 * picture went, on the status line. */
static void test_prompt_drawn(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    char row[512];
    input_open_file(&s->ui.input, INPUT_FILE_PICTURE, "attn-tui-arcs.svg");
    Grid g = scene_render(s, 80, 24);
    row_trimmed(&g, 22, row, sizeof row);
    assert_string_equal(row, " the frame as it was when you pressed S, as an SVG picture (for slides)");
    row_trimmed(&g, 23, row, sizeof row);
    assert_string_equal(row, " file: attn-tui-arcs.svg                          Enter writes it · Esc cancels");
    grid_free(&g);

    input_refuse(&s->ui.input, true, "");
    g = scene_render(s, 80, 24);
    row_trimmed(&g, 22, row, sizeof row);
    assert_string_equal(row, " a file of that name exists: Enter again replaces it, or change the name");
    assert_int_equal(g.cells[22 * 80 + 1].style, STYLE_ERROR);
    grid_free(&g);

    s->o.lang = LANG_ZH;
    input_refuse(&s->ui.input, false, "x/a.svg: No such file or directory");
    g = scene_render(s, 80, 24);
    row_trimmed(&g, 22, row, sizeof row);
    assert_string_equal(row, " x/a.svg: No such file or directory");
    row_trimmed(&g, 23, row, sizeof row);
    assert_string_equal(row, " 文件：attn-tui-arcs.svg                                  Enter 写出 · Esc 取消");
    grid_free(&g);

    input_key(&s->ui.input, NULL, KEYCODE_ESC);
    ui_note_naming(&s->ui, NOTE_SAVED, "/tmp/slides/attn-tui-arcs.svg");
    g = scene_render(s, 80, 24);
    assert_has(&g, "已存到 /tmp/slides/attn-tui-arcs.svg");
    grid_free(&g);
    s->o.lang = LANG_EN;
    g = scene_render(s, 80, 24);
    row_text(&g, 23, row, sizeof row);
    const char *said = " saved to /tmp/slides/attn-tui-arcs.svg   ";   /* from the left */
    if (strncmp(row, said, strlen(said)) != 0)
        fail_msg("the status line is \"%s\"", row);
    grid_free(&g);
    scene_close(s);
}

/* ---------------------------------------------------------------- writing the picture */

/* A file's whole content (caller frees), or NULL when it cannot be read. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t cap = 0;
    FILE *mem = open_memstream(&buf, &cap);
    int c;
    while ((c = fgetc(f)) != EOF)
        fputc(c, mem);
    fclose(f);
    fclose(mem);
    *len = cap;
    return buf;
}

/* Entries of directory dir besides . and .. */
static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

/* A slide leaves out the rows that are for the keys: the view bar and the status line (a
 * note like "right! tally: 1 of 1" with them); the rows close up and the arcs' shapes move
 * up the one row of the view bar. --chrome (chrome true) keeps every row. In Chinese the
 * title names the screen by its tab. */
static void test_slide_leaves_out_the_keys(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    player_set_stage(&s->p, STAGE_SOFTMAX, 0);
    ui_note_text(&s->ui, "right! tally: 1 of 1");
    FrameInput in = scene_input(s);
    Snapshot full = { 0 }, slide = { 0 };
    assert_int_equal(snapshot_take(&full, &in, 80, 24, true), 0);
    assert_int_equal(snapshot_take(&slide, &in, 80, 24, false), 0);
    assert_int_equal(full.grid.h, 24);
    assert_int_equal(slide.grid.h, 22);
    char *a = frame_text(&full.grid), *b = frame_text(&slide.grid);
    assert_shows(a, "right! tally: 1 of 1");
    assert_shows(a, "[arcs]");
    assert_hides(b, "right! tally");
    assert_hides(b, "[arcs]");
    assert_hides(b, "? help");
    char row[512];
    row_trimmed(&full.grid, 0, row, sizeof row);   /* the title row stays, the body moves up */
    assert_non_null(strstr(b, row));
    for (int y = 2; y < 23; y++) {
        char want[512], got[512];
        row_text(&full.grid, y, want, sizeof want);
        row_text(&slide.grid, y - 1, got, sizeof got);
        assert_string_equal(got, want);
    }
    assert_int_equal(slide.vectors->area_y, full.vectors->area_y - 1);
    assert_int_equal(slide.vectors->count, full.vectors->count);
    for (int i = 0; i < slide.vectors->count; i++)
        assert_true(slide.vectors->shapes[i].y0 == full.vectors->shapes[i].y0 - 4.0);
    free(a);
    free(b);
    snapshot_free(&full);
    snapshot_free(&slide);
    FrameOptions zh = { .lang = LANG_ZH };
    in.opt = &zh;
    assert_int_equal(snapshot_take(&slide, &in, 80, 24, false), 0);
    assert_string_equal(slide.title, "attn-tui：「三加五等于?」，「连线」画面");
    snapshot_free(&slide);
    scene_close(s);
}

static void test_save_writes_the_svg(void **state)
{
    (void)state;
    char dir[] = "/tmp/attn-snapshot-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[PATH_MAX], full[PATH_MAX], msg[UI_NOTE_BYTES];
    snprintf(path, sizeof path, "%s/attn-tui-arcs.svg", dir);

    Scene *s = scene_open(NULL, VIEW_ARCS);
    player_set_stage(&s->p, STAGE_SOFTMAX, 0);
    FrameInput in = scene_input(s);
    Snapshot shot = { 0 };
    assert_int_equal(snapshot_take(&shot, &in, 80, 24, false), 0);
    assert_string_equal(shot.view, "arcs");
    assert_string_equal(shot.title, "attn-tui: 三加五等于?, the arcs view");
    assert_true(shot.vectors->count > 0);            /* the arcs kept as paths */
    char *want = NULL;
    size_t want_len = 0;
    FILE *mem = open_memstream(&want, &want_len);
    assert_int_equal(snapshot_svg(&shot, mem, THEME_DARK), 0);
    fclose(mem);

    assert_false(outfile_taken(path));
    assert_int_equal(snapshot_save(&shot, path, false, THEME_DARK, LANG_EN, msg, sizeof msg), SNAPSHOT_SAVED);
    assert_non_null(realpath(path, full));
    assert_string_equal(msg, full);                   /* where it went, the full path */
    assert_true(outfile_taken(path));
    size_t len = 0;
    char *got = slurp(path, &len);
    assert_non_null(got);
    assert_int_equal(len, want_len);
    assert_memory_equal(got, want, len);              /* the same bytes as --print writes */
    assert_non_null(strstr(got, "<title>attn-tui: 三加五等于?, the arcs view</title>"));
    free(got);
    assert_int_equal(entries(dir), 1);                /* no temporary file left */

    /* another frame over the same name: refused, the first file kept */
    player_set_stage(&s->p, STAGE_OUTPUT, 0);
    in = scene_input(s);
    assert_int_equal(snapshot_take(&shot, &in, 80, 24, false), 0);
    assert_int_equal(snapshot_save(&shot, path, false, THEME_DARK, LANG_EN, msg, sizeof msg), SNAPSHOT_EXISTS);
    got = slurp(path, &len);
    assert_int_equal(len, want_len);
    assert_memory_equal(got, want, len);
    free(got);
    assert_int_equal(entries(dir), 1);
    /* confirmed: replaced */
    assert_int_equal(snapshot_save(&shot, path, true, THEME_DARK, LANG_EN, msg, sizeof msg), SNAPSHOT_SAVED);
    got = slurp(path, &len);
    assert_false(len == want_len && memcmp(got, want, len) == 0);
    free(got);
    assert_int_equal(entries(dir), 1);

    /* a directory that is not there: said, nothing written */
    char bad[PATH_MAX];
    snprintf(bad, sizeof bad, "%s/no-such-dir/a.svg", dir);
    assert_int_equal(snapshot_save(&shot, bad, false, THEME_DARK, LANG_EN, msg, sizeof msg), SNAPSHOT_FAILED);
    assert_non_null(strstr(msg, "no-such-dir/a.svg: No such file or directory"));
    assert_int_equal(snapshot_save(&shot, bad, false, THEME_DARK, LANG_ZH, msg, sizeof msg), SNAPSHOT_FAILED);
    assert_non_null(strstr(msg, "no-such-dir/a.svg：没有这个文件或目录"));   /* in Chinese, whole */
    /* a name with a newline: the message says it escaped, on one line */
    snprintf(bad, sizeof bad, "%s/no-such-dir/a\nb.svg", dir);
    assert_int_equal(snapshot_save(&shot, bad, false, THEME_DARK, LANG_EN, msg, sizeof msg), SNAPSHOT_FAILED);
    assert_non_null(strstr(msg, "a\\nb.svg"));
    assert_null(strchr(msg, '\n'));

    snapshot_free(&shot);
    snapshot_free(&shot);                             /* twice is fine */
    free(want);
    scene_close(s);
    unlink(path);
    assert_int_equal(rmdir(dir), 0);
}

/* The full path of a name written in the current directory, with a character escaped. */
static void test_save_says_the_full_path(void **state)
{
    (void)state;
    char dir[] = "/tmp/attn-snapshot-XXXXXX", old[PATH_MAX], msg[UI_NOTE_BYTES], want[PATH_MAX + 32];
    assert_non_null(mkdtemp(dir));
    assert_non_null(getcwd(old, sizeof old));
    assert_int_equal(chdir(dir), 0);
    Scene *s = scene_open(NULL, VIEW_ALL);
    FrameInput in = scene_input(s);
    Snapshot shot = { 0 };
    assert_int_equal(snapshot_take(&shot, &in, 80, 24, false), 0);
    assert_int_equal(snapshot_save(&shot, "tab\there.svg", false, THEME_LIGHT, LANG_EN, msg, sizeof msg),
                     SNAPSHOT_SAVED);
    char real[PATH_MAX];
    assert_non_null(realpath(".", real));
    snprintf(want, sizeof want, "%s/tab\\there.svg", real);
    assert_string_equal(msg, want);
    unlink("tab\there.svg");
    snapshot_free(&shot);
    scene_close(s);
    assert_int_equal(chdir(old), 0);
    assert_int_equal(rmdir(dir), 0);
}

/* ---------------------------------------------------------------- app.c's S, run as the loop runs it */

/* The status row (the last) of a session's frame, trimmed. */
static void session_status(const AppSession *s, char *row, size_t cap)
{
    const Grid *g = app_session_grid(s);
    row_trimmed(g, g->h - 1, row, cap);
}

static int session_key(AppSession *s, int key)
{
    TermEvent ev = { .key = key };
    int react = app_session_key(s, &ev, 0);
    assert_int_equal(app_session_frame(s, 80, 24, 0), 0);
    return react;
}

/* The status line of s says the file dir/name was written: "saved to DIR/NAME …". */
static void assert_said_saved(const AppSession *s, const char *dir, const char *name)
{
    char row[512], want[PATH_MAX + 64];
    session_status(s, row, sizeof row);
    snprintf(want, sizeof want, " saved to %s/%s", dir, name);
    if (strncmp(row, want, strlen(want)) != 0)
        fail_msg("the status line is \"%s\", not \"%s …\"", row, want);
    const Grid *g = app_session_grid(s);   /* a success: the line's own colour, not an error's */
    for (int x = 1; x < 1 + (int)strlen(" saved to"); x++)
        assert_int_equal(grid_cell(g, x, g->h - 1)->style, STYLE_STATUS);
}

/* Makes the directory of the template dir and works in it (old: where the test was, real:
 * its full path); *o the defaults in English. */
static void session_dir(char *dir, char old[PATH_MAX], char real[PATH_MAX], Options *o)
{
    assert_non_null(mkdtemp(dir));
    assert_non_null(getcwd(old, PATH_MAX));
    assert_int_equal(chdir(dir), 0);
    assert_non_null(realpath(".", real));
    cli_defaults(o);
    o->lang = LANG_EN;
}

/* A session of the options o over ls, its first 80 × 24 frame drawn; writing files when
 * writes (app_session_write_pictures). */
static AppSession *session_open(const Options *o, Lesson *ls, bool writes)
{
    AppSession *s = app_session_new(o, ls, 0);
    assert_non_null(s);
    if (writes)
        app_session_write_pictures(s);
    assert_int_equal(app_session_frame(s, 80, 24, 0), 0);
    return s;
}

/* What --print --format svg --size 80x24 writes with no options (main_print's steps). */
static char *print_svg(const Options *o, const Lesson *ls, size_t *len)
{
    Player p;
    Ui ui;
    assert_int_equal(app_start_state(o, ls, 0, &p, &ui), 0);
    FrameOptions fo = { .lang = LANG_EN, .ascii = false, .notice = NULL };
    FrameInput in = { .lesson = ls, .player = &p, .ui = &ui, .progress = 1.0, .opt = &fo };
    Snapshot shot = { 0 };
    assert_int_equal(snapshot_take(&shot, &in, 80, 24, false), 0);
    ui_free(&ui);
    char *buf = NULL;
    FILE *mem = open_memstream(&buf, len);
    assert_int_equal(snapshot_svg(&shot, mem, o->theme), 0);
    fclose(mem);
    snapshot_free(&shot);
    return buf;
}

/* S and Enter as the program takes them: the first free default offered, the picture
 * written where the status line says, the same bytes as --print; S again writes -2. */
static void test_session_writes_the_picture(void **state)
{
    Fixture *f = *state;
    char dir[] = "/tmp/attn-snapshot-XXXXXX", old[PATH_MAX], real[PATH_MAX], row[512];
    Options o;
    session_dir(dir, old, real, &o);
    AppSession *s = session_open(&o, &f->ls, true);

    assert_int_equal(session_key(s, 'S') & REACT_SNAPSHOT, REACT_SNAPSHOT);
    session_status(s, row, sizeof row);
    assert_string_equal(row, " file: attn-tui-arcs.svg                          Enter writes it · Esc cancels");
    assert_int_equal(entries("."), 0);                 /* nothing written before Enter */
    assert_int_equal(session_key(s, KEYCODE_ENTER) & REACT_SAVE, REACT_SAVE);
    assert_said_saved(s, real, "attn-tui-arcs.svg");
    size_t len = 0, want_len = 0;
    char *got = slurp("attn-tui-arcs.svg", &len);
    char *want = print_svg(&o, &f->ls, &want_len);
    assert_non_null(got);
    assert_int_equal(len, want_len);
    assert_memory_equal(got, want, len);               /* what --print --format svg writes */
    free(got);

    session_key(s, 'S');
    session_status(s, row, sizeof row);
    assert_string_equal(row, " file: attn-tui-arcs-2.svg                        Enter writes it · Esc cancels");
    session_key(s, KEYCODE_ENTER);
    assert_int_equal(entries("."), 2);
    got = slurp("attn-tui-arcs.svg", &len);
    assert_int_equal(len, want_len);
    assert_memory_equal(got, want, len);               /* the first one kept */
    free(got);

    /* a typed name that exists: refused, then replaced on the second Enter */
    session_key(s, 'S');
    for (int i = 0; i < 6; i++)                        /* "-3.svg" off */
        session_key(s, KEYCODE_BACKSPACE);
    for (const char *c = ".svg"; *c; c++)
        session_key(s, *c);
    session_key(s, KEYCODE_ENTER);
    const Grid *g = app_session_grid(s);
    row_trimmed(g, 22, row, sizeof row);
    assert_string_equal(row, " a file of that name exists: Enter again replaces it, or change the name");
    got = slurp("attn-tui-arcs.svg", &len);
    assert_memory_equal(got, want, len);               /* not yet replaced */
    free(got);
    struct stat before, after;
    assert_int_equal(stat("attn-tui-arcs.svg", &before), 0);
    session_key(s, KEYCODE_ENTER);
    assert_int_equal(stat("attn-tui-arcs.svg", &after), 0);
    assert_true(before.st_ino != after.st_ino);        /* confirmed: replaced (a new file, renamed
                                                          over: the same slide, the same bytes) */
    assert_int_equal(entries("."), 2);
    app_session_free(s);

    /* a session not asked to write (the fuzz target's) writes nothing and says so */
    s = session_open(&o, &f->ls, false);
    session_key(s, 'S');
    session_key(s, KEYCODE_ENTER);
    g = app_session_grid(s);
    row_trimmed(g, 22, row, sizeof row);
    assert_string_equal(row, " this session writes no files");
    assert_int_equal(entries("."), 2);
    app_session_free(s);

    free(want);
    unlink("attn-tui-arcs.svg");
    unlink("attn-tui-arcs-2.svg");
    assert_int_equal(chdir(old), 0);
    assert_int_equal(rmdir(dir), 0);
}

/* The train screen's W and Enter as the program takes them: the input line offers
 * add-seed1.model, the app writes the model there and the status line says where; the model
 * reads back; the same name again is refused (the file kept) until Enter again replaces it;
 * a session not asked to write writes nothing. */
static void test_session_writes_the_trained_model(void **state)
{
    Fixture *f = *state;
    char dir[] = "/tmp/attn-model-save-XXXXXX", old[PATH_MAX], real[PATH_MAX], row[512];
    char err[512];
    Options o;
    session_dir(dir, old, real, &o);
    o.view = VIEW_TRAIN;
    AppSession *s = session_open(&o, &f->ls, true);
    session_key(s, KEYCODE_RIGHT);                     /* one training step */

    session_key(s, 'W');
    session_status(s, row, sizeof row);
    assert_string_equal(row, " file: add-seed1.model                            Enter writes it · Esc cancels");
    assert_int_equal(entries("."), 0);                 /* nothing written before Enter */
    assert_int_equal(session_key(s, KEYCODE_ENTER) & REACT_SAVE, REACT_SAVE);
    assert_said_saved(s, real, "add-seed1.model");
    assert_int_equal(entries("."), 1);                 /* no temporary file left beside it */
    Model m;
    assert_int_equal(model_load_file("add-seed1.model", &m, err, sizeof err), 0);
    assert_int_equal(m.answers_count, 11);             /* the task's readout: add's answers */
    model_free(&m);
    size_t len = 0, first_len = 0;
    char *first = slurp("add-seed1.model", &first_len);
    assert_non_null(first);

    /* one step more: W offers the first free name; the taken one typed is refused, the file
       kept; Enter again replaces it */
    session_key(s, KEYCODE_RIGHT);
    session_key(s, 'W');
    session_status(s, row, sizeof row);
    assert_string_equal(row, " file: add-seed1-2.model                          Enter writes it · Esc cancels");
    session_key(s, KEYCODE_KILL);
    for (const char *c = "add-seed1.model"; *c; c++)
        session_key(s, *c);
    session_key(s, KEYCODE_ENTER);
    const Grid *g = app_session_grid(s);
    row_trimmed(g, 22, row, sizeof row);
    assert_string_equal(row, " a file of that name exists: Enter again replaces it, or change the name");
    char *got = slurp("add-seed1.model", &len);
    assert_true(len == first_len && memcmp(got, first, len) == 0);
    free(got);
    session_key(s, KEYCODE_ENTER);
    assert_said_saved(s, real, "add-seed1.model");
    got = slurp("add-seed1.model", &len);
    assert_false(len == first_len && memcmp(got, first, len) == 0);   /* the newer weights */
    free(got);
    free(first);
    assert_int_equal(entries("."), 1);
    app_session_free(s);

    /* a session not asked to write writes nothing and says so */
    s = session_open(&o, &f->ls, false);
    session_key(s, 'W');
    session_key(s, KEYCODE_BACKSPACE);                 /* another name: add-seed1.mode */
    session_key(s, KEYCODE_ENTER);
    g = app_session_grid(s);
    row_trimmed(g, 22, row, sizeof row);
    assert_string_equal(row, " this session writes no files");
    assert_int_equal(entries("."), 1);
    app_session_free(s);

    unlink("add-seed1.model");
    assert_int_equal(chdir(old), 0);
    assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_name_free),
        cmocka_unit_test(test_default_name_numbered_when_taken),
        cmocka_unit_test(test_default_name_all_taken),
        cmocka_unit_test(test_free_name_of_any_file),
        cmocka_unit_test(test_prompt_opens_on_the_name),
        cmocka_unit_test(test_prompt_refuses_an_empty_name),
        cmocka_unit_test(test_prompt_confirms_an_existing_name),
        cmocka_unit_test_setup_teardown(test_prompt_then_sentence, fixture_setup, fixture_teardown),
        cmocka_unit_test(test_s_on_every_screen),
        cmocka_unit_test(test_s_and_enter_react),
        cmocka_unit_test(test_prompt_drawn),
        cmocka_unit_test(test_slide_leaves_out_the_keys),
        cmocka_unit_test(test_save_writes_the_svg),
        cmocka_unit_test(test_save_says_the_full_path),
        cmocka_unit_test_setup_teardown(test_session_writes_the_picture, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_session_writes_the_trained_model, fixture_setup,
                                        fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
