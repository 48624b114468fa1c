/* harness.h — what the views' unit tests share: the compiled-in model and its lessons, a
 * scene (the player's and the UI's state, keys pressed as a user would) drawn into a frame,
 * the frame as text, and the checks every view's frame must pass (wide glyphs whole, valid
 * UTF-8, no data value when numbers are hidden, ASCII only in ASCII mode).
 * Owns: only test helpers (tests/unit/harness.c, linked into every unit test); each fails
 * the running cmocka test with a message instead of returning an error.
 * Must not touch: the views' insides, golden files, the terminal. */
#ifndef ATTN_TEST_HARNESS_H
#define ATTN_TEST_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include "actions.h"
#include "draw.h"
#include "engine.h"
#include "frame.h"
#include "grid.h"
#include "lesson.h"
#include "model.h"
#include "player.h"
#include "ui.h"
#include "view.h"

#define SIXTEEN "三加五等于?十减四等于?几是二乘"   /* 16 characters */

/* ---------------------------------------------------------------- the lesson */

/* The compiled-in model and one lesson over it. */
typedef struct {
    Model m;             /* the compiled-in model */
    Lesson ls;           /* its passes over the sentence */
    LessonParams start;  /* what every scene starts from (fixture_reset rebuilds ls to it) */
} Fixture;

/* The compiled-in model's lesson 6 over sentence (NULL: the model's own), caller closes. */
Fixture *fixture_open(const char *sentence);

/* Rebuilds f->ls to f->start: a key of an earlier scene may have changed mask or heads. */
void fixture_reset(Fixture *f);

void fixture_close(Fixture *f);

/* cmocka setup and teardown of a Fixture over the model's own sentence in *state. */
int fixture_setup(void **state);
int fixture_teardown(void **state);

/* The compiled-in model run as lesson 6, with lesson 7's mask, with two heads, and on
 * sixteen characters: lessons that no key changes. */
typedef struct {
    Model m;        /* the compiled-in model */
    Lesson plain;   /* 三加五等于?, one head, no mask */
    Lesson masked;  /* the same with the causal mask */
    Lesson heads;   /* the same with two heads */
    Lesson long16;  /* SIXTEEN, one head, no mask */
} Lessons;

/* cmocka setup and teardown of Lessons in *state. */
int lessons_setup(void **state);
int lessons_teardown(void **state);

/* ---------------------------------------------------------------- a scene */

/* Everything one frame depends on but its size. */
typedef struct {
    Lesson *ls;          /* the lesson drawn (a key that changes mask or heads rebuilds it) */
    Player p;            /* stage, focus, play state */
    Ui ui;               /* view, numbers, heads, the views' cursors */
    FrameOptions o;      /* language, ASCII, no notice */
    double progress;     /* 0..1 of the transition (1: settled) */
    Fixture *own;        /* the fixture scene_open made for it, or NULL */
    EditLog edits;       /* what-if's changes of the fixture's model (scene_press carries them out) */
} Scene;

/* What the binding of key means on ui's view, in English, as its help says it (a view's own
 * action or a shared one); fails the test when the key means nothing there. */
const char *binding_says(const Ui *ui, int key);

/* A scene of view over ls as the program starts it: the first character at stage ①,
 * numbers shown, both heads, English, Unicode, settled. */
void scene_start(Scene *s, Lesson *ls, ViewId view);

/* The same over a lesson of its own, over sentence (NULL: the model's); scene_close frees. */
Scene *scene_open(const char *sentence, ViewId view);

/* A scene_open scene as it opened: its lesson rebuilt to where it started, started again. */
void scene_reset(Scene *s);

void scene_close(Scene *s);

/* Presses key as a user would (its binding on the scene's view must exist); when it asks
 * for new passes (mask, heads, sentence) the lesson is rebuilt. Returns ui_apply's REACT_*. */
int scene_press(Scene *s, int key);

/* Presses keys[0], keys[1] … up to the first 0 or max keys; returns their REACT_* or'ed. */
int scene_press_keys(Scene *s, const int *keys, size_t max);

/* Presses the keys of a string, a character each: 'L' 'R' 'U' 'D' are the arrows. */
void scene_type(Scene *s, const char *keys);

