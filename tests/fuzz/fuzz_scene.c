/* fuzz_scene.c — libFuzzer target: the frame. Any model, sentence, size, view, stage,
 * focus, mask, heads, transition progress and options drawn into a grid must never
 * crash, never write outside the grid (ASan sees the cells array end), leave every cell
 * well-formed and never show nan or inf; drawn with the frames' cache it is the same frame.
 * Also: a click anywhere means a valid action. The chain panel (w) may be open.
 * Also: a click anywhere means a valid action. The sentence goes through the ASCII
 * spelling decoder first (spell_decode, as --sentence and the input line do); when it
 * does not decode, its bytes are tried as they are.
 * Input: 8 bytes of layout, then the sentence up to the first newline (empty: the
 * model's own), then a model file (empty: the built-in model).
 * Seeds: tests/fuzz/corpus/scene. */
#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "frame.h"
#include "fuzz.h"
#include "grid.h"
#include "lesson.h"
#include "model.h"
#include "player.h"
#include "spell.h"
#include "ui.h"

#define FUZZ_MAX_W 300   /* widest frame tried */
#define FUZZ_MAX_H 100   /* tallest frame tried */

/* What the 8 layout bytes choose. */
typedef struct {
    int w, h;              /* frame size */
    Stage stage;           /* the stage shown */
    int focus;             /* the asking character (taken modulo T) */
    double progress;       /* how far the transition has run, 0..1 */
    bool numbers;          /* numbers shown */
    bool help;             /* help overlay */
    bool playing;          /* autoplay on */
    ViewId view;           /* the view shown */
    EngineConfig config;   /* lesson 7's mask and heads */
    int head;              /* with two heads: the one shown (0, 1) or both (-1) */
    bool origin;           /* the chain panel "where does this number come from" open */
    int dim;               /* the dimension worked in hand checks (and traced) */
    FrameOptions options;  /* language, ASCII, notice */
} Layout;

static Layout read_layout(const uint8_t *b)
{
    Layout l = { 0 };   /* what the bytes do not choose: none (no score set, English passes) */
    l.w = 1 + (int)((b[0] | (b[1] & 1u) << 8) % FUZZ_MAX_W);
    l.h = 1 + b[2] % FUZZ_MAX_H;
    l.stage = (Stage)(b[3] % STAGE_COUNT);
    l.focus = b[4];
    l.progress = b[5] / 255.0;
    l.numbers = b[6] & 1;
    l.help = b[6] & 2;
    l.playing = b[6] & 4;
    l.options.lang = (b[6] & 8) ? LANG_ZH : LANG_EN;
    l.options.ascii = b[6] & 16;
    l.options.prog = NULL;   /* the command as started: "attn-tui" */
    l.options.notice = (b[6] & 32) ? "no UTF-8 locale: drawing ASCII — a notice long enough "
                                     "to be cut at the edge of any narrow terminal" : NULL;
    l.view = (ViewId)(b[7] % VIEW_COUNT);
    l.config.mask = (b[6] & 64) ? MASK_CAUSAL : MASK_NONE;
    l.config.heads = (b[6] & 128) ? 2 : 1;
    l.head = (int)(b[7] / VIEW_COUNT % 3) - 1;
    l.origin = b[1] & 2;
    l.dim = b[1] >> 2;   /* taken modulo d */
    return l;
}

/* ------------------------------------------------ the calls into the screen layer */

/* The player and UI state the layout describes. */
static FrameInput frame_input(const Lesson *ls, const Layout *l, Player *p, Ui *ui)
{
    player_init(p, ls->tr.T, 0);
    ui_init_for(ui, l->view, ls);
    ui_set_view(ui, p, ls, l->view);
    player_set_focus(p, l->focus % ls->tr.T, 0);
    player_set_stage(p, l->stage, 0);
    ui->numbers = l->numbers;
    ui->help = l->help;
    ui->head = ls->tr.heads > 1 ? l->head : -1;
    ui->origin = l->origin;
    ui->dim = l->dim % ls->tr.d;
    if (l->playing)
        player_toggle_play(p, 0);
    FrameInput in = { .lesson = ls, .player = p, .ui = ui, .progress = l->progress,
                      .opt = &l->options };
    return in;
}

static void draw_frame(Grid *g, const Lesson *ls, const Layout *l, FrameCache *cache)
{
    Player p;
    Ui ui;
    FrameInput in = frame_input(ls, l, &p, &ui);
    in.cache = cache;
    frame_render(g, &in);
    ui_free(&ui);   /* the views' states ui_init_for made */
}

/* One cache for every input, as the app keeps one for a whole run (it stays bounded). */
static FrameCache *kept_cache(void)
{
    static FrameCache *cache;
    if (!cache)
        cache = frame_cache_new();
    return cache;
}

/* What a click at (x, y) means: an action in the list (or nothing). */
static bool click_at(const Lesson *ls, const Layout *l, int x, int y, Action *a, int *arg)
{
    Player p;
    Ui ui;
    FrameInput in = frame_input(ls, l, &p, &ui);
    bool hit = frame_hit(&in, l->w, l->h, x, y, a, arg);
    ui_free(&ui);
    return hit;
}

/* ------------------------------------------------ checks */

