/* term.c — the only code that calls ncurses or writes to the terminal: opening and
 * restoring it, painting a Grid (only the cells that changed since the last paint, with
 * only the attributes that changed, in one write), reading keys as keys.h codes, the
 * background query, and the quit signals.
 * Must not touch: the player, layout (the Grid arrives finished), the clock, the engine.
 * Its state is the one mutable global of the program, because signals need one.
 * ncurses sets the terminal up, reads the keys and gives the terminal back; the frames are
 * painted here from terminfo's strings: ncurses names both colours at every change of
 * colour and cannot be told to name only the one that changed. */
#include "term.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <term.h>   /* terminfo: setupterm, tigetstr (include/term.h is found by "term.h") */
#include <unistd.h>
#include <unistr.h>

#include "keys.h"
#include "palette.h"
#include "termbg.h"
#include "text.h"

#define TERM_ESC_DELAY_MS 25   /* how long a lone Esc waits for the rest of a sequence */
#define TERM_DEFAULT_TYPE "xterm-256color" /* headless terminal type when $TERM is unset */

/* ---------------------------------------------------------------- state */

/* How one Style looks: its colours and attributes, and the sequences that set them. */
typedef struct {
    int fg;              /* foreground colour number, -1: the terminal's own */
    int bg;              /* background colour number, -1: the terminal's own */
    unsigned attrs;      /* PALETTE_BOLD, PALETTE_DIM, PALETTE_REVERSE */
    char set_fg[24];     /* what sets fg (setaf), "" for -1 */
    char set_bg[24];     /* what sets bg (setab), "" for -1 */
} TermLook;

/* What the terminal is drawing with now, as far as the painter knows. */
typedef struct {
    bool known;          /* false: anything (after another program's output, or at start) */
    int fg;              /* as TermLook */
    int bg;
    unsigned attrs;
} TermPen;

/* The terminfo strings the painter uses, their padding left out (NULL when the terminal
 * has none). */
typedef struct {
    const char *cup;     /* cursor to row, column (terminfo's, with its padding: tiparm's) */
    const char *clear;   /* clear the screen, cursor home */
    const char *el;      /* clear to the end of the line (in the current background: bce) */
    const char *sgr0;    /* every attribute and colour off */
    const char *bold;
    const char *dim;
    const char *rev;
    bool ansi_cup;       /* cup is ESC [ row ; col H (1-based): written without tiparm */
    bool ansi_cuf;       /* cuf (cursor right n columns) is ESC [ n C */
    bool bce;            /* clearing paints the current background (back_color_erase) */
    bool am;             /* the cursor wraps past the last column (auto_right_margin): the
                            screen's last cell is left alone, as ncurses leaves it (where
                            the terminal lacks xenl, writing it scrolls the screen) */
} TermCaps;

/* The bytes of one paint, written to the terminal with one write. */
typedef struct {
    char *bytes;         /* malloc'd, grows to the largest paint */
    size_t len;          /* bytes in it */
    size_t cap;          /* bytes allocated */
    bool failed;         /* out of memory: this paint is given up, the next is whole */
} TermOut;

#define TERM_QUIT_BYTES 256   /* the most the teardown sequence takes */
#define TERM_CAP_BYTES 1024   /* the painter's capabilities, padding left out */

/* Every signal whose default action ends the process goes through the one cleanup
 * (term_close) and then ends the process by that same signal (term_die_by_signal), so
 * that the shell sees 128 + n and SIGQUIT and the faults still dump core where cores
 * are enabled. Two kinds, by how they arrive:
 * - sent (kill, Ctrl-C, Ctrl-\, a timer, a resource limit, a lost terminal): the handler
 *   only notes it; the loop leaves through term_close, then the process dies by it.
 *   The real-time signals SIGRTMIN..SIGRTMAX are of this kind too (added at run time).
 * - crashes (the program's own fault): the handler gives the terminal back at once.
 * Not here: SIGKILL and SIGSTOP (cannot be caught), SIGTSTP/SIGTTIN/SIGTTOU (stop, and
 * ncurses handles SIGTSTP), SIGCHLD, SIGCONT, SIGURG, SIGWINCH (ignored by default). */
static const int term_quit_signals[] = {
    SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM,
    SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
#ifdef SIGIO
    SIGIO,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
};
#define TERM_QUIT_SIGNALS (sizeof term_quit_signals / sizeof term_quit_signals[0])

/* Signals of a crash: the terminal is given back before the process dies. */
static const int term_crash_signals[] = {
    SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS
};
#define TERM_CRASH_SIGNALS (sizeof term_crash_signals / sizeof term_crash_signals[0])

/* The saved dispositions of the signals term.c handles, by signal number. */
typedef struct {
    struct sigaction before[NSIG];  /* before term_open (maybe a sanitizer's), by number */
    bool handled[NSIG];             /* term.c installed its handler on this signal */
    struct sigaction winch;         /* SIGWINCH as ncurses left it (its resize handler) */
    struct sigaction cont;          /* SIGCONT before term_open */
} TermSaved;

/* Everything term.c remembers between calls. */
typedef struct {
    bool open;                   /* ncurses owns the terminal */
    bool headless;               /* opened by term_open_on (no signals, no tty) */
    bool handlers;               /* our signal handlers are installed */
    bool atexit_registered;      /* term_close is registered with atexit */
    SCREEN *screen;              /* the ncurses screen */
    int input_fd;                /* where keys come from (stdin, or the headless input) */
    int output_fd;               /* where frames go (stdout, or the headless output) */
    TermLook look[STYLE_COUNT];  /* how each Style is painted */
    bool colour;                 /* the looks name colours (else attributes only) */
    Theme theme;                 /* the theme the looks are of */
    TermCaps caps;               /* the terminal's strings */
    bool utf8;                   /* the locale writes UTF-8 (else non-ASCII glyphs are '?') */
    TermPen pen;                 /* the attributes the terminal draws with now */
    int cursor_x;                /* where the cursor is (-1: not known, as after the last */
    int cursor_y;                /*   column, where the next character may wrap) */
    TermOut out;                 /* the paint being built */
    TermBgFilter osc;            /* reads the OSC 11 reply among the keys */
    bool asked_background;       /* the OSC 11 query went out: its reply is awaited */
    bool answered_background;    /* its reply came (a later one is swallowed only) */
    TermBg background;           /* what the terminal says of its background so far */
    int painted_w;               /* screen width at the last paint (-1: none yet) */
    int painted_h;               /* screen height at the last paint */
    bool repaint;                /* the next paint clears the whole terminal */
    Grid last;                   /* the grid the terminal shows (as painted): the next paint
                                    writes only the cells that differ (cells NULL: none) */
    int empty_reads;             /* polls in a row that found input readable but no key */
    int real_w;                  /* the terminal's own size (TIOCGWINSZ), which may exceed */
    int real_h;                  /* the GRID_MAX_SIDE the screen is bounded to */
    TermSaved saved;             /* signal dispositions to restore */
    struct termios shell_modes;  /* the terminal's modes before the program took it */
    bool have_modes;             /* shell_modes was read */
    char cap_text[TERM_CAP_BYTES]; /* the capabilities of caps, their padding left out */
    size_t cap_used;             /* bytes of cap_text taken */
    char quit_seq[TERM_QUIT_BYTES]; /* what gives the screen back without ncurses (a quit
                                       signal): cancel, attributes off, clear, cursor,
                                       keypad, mouse, alternate screen off */
    size_t quit_len;             /* its bytes */
} TermState;

