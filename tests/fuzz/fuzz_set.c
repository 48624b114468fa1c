/* fuzz_set.c — libFuzzer target: --set texts (any bytes) read by edit_parse against the
 * built-in model and its sentence, applied, described and undone. It must never crash; it
 * either gives an edit inside the model (or a score inside the sentence) with a finite
 * value, or one line of error; undoing puts every number back. Seeds: tests/fuzz/corpus/set. */
#include <stddef.h>
#include <stdint.h>

#include "edit.h"
#include "fuzz.h"
#include "model.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    Model *m = fuzz_built_in();
    Edit e;
    char err[512];
    if (edit_parse(m, m->sentence, text, &e, err, sizeof err) != 0) {
        fuzz_check_message(err, sizeof err, 1);
    } else if (e.target == EDIT_SCORE) {
        char tokens[MODEL_MAX_TOKENS][TEXT_CHAR_BYTES];
        int T = text_split_chars(m->sentence, tokens, MODEL_MAX_TOKENS);
        FUZZ_CHECK(e.row >= 0 && e.row < T && e.col >= 0 && e.col < T, "the score is in the sentence");
        FUZZ_CHECK(isfinite(e.after), "the value is finite");
        EditLog log = { 0 };
        ScoreSet score = { 0 };
        FUZZ_CHECK(edit_push(m, &score, &log, &e) == 0, "one edit fits the log");
        FUZZ_CHECK(score.on && score.value == e.after, "the score is set");
        char line[256];
        edit_describe(m, &log.e[0], line, sizeof line);
        FUZZ_CHECK(strnlen(line, sizeof line) < sizeof line && !fuzz_has_line_break(line, strlen(line)),
                   "the description is one line");
        edit_undo_all(m, &score, &log);
        FUZZ_CHECK(!score.on, "undo takes the score back");
    } else {
        int rows = e.target == EDIT_EMBEDDING ? m->vocab_size : m->d;
        FUZZ_CHECK(e.row >= 0 && e.row < rows && e.col >= 0 && e.col < m->d, "the cell is in the model");
        FUZZ_CHECK(isfinite(e.after), "the value is finite");
        EditLog log = { 0 };
        double was = *edit_cell(m, &e);
        FUZZ_CHECK(edit_push(m, NULL, &log, &e) == 0, "one edit fits the log");
        FUZZ_CHECK(*edit_cell(m, &e) == e.after, "the edit is applied");
        char line[256];
        edit_describe(m, &log.e[0], line, sizeof line);
        FUZZ_CHECK(strnlen(line, sizeof line) < sizeof line && !fuzz_has_line_break(line, strlen(line)),
                   "the description is one line");
        edit_undo_all(m, NULL, &log);
        FUZZ_CHECK(*edit_cell(m, &e) == was, "undo puts the number back");
    }
    free(text);
    return 0;
}
