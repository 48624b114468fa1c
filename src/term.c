/* term.c — the only code that calls ncurses: opening and restoring the terminal,
 * painting a Grid (only the cells that changed since the last paint), reading keys as
 * keys.h codes, and the quit signals.
 * Must not touch: the player, layout (the Grid arrives finished), the clock, the engine.
 * Its state is the one mutable global of the program, because signals need one. */
#include "term.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
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
#include <wchar.h>

#include "keys.h"
#include "palette.h"
#include "termbg.h"
#include "text.h"

#define TERM_ESC_DELAY_MS 25   /* how long a lone Esc waits for the rest of a sequence */
#define TERM_DEFAULT_TYPE "xterm-256color" /* headless terminal type when $TERM is unset */

/* ---------------------------------------------------------------- state */

/* How one Style looks: colour pair (0 = the terminal's own) and attributes. */
typedef struct {
    short pair;    /* colour pair number, 0 for default colours */
    attr_t attr;   /* A_BOLD, A_DIM, A_REVERSE ... */
} TermLook;

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
} TermSaved;

/* Everything term.c remembers between calls. */
typedef struct {
    bool open;                   /* ncurses owns the terminal */
    bool headless;               /* opened by term_open_on (no signals, no tty) */
    bool handlers;               /* our signal handlers are installed */
    bool atexit_registered;      /* term_close is registered with atexit */
    SCREEN *screen;              /* the ncurses screen */
    int input_fd;                /* where keys come from (stdin, or the headless input) */
    TermLook look[STYLE_COUNT];  /* how each Style is painted */
    Theme theme;                 /* the theme the looks are of */
    TermBgFilter osc;            /* swallows a late OSC 11 reply among the keys */
    int painted_w;               /* screen width at the last paint (-1: none yet) */
    int painted_h;               /* screen height at the last paint */
    bool repaint;                /* the next paint clears the whole terminal */
    Grid last;                   /* the grid last handed to ncurses: the next paint hands
                                    over only the cells that differ (cells NULL: none) */
    int empty_reads;             /* polls in a row that found input readable but no key */
    int real_w;                  /* the terminal's own size (TIOCGWINSZ), which may exceed */
    int real_h;                  /* the GRID_MAX_SIDE the screen is bounded to */
    TermSaved saved;             /* signal dispositions to restore */
} TermState;

static TermState term;

/* Written by signal handlers, read by the loop (async-signal-safe by type). */
static volatile sig_atomic_t term_caught;   /* the quit signal that arrived, or 0 */
static volatile sig_atomic_t term_resized;  /* a SIGWINCH arrived: the size is read again */
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

/* A signal that was sent: only remember it; the loop leaves through term_close. */
static void term_on_quit_signal(int sig)
{
    term_caught = sig;
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
 * be put back by term_restore_handlers). */
static void term_install_winch_handler(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = term_on_winch;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGWINCH, &sa, &term.saved.winch);
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

/* PALETTE_* flags as curses attributes. */
static attr_t term_attr_of(unsigned flags)
{
    attr_t a = A_NORMAL;
    if (flags & PALETTE_BOLD)
        a |= A_BOLD;
    if (flags & PALETTE_DIM)
        a |= A_DIM;
    if (flags & PALETTE_REVERSE)
        a |= A_REVERSE;
    return a;
}

static bool term_colour_wanted(void)
{
    const char *no_colour = getenv("NO_COLOR");
    if (no_colour && *no_colour)
        return false;
    return has_colors();
}

/* Fills term.look for term.theme: a colour pair naming both colours of every style when
 * the terminal has colours and NO_COLOR is unset or empty, else attributes only (the mono
 * column). The blank screen (erase, clear) takes the theme's background. */
static void term_setup_looks(void)
{
    bool colour = term_colour_wanted() && start_color() == OK;
    bool rich = colour && COLORS >= 256 && COLOR_PAIRS > STYLE_COUNT;
    bool basic = colour && !rich && COLORS >= 8 && COLOR_PAIRS > STYLE_COUNT;
    for (int s = 0; s < STYLE_COUNT; s++) {
        const StyleLook *spec = palette_look(term.theme, (Style)s);
        TermLook *look = &term.look[s];
        look->pair = 0;
        look->attr = term_attr_of(spec->mono);
        if (!rich && !basic)
            continue;
        look->attr = term_attr_of(rich ? spec->rich : spec->basic);
        look->pair = (short)(s + 1);
        init_pair(look->pair, rich ? spec->fg256 : spec->fg8, rich ? spec->bg256 : spec->bg8);
    }
    bkgdset((chtype)COLOR_PAIR(term.look[STYLE_NORMAL].pair) | ' ');
}