/* What frame_render and frame_hit read for the scene. */
FrameInput scene_input(const Scene *s);

/* The scene drawn into a fresh w × h grid (caller frees with grid_free). */
Grid scene_render(const Scene *s, int w, int h);

/* The scene's w × h frame as text (caller frees). */
char *scene_text(const Scene *s, int w, int h);

/* What a click at (x, y) of the w × h frame means (its argument in *arg), or ACTION_NONE. */
Action scene_click(const Scene *s, int w, int h, int x, int y, int *arg);

/* The context the scene's view draws with in a w × h frame (no grid), as frame_render
 * builds it, its body where the chrome puts it: for the views' layout functions. */
ViewCtx scene_context(const Scene *s, int w, int h);

/* ---------------------------------------------------------------- a shot */

/* One frame described by the fields tests vary; zero fields are the program's start
 * (stage ①, the first character, English, Unicode, settled). */
typedef struct {
    int w, h;           /* frame size */
    Stage stage;        /* the stage */
    int focus;          /* the asking character */
    bool numbers;       /* numbers shown */
    Lang lang;          /* labels' language */
    bool ascii;         /* ASCII drawing */
    double progress;    /* 0..1 of the transition; 0 stands for settled (1) */
    int keys[16];       /* keys pressed after the state above, in order (0 ends) */
} Shot;

/* The scene of shot over f's lesson started afresh on view, its keys pressed; returns
 * the keys' REACT_* or'ed. */
int scene_shoot(Scene *sc, Fixture *f, ViewId view, const Shot *shot);

/* Shot's frame as a grid (caller frees with grid_free), or as text (caller frees). */
Grid shot_render(Fixture *f, ViewId view, const Shot *shot);
char *shot_text(Fixture *f, ViewId view, const Shot *shot);

/* ---------------------------------------------------------------- golden files */

/* The view bar of the whole-frame goldens (text under tests/golden, SVG under tests/svg): a
 * fixed list, the views there were when they were written, so that adding a view leaves
 * them as they are. Give it to FrameInput's bar and bar_count. */
extern const ViewOps *const golden_bar[];
extern const int golden_bar_count;

/* Compares actual with the file expected_path: the same, or the test fails naming both
 * files (actual written to actual_path for diff -u). With ATTN_GOLDEN_UPDATE=1 in the
 * environment (make golden-update) it writes actual to expected_path instead. */
void golden_check(const char *expected_path, const char *actual_path, const char *actual);

/* The scene's body (the frame's rows between view bar and status line, drawn with golden_bar)
 * at w × h compared with TESTS_DIR/golden/NAME.txt by golden_check; with numbers hidden no
 * '%' may be in it. */
void scene_body_golden(const Scene *s, const char *name, int w, int h);

/* True when text holds needle; else prints text (to find what it says) and returns false. */
bool text_has(const char *text, const char *needle);

/* ---------------------------------------------------------------- a layered model */

/* A layered model file and a lesson over one of its lines. */
typedef struct {
    Model m;      /* the model, loaded */
    Lesson ls;    /* its lesson over the line */
} LayeredFixture;

/* Loads path and builds the lesson over line (NULL: the model's own). NULL, said on stderr,
 * when either fails. */
LayeredFixture *layered_fixture_open(const char *path, const char *line);

/* Frees what layered_fixture_open made; NULL is nothing. */
void layered_fixture_close(LayeredFixture *f);

/* The shipped poem model, read from the source tree. */
#define HARNESS_POEMS_MODEL "assets/poems.model"

/* cmocka setup and teardown: the shipped poem model and a lesson over LESSON_POEM_LINE (a
 * LayeredFixture) in *state. */
int poem_fixture_setup(void **state);
int poem_fixture_teardown(void **state);

/* ---------------------------------------------------------------- the frame as text */

/* The whole frame as text, a line per row (caller frees). */
char *frame_text(const Grid *g);

/* Row y as text, wide glyphs once, no newline; fails when it does not fit cap bytes. */
void row_text(const Grid *g, int y, char *buf, size_t cap);

/* The same without trailing blanks. */
void row_trimmed(const Grid *g, int y, char *buf, size_t cap);