static TermState term;

/* Written by signal handlers, read by the loop (async-signal-safe by type). */
static volatile sig_atomic_t term_caught;   /* the first quit signal that arrived, or 0 */
static volatile sig_atomic_t term_resized;  /* a SIGWINCH or SIGCONT arrived: the size is
                                               read again */
static volatile sig_atomic_t term_continued; /* a SIGCONT arrived: the screen is painted
                                                again (ncurses cleared it) */
static volatile sig_atomic_t term_writing;  /* the program is writing to the terminal: a
                                               quit signal gives it back from the handler
                                               (the write may never end: Ctrl-S) */
static int term_wake[2] = { -1, -1 };       /* self-pipe: handlers write, poll wakes */

/* ---------------------------------------------------------------- signals */

/* Wakes a poll() in progress: one byte into the self-pipe (errno preserved). */
static void term_wake_up(void)
{
    int saved_errno = errno;
    if (term_wake[1] >= 0) {
        ssize_t n = write(term_wake[1], "!", 1);
        (void)n;
    }
    errno = saved_errno;
}

/* Gives the terminal back with async-signal-safe calls only, never blocking: output
 * started again where Ctrl-S stopped it (Linux starts a tty stopped by XOFF when IXON is
 * turned off), the teardown sequence written once without blocking (what would block is
 * dropped), the shell's modes put back at once (TCSANOW: TCSADRAIN would wait for output
 * that may never drain). */
static void term_restore_now(void)
{
    int fd = term.output_fd;
    struct termios modes;
    if (term.have_modes && tcgetattr(term.input_fd, &modes) == 0 && (modes.c_iflag & IXON)) {
        modes.c_iflag &= (tcflag_t)~IXON;
        tcsetattr(term.input_fd, TCSANOW, &modes);
    }
    if (fd >= 0 && !term.headless) {
        tcflow(fd, TCOON);
        int flags = fcntl(fd, F_GETFL);
        if (flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0) {
            ssize_t n = write(fd, term.quit_seq, term.quit_len);
            (void)n;
            fcntl(fd, F_SETFL, flags);
        }
    }
    if (term.have_modes)
        tcsetattr(term.input_fd, TCSANOW, &term.shell_modes);
}

/* A quit signal while the program writes to the terminal (which may never take the bytes):
 * the terminal is given back here and the process ends by the first signal at once. */
static void term_quit_now(void)
{
    int sig = (int)term_caught;
    term_restore_now();
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);   /* every quit signal's default action ends the process */
}

/* A signal that was sent: the first one is remembered, and the loop leaves through
 * term_close (or, while a write to the terminal is under way, term_quit_now). */
static void term_on_quit_signal(int sig)
{
    if (!term_caught)
        term_caught = sig;
    if (term_writing)
        term_quit_now();
    term_wake_up();
}

/* SIGCONT: back from a stop (Ctrl-Z, fg). The terminal may have changed size meanwhile
 * (no SIGWINCH reaches a stopped program) and ncurses cleared it: both noted. */
static void term_on_continue(int sig, siginfo_t *info, void *ctx)
{
    (void)sig;
    (void)info;
    (void)ctx;
    term_resized = 1;
    term_continued = 1;
    term_wake_up();
}

/* SIGWINCH: only noted; term_read_key reads the new size itself (term_sync_size), so
 * that a terminal larger than ncurses can hold (32 768 rows overflow its short sizes)
 * is bounded before ncurses sees it. ncurses' own handler is not chained. */
static void term_on_winch(int sig, siginfo_t *info, void *ctx)
{
    (void)sig;
    (void)info;
    (void)ctx;
    term_resized = 1;
    term_wake_up();
}

/* Moves fd to a number above 2, so that the pipe never stands in for a closed
 * standard stream. Returns the new descriptor, or -1. */
static int term_fd_above_std(int fd)
{
    if (fd > STDERR_FILENO)
        return fd;
    int moved = fcntl(fd, F_DUPFD, STDERR_FILENO + 1);
    close(fd);
    return moved;
}

static void term_close_wake_pipe(void)
{
    for (int i = 0; i < 2; i++) {
        if (term_wake[i] >= 0)
            close(term_wake[i]);
        term_wake[i] = -1;
    }
}

static int term_open_wake_pipe(void)
{
    if (pipe(term_wake) != 0)
        return -1;
    for (int i = 0; i < 2; i++) {
        term_wake[i] = term_fd_above_std(term_wake[i]);
        if (term_wake[i] < 0)
            continue;
        fcntl(term_wake[i], F_SETFL, fcntl(term_wake[i], F_GETFL) | O_NONBLOCK);
        fcntl(term_wake[i], F_SETFD, FD_CLOEXEC);
    }
    if (term_wake[0] >= 0 && term_wake[1] >= 0)
        return 0;
    term_close_wake_pipe();
    return -1;
}

static void term_drain_wake_pipe(void)
{
    char buf[64];
    while (term_wake[0] >= 0 && read(term_wake[0], buf, sizeof buf) > 0)
        ;
}

/* A crash while ncurses owns the terminal: put the previous disposition back, give
 * the terminal back (endwin is not async-signal-safe: a best effort while dying, as
 * htop does), then let the signal take its course: a fault re-executes and meets the
 * previous disposition; a signal that was sent (kill, abort), a breakpoint or a
 * refused system call (which do not re-execute) is raised again. */
static void term_on_crash(int sig, siginfo_t *info, void *ctx)
{
    (void)ctx;
    if (sig > 0 && sig < NSIG && term.saved.handled[sig]) {
        sigaction(sig, &term.saved.before[sig], NULL);
        term.saved.handled[sig] = false;
    }
    if (term.open && !term.headless)
        endwin();
    if (info == NULL || info->si_code <= 0 || sig == SIGTRAP || sig == SIGSYS)
        raise(sig);
}

/* Saves sig's disposition and installs sa instead, unless the caller ignores the
 * signal (nohup, or a parent that ignores SIGPIPE): an ignored signal stays ignored. */