void term_set_theme(Theme t)
{
    term.theme = (int)t >= 0 && t < THEME_COUNT ? t : THEME_DARK;
    if (!term.open)
        return;
    term_setup_looks();
    term.repaint = true;
    grid_free(&term.last);   /* every cell again, in the new colours */
}

/* ---------------------------------------------------------------- the background */

#define TERM_OSC11_WAIT_MS 100   /* how long the query waits for the terminal's reply */
#define TERM_OSC11_BYTES 64      /* the most of a reply it reads */

/* Asks the terminal for its background colour (OSC 11) on fd in/out, waiting at most
 * TERM_OSC11_WAIT_MS with the terminal in non-canonical, no-echo mode, and reads what came.
 * A reply that has not ended by then is left to the key filter (term.osc), which swallows
 * its rest when it arrives. */
static TermBg term_query_osc11(int in, int out)
{
    struct termios before, raw;
    if (tcgetattr(in, &before) != 0)
        return TERMBG_UNKNOWN;
    raw = before;
    raw.c_lflag &= (tcflag_t) ~(ICANON | ECHO);
    raw.c_cc[VMIN] = 0;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(in, TCSANOW, &raw) != 0)
        return TERMBG_UNKNOWN;
    unsigned char buf[TERM_OSC11_BYTES];
    size_t n = 0, used = 0;
    TermBg bg = TERMBG_UNKNOWN;
    if (write(out, TERMBG_OSC11_QUERY, sizeof TERMBG_OSC11_QUERY - 1) ==
        (ssize_t)(sizeof TERMBG_OSC11_QUERY - 1)) {
        struct pollfd pfd = { .fd = in, .events = POLLIN, .revents = 0 };
        while (n < sizeof buf && poll(&pfd, 1, TERM_OSC11_WAIT_MS) > 0) {
            ssize_t got = read(in, buf + n, sizeof buf - n);
            if (got <= 0)
                break;
            n += (size_t)got;
            bg = termbg_osc11_parse(buf, n, &used);
            if (used)
                break;
        }
    }
    for (size_t i = 0; i < n && !used; i++)   /* a partial reply: the filter takes the rest */
        termbg_filter_feed(&term.osc, buf[i]);
    tcsetattr(in, TCSANOW, &before);
    return bg;
}

TermBg term_background(void)
{
    TermBg bg = termbg_colorfgbg(getenv("COLORFGBG"));
    if (bg != TERMBG_UNKNOWN)
        return bg;
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        return TERMBG_UNKNOWN;
    const char *type = getenv("TERM");
    if (!type || strcmp(type, "dumb") == 0 || term_type_ascii(type))
        return TERMBG_UNKNOWN;   /* the console and its kin answer no OSC 11 */
    return term_query_osc11(STDIN_FILENO, STDOUT_FILENO);
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
    term_setup_looks();
    term.painted_w = -1;
    term.painted_h = -1;
    term.repaint = false;
    grid_free(&term.last);
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
    term.open = true;
    term.headless = false;
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
    term.open = true;
    term.headless = true;
    term_register_atexit();
    term_setup_modes();
    meta(stdscr, TRUE);   /* 8-bit input: out is no terminal, so ncurses cannot tell */
    return 0;
}

void term_close(void)
{
    if (!term.open)
        return;
    term.open = false;
    erase();     /* the alternate screen left blank: tmux, resized while in it, pulls its */
    refresh();   /* lines back above the shell's prompt when it returns to the main screen */
    endwin();
    delscreen(term.screen);
    term.screen = NULL;
    grid_free(&term.last);
    term_restore_handlers();
    term_close_wake_pipe();
}

void term_size(int *w, int *h)
{
    *w = term.open ? COLS : 0;
    *h = term.open ? LINES : 0;
}

/* ---------------------------------------------------------------- painting */

