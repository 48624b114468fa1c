/* input.h — the one line editor: where a student types a sentence (e: text, cursor, history,
 * and the sentence it reads as, checked as they type with the ASCII spelling of spell.h) or
 * names a file (S: the picture's file name; the train screen's w: the trained model's),
 * refused while it names a file that exists.
 * Owns: editing (insert, delete, move, history) as a pure state machine over keys.h codes.
 * Must not touch: ncurses, drawing, the engine's arithmetic, the file system (the caller
 * says whether a name is taken: input_refuse). */
#ifndef ATTN_INPUT_H
#define ATTN_INPUT_H

#include <stdbool.h>
#include "lang.h"
#include "model.h"

#define INPUT_BYTES 260     /* typed text, UTF-8, with its NUL: a poem line of 64 characters fits */
#define INPUT_HISTORY 8     /* sentences kept, newest first */
#define INPUT_ERROR_BYTES 512

/* What the line asks for. */
typedef enum {
    INPUT_SENTENCE = 0,   /* a sentence to run (e) */
    INPUT_FILE_NAME       /* a file name to write to (S, the train screen's w) */
} InputMode;

/* What a file name names: what app.c writes there on Enter. */
typedef enum {
    INPUT_FILE_PICTURE = 0,   /* S: the frame kept, as an SVG picture */
    INPUT_FILE_MODEL          /* the train screen's w: the trained model (Ui.model_save) */
} InputFile;

typedef struct {
    bool open;                                  /* shown, and it takes every key */
    InputMode mode;                             /* a sentence or a file name */
    InputFile file;                             /* file name: what is written there */
    char text[INPUT_BYTES];                     /* what is typed, UTF-8 */
    int cursor;                                 /* byte offset of the cursor in text */
    char decoded[MODEL_SENTENCE_BYTES];         /* text as the vocabulary spells it ("" if not) */
    char error[INPUT_ERROR_BYTES];              /* why text does not read as a sentence, or "" */
    int bad;                                    /* 1-based character of text at fault, or 0 */
    int folded;                                 /* characters of text read as their width
                                                   variant (a full-width ？ as ?: spell.h) */
    char history[INPUT_HISTORY][INPUT_BYTES];   /* earlier sentences, newest first */
    int history_n;                              /* entries in history */
    int history_pos;                            /* the entry shown by ↑/↓, or -1 while editing */
    bool exists;                                /* file name: text names a file that exists;
                                                   Enter again replaces it, an edit asks anew */
    bool replace;                               /* file name: submitted to replace that file
                                                   (Enter on a name refused as existing) */
    Lang lang;                                  /* the language of error (app sets --lang's) */
} InputLine;

/* What a key did to the line. */
typedef enum {
    INPUT_NONE = 0,   /* nothing (a key that means nothing here) */
    INPUT_CHANGED,    /* text or cursor changed: redraw */
    INPUT_SUBMIT,     /* Enter on a sentence that reads: run `decoded`; on a file name:
                         write to `text` (`replace`: over the file there) */
    INPUT_REFUSED,    /* Enter on text that does not read: `error` says why, the line stays */
    INPUT_CANCEL      /* Esc: the line closed, nothing changes */
} InputResult;

/* An empty, closed line whose history holds the lesson's two sentences. */
void input_init(InputLine *in);

/* Opens the line empty, with `current` (the sentence shown) first in the history. */
void input_open(InputLine *in, const Model *m, const char *current);

/* Opens the line for the name of a file of kind file, holding name (the default) with the
 * cursor after it. */
void input_open_file(InputLine *in, InputFile file, const char *name);

/* Opens the line again on the file name just submitted, refused: exists (the file is there:
 * Enter again replaces it), else error says why (a one-line message). */
void input_refuse(InputLine *in, bool exists, const char *error);

/* Applies one key (a character or a keys.h code) against model m's vocabulary. */
InputResult input_key(InputLine *in, const Model *m, int key);

/* Puts sentence first in the history (once). */
void input_remember(InputLine *in, const char *sentence);

#endif