static void term_take_signal(int sig, const struct sigaction *sa)
{
    if (sig <= 0 || sig >= NSIG || term.saved.handled[sig])
        return;
    if (sigaction(sig, NULL, &term.saved.before[sig]) != 0)
        return;
    if (!(term.saved.before[sig].sa_flags & SA_SIGINFO)
        && term.saved.before[sig].sa_handler == SIG_IGN)
        return;
    if (sigaction(sig, sa, NULL) == 0)
        term.saved.handled[sig] = true;
}

/* Installed before newterm, so ncurses (which only catches signals left at their
 * default) leaves SIGINT and SIGTERM to us. No SA_RESTART: poll returns EINTR. */
static void term_install_quit_handlers(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = term_on_quit_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < TERM_QUIT_SIGNALS; i++)
        term_take_signal(term_quit_signals[i], &sa);
    for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
        term_take_signal(sig, &sa);
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = term_on_crash;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < TERM_CRASH_SIGNALS; i++)
        term_take_signal(term_crash_signals[i], &sa);
    term.handlers = true;
}

/* Installed after newterm in place of the SIGWINCH handler ncurses put there (kept, to
 * be put back by term_restore_handlers); and SIGCONT's. */
static void term_install_winch_handler(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = term_on_winch;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGWINCH, &sa, &term.saved.winch);
    sa.sa_sigaction = term_on_continue;
    sigaction(SIGCONT, &sa, &term.saved.cont);
}

static void term_restore_handlers(void)
{
    if (!term.handlers)
        return;
    for (int sig = 1; sig < NSIG; sig++) {
        if (term.saved.handled[sig])
            sigaction(sig, &term.saved.before[sig], NULL);
        term.saved.handled[sig] = false;
    }
    sigaction(SIGWINCH, &term.saved.winch, NULL);
    sigaction(SIGCONT, &term.saved.cont, NULL);
    term.handlers = false;
}

int term_quit_signal(void)
{
    return (int)term_caught;
}

void term_die_by_signal(int sig)
{
    sigset_t set;
    signal(sig, SIG_DFL);
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
}

/* ---------------------------------------------------------------- colours */

static bool term_colour_wanted(void)
{
    const char *no_colour = getenv("NO_COLOR");
    if (no_colour && *no_colour)
        return false;
    return has_colors();
}

/* A terminfo string capability, or NULL when the terminal lacks it. */
static const char *term_cap(const char *name)
{
    const char *s = tigetstr(name);
    return s && s != (char *)-1 && *s ? s : NULL;
}

/* Copies in into out (cap bytes) without terminfo's padding ("$<5>", "$<2*>"): delays a
 * hardware terminal needed, which tputs would turn into waits or pad characters; a
 * terminal emulator needs none (ncurses writes none either over a fast line). */
static void term_strip_padding(const char *in, char *out, size_t cap)
{
    size_t k = 0;
    for (const char *p = in; p && *p && k + 1 < cap; p++) {
        if (p[0] == '$' && p[1] == '<') {
            const char *end = strchr(p, '>');
            if (end) {
                p = end;
                continue;
            }
        }
        out[k++] = *p;
    }
    if (cap)
        out[k] = '\0';
}

/* Capability name without its padding, kept in term.cap_text; NULL when there is none. */
static const char *term_cap_plain(const char *name)
{
    const char *s = term_cap(name);
    size_t room = sizeof term.cap_text - term.cap_used;
    if (!s || strlen(s) + 1 > room)
        return NULL;
    char *at = term.cap_text + term.cap_used;
    term_strip_padding(s, at, room);
    term.cap_used += strlen(at) + 1;
    return *at ? at : NULL;
}

/* The sequence of a colour capability (setaf, setab) for colour n into buf (cap bytes). */
static void term_colour_seq(const char *capability, int n, char *buf, size_t cap)
{
    const char *with = capability ? tiparm(capability, n) : NULL;
    term_strip_padding(with ? with : "", buf, cap);
}

/* Fills term.look for term.theme: both colours of every style when the terminal has
 * colours and NO_COLOR is unset or empty, else attributes only (the mono column). */
static void term_setup_looks(void)
{
    bool colour = term_colour_wanted() && start_color() == OK;
    const char *setaf = term_cap("setaf"), *setab = term_cap("setab");
    colour = colour && setaf && setab;
    bool rich = colour && COLORS >= 256;
    bool basic = colour && !rich && COLORS >= 8;
    term.colour = rich || basic;
    for (int s = 0; s < STYLE_COUNT; s++) {
        const StyleLook *spec = palette_look(term.theme, (Style)s);
        TermLook *look = &term.look[s];
        look->fg = look->bg = -1;
        look->attrs = spec->mono;
        look->set_fg[0] = look->set_bg[0] = '\0';
        if (!term.colour)
            continue;
        look->attrs = rich ? spec->rich : spec->basic;
        look->fg = rich ? spec->fg256 : spec->fg8;
        look->bg = rich ? spec->bg256 : spec->bg8;
        term_colour_seq(setaf, look->fg, look->set_fg, sizeof look->set_fg);
        term_colour_seq(setab, look->bg, look->set_bg, sizeof look->set_bg);
    }
}

void term_set_theme(Theme t)
{
    term.theme = (int)t >= 0 && t < THEME_COUNT ? t : THEME_DARK;
    if (!term.open)
        return;
    term_setup_looks();
    term.repaint = true;   /* every cell again, in the new colours */
}

/* ---------------------------------------------------------------- the background */

/* Whether the terminal may answer an OSC 11 query: a terminal on both standard streams,
 * not dumb, not the console or its kin (they answer nothing). */
