/* view_machine_edit.c — the machine screen's what-if editor: a number of x, Wq, Wk, Wv or
 * one raw score of the head shown, chosen with the arrows, nudged with + and -, or typed
 * (read by the typed-number parser practice uses, quiz.h), asked of ui.c as a what-if edit
 * (app.c changes the model and recomputes: every table follows); and its drawing over the
 * machine's focus area.
 * Owns: the editor's part of the machine's state (view_machine.h), its keys while open, its
 * drawing. Must not touch: the UI state (it asks: request.h), the model, ncurses, the clock,
 * the engine's arithmetic (it reads a Trace). */
#include "view_machine_edit.h"

#include <stdio.h>
#include <string.h>
#include "format.h"
#include "heat.h"
#include "typed.h"

/* ---------------------------------------------------------------- the chosen number */

static const char *const machine_edit_names[MACHINE_EDIT_COUNT] = { "x", "Wq", "Wk", "Wv", "score" };

/* Rows and columns of an editable table. */
static void machine_edit_size(const Trace *tr, MachineEditTable t, int *rows, int *cols)
{
    bool by_char = t == MACHINE_EDIT_X || t == MACHINE_EDIT_SCORE;
    *rows = by_char ? tr->T : tr->d;
    *cols = t == MACHINE_EDIT_SCORE ? tr->T : tr->d;
}

/* The head whose score the editor changes: the one the screen shows (the first of two shown). */
int machine_edit_head(const Trace *tr, const Ui *ui)
{
    return ui_head_shown(ui, tr);
}

/* The chosen number as the tables show it (h: the head of a score). */
static double machine_edit_value(const Trace *tr, MachineEditTable t, int h, int row, int col)
{
    size_t at = (size_t)row * (size_t)tr->d + (size_t)col;
    switch (t) {
    case MACHINE_EDIT_WQ:    return tr->model->wq[at];
    case MACHINE_EDIT_WK:    return tr->model->wk[at];
    case MACHINE_EDIT_WV:    return tr->model->wv[at];
    case MACHINE_EDIT_SCORE: return TRACE_HSQ(tr, scores, h, row, col);
    case MACHINE_EDIT_X:
    case MACHINE_EDIT_COUNT: break;
    }
    return tr->x[at];
}

/* The change that makes the chosen number `value`: a cell of W; for x the character's word
 * vector (x = e + pe, so e becomes value − pe); for a score, the score set on the pass
 * (before: the number there now, the Q·K unless the learner set it). */
static Edit machine_edit_for(const Trace *tr, const MachineState *st, int h, double value)
{
    static const EditTarget targets[MACHINE_EDIT_COUNT] = {
        [MACHINE_EDIT_X] = EDIT_EMBEDDING, [MACHINE_EDIT_WQ] = EDIT_WQ,
        [MACHINE_EDIT_WK] = EDIT_WK, [MACHINE_EDIT_WV] = EDIT_WV, [MACHINE_EDIT_SCORE] = EDIT_SCORE,
    };
    Edit e = { .target = targets[st->table], .row = st->row, .col = st->col, .after = value };
    if (st->table == MACHINE_EDIT_X) {
        e.row = tr->ids[st->row];
        e.after = value - tr->position[(size_t)st->row * (size_t)tr->d + (size_t)st->col];
    } else if (st->table == MACHINE_EDIT_SCORE) {
        e.head = h;
        e.before = TRACE_HSQ(tr, scores, h, st->row, st->col);
        charname_of(tr->tokens, tr->T, st->row, e.names[0], sizeof e.names[0]);
        charname_of(tr->tokens, tr->T, st->col, e.names[1], sizeof e.names[1]);
    }
    return e;
}

/* Asks for the chosen number to become value (app.c carries it out and recomputes). A score
 * the mask hides is not asked for: softmax never sees it (the status line says so). */
static int machine_ask(const ViewCall *call, const MachineState *st, double value)
{
    const Ui *ui = call->ui;
    const Lesson *ls = call->ls;
    if (st->table == MACHINE_EDIT_SCORE && !engine_visible(&ls->tr, st->row, st->col)) {
        request_note_text(call->ask, ui->input.lang == LANG_ZH ? "这个分数被遮住了：softmax 看不到它，改了也没用"
                                                               : "the mask hides this score: softmax never sees it");
        return REACT_REDRAW;
    }
    Edit e = machine_edit_for(&ls->tr, st, machine_edit_head(&ls->tr, ui), value);
    request_what_if(call->ask, &e);
    return REACT_REDRAW;
}

