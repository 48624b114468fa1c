/* fuzz_set.c — libFuzzer target: --set texts (any bytes) read by edit_parse against the
 * built-in model, applied, described and undone. It must never crash; it either gives an
 * edit inside the model with a finite value, or one line of error; undoing puts every
 * number back. Seeds: tests/fuzz/corpus/set. */
#include <stddef.h>
#include <stdint.h>

#include "edit.h"
#include "fuzz.h"
#include "model.h"

/* The built-in model, parsed once for the whole run (edits are undone after each input). */
static Model *built_in(void)
{
    static Model m;
    static int loaded;
    if (!loaded) {
        char err[512];
        FUZZ_CHECK(model_load_default(&m, err, sizeof err) == 0, "the built-in model loads");
        loaded = 1;
    }
    return &m;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    Model *m = built_in();
    Edit e;
    char err[512];
    if (edit_parse(m, text, &e, err, sizeof err) != 0) {
        fuzz_check_message(err, sizeof err, 1);
    } else {
        int rows = e.target == EDIT_EMBEDDING ? m->vocab_size : m->d;
        FUZZ_CHECK(e.row >= 0 && e.row < rows && e.col >= 0 && e.col < m->d, "the cell is in the model");
        FUZZ_CHECK(isfinite(e.after), "the value is finite");
        EditLog log = { 0 };
        double was = *edit_cell(m, &e);
        FUZZ_CHECK(edit_push(m, &log, &e) == 0, "one edit fits the log");
        FUZZ_CHECK(*edit_cell(m, &e) == e.after, "the edit is applied");
        char line[256];
        edit_describe(m, &log.e[0], line, sizeof line);
        FUZZ_CHECK(strnlen(line, sizeof line) < sizeof line && !fuzz_has_line_break(line, strlen(line)),
                   "the description is one line");
        edit_undo_all(m, &log);
        FUZZ_CHECK(*edit_cell(m, &e) == was, "undo puts the number back");
    }
    free(text);
    return 0;
}