static bool term_may_answer(void)
{
    if (term.headless || !isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        return false;
    const char *type = getenv("TERM");
    return type && strcmp(type, "dumb") != 0 && !term_type_ascii(type);
}

TermBg term_background_ask(void)
{
    term.background = termbg_colorfgbg(getenv("COLORFGBG"));
    if (term.background != TERMBG_UNKNOWN || !term.open || term.asked_background || !term_may_answer())
        return term.background;
    /* Asked, and not waited for: the first frame is painted at once and the reply, when
     * one comes (tmux 3.3 never answers), is read among the keys (term_take_key). */
    term.asked_background = true;
    term_writing = 1;
    ssize_t n = write(term.output_fd, TERMBG_OSC11_QUERY, sizeof TERMBG_OSC11_QUERY - 1);
    term_writing = 0;
    (void)n;
    return TERMBG_UNKNOWN;
}

TermBg term_background(void)
{
    return term.open ? term.background : TERMBG_UNKNOWN;
}

/* ---------------------------------------------------------------- size */

/* The terminal's size as the kernel reports it (0 when it cannot say). */
static void term_query_size(int *w, int *h)
{
    struct winsize ws;
    *w = *h = 0;
    if ((ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 || ioctl(STDIN_FILENO, TIOCGWINSZ, &ws) == 0)
        && ws.ws_col > 0 && ws.ws_row > 0) {
        *w = ws.ws_col;
        *h = ws.ws_row;
    }
}

/* Gives ncurses the terminal's size, bounded to GRID_MAX_SIDE each way (ncurses keeps
 * sizes in a short: 32 768 rows or columns crash it). */
static void term_sync_size(void)
{
    int w, h;
    term_query_size(&w, &h);
    if (w < 1 || h < 1) {
        w = COLS;
        h = LINES;
    }
    term.real_w = w;
    term.real_h = h;
    w = w < GRID_MAX_SIDE ? w : GRID_MAX_SIDE;
    h = h < GRID_MAX_SIDE ? h : GRID_MAX_SIDE;
    if (w != COLS || h != LINES) {
        resize_term(h, w);
        untouchwin(stdscr);   /* ncurses paints nothing itself: wgetch must not refresh it */
        term.repaint = true;
    }
}

/* newterm on stdout and stdin. A terminal larger than GRID_MAX_SIDE either way would
 * overflow ncurses' sizes there already: for that call LINES and COLUMNS (which ncurses
 * reads over the kernel's size) say the bounded size, and are put back after. */
static SCREEN *term_new_screen(void)
{
    int w, h;
    term_query_size(&w, &h);
    if (w <= GRID_MAX_SIDE && h <= GRID_MAX_SIDE)
        return newterm(NULL, stdout, stdin);
    static const char *const names[2] = { "COLUMNS", "LINES" };
    char *saved[2], value[16];
    int bounded[2] = { w < GRID_MAX_SIDE ? w : GRID_MAX_SIDE, h < GRID_MAX_SIDE ? h : GRID_MAX_SIDE };
    for (int i = 0; i < 2; i++) {
        const char *was = getenv(names[i]);
        saved[i] = was ? strdup(was) : NULL;
        snprintf(value, sizeof value, "%d", bounded[i]);
        setenv(names[i], value, 1);
    }
    SCREEN *screen = newterm(NULL, stdout, stdin);
    for (int i = 0; i < 2; i++) {
        if (saved[i])
            setenv(names[i], saved[i], 1);
        else
            unsetenv(names[i]);
        free(saved[i]);
    }
    return screen;
}

bool term_size_bounded(int *real_w, int *real_h)
{
    *real_w = term.real_w;
    *real_h = term.real_h;
    return term.open && (term.real_w > COLS || term.real_h > LINES);
}

/* ---------------------------------------------------------------- open, close */

/* Cursor and editing keys in both forms terminals send, whatever terminfo says: an
 * xterm's entry has ESC O D (application mode) while many send ESC [ D. */
static const struct {
    const char *seq;   /* the bytes */
    int code;          /* the KEY_* code they are */
} term_extra_keys[] = {
    { "\033[A", KEY_UP },   { "\033[B", KEY_DOWN }, { "\033[C", KEY_RIGHT }, { "\033[D", KEY_LEFT },
    { "\033[H", KEY_HOME }, { "\033[F", KEY_END },
    { "\033OA", KEY_UP },   { "\033OB", KEY_DOWN }, { "\033OC", KEY_RIGHT }, { "\033OD", KEY_LEFT },
    { "\033OH", KEY_HOME }, { "\033OF", KEY_END },
    { "\033[1~", KEY_HOME }, { "\033[4~", KEY_END }, { "\033[3~", KEY_DC },
    { "\033[5~", KEY_PPAGE }, { "\033[6~", KEY_NPAGE }, { "\033[Z", KEY_BTAB },
};

/* Teaches ncurses the sequences of term_extra_keys its terminfo entry lacks. */
static void term_define_extra_keys(void)
{
    for (size_t i = 0; i < sizeof term_extra_keys / sizeof term_extra_keys[0]; i++)
        if (key_defined(term_extra_keys[i].seq) == 0)
            define_key(term_extra_keys[i].seq, term_extra_keys[i].code);
}

/* True when cap is exactly the ANSI form `ansi` (written without tiparm). */
static bool term_cap_is(const char *cap, const char *ansi)
{
    return cap && strcmp(cap, ansi) == 0;
}

/* Appends s to the teardown sequence (what does not fit is left out). */
static void term_quit_append(const char *s)
{
    size_t n = s ? strlen(s) : 0;
    if (n && term.quit_len + n <= sizeof term.quit_seq) {
        memcpy(term.quit_seq + term.quit_len, s, n);
        term.quit_len += n;
    }
}

/* The strings the painter uses, and the teardown sequence a quit signal writes (what
 * endwin writes, built before it is needed: a signal handler cannot call terminfo). */
static void term_setup_caps(void)
{
    TermCaps *c = &term.caps;
    term.cap_used = 0;
    c->cup = term_cap("cup");
    c->clear = term_cap_plain("clear");
    c->el = term_cap_plain("el");
    c->sgr0 = term_cap_plain("sgr0");
    c->bold = term_cap_plain("bold");
    c->dim = term_cap_plain("dim");
    c->rev = term_cap_plain("rev");
    c->ansi_cup = term_cap_is(term_cap_plain("cup"), "\033[%i%p1%d;%p2%dH");
    c->ansi_cuf = term_cap_is(term_cap_plain("cuf"), "\033[%p1%dC");
    c->bce = tigetflag("bce") > 0;
    c->am = tigetflag("am") > 0;
    term.quit_len = 0;
    term_quit_append("\030");   /* CAN: ends an escape sequence cut short by the signal */
    term_quit_append(c->sgr0 ? c->sgr0 : "\033[m");
    term_quit_append(c->clear);
    term_quit_append(term_cap_plain("cnorm"));
    term_quit_append(term_cap_plain("rmkx"));
    if (term_cap("kmous"))
        term_quit_append("\033[?1006;1000l");   /* the mouse reports ncurses turned on */
    term_quit_append(term_cap_plain("rmcup"));
}

/* Modes shared by the real and the headless screen. */
static void term_setup_modes(void)
{
    cbreak();           /* keys at once; Ctrl-C, Ctrl-Z still send signals */
    noecho();
    nonl();
    intrflush(stdscr, FALSE);
    keypad(stdscr, TRUE);
    term_define_extra_keys();
    nodelay(stdscr, TRUE);   /* waiting is done by poll() in term_read_key */
    curs_set(0);
    set_escdelay(TERM_ESC_DELAY_MS);
    mouseinterval(0);        /* report presses at once, no click detection delay */
    mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL);
    term_setup_caps();
    term_setup_looks();
    term.utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
    term.painted_w = -1;
    term.painted_h = -1;
    term.repaint = false;
    term.pen.known = false;
    term.cursor_x = term.cursor_y = -1;
    grid_free(&term.last);
    term_writing = 1;
    refresh();   /* ncurses' own set-up out (alternate screen, keypad, mouse, a clear): from */
    term_writing = 0;   /* here on only term_paint writes, and stdscr stays untouched */
}

static void term_register_atexit(void)
{
    if (!term.atexit_registered && atexit(term_close) == 0)
        term.atexit_registered = true;
}