/* The wide character of one cell's UTF-8 glyph (a blank when empty or invalid). */
static wchar_t term_glyph_char(const char *glyph)
{
    unsigned char first = (unsigned char)glyph[0];
    if (first == 0)
        return L' ';
    if (first < 0x80)
        return (wchar_t)first;
    mbstate_t st;
    memset(&st, 0, sizeof st);
    wchar_t wc;
    size_t n = mbrtowc(&wc, glyph, strlen(glyph), &st);
    return (n == (size_t)-1 || n == (size_t)-2 || n == 0) ? L'?' : wc;
}

static void term_put_cell(int x, int y, const Cell *c)
{
    Style s = c->style < STYLE_COUNT ? (Style)c->style : STYLE_NORMAL;
    wchar_t text[2] = { term_glyph_char(c->glyph), L'\0' };
    cchar_t cc;
    setcchar(&cc, text, term.look[s].attr, term.look[s].pair, NULL);
    mvadd_wch(y, x, &cc);
}

/* Hands ncurses every cell of g (clipped to the screen). */
static void term_put_all(const Grid *g)
{
    int w = g->w < COLS ? g->w : COLS;
    int h = g->h < LINES ? g->h : LINES;
    for (int y = 0; y < h; y++) {
        const Cell *row = g->cells + (size_t)y * (size_t)g->w;
        for (int x = 0; x < w; x++)
            if (row[x].width != 0)   /* right halves belong to the wide glyph before */
                term_put_cell(x, y, &row[x]);
    }
}

/* Hands ncurses only the runs of cells where g differs from the last painted grid (the
 * same size as g and as the screen), and copies them into it. */
static void term_put_changes(const Grid *g)
{
    GridRun run;
    int x = 0, y = 0;
    while (grid_next_run(&term.last, g, &x, &y, &run)) {
        const Cell *row = g->cells + (size_t)run.y * (size_t)g->w;
        for (int i = run.x; i < run.x + run.n; i++)
            if (row[i].width != 0)
                term_put_cell(i, run.y, &row[i]);
        grid_copy_run(&term.last, g, &run);
    }
}

/* Keeps a copy of g as the last painted grid; without memory for it, every paint is whole. */
static void term_keep(const Grid *g)
{
    if (term.last.w != g->w || term.last.h != g->h || !term.last.cells) {
        grid_free(&term.last);
        if (g->w < 1 || g->h < 1 || grid_init(&term.last, g->w, g->h) != 0)
            return;
    }
    memcpy(term.last.cells, g->cells, sizeof *g->cells * (size_t)g->w * (size_t)g->h);
}

void term_paint(const Grid *g)
{
    if (!term.open)
        return;
    bool whole = term.repaint || !term.last.cells || g->w != COLS || g->h != LINES ||
                 term.last.w != g->w || term.last.h != g->h;
    if (term.painted_w != COLS || term.painted_h != LINES) {
        erase();   /* the size changed: nothing of the old layout may remain */
        term.painted_w = COLS;
        term.painted_h = LINES;
        whole = true;
    }
    if (term.repaint) {
        clearok(curscr, TRUE);
        term.repaint = false;
    }
    if (whole) {
        term_put_all(g);
        term_keep(g);
    } else {
        term_put_changes(g);
    }
    refresh();
}

/* ---------------------------------------------------------------- checking a paint */

bool term_painted_equals(const Grid *g)
{
    if (!term.open || g->w != COLS || g->h != LINES)
        return false;
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            const Cell *c = &g->cells[(size_t)y * (size_t)g->w + (size_t)x];
            if (c->width == 0)
                continue;
            Style s = c->style < STYLE_COUNT ? (Style)c->style : STYLE_NORMAL;
            cchar_t cc;
            wchar_t text[CCHARW_MAX + 1];
            attr_t attr;
            short pair;
            if (mvwin_wch(stdscr, y, x, &cc) == ERR ||
                getcchar(&cc, text, &attr, &pair, NULL) == ERR)
                return false;
            if (text[0] != term_glyph_char(c->glyph) || pair != term.look[s].pair ||
                (attr & (A_ATTRIBUTES & ~A_COLOR)) != term.look[s].attr)
                return false;
        }
    return true;
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

/* Takes one key that ncurses already has or can read without waiting. */
static bool term_take_key(TermEvent *ev)
{
    bool is_function, swallowed = false;
    int code;
    if (!term_get(&is_function, &code, &swallowed)) {
        ev->key = 0;
        ev->x = ev->y = 0;
        return swallowed;   /* a reply taken whole: a key that means nothing */
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