/* ---------------------------------------------------------------- its state and keys */

void machine_edit_init(MachineState *st)
{
    memset(st, 0, sizeof *st);
    st->table = MACHINE_EDIT_WQ;
}

void machine_edit_open(MachineState *st)
{
    st->editing = true;
    st->typing = false;
}

bool machine_edit_modal(const MachineState *st)
{
    return st->editing;
}

/* Moves the chosen cell by (dr, dc), kept inside the table. */
static int machine_move(MachineState *st, const Trace *tr, int dr, int dc)
{
    int rows, cols;
    machine_edit_size(tr, st->table, &rows, &cols);
    st->row = (st->row + dr + rows) % rows;
    st->col = (st->col + dc + cols) % cols;
    return REACT_REDRAW;
}

/* The status line's word on a typed value that is not a number (nothing changes): why, and
 * that nothing changed. */
static void machine_junk_note(const ViewCall *call, const char *typed)
{
    char why[192], note[UI_NOTE_BYTES];
    Lang lang = call->ui->input.lang == LANG_ZH ? LANG_ZH : LANG_EN;
    typed_message(typed, TYPED_VALUE, lang, why, sizeof why);
    snprintf(note, sizeof note, LANG_PICK(lang, "%s; nothing changed", "%s，什么也没改"), why);
    request_note_text(call->ask, note);
}

/* A key while a value is typed: the characters of a number (full-width ones read as ASCII),
 * Backspace, Enter (apply), Esc; any other printable key is taken and answered with a hint. */
static int machine_type(MachineState *st, const ViewCall *call, int key)
{
    Lang lang = call->ui->input.lang == LANG_ZH ? LANG_ZH : LANG_EN;
    char note[UI_NOTE_BYTES];
    TypedKey what = typed_key(st->typed, sizeof st->typed, key, TYPED_VALUE);
    switch (what) {
    case TYPED_KEY_ESC:
        st->typing = false;
        return REACT_REDRAW;
    case TYPED_KEY_EDITED:
        return REACT_REDRAW;
    case TYPED_KEY_FOLDED:   /* said at each such key: a note lasts until the next */
        typed_folded_note(lang, note, sizeof note);
        request_note_text(call->ask, note);
        return REACT_REDRAW;
    case TYPED_KEY_UNUSABLE:
    case TYPED_KEY_FULL:
        typed_hint(what, key, TYPED_VALUE, lang, note, sizeof note);
        request_note_text(call->ask, note);
        return REACT_REDRAW;
    case TYPED_KEY_ENTER: {
        double v;
        TypedRead read = typed_value(st->typed, &v);
        st->typing = false;
        if (read == TYPED_NUMBER)
            return machine_ask(call, st, v);
        if (read != TYPED_EMPTY)   /* "1.2.3", "-", "50%": said, not dropped in silence */
            machine_junk_note(call, st->typed);
        return REACT_REDRAW;
    }
    case TYPED_KEY_OTHER:
        break;
    }
    return key == KEYCODE_TAB || key == KEYCODE_BACKTAB || key == KEYCODE_REDRAW ? -1 : REACT_NONE;
}