/* True when the terminfo entry just loaded can place the cursor anywhere. */
static bool term_can_address(void)
{
    const char *cup = tigetstr("cup");
    return cup != NULL && cup != (char *)-1 && *cup != '\0';
}

/* Whether $TERM names a terminal ncurses can draw a full screen on. Loads its
 * terminfo entry without touching the terminal, and frees it again. */
static int term_check_type(Lang lang, char *err, size_t errlen)
{
    const char *type = getenv("TERM");
    if (!type || !*type) {
        snprintf(err, errlen, "%s", LANG_PICK(lang, "$TERM is not set, so the terminal's type is unknown",
                                              "没有设置 $TERM，不知道终端的类型"));
        return -1;
    }
    char shown[64];   /* the type as the message shows it, control characters escaped */
    int status = 0;
    int loaded = setupterm(type, STDOUT_FILENO, &status);
    type = text_escape(type, shown, sizeof shown);
    if (loaded != OK) {
        if (status == 1)
            snprintf(err, errlen, LANG_PICK(lang, "the terminal type '%s' is a hardcopy terminal",
                                            "终端类型「%s」是打印终端"), type);
        else if (status == 0)
            snprintf(err, errlen, LANG_PICK(lang, "the terminal type '%s' is unknown or cannot place the "
                                                  "cursor (check $TERM)",
                                            "终端类型「%s」不认识，或者不能定位光标（请检查 $TERM）"), type);
        else
            snprintf(err, errlen, LANG_PICK(lang, "no terminfo database to look up the terminal type '%s' in",
                                            "没有 terminfo 数据库，查不到终端类型「%s」"),
                     type);
        return -1;
    }
    bool addressable = term_can_address();
    del_curterm(cur_term);
    if (!addressable) {
        snprintf(err, errlen, LANG_PICK(lang, "the terminal type '%s' cannot place the cursor",
                                        "终端类型「%s」不能定位光标"), type);
        return -1;
    }
    return 0;
}

int term_check(Lang lang, char *err, size_t errlen)
{
    if (!isatty(STDOUT_FILENO)) {
        snprintf(err, errlen, "%s", LANG_PICK(lang, "standard output is not a terminal", "标准输出不是终端"));
        return -1;
    }
    if (!isatty(STDIN_FILENO)) {
        if (errno == EBADF)
            snprintf(err, errlen, "%s", LANG_PICK(lang, "standard input is not a terminal (it is closed)",
                                                  "标准输入不是终端（它已关闭）"));
        else
            snprintf(err, errlen, "%s", LANG_PICK(lang, "standard input is not a terminal", "标准输入不是终端"));
        return -1;
    }
    return term_check_type(lang, err, errlen);
}

int term_open(Lang lang, char *err, size_t errlen)
{
    if (term.open)
        return 0;
    if (term_check(lang, err, errlen) != 0)
        return -1;
    term_caught = 0;
    term.empty_reads = 0;
    if (term_open_wake_pipe() != 0) {
        snprintf(err, errlen, LANG_PICK(lang, "cannot create a pipe: %s", "建不了管道：%s"),
                 lang_strerror(lang, errno).text);
        return -1;
    }
    term_install_quit_handlers();
    term_resized = 0;
    term_continued = 0;
    term.have_modes = tcgetattr(STDIN_FILENO, &term.shell_modes) == 0;
    term.screen = term_new_screen();
    if (!term.screen) {
        const char *type = getenv("TERM");
        char shown[64];
        snprintf(err, errlen, LANG_PICK(lang, "cannot use the terminal '%s' (check $TERM)",
                                        "用不了终端「%s」（请检查 $TERM）"),
                 text_escape(type ? type : "", shown, sizeof shown));
        term_restore_handlers();
        term_close_wake_pipe();
        return -1;
    }
    set_term(term.screen);
    term_install_winch_handler();
    term.input_fd = fileno(stdin);
    term.output_fd = fileno(stdout);
    term.open = true;
    term.headless = false;
    term.asked_background = term.answered_background = false;
    term.background = TERMBG_UNKNOWN;
    memset(&term.osc, 0, sizeof term.osc);
    term_register_atexit();
    term_setup_modes();
    term_sync_size();
    return 0;
}

int term_open_on(FILE *out, FILE *in, int w, int h, char *err, size_t errlen)
{
    if (term.open)
        return 0;
    const char *type = getenv("TERM");
    if (!type || !*type)
        type = TERM_DEFAULT_TYPE;
    term.screen = newterm(type, out, in);
    if (!term.screen) {
        snprintf(err, errlen, "cannot open a headless '%s' terminal", type);
        return -1;
    }
    set_term(term.screen);
    resizeterm(h, w);
    term.real_w = w;
    term.real_h = h;
    term.input_fd = fileno(in);
    term.output_fd = fileno(out);
    term.have_modes = false;
    term.open = true;
    term.headless = true;
    term.asked_background = term.answered_background = false;
    term.background = TERMBG_UNKNOWN;
    memset(&term.osc, 0, sizeof term.osc);
    term_register_atexit();
    meta(stdscr, TRUE);   /* 8-bit input: out is no terminal, so ncurses cannot tell */
    term_setup_modes();
    return 0;
}

static void term_out_free(void);
static bool term_flush(void);
static void term_put(const char *s, size_t n);

void term_close(void)
{
    if (!term.open)
        return;
    term.open = false;
    if (term_caught && !term.headless) {
        /* a quit signal: nothing that may block (the terminal may have stopped reading:
         * ncurses would wait in its writes and in TCSADRAIN for as long as it does) */
        term_restore_now();
    } else {
        term.out.len = 0;
        if (term.caps.sgr0)   /* ncurses takes over with every attribute off */
            term_put(term.caps.sgr0, strlen(term.caps.sgr0));
        term_flush();
        term_writing = 1;
        clearok(curscr, TRUE);   /* the alternate screen left blank: tmux, resized while in */
        erase();                 /* it, pulls its lines back above the shell's prompt when it */
        refresh();               /* returns to the main screen */
        endwin();
        term_writing = 0;
        delscreen(term.screen);
    }
    term.screen = NULL;
    grid_free(&term.last);
    term_out_free();
    term_restore_handlers();
    term_close_wake_pipe();
}

void term_size(int *w, int *h)
{
    *w = term.open ? COLS : 0;
    *h = term.open ? LINES : 0;
}

/* ---------------------------------------------------------------- painting */

static void term_out_free(void)
{
    free(term.out.bytes);
    term.out = (TermOut){ 0 };
}

/* Appends n bytes to the paint being built. */
static void term_put(const char *s, size_t n)
{
    TermOut *o = &term.out;
    if (o->failed)
        return;
    if (o->len + n > o->cap) {
        size_t grown = o->cap ? o->cap * 2 : 16384;
        while (grown < o->len + n)
            grown *= 2;
        char *bigger = realloc(o->bytes, grown);
        if (!bigger) {
            o->failed = true;
            return;
        }
        o->bytes = bigger;
        o->cap = grown;
    }
    memcpy(o->bytes + o->len, s, n);
    o->len += n;
}

