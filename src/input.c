/* input.c — the input line: editing by UTF-8 character, history, and the check of a
 * sentence typed (spell_decode) after every change; a file name is taken as typed.
 * Must not touch: ncurses, drawing, the file system. */
#include "input.h"

#include <stdio.h>
#include <string.h>
#include "keys.h"
#include "lesson.h"
#include "spell.h"
#include "text.h"

/* ---------------------------------------------------------------- state */

void input_remember(InputLine *in, const char *sentence)
{
    if (!sentence[0])
        return;
    int at = in->history_n;
    for (int i = 0; i < in->history_n; i++)
        if (strcmp(in->history[i], sentence) == 0)
            at = i;
    if (at == in->history_n && in->history_n < INPUT_HISTORY)
        in->history_n++;
    if (at >= INPUT_HISTORY)
        at = INPUT_HISTORY - 1;
    memmove(in->history[1], in->history[0], (size_t)at * sizeof in->history[0]);
    snprintf(in->history[0], sizeof in->history[0], "%s", sentence);
}

void input_init(InputLine *in)
{
    memset(in, 0, sizeof *in);
    in->history_pos = -1;
    input_remember(in, LESSON_COMPARE_SENTENCE);
    input_remember(in, LESSON_FIRST_SENTENCE);
}

/* Reads the text again: the sentence it spells, or why not (a file name: nothing to read,
 * and an edited name is asked about anew). */
static void input_check(InputLine *in, const Model *m)
{
    in->error[0] = '\0';
    in->bad = 0;
    in->folded = 0;
    in->exists = false;
    if (in->mode == INPUT_FILE_NAME || !in->text[0]) {
        in->decoded[0] = '\0';
        return;
    }
    if (spell_decode_folded(m, in->text, in->decoded, sizeof in->decoded, in->error,
                            sizeof in->error, &in->bad, in->lang, &in->folded) != 0)
        in->decoded[0] = '\0';
}

/* Opens the line in mode holding text, the cursor after it. */
static void input_start(InputLine *in, InputMode mode, const char *text)
{
    in->open = true;
    in->mode = mode;
    in->replace = false;
    snprintf(in->text, sizeof in->text, "%s", text);
    in->cursor = (int)strlen(in->text);
    in->history_pos = -1;
}

void input_open(InputLine *in, const Model *m, const char *current)
{
    input_remember(in, current);
    input_start(in, INPUT_SENTENCE, "");
    input_check(in, m);
}

void input_open_file(InputLine *in, InputFile file, const char *name)
{
    input_start(in, INPUT_FILE_NAME, name);
    in->file = file;
    input_check(in, NULL);
}

void input_refuse(InputLine *in, bool exists, const char *error)
{
    in->open = true;
    in->replace = false;
    in->exists = exists;
    snprintf(in->error, sizeof in->error, "%s", exists ? "" : error);
}

/* ---------------------------------------------------------------- editing */

/* Bytes of the UTF-8 character that starts at s[i]. */
static int char_len_at(const char *s, int i)
{
    int n = 1;
    while (s[i + n] && ((unsigned char)s[i + n] & 0xC0) == 0x80)
        n++;
    return n;
}

/* Byte offset of the character before offset i. */
static int char_start_before(const char *s, int i)
{
    while (i > 0 && ((unsigned char)s[--i] & 0xC0) == 0x80)
        ;
    return i;
}

/* UTF-8 of code point c into out (at most 4 bytes); returns the length. */
static int utf8_encode(int c, char *out)
{
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (char)(0xC0 | (c >> 6));
        out[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | (c >> 12));
        out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (c >> 18));
    out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((c >> 6) & 0x3F));
    out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

static InputResult input_insert(InputLine *in, int c)
{
    char bytes[TEXT_CHAR_BYTES];
    int n = utf8_encode(c, bytes);
    bytes[n] = '\0';
    if (text_char_invisible((unsigned)c) || text_width(bytes) < 1)
        return INPUT_NONE;   /* takes no room (a bidi control, a combining mark), as the
                                vocabulary refuses it: it would reorder or hide the line */
    size_t len = strlen(in->text);
    if (len + (size_t)n >= sizeof in->text)
        return INPUT_NONE;
    memmove(in->text + in->cursor + n, in->text + in->cursor, len - (size_t)in->cursor + 1);
    memcpy(in->text + in->cursor, bytes, (size_t)n);
    in->cursor += n;
    return INPUT_CHANGED;
}

