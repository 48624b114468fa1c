#!/usr/bin/env python3
# pty_run.py — runs the program on a pseudo-terminal of a given size, as a terminal would:
# types the given bytes (after a pause each), then prints "exit N" (or "signal N") and
# writes everything the program drew to OUT. For what tmux cannot do: sizes of 32 768
# rows or columns, raw bytes such as invalid UTF-8.
# Usage: python3 tests/cli/pty_run.py OUT ROWS COLS KEYS-HEX[,KEYS-HEX...] -- PROGRAM ARGS...
# KEYS-HEX: the bytes of one burst in hex ("71" is q), or rROWSxCOLS to resize the terminal,
# or wHEX to wait until the program has drawn those bytes (at most WAIT_S seconds: a
# condition, not a time, so a loaded machine only makes it slower); each burst goes 0.6 s
# after the last (after a wait: at once).
import fcntl, os, pty, select, signal, struct, sys, termios, time

WAIT_S = 30   # the longest a wHEX burst waits for its bytes


def main():
    out_path, rows, cols, keys = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    argv = sys.argv[sys.argv.index("--") + 1:]
    bursts = [k for k in keys.split(",") if k]
    pid, fd = pty.fork()
    if pid == 0:   # the size is the terminal's before the program starts
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.environ.setdefault("TERM", "xterm-256color")
        os.execvp(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    drawn = bytearray()
    deadline = time.time() + 0.6 * (len(bursts) + 1) + 10
    next_burst = time.time() + 0.8
    waiting = None   # (bytes, until when) while a wHEX burst waits
    status = None
    while time.time() < deadline:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            drawn += chunk
        if waiting and (waiting[0] in drawn or time.time() >= waiting[1]):
            waiting = None
            next_burst = time.time()
        if bursts and not waiting and time.time() >= next_burst:
            burst = bursts.pop(0)
            if burst.startswith("w"):
                waiting = (bytes.fromhex(burst[1:]), time.time() + WAIT_S)
                deadline += WAIT_S
            elif burst.startswith("r"):
                h, w = (int(v) for v in burst[1:].split("x"))
                fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", h, w, 0, 0))
                os.kill(pid, signal.SIGWINCH)
            else:
                os.write(fd, bytes.fromhex(burst))
            next_burst = time.time() + 0.6
        done, st = os.waitpid(pid, os.WNOHANG)
        if done:
            status = st
            break
    if status is None:
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        print("timeout")
    # what the program wrote before it ended may still sit in the pty: read it to the end
    # (its exit message comes last; a loaded machine must not lose it)
    while True:
        r, _, _ = select.select([fd], [], [], 0.5)
        if not r:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        drawn += chunk
    with open(out_path, "wb") as f:
        f.write(drawn)
    if os.WIFSIGNALED(status):
        print("signal %d" % os.WTERMSIG(status))
    else:
        print("exit %d" % os.WEXITSTATUS(status))


main()