static void term_put_str(const char *s)
{
    if (s)
        term_put(s, strlen(s));
}

/* The decimal digits of n (>= 0) after "ESC [" forms: cheaper than tiparm. */
static void term_put_number(int n)
{
    char digits[12];
    int k = sizeof digits;
    do {
        digits[--k] = (char)('0' + n % 10);
        n /= 10;
    } while (n > 0 && k > 0);
    term_put(digits + k, sizeof digits - (size_t)k);
}

/* Writes the paint built with one write (a partial write goes on where it stopped); the
 * bytes are dropped when a quit signal arrives meanwhile (its handler gives the terminal
 * back) or the terminal cannot take them. Returns false when not all went out. */
static bool term_flush(void)
{
    TermOut *o = &term.out;
    bool ok = !o->failed;
    size_t done = 0;
    term_writing = 1;
    while (ok && done < o->len && !term_caught) {
        ssize_t n = write(term.output_fd, o->bytes + done, o->len - done);
        if (n > 0)
            done += (size_t)n;
        else if (n < 0 && errno == EAGAIN) {
            struct pollfd p = { .fd = term.output_fd, .events = POLLOUT, .revents = 0 };
            poll(&p, 1, 100);
        } else if (!(n < 0 && errno == EINTR))
            ok = false;
    }
    term_writing = 0;
    ok = ok && done == o->len;
    o->len = 0;
    o->failed = false;
    return ok;
}

/* Moves the cursor to (x, y) unless it is there. */
static void term_move(int x, int y)
{
    if (term.cursor_y == y && term.cursor_x == x)
        return;
    const TermCaps *c = &term.caps;
    if (term.cursor_y == y && term.cursor_x >= 0 && x > term.cursor_x && c->ansi_cuf) {
        term_put("\033[", 2);               /* right along the row: "ESC [ 5 C" */
        term_put_number(x - term.cursor_x);
        term_put("C", 1);
    } else if (c->ansi_cup) {
        term_put("\033[", 2);               /* "ESC [ row ; col H", 1-based */
        term_put_number(y + 1);
        term_put(";", 1);
        term_put_number(x + 1);
        term_put("H", 1);
    } else {
        char move[64];
        term_strip_padding(tiparm(c->cup, y, x), move, sizeof move);
        term_put_str(move);
    }
    term.cursor_x = x;
    term.cursor_y = y;
}

/* Sets the terminal's attributes to look's, writing only what changes: an attribute that
 * goes off resets all (sgr0) and sets again what stays; else the attributes that come on,
 * and each colour only when it differs (one code when only the foreground changes). */
static void term_pen(const TermLook *look)
{
    TermPen *p = &term.pen;
    const TermCaps *c = &term.caps;
    if (p->known && p->fg == look->fg && p->bg == look->bg && p->attrs == look->attrs)
        return;
    if (!p->known || (p->attrs & ~look->attrs) || (look->fg < 0 && p->fg >= 0) ||
        (look->bg < 0 && p->bg >= 0)) {
        term_put_str(c->sgr0 ? c->sgr0 : "\033[m");
        *p = (TermPen){ .known = true, .fg = -1, .bg = -1, .attrs = 0 };
    }
    unsigned on = look->attrs & ~p->attrs;
    if (on & PALETTE_BOLD)
        term_put_str(c->bold);
    if (on & PALETTE_DIM)
        term_put_str(c->dim);
    if (on & PALETTE_REVERSE)
        term_put_str(c->rev);
    if (look->fg != p->fg)
        term_put_str(look->set_fg);
    if (look->bg != p->bg)
        term_put_str(look->set_bg);
    *p = (TermPen){ .known = true, .fg = look->fg, .bg = look->bg, .attrs = look->attrs };
}

/* The look of a cell's style (STYLE_NORMAL's for one out of range). */
static const TermLook *term_look_of(const Cell *c)
{
    return &term.look[c->style < STYLE_COUNT ? c->style : STYLE_NORMAL];
}

/* Writes one cell's glyph at the cursor (moved there first): its UTF-8 as it is; '?' for
 * one that is not valid or (without a UTF-8 locale) not ASCII; a blank for an empty one. */
static void term_put_cell(int x, int y, const Cell *c, int screen_w)
{
    int width = c->width == 2 ? 2 : 1;
    if (term.caps.am && y == LINES - 1 && x + width >= screen_w)
        return;   /* the last cell of the screen */
    term_move(x, y);
    term_pen(term_look_of(c));
    size_t n = strnlen(c->glyph, sizeof c->glyph);
    const uint8_t *g = (const uint8_t *)c->glyph;
    if (n == 0)
        term_put(" ", 1);
    else if (g[0] < 0x80 ? n == 1 && g[0] >= 0x20 && g[0] != 0x7F
                         : term.utf8 && u8_check(g, n) == NULL)
        term_put(c->glyph, n);
    else
        term_put("?", 1);
    term.cursor_x = x + width < screen_w ? x + width : -1;   /* at the edge: may wrap */
}

/* True when cell c is a blank of STYLE_NORMAL, as a cleared screen (with bce) holds. */
static bool term_blank(const Cell *c)
{
    return (c->glyph[0] == ' ' || c->glyph[0] == '\0') && c->glyph[1] == '\0' && c->width == 1 &&
           c->style == STYLE_NORMAL;
}

/* Where the blanks of STYLE_NORMAL that end row y of g begin (g->w when it ends otherwise). */
static int term_blank_tail(const Grid *g, int y)
{
    const Cell *row = g->cells + (size_t)y * (size_t)g->w;
    int x = g->w;
    while (x > 0 && term_blank(&row[x - 1]))
        x--;
    return x;
}

#define TERM_EL_MIN 4   /* blanks to a row's end cleared with one "erase to end of line" */

/* Writes the cells of run (of g, the screen's size) and copies them into term.last; the
 * blanks that end the row, when the run reaches them, are erased to the row's end at once
 * (ending the row: *x is moved past it). */
static void term_put_run(const Grid *g, const GridRun *run, int *x)
{
    const Cell *row = g->cells + (size_t)run->y * (size_t)g->w;
    int end = run->x + run->n;
    int tail = term.caps.el && (term.caps.bce || !term.colour) ? term_blank_tail(g, run->y) : g->w;
    if (tail < end && g->w - (tail > run->x ? tail : run->x) >= TERM_EL_MIN) {
        int from = tail > run->x ? tail : run->x;
        for (int i = run->x; i < from; i++)
            if (row[i].width != 0)
                term_put_cell(i, run->y, &row[i], g->w);
        term_move(from, run->y);
        term_pen(&term.look[STYLE_NORMAL]);
        term_put_str(term.caps.el);
        GridRun rest = { run->x, run->y, g->w - run->x };
        grid_copy_run(&term.last, g, &rest);
        *x = g->w;
        return;
    }
    for (int i = run->x; i < end; i++)
        if (row[i].width != 0)   /* right halves belong to the wide glyph before */
            term_put_cell(i, run->y, &row[i], g->w);
    grid_copy_run(&term.last, g, run);
}