int machine_edit_key(MachineState *st, const ViewCall *call, int key)
{
    const Ui *ui = call->ui;
    const Trace *tr = &call->ls->tr;
    int rows, cols;
    machine_edit_size(tr, st->table, &rows, &cols);
    if (st->row >= rows || st->col >= cols)   /* a shorter sentence since */
        machine_move(st, tr, 0, 0);
    if (st->typing)
        return machine_type(st, call, key);
    switch (key) {
    case KEYCODE_ESC:
    case 'i':
        st->editing = false;
        return REACT_REDRAW;
    case KEYCODE_UP:    return machine_move(st, tr, -1, 0);
    case KEYCODE_DOWN:  return machine_move(st, tr, +1, 0);
    case KEYCODE_LEFT:  return machine_move(st, tr, 0, -1);
    case KEYCODE_RIGHT: return machine_move(st, tr, 0, +1);
    case 't':
        st->table = (MachineEditTable)((st->table + 1) % MACHINE_EDIT_COUNT);
        return machine_move(st, tr, 0, 0);
    case '+':
    case '=':
    case '-': {
        double now_value = machine_edit_value(tr, st->table, machine_edit_head(tr, ui), st->row, st->col);
        return machine_ask(call, st, now_value + (key == '-' ? -MACHINE_NUDGE : MACHINE_NUDGE));
    }
    case KEYCODE_ENTER:
        st->typing = true;
        st->typed[0] = '\0';
        return REACT_REDRAW;
    case 'u':   /* as everywhere: the newest change undone (said when there is none) */
        if (ui->edits == 0) {
            request_note(call->ask, ui->marks.set_cells > 0 ? NOTE_SET_STAYS : NOTE_NOTHING_TO_UNDO, 0.0);
            return REACT_REDRAW;
        }
        request_undo(call->ask);
        return REACT_REDRAW;
    default:
        return -1;   /* Tab, w, q, ?, Space …: what they are bound to */
    }
}

/* ---------------------------------------------------------------- drawing */

/* The editor's line on the chosen cell: its name, its number and what it means. */
static void editor_cell_line(const ViewCtx *c, const MachineState *st, int h, int row, int col,
                             char *buf, size_t cap)
{
    const Trace *tr = c->tr;
    char num[FORMAT_BYTES], sq[16], name[64], note[256];
    format_fixed(num, sizeof num, machine_edit_value(tr, st->table, h, row, col), 2);
    if (st->table == MACHINE_EDIT_X) {
        snprintf(buf, cap, SAY(c, "x(%s)[%d] = %s: x = e + pe, so %s's word vector changes",
                               "x(%s)[%d] = %s：x = 词向量 + 位置指纹，改的是「%s」的词向量"),
                 c->tok[row], col, num, c->tok[row]);
    } else if (st->table != MACHINE_EDIT_SCORE) {
        snprintf(buf, cap, "%s[%d][%d] = %s", machine_edit_names[st->table], row, col, num);
    } else if (draw_score_set_note(c, h, row, col, note, sizeof note)) {
        snprintf(buf, cap, "%s = %s*: ", draw_score_name(c, h, row, col, name, sizeof name), num);
        draw_append(buf, cap, "%s", note);
    } else {
        snprintf(sq, sizeof sq, "%s%d", c->gl->div_sqrt, tr->dh);
        snprintf(buf, cap, SAY(c, "score(%s→%s) = Q(%s)%sK(%s) = %s (raw, before %s)",
                               "分数(%s→%s) = Q(%s)%sK(%s) = %s（原始分，%s 之前）"),
                 c->tok[row], c->tok[col], c->tok[row], c->gl->dot, c->tok[col], num, sq);
    }
}

/* One number of the editor's table as it prints it: two decimals, a set score starred. */
static void editor_number(const ViewCtx *c, const MachineState *st, int h, int r, int j, char *num,
                          size_t cap)
{
    format_fixed(num, cap, machine_edit_value(c->tr, st->table, h, r, j), 2);
    if (st->table == MACHINE_EDIT_SCORE && engine_score_set(c->tr, h, r, j, NULL))
        draw_append(num, cap, "*");   /* set by the learner, not a Q·K */
}

/* Columns of a cell of the editor's table: 7 ("  -0.69"), or the widest number and a blank
 * (a value typed as 12345678 must not run into its neighbour). */
static int editor_cell_w(const ViewCtx *c, const MachineState *st, int h, int rows, int cols)
{
    int w = MACHINE_EDIT_CELL_W;
    char num[FORMAT_BYTES];
    for (int r = 0; r < rows; r++)
        for (int j = 0; j < cols; j++) {
            editor_number(c, st, h, r, j, num, sizeof num);
            if ((int)strlen(num) + 1 > w)
                w = (int)strlen(num) + 1;
        }
    return w;
}