/* The frame's rows joined by a blank, runs of blanks made one: a paragraph reads whole
 * wherever it wraps (caller frees). */
char *joined_text(const Grid *g);

/* Occurrences of s in the frame's text. */
int frame_count(const Grid *g, const char *s);

/* The first row whose text holds want[0], want[1] … want[n - 1] in that order, or -1. */
int row_with(const Grid *g, const char *const *want, int n);

/* Fail, showing the frame, unless it holds s (assert_lacks: unless it does not); or unless
 * its joined rows hold s. */
void assert_has(const Grid *g, const char *s);
void assert_lacks(const Grid *g, const char *s);
void assert_joined_has(const Grid *g, const char *s);

/* The same for a frame already as text. */
void assert_shows(const char *text, const char *s);
void assert_hides(const char *text, const char *s);

/* Whether the help of view v lists key (every row it has, scrolled or not). */
bool help_lists(ViewId v, int key);

/* The line of text that holds s (caller frees), or fails. */
char *line_with(const char *text, const char *s);

/* The lines of a frame's text between the view bar and the status line (the view's body,
 * roughly: the title may take two rows at narrow widths, which then hold no numbers),
 * caller frees. */
char *body_of(const char *frame);

/* ---------------------------------------------------------------- checks of a whole frame */

/* Every wide glyph is whole (a width-2 cell followed by its width-0 half, a width-0 cell
 * only after a width-2 one), every other cell one column, every style known, every glyph
 * valid UTF-8; fails naming `what` and the cell. */
void assert_grid_sound(const Grid *g, const char *what);

/* Fails naming `what` and the first cell where a and b (of one size) differ in glyph,
 * width or style: two ways of drawing one frame (with a cache and without) agree. */
void assert_same_cells(const Grid *a, const Grid *b, const char *what);

/* Draws s over a w × h grid strewn with debris (text at row y) and fails unless every cell
 * is as drawn over a fresh grid: a frame depends on its inputs alone. */
void assert_frame_pure(const Scene *s, int w, int h, int y, const char *debris);

/* Clicks every cell of s's w × h frame; a click that focuses character t must land on t as
 * drawn (either column of a wide glyph). found[t] counts the cells that focus t. */
void count_character_clicks(const Scene *s, int w, int h, int found[MODEL_MAX_TOKENS]);

/* No data value in any row above the status line: no digit but those of a number that names
 * a lesson or an item of a list ("第 4 课", "麻烦 1 / 3", "lesson 7", "1 of 3"), which hiding
 * numbers keeps; in ASCII mode pass the trace (else NULL): the sentence's labels are taken
 * out of each row first ("3 + 5" names characters). */
void assert_no_data_value_above_status(const Grid *g, const char *what, const Trace *tr);

/* The same for text (a body, a frame as text): every line. */
void assert_text_no_data_value(const char *text, const char *what);

/* With numbers hidden, no frame of view over any of l's lessons shows a data value above its
 * status line: at each of the n sizes, in English, Chinese and ASCII, with two heads also
 * each head alone. */
void assert_lessons_hide_numbers(Lessons *l, ViewId view, const int sizes[][2], size_t n);

/* ---------------------------------------------------------------- ASCII mode */

/* Fails naming `what` and the cell unless every cell of g holds a printable ASCII glyph
 * (or a blank) one column wide: the Linux console can show it. */
void assert_ascii_frame(const Grid *g, const char *what);

/* Fails, showing the text, unless every byte is printable ASCII or a newline. */
void assert_ascii_text(const char *s);

/* Blanks out of row (a frame's row as text) every word with a digit that is one of tr's
 * labels in ASCII mode ("3", "10", "shi2"), unless a '.' or '%' beside it makes it part of
 * a number ("2" in "13.2%" stays). */
void blank_sentence_labels(char *row, const Trace *tr);

/* Fails naming `what` unless row y of g writes tr's characters at columns xs[t], ws[t]
 * wide, each by its ASCII label or (all of them alike) by its brief label, with at least a
 * blank between neighbours. */
void assert_label_row(const Grid *g, int y, const Trace *tr, const int *xs, const int *ws,
                      const char *what);

#endif