/* Starts a whole paint: the screen cleared in STYLE_NORMAL's colours, and term.last made
 * what the screen then shows (blanks of STYLE_NORMAL where clearing paints the background,
 * else cells that match nothing, so that every one is written). */
static void term_start_whole(const Grid *g)
{
    term_pen(&term.look[STYLE_NORMAL]);
    term_put_str(term.caps.clear);
    term.cursor_x = term.cursor_y = 0;
    if (term.last.w != g->w || term.last.h != g->h || !term.last.cells) {
        grid_free(&term.last);
        if (grid_init(&term.last, g->w, g->h) != 0)
            return;
    }
    grid_clear(&term.last);
    bool cleared = term.caps.bce || !term.colour;
    if (!cleared)
        for (size_t i = 0; i < (size_t)g->w * (size_t)g->h; i++)
            term.last.cells[i].style = 0xFF;   /* no style: differs from every cell */
}

/* Paints a frame that is not the screen's size: every cell that fits, after a clear. */
static void term_put_clipped(const Grid *g)
{
    term_pen(&term.look[STYLE_NORMAL]);
    term_put_str(term.caps.clear);
    term.cursor_x = term.cursor_y = 0;
    int w = g->w < COLS ? g->w : COLS;
    int h = g->h < LINES ? g->h : LINES;
    for (int y = 0; y < h; y++) {
        const Cell *row = g->cells + (size_t)y * (size_t)g->w;
        for (int x = 0; x < w; x++)
            if (row[x].width != 0 && !(row[x].width == 2 && x + 1 >= w))
                term_put_cell(x, y, &row[x], COLS);
    }
    grid_free(&term.last);   /* the next frame of the screen's size is painted whole */
}

void term_paint(const Grid *g)
{
    if (!term.open)
        return;
    if (term_continued) {   /* back from a stop: ncurses cleared the screen */
        term_continued = 0;
        term.repaint = true;
    }
    term.out.len = 0;
    if (g->w != COLS || g->h != LINES) {
        term_put_clipped(g);
    } else {
        bool whole = term.repaint || !term.last.cells || term.last.w != g->w || term.last.h != g->h ||
                     term.painted_w != COLS || term.painted_h != LINES;
        if (whole)
            term_start_whole(g);
        term.repaint = false;
        term.painted_w = COLS;
        term.painted_h = LINES;
        if (term.last.cells) {
            GridRun run;
            int x = 0, y = 0;
            while (grid_next_run(&term.last, g, &x, &y, &run))
                term_put_run(g, &run, &x);
        }
    }
    if (!term_flush()) {   /* not all went out: what the screen shows is not known */
        term.repaint = true;
        term.pen.known = false;
    }
}

void term_style_look(Style s, int *fg, int *bg, unsigned *attrs)
{
    const TermLook *l = &term.look[(int)s >= 0 && s < STYLE_COUNT ? s : STYLE_NORMAL];
    *fg = l->fg;
    *bg = l->bg;
    *attrs = l->attrs;
}

void term_request_repaint(void)
{
    term.repaint = true;
}

bool term_is_device(const char *path)
{
    struct stat at, tty, out;
    if (!path || stat(path, &at) != 0 || !S_ISCHR(at.st_mode))
        return false;
    return (stat("/dev/tty", &tty) == 0 && tty.st_rdev == at.st_rdev) ||
           (fstat(STDOUT_FILENO, &out) == 0 && S_ISCHR(out.st_mode) && out.st_rdev == at.st_rdev);
}

/* ---------------------------------------------------------------- keys */

int term_translate_key(bool is_function, int code)
{
    if (!is_function) {
        switch (code) {
        case 27:   return KEYCODE_ESC;
        case 12:   return KEYCODE_REDRAW;   /* Ctrl-L */
        case 21:   return KEYCODE_KILL;     /* Ctrl-U */
        case '\t': return KEYCODE_TAB;
        case 8:
        case 127:  return KEYCODE_BACKSPACE;
        case '\r': return '\n';
        default:   return (code >= ' ' && code != 127) || code == '\n' ? code : 0;
        }
    }
    switch (code) {
    case KEY_UP:     return KEYCODE_UP;
    case KEY_DOWN:   return KEYCODE_DOWN;
    case KEY_LEFT:   return KEYCODE_LEFT;
    case KEY_RIGHT:  return KEYCODE_RIGHT;
    case KEY_HOME:
    case KEY_A1:     return KEYCODE_HOME;
    case KEY_END:
    case KEY_C1:     return KEYCODE_END;
    case KEY_RESIZE: return KEYCODE_RESIZE;
    case KEY_MOUSE:  return KEYCODE_MOUSE;
    case KEY_ENTER:  return '\n';
    case KEY_BTAB:   return KEYCODE_BACKTAB;
    case KEY_PPAGE:  return KEYCODE_PAGE_UP;
    case KEY_NPAGE:  return KEYCODE_PAGE_DOWN;
    case KEY_BACKSPACE: return KEYCODE_BACKSPACE;
    case KEY_DC:     return KEYCODE_DELETE;
    default:         return 0;
    }
}

/* Fills ev from a mouse report: a button-1 press is a click, the rest means nothing. */
static void term_read_mouse(TermEvent *ev)
{
    MEVENT me;
    if (getmouse(&me) == OK && (me.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))) {
        ev->x = me.x;
        ev->y = me.y;
    } else {
        ev->key = 0;
    }
}

/* The bytes a UTF-8 character with lead byte c takes (2-4), or 0 when c cannot lead one. */
static int term_utf8_length(int c)
{
    if (c >= 0xC2 && c <= 0xDF)
        return 2;
    if (c >= 0xE0 && c <= 0xEF)
        return 3;
    if (c >= 0xF0 && c <= 0xF4)
        return 4;
    return 0;
}

/* Reads one input unit that ncurses has or can read without waiting: a function key
 * (*is_function, a KEY_* code) or a character decoded from the bytes wgetch gives. A byte
 * that cannot start a character, or a sequence cut short or ill-formed (overlong, a
 * surrogate), is dropped by itself: the bytes after it are read as they are (wget_wch
 * swallowed the whole read). Returns false when nothing is there. */