/* Every cell holds one valid character; a wide one is followed by its right half. */
static void check_cells(const Grid *g)
{
    for (int y = 0; y < g->h; y++) {
        for (int x = 0; x < g->w; x++) {
            const Cell *c = grid_cell(g, x, y);
            size_t n = strnlen(c->glyph, TEXT_CHAR_BYTES);
            FUZZ_CHECK(n < TEXT_CHAR_BYTES, "a glyph is NUL-terminated");
            FUZZ_CHECK(c->style < STYLE_COUNT, "a cell's style is a Style");
            FUZZ_CHECK(c->width <= 2, "a cell is 0, 1 or 2 columns");
            FUZZ_CHECK(text_valid_utf8(c->glyph, n), "a glyph is valid UTF-8");
            if (c->width == 2)
                FUZZ_CHECK(x + 1 < g->w && grid_cell(g, x + 1, y)->width == 0,
                           "a wide glyph has its right half in the row");
            if (c->width == 0)
                FUZZ_CHECK(x > 0 && grid_cell(g, x - 1, y)->width == 2,
                           "a right half follows a wide glyph");
        }
    }
}

/* True when the model's vocabulary could itself spell "nan" or "inf". */
static bool vocab_spells_words(const Model *m)
{
    for (int i = 0; i < m->vocab_size; i++)
        if (m->vocab[i][1] == '\0' && strchr("nNaAiIfF", m->vocab[i][0]))
            return true;
    return false;
}

/* True when the lower-case word stands in text on its own, not inside a longer word (the
 * similarity view's "information" is no inf); with `but_negative`, "-word" does not count
 * (in ASCII a masked score is drawn "-inf": the glyph minus_inf, not a number). */
static bool has_word(const char *text, const char *word, bool but_negative)
{
    size_t n = strlen(word);
    for (const char *at = strstr(text, word); at; at = strstr(at + 1, word)) {
        bool letter_before = at > text && at[-1] >= 'a' && at[-1] <= 'z';
        bool letter_after = at[n] >= 'a' && at[n] <= 'z';
        bool negative = at > text && at[-1] == '-';
        if (!letter_before && !letter_after && !(but_negative && negative))
            return true;
    }
    return false;
}

static void check_no_nan_text(const Grid *g, bool ascii)
{
    size_t need = grid_to_text(g, NULL, 0);
    char *text = malloc(need + 1);
    if (!text)
        return;
    grid_to_text(g, text, need + 1);
    for (char *p = text; *p; p++)
        *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    FUZZ_CHECK(!has_word(text, "nan", false), "no nan on screen");
    FUZZ_CHECK(!has_word(text, "inf", ascii), "no inf on screen");
    free(text);
}

/* ------------------------------------------------ the target */

/* Draws the frame the input describes and checks it. */
static void run(const Layout *l, const Model *m, const char *sentence)
{
    Lesson ls;
    char err[2048], decoded[MODEL_SENTENCE_BYTES];
    if (sentence[0] && spell_decode(m, sentence, decoded, sizeof decoded, err, sizeof err) == 0)
        sentence = decoded;
    else if (sentence[0])
        fuzz_check_message(err, sizeof err, 1);
    if (lesson_build(&ls, m, sentence[0] ? sentence : m->sentence, &l->config, err, sizeof err) != 0)
        return;
    Grid g;
    if (grid_init(&g, l->w, l->h) == 0) {
        draw_frame(&g, &ls, l, NULL);
        check_cells(&g);
        Grid cached;
        if (grid_init(&cached, l->w, l->h) == 0) {
            draw_frame(&cached, &ls, l, kept_cache());
            FUZZ_CHECK(memcmp(cached.cells, g.cells, sizeof(Cell) * (size_t)l->w * (size_t)l->h) == 0,
                       "a frame drawn with the cache is the frame without it");
            grid_free(&cached);
        }
        if (!vocab_spells_words(m) && !l->help)   /* the help's prose is cut at its box */
            check_no_nan_text(&g, l->options.ascii);
        for (int y = -1; y <= l->h; y += 1 + l->h / 7)
            for (int x = -1; x <= l->w; x += 1 + l->w / 11) {
                Action a = ACTION_NONE;
                int arg = 0;
                if (click_at(&ls, l, x, y, &a, &arg))
                    FUZZ_CHECK((int)a > ACTION_NONE && a < ACTION_COUNT, "a click means an action");
            }
        grid_free(&g);
    }
    lesson_free(&ls);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 8)
        return 0;
    Layout l = read_layout(data);
    const char *rest = (const char *)data + 8;
    size_t left = size - 8;
    const char *newline = memchr(rest, '\n', left);
    size_t sentence_len = newline ? (size_t)(newline - rest) : left;
    char *sentence = malloc(sentence_len + 1);
    if (!sentence)
        return 0;
    memcpy(sentence, rest, sentence_len);
    sentence[sentence_len] = '\0';
    const char *model_text = newline ? newline + 1 : rest + left;
    size_t model_len = (size_t)(rest + left - model_text);
    if (model_len == 0) {
        run(&l, fuzz_built_in(), sentence);
    } else {
        Model m;
        char err[512];
        if (model_parse(model_text, model_len, "fuzz.model", &m, err, sizeof err) == 0) {
            run(&l, &m, sentence);
            model_free(&m);
        }
    }
    free(sentence);
    return 0;
}
