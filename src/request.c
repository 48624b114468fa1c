/* request.c — the setters of a Request: each fills its fields and sets its bit; nothing
 * here acts (ui.c's ui_carry_out does).
 * Owns: the models a request holds until it is carried out or dropped. Must not touch: the
 * UI state, ncurses, the clock, drawing, any view. */
#include "request.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "text.h"

void request_note(Request *rq, UiNote note, double value)
{
    rq->asks |= REQUEST_NOTE;
    rq->note = note;
    rq->note_value = value;
}

void request_note_text(Request *rq, const char *text)
{
    request_note(rq, NOTE_TEXT, 0.0);
    text_format(rq->note_text, sizeof rq->note_text, "%s", text);
}

void request_shared_start(Request *rq)
{
    rq->asks |= REQUEST_SHARED_START;
}

void request_answer(Request *rq, int answer)
{
    rq->asks |= REQUEST_ANSWER;
    rq->answer = answer;
}

void request_fresh(Request *rq, ViewId view)
{
    rq->asks |= REQUEST_FRESH;
    rq->fresh = view;
}

void request_open(Request *rq, ViewId view)
{
    rq->asks |= REQUEST_OPEN;
    rq->open = view;
}

void request_cursor(Request *rq, ViewId view, int row, int col)
{
    rq->asks |= REQUEST_CURSOR;
    rq->cursor = (RequestTarget){ .view = view, .row = row, .col = col };
}

void request_preset(Request *rq, ViewId view, Action action, int arg)
{
    rq->asks |= REQUEST_PRESET;
    rq->preset = (RequestTarget){ .view = view, .action = action, .arg = arg };
}

void request_then(Request *rq, Action a, int arg)
{
    rq->asks |= REQUEST_THEN;
    rq->then = a;
    rq->then_arg = arg;
}

void request_sentence(Request *rq, const char *sentence)
{
    rq->asks |= REQUEST_SENTENCE;
    snprintf(rq->lesson.sentence, sizeof rq->lesson.sentence, "%s", sentence);
}

void request_compare(Request *rq, const char *sentence)
{
    rq->asks |= REQUEST_COMPARE;
    snprintf(rq->lesson.compare, sizeof rq->lesson.compare, "%s", sentence);
}

void request_mask(Request *rq, Mask mask)
{
    rq->asks |= REQUEST_MASK;
    rq->lesson.config.mask = mask;
}

void request_heads(Request *rq, int heads)
{
    rq->asks |= REQUEST_HEADS;
    rq->lesson.config.heads = heads;
}

void request_choose_head(Request *rq, int layer, int head)
{
    rq->asks |= REQUEST_CHOOSE_HEAD;
    rq->choice.layer = layer;
    rq->choice.head = head;
}

void request_what_if(Request *rq, const Edit *e)
{
    rq->asks |= REQUEST_WHAT_IF;
    rq->what_if = EDIT_ASK_SET;
    rq->edit = *e;
}

void request_undo(Request *rq)
{
    rq->asks |= REQUEST_WHAT_IF;
    rq->what_if = EDIT_ASK_UNDO;
}

/* Puts m in *slot, freeing the model asked for before. */
static void request_keep(Model **slot, Model *m)
{
    if (*slot && *slot != m) {
        model_free(*slot);
        free(*slot);
    }
    *slot = m;
}

void request_play(Request *rq, Model *m, const ModelInPlay *as)
{
    rq->asks |= REQUEST_PLAY;
    request_keep(&rq->play, m);
    rq->play_as = *as;
}

void request_save(Request *rq, Model *m)
{
    rq->asks |= REQUEST_SAVE;
    request_keep(&rq->save, m);
}

void request_file_name(Request *rq, InputFile file, const char *name)
{
    rq->asks |= REQUEST_FILE_NAME;
    rq->file = file;
    snprintf(rq->file_name, sizeof rq->file_name, "%s", name);
}

void request_drop(Request *rq)
{
    request_keep(&rq->play, NULL);
    request_keep(&rq->save, NULL);
    rq->asks = 0;
}

void request_practiced(Request *rq, QuizKind kind, bool right_first)
{
    rq->asks |= REQUEST_PRACTICED;
    rq->practiced = kind;
    rq->right_first = right_first;
}

void request_checked(Request *rq, int score, int max)
{
    rq->asks |= REQUEST_CHECKED;
    rq->check_score = score;
    rq->check_max = max;
}