static bool term_next_input(bool *is_function, int *code)
{
    for (;;) {
        int c = wgetch(stdscr);
        if (c == ERR)
            return false;
        *is_function = c >= KEY_MIN;
        *code = c;
        if (c >= KEY_MIN || c < 0x80)
            return true;
        int need = term_utf8_length(c);
        if (need == 0)
            continue;                        /* a stray byte: dropped */
        uint8_t bytes[4] = { (uint8_t)c };
        int got = 1;
        while (got < need) {
            int b = wgetch(stdscr);
            if (b == ERR || b >= KEY_MIN || (b & 0xC0) != 0x80) {
                if (b != ERR)
                    ungetch(b);              /* not part of it: read next, as itself */
                break;
            }
            bytes[got++] = (uint8_t)b;
        }
        ucs4_t uc;
        if (got == need && u8_mbtoucr(&uc, bytes, (size_t)got) == got) {
            *code = (int)uc;
            return true;
        }
        /* ill-formed: its bytes are dropped, and reading goes on */
    }
}

/* term_next_input through the OSC reply filter: a late reply to the background query is
 * swallowed here, never typed. Returns false when nothing (more) is there; *swallowed
 * tells that some characters were taken. */
static bool term_get(bool *is_function, int *code, bool *swallowed)
{
    for (;;) {
        if (!term_next_input(is_function, code))
            return false;
        if (!termbg_filter_feed(&term.osc, *is_function ? 256 + *code : *code))
            return true;
        *swallowed = true;
    }
}

/* The answer to the background query, once the filter read it whole: KEYCODE_BACKGROUND
 * (term_background says what it is). A reply nobody asked for is swallowed only. */
static bool term_take_background(TermEvent *ev)
{
    TermBg bg;
    if (!termbg_filter_answer(&term.osc, &bg) || !term.asked_background || term.answered_background)
        return false;
    term.answered_background = true;
    term.background = bg;
    ev->key = KEYCODE_BACKGROUND;
    ev->x = ev->y = 0;
    return true;
}

/* Takes one key that ncurses already has or can read without waiting. */
static bool term_take_key(TermEvent *ev)
{
    bool is_function, swallowed = false;
    int code;
    if (term_take_background(ev))   /* read with the key before */
        return true;
    if (!term_get(&is_function, &code, &swallowed)) {
        ev->key = 0;
        ev->x = ev->y = 0;
        if (swallowed)
            term_take_background(ev);
        return swallowed;   /* a reply taken whole: a key that means nothing, or its answer */
    }
    ev->key = term_translate_key(is_function, code);
    ev->x = ev->y = 0;
    if (ev->key == KEYCODE_ESC) {   /* Alt+key arrives as Esc and the key at once */
        bool osc = false;
        if (term_get(&is_function, &code, &osc)) {
            if (osc) {
                ev->key = term_translate_key(is_function, code);   /* the key after a reply */
            } else if (!is_function && code == 27) {
                ungetch(27);         /* two Escs: the second is read next time */
                term.osc.state = 0;
            } else {
                ev->key = 0;         /* Alt+key: it means nothing here */
            }
        } else if (osc) {
            ev->key = 0;             /* Esc ] … : a reply to the background query */
            term_take_background(ev);
        } else {
            term.osc.state = 0;      /* a lone Esc: the Esc key */
        }
    }
    if (ev->key == KEYCODE_MOUSE)
        term_read_mouse(ev);
    return true;
}

/* A SIGWINCH arrived: the new size, bounded, as a resize key. */
static bool term_take_resize(TermEvent *ev)
{
    if (!term_resized)
        return false;
    term_resized = 0;
    term_sync_size();
    ev->key = KEYCODE_RESIZE;
    ev->x = ev->y = 0;
    return true;
}

/* After this many polls in a row (no key, no timeout between them) that found the
 * input readable but gave no key, the input counts as gone: waiting on it again would
 * only spin, whatever the reason. */
#define TERM_MAX_EMPTY_READS 64

/* True when the input will never give a key again: poll itself failed, the terminal
 * hung up or went away, or it reports input that is not there (end of file, or a
 * descriptor that is no longer a terminal). poll_result and poll_errno are poll's. */
static bool term_input_gone(int poll_result, int poll_errno, const struct pollfd *in)
{
    if (poll_result < 0)
        return poll_errno != EINTR;
    if (poll_result == 0)
        return false;
    if (in->revents & (POLLHUP | POLLERR | POLLNVAL))
        return true;
    int pending = 0;
    return (in->revents & POLLIN) && (ioctl(in->fd, FIONREAD, &pending) != 0 || pending == 0);
}

/* Notes that the input is gone: the loop then leaves as on a hang-up. */
static TermRead term_hang_up(void)
{
    term_caught = SIGHUP;
    return TERM_INTERRUPTED;
}

TermRead term_read_key(int timeout_ms, TermEvent *ev)
{
    if (term_caught)
        return TERM_INTERRUPTED;
    if (!term.open)
        return TERM_TIMEOUT;
    if (term_take_resize(ev) || term_take_key(ev))
        return TERM_KEY;
    struct pollfd fds[2] = {
        { .fd = term.input_fd, .events = POLLIN, .revents = 0 },
        { .fd = term_wake[0], .events = POLLIN, .revents = 0 },   /* -1 (ignored) headless */
    };
    int n = poll(fds, 2, timeout_ms < 0 ? -1 : timeout_ms);
    int poll_errno = errno;
    term_drain_wake_pipe();
    if (term_caught)
        return TERM_INTERRUPTED;
    if (!term.headless && term_input_gone(n, poll_errno, &fds[0]))
        return term_hang_up();
    if (term_take_resize(ev) || term_take_key(ev)) {  /* a SIGWINCH, or input */
        term.empty_reads = 0;
        return TERM_KEY;
    }
    if (n == 0)
        term.empty_reads = 0;   /* a real wait: whatever came before was not a spin */
    else if (!term.headless && n > 0 && (fds[0].revents & POLLIN)
             && ++term.empty_reads >= TERM_MAX_EMPTY_READS)
        return term_hang_up();
    return TERM_TIMEOUT;      /* timeout, or a signal that changed nothing */
}

/* ---------------------------------------------------------------- what the terminal draws */

/* The types of the Linux console and its kin: their fonts hold no braille and no CJK. */
static const char *const term_console_types[] = {
    "linux", "vt52", "vt100", "vt102", "vt220", "vt320", "vt420", "vt520",
    "cons25", "wsvt25", "pccon",
};

bool term_type_ascii(const char *type)
{
    if (!type)
        return false;
    size_t n = strlen(type);
    if (n > strlen(".linux") && strcmp(type + n - strlen(".linux"), ".linux") == 0)
        return true;   /* screen.linux: screen on the console */
    for (size_t i = 0; i < sizeof term_console_types / sizeof term_console_types[0]; i++) {
        size_t k = strlen(term_console_types[i]);
        if (strncmp(type, term_console_types[i], k) != 0)
            continue;
        if (!(type[k] >= 'a' && type[k] <= 'z'))   /* not "linuxish": after the name a '-', */
            return true;                            /* a digit or its end ("linux2.6", "vt100-am") */
    }
    return false;
}