/* Deletes the character at byte offset at (if any). */
static InputResult input_delete_at(InputLine *in, int at)
{
    size_t len = strlen(in->text);
    if (at < 0 || (size_t)at >= len)
        return INPUT_NONE;
    int n = char_len_at(in->text, at);
    memmove(in->text + at, in->text + at + n, len - (size_t)at - (size_t)n + 1);
    in->cursor = at;
    return INPUT_CHANGED;
}

/* Shows history entry pos (-1: an empty line). */
static InputResult input_recall(InputLine *in, int pos)
{
    if (pos < -1 || pos >= in->history_n)
        return INPUT_NONE;
    in->history_pos = pos;
    snprintf(in->text, sizeof in->text, "%s", pos < 0 ? "" : in->history[pos]);
    in->cursor = (int)strlen(in->text);
    return INPUT_CHANGED;
}

static InputResult input_edit(InputLine *in, int key)
{
    int len = (int)strlen(in->text);
    switch (key) {
    case KEYCODE_BACKSPACE:
        return in->cursor > 0 ? input_delete_at(in, char_start_before(in->text, in->cursor))
                              : INPUT_NONE;
    case KEYCODE_DELETE:    return input_delete_at(in, in->cursor);
    case KEYCODE_LEFT:
        if (in->cursor == 0)
            return INPUT_NONE;
        in->cursor = char_start_before(in->text, in->cursor);
        return INPUT_CHANGED;
    case KEYCODE_RIGHT:
        if (in->cursor >= len)
            return INPUT_NONE;
        in->cursor += char_len_at(in->text, in->cursor);
        return INPUT_CHANGED;
    case KEYCODE_KILL:      /* Ctrl-U, as in a shell: what is before the cursor goes */
        if (in->cursor == 0)
            return INPUT_NONE;
        memmove(in->text, in->text + in->cursor, (size_t)(len - in->cursor) + 1);
        in->cursor = 0;
        return INPUT_CHANGED;
    case KEYCODE_HOME:      in->cursor = 0; return INPUT_CHANGED;
    case KEYCODE_END:       in->cursor = len; return INPUT_CHANGED;
    case KEYCODE_UP:        /* a file name has no history: the sentences are not names */
        return in->mode == INPUT_SENTENCE ? input_recall(in, in->history_pos + 1) : INPUT_NONE;
    case KEYCODE_DOWN:
        return in->mode == INPUT_SENTENCE ? input_recall(in, in->history_pos - 1) : INPUT_NONE;
    default:
        break;
    }
    /* C0 and C1 controls, separators, noncharacters and characters that take no room are
     * refused, as in a model's vocabulary: they would reach the screen and the recording */
    if (key >= 0 && key < KEYCODE_UP && text_char_allowed((unsigned)key))
        return input_insert(in, key);
    return INPUT_NONE;
}

/* Enter on a file name: an empty one is refused; one refused as existing is now to be
 * replaced (the second Enter is the confirmation). */
static InputResult input_submit_name(InputLine *in)
{
    if (!in->text[0]) {
        snprintf(in->error, sizeof in->error, "%s", LANG_PICK(in->lang, "type a file name", "请输入文件名"));
        return INPUT_REFUSED;
    }
    in->replace = in->exists;
    in->exists = false;
    in->error[0] = '\0';
    in->open = false;
    return INPUT_SUBMIT;
}

InputResult input_key(InputLine *in, const Model *m, int key)
{
    if (!in->open)
        return INPUT_NONE;
    if (key == KEYCODE_ESC) {
        in->open = false;
        return INPUT_CANCEL;
    }
    if (key == KEYCODE_ENTER && in->mode == INPUT_FILE_NAME)
        return input_submit_name(in);
    if (key == KEYCODE_ENTER) {
        input_check(in, m);
        if (!in->error[0] && !in->decoded[0])   /* what to type, in both languages */
            snprintf(in->error, sizeof in->error,
                     LANG_PICK(in->lang, "the sentence is empty: type 1 to %d characters",
                               "句子是空的：请打 1 到 %d 个字"), MODEL_SENTENCE_LIMIT(m));
        if (in->error[0])
            return INPUT_REFUSED;
        input_remember(in, in->decoded);
        in->open = false;
        return INPUT_SUBMIT;
    }
    InputResult r = input_edit(in, key);
    if (r == INPUT_CHANGED)
        input_check(in, m);
    return r;
}
