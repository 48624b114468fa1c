/* predict.h — predict, then reveal: at ①, before the scores show, "whom will 等 look at
 * most?", or "will 加 asking 等 score the same as 等 asking 加?"; the answer
 * the engine gives, what was answered, and a tally. Asked by the tour (tour.h) and, when
 * switched on, by autoplay.
 * Owns: the question's state machine (cross-screen state, kept in Ui), its key bindings
 * while a question is shown (it owns the keys it needs, like the input line), its words.
 * Must not touch: ncurses, the clock, drawing, the arithmetic (the engine answers). */
#ifndef ATTN_PREDICT_H
#define ATTN_PREDICT_H

#include <stdbool.h>
#include <stddef.h>
#include "actions.h"
#include "lang.h"
#include "lesson.h"
#include "player.h"
#include "request.h"

/* The questions. */
typedef enum {
    PREDICT_NONE = 0,   /* no question */
    PREDICT_LOOK,       /* whom will the asker look at most? (a character) */
    PREDICT_MIRROR      /* will the partner asking the asker score the same? (yes or no) */
} PredictKind;

/* What was answered, for PREDICT_MIRROR (for PREDICT_LOOK: the character). */
#define PREDICT_NO 0
#define PREDICT_YES 1
#define PREDICT_UNANSWERED (-1)   /* revealed without an answer (→ or Space) */

/* How many were asked and answered right. */
typedef struct {
    int asked;   /* questions revealed */
    int right;   /* of them answered right */
} PredictTally;

/* The question shown, its answer and the tally (cross-screen state: lives in Ui). */
typedef struct {
    bool on;             /* --predict or its key: autoplay asks (the tour always asks) */
    PredictKind kind;    /* the question shown, or PREDICT_NONE */
    bool revealed;       /* its answer is shown (the verdict) */
    bool resume;         /* autoplay paused to ask: reveal steps on and plays again */
    int asker;           /* the asking character the question is about */
    int other;           /* PREDICT_MIRROR: the character it asks (the asker's strongest) */
    int truth;           /* the engine's answer: a character, or PREDICT_YES / PREDICT_NO */
    int pick;            /* PREDICT_LOOK: the character the ↑/↓ cursor is on */
    int answer;          /* what was answered, or PREDICT_UNANSWERED */
    PredictTally tally;  /* the running tally */
} Predict;

/* Asks question kind about asker over the lesson ls: the answer comes from the engine
 * (the character with the largest share; the two raw scores). */
void predict_ask(Predict *pr, const Lesson *ls, PredictKind kind, int asker);

/* The same over the pass tr (the tour's other sentence, before the lesson plays it). */
void predict_ask_in(Predict *pr, const Trace *tr, PredictKind kind, int asker);

/* True while a question waits for its answer (its keys are owned). */
bool predict_waiting(const Predict *pr);

/* Answers (a character, or PREDICT_YES / PREDICT_NO, or PREDICT_UNANSWERED): reveals the
 * engine's answer and counts it in the tally. Nothing when no question waits. */
void predict_answer(Predict *pr, int answer);

/* Forgets the question (the tally stays). */
void predict_clear(Predict *pr);

/* The binding of key while a question waits (digits, ↑/↓, Enter for a character; y/n for
 * yes/no; → and Space reveal; Esc closes a question autoplay asked, revealed unanswered),
 * or NULL: the key keeps its usual meaning. */
const KeyBinding *predict_binding(const Predict *pr, int key);

/* The key table of the question waiting (key 0 ends), or NULL. */
const KeyBinding *predict_keys(const Predict *pr);

/* How the help and hints name the key of a question's action a ("" when none). */
const char *predict_key_label(Action a);

/* The status-line hints while a question waits (ACTION_NONE ends), or NULL. */
const KeyHint *predict_hints(const Predict *pr);

/* Applies a question's action (ACTION_PICK…, ACTION_YES, ACTION_NO, ACTION_REVEAL) and the
 * switch (ACTION_PREDICT) to pr: REACT_* flags. During the tour (c->ui->tour.on) a reveal
 * asks for the tour's next stop (c->ask); a note likewise. */
int predict_act(Predict *pr, const ViewCall *c, Action a, int arg);

/* Autoplay with predict on (not touring): when the step due at now would leave a
 * character's ① for its ② (whose scores decide the answer), pauses and asks first: whom
 * it will look at most, or, for the character the lesson's asker looks at most, whether
 * its score of the asker mirrors the asker's of it. Returns true when it asked (a redraw is
 * due); call before player_tick. */
bool predict_before_step(Predict *pr, bool touring, Player *p, const Lesson *ls, long long now);

/* The question's two lines: what it asks (line 1) and how to answer (line 2); or, once
 * revealed, the verdict (line 1) and the tally (line 2). tok[t] writes character t (the
 * chrome's labels); Chinese names a character in 「」. */
void predict_text(const Predict *pr, const Lesson *ls, Lang lang, const char *const *tok,
                  char *line1, char *line2, size_t cap);

/* The verdict alone, one line (the status note when → reveals and goes on). */
void predict_verdict(const Predict *pr, const Lesson *ls, Lang lang, const char *const *tok,
                     char *buf, size_t cap);

/* A line about the switch while no question is shown ("predict: on · 2 of 3 right"). */
void predict_idle_text(const Predict *pr, Lang lang, char *buf, size_t cap);

#endif