void machine_edit_draw(const ViewCtx *c, const MachineState *st, const MachineEditArea *L)
{
    int y = L->y;
    const Trace *tr = c->tr;
    int bottom = c->body.y + c->body.h, rows, cols, h = machine_edit_head(tr, c->ui);
    machine_edit_size(tr, st->table, &rows, &cols);
    int row = st->row < rows ? st->row : rows - 1, col = st->col < cols ? st->col : cols - 1;
    bool by_char = st->table == MACHINE_EDIT_X || st->table == MACHINE_EDIT_SCORE;
    char buf[256], shown[512], num[FORMAT_BYTES];
    char table[64];
    if (st->table != MACHINE_EDIT_SCORE)
        snprintf(table, sizeof table, "%s", machine_edit_names[st->table]);
    else if (tr->heads == 2)   /* the head shown (the first when both are) */
        snprintf(table, sizeof table, SAY(c, "score Q·K, head %d", "分数 Q·K，头 %d"), h + 1);
    else
        snprintf(table, sizeof table, "%s", SAY(c, "score Q·K", "分数 Q·K"));
    snprintf(buf, sizeof buf, SAY(c, "what if%s%s (numbers changed: %d)", "改一个数试试%s%s（已改 %d 处）"),
             c->gl->sep, table, c->ui->marks.cells);
    draw_drawable(c->ascii, buf, shown, sizeof shown);
    draw_rule_heading(c->g, c->gl, L->x, y++, L->w, shown);
    int label_w = by_char ? L->lw : 4, cell_w = editor_cell_w(c, st, h, rows, cols);
    int ncols = (L->w - label_w) / cell_w;
    if (ncols > cols)
        ncols = cols;
    int first_col = heat_window_first(cols, ncols, col);
    int room = bottom - y - 3;   /* the header, the cell's line and the keys' line */
    int nrows = rows < room ? rows : room;
    int first_row = heat_window_first(rows, nrows, row);
    for (int j = first_col; j < first_col + ncols; j++) {
        if (st->table == MACHINE_EDIT_SCORE)
            snprintf(num, sizeof num, "%s", L->brief ? c->tok_brief[j] : c->tok[j]);
        else
            snprintf(num, sizeof num, "%d", j);
        draw_right(c->g, L->x + label_w + (j - first_col) * cell_w, y, cell_w, num,
                   st->table == MACHINE_EDIT_SCORE ? STYLE_TOKEN : STYLE_DIM);
    }
    y++;
    for (int r = first_row; r < first_row + nrows && y < bottom; r++, y++) {
        if (by_char)
            draw_row_label(c, L->x, y, r, L->brief);
        else {
            snprintf(num, sizeof num, "%d", r);
            draw_right(c->g, L->x, y, label_w - 1, num, STYLE_DIM);
        }
        for (int j = first_col; j < first_col + ncols; j++) {
            double v = machine_edit_value(tr, st->table, h, r, j);
            editor_number(c, st, h, r, j, num, sizeof num);
            bool lit = r == row && j == col;
            bool dim = st->table == MACHINE_EDIT_SCORE && !engine_visible(tr, r, j);
            draw_right(c->g, L->x + label_w + (j - first_col) * cell_w, y, cell_w, num,
                       lit ? STYLE_STAGE_LIT : dim ? STYLE_DIM : v < 0 ? STYLE_NEGATIVE : STYLE_NORMAL);
        }
    }
    if (y >= bottom)
        return;
    editor_cell_line(c, st, h, row, col, buf, sizeof buf);
    if (st->typing)
        draw_append(buf, sizeof buf, SAY(c, "  new value: %s_", "  新的值：%s_"), st->typed);
    draw_drawable(c->ascii, buf, shown, sizeof shown);
    draw_clipped(c->g, L->x, y++, L->x + L->w, shown, STYLE_BOLD);
    if (y >= bottom)
        return;
    if (st->typing)   /* what the keys do now: Esc cancels the value, it does not close */
        snprintf(buf, sizeof buf, "%s", SAY(c, "digits . - e · Enter sets the value · Backspace erases · Esc cancels",
                                            "数字、小数点、负号、e · Enter 设定 · Backspace 删除 · Esc 取消"));
    else   /* one row of 80 columns holds it whole, Esc too */
        snprintf(buf, sizeof buf, SAY(c, "arrows choose · +/- add %.1f · Enter types · t table · u undo · Esc closes",
                                      "方向键选数 · +/- 加减 %.1f · Enter 输入新值 · t 换表 · u 撤销 · Esc 关闭"),
                 MACHINE_NUDGE);
    draw_drawable(c->ascii, buf, shown, sizeof shown);
    draw_paragraph(c->g, c->gl, L->x, y, L->w, bottom - y, shown, STYLE_DIM);
}
