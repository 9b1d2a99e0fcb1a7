#!/usr/bin/env python3
"""x11hud on Wayland beside wob and mako (issue 42, item 5), in one run on a private headless sway.

    python3 Tests/Benchmarks/wayland_bench.py [--binary .build/release/x11hud] [--baseline OLD] [--runs 15] [--cpu-runs 3]
        [--memory-runs 5] [--window 10] [--only first,cpu,memory] [--out FILE]

(`make bench-wayland` builds `make release` and runs this.) Runs as root on a machine like the tests' (sway refuses
root: the compositor runs as the user x11hud-test, made when missing, as HUDTestSupport.SwayServer does it; the
tools run as root and reach it through the socket's absolute path) or as an ordinary user (sway as that user).
Headless backend, pixman renderer, no input devices, one 1280x720 output of #204060, XWayland off, a private
D-Bus session bus. Every tool gets the same environment: WAYLAND_DISPLAY, XDG_RUNTIME_DIR of the compositor, the
bus, and no DISPLAY.

- first: fork → first changed pixels on the output (`wlfirst.c` beside this file: wlr-screencopy frames copied
  with damage until a pixel differs from the frame before the fork) and → the display complete (the last frame that
  changed a pixel before 200 ms without change: fade-in and easing done). `x11hud --mode bar` and wob, each given
  `40` on a standard input held open and ended by SIGTERM 1 s after its first pixels (taking turns in each round,
  after one warm-up each); then the same `x11hud --mode bar` while `x11hud serve` runs (the resident draws it;
  one warm-up, then the runs); a notification: `notify-send` against a running mako, then against a running
  `x11hud notifications` (layer-surface bubbles on Wayland), one server at a time:
  started, its name owned (NameHasOwner), one warm-up, the runs, every bubble dismissed after each run
  (`makoctl dismiss --all`, `x11hud notifications close-all`), stopped before the other starts.
- cpu: 10 and 100 updates a second for `--window` seconds (values 0, 1, …, 100, 0, … on stdin), starting 1 s
  after the first value: the tool's utime+stime (/proc/PID/stat, which keeps ended threads' time; 10 ms ticks),
  its threads' run time (schedstat, ns) and voluntary wake-ups, and sway's run time over the same window. Then
  each notification server (one at a time, as above) given 100 notify-sends at 10 a second (each body different:
  x11hud stacks identical ones into one bubble), from 1 s after it owns its name until 2.8 s after the last
  (every bubble expired): its utime+stime, per notification, schedstat and sway's run time.
- memory: /proc/PID/smaps_rollup (RSS, PSS, private, anonymous) as memory.py reads it for X11, and RssShmem
  (/proc/PID/status: the wl_shm buffers, memfd pages the compositor maps too, which anonymous does not count): the
  peak while shown for 3 s at 10 updates a second, and at rest 2 s after the last of them (wob has hidden its bar
  by then, x11hud still shows its HUD: its input is open); mako and `x11hud notifications`, each in turn, at rest
  2 s after it owns its name and 2 s after one notification (shown 0.8 s) has gone.

Medians; ratios are x11hud's figure over the peer's of the same run (below 1: x11hud is ahead). A markdown report
goes to stdout (and `--out`), progress to stderr.
"""

import argparse
import glob
import os
import platform
import pwd
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter

sys.dont_write_bytecode = True  # no __pycache__ left in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import smaps  # noqa: E402
from deps import version  # noqa: E402
from xsession import Children, read_line, wait_until  # noqa: E402

TEST_USER = "x11hud-test"
BACKGROUND = "204060"
WIDTH, HEIGHT = 1280, 720
FIELDS = smaps.FIELDS + ("RssShmem",)
TICK_MS = 1000.0 / os.sysconf("SC_CLK_TCK")
NOTIFY = ["notify-send", "-t", "800", "Backup done", "1.2 GB in 3 min"]
NEEDED = {"sway": "sway", "swaymsg": "sway", "wob": "wob", "mako": "mako-notifier", "makoctl": "mako-notifier",
          "notify-send": "libnotify-bin", "dbus-daemon": "dbus", "dbus-send": "dbus", "cc": "gcc"}


def log(message):
    print("wayland-bench: " + message, file=sys.stderr, flush=True)


def raise_on_sigterm():
    def handler(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, handler)


# --- the compositor and the bus -----------------------------------------------------------------------------

def test_user_ids():
    """(uid, gid) of the user sway runs as under root, made (system user, no home) when missing."""
    try:
        entry = pwd.getpwnam(TEST_USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", TEST_USER],
                       check=False, timeout=30)
        entry = pwd.getpwnam(TEST_USER)
    return entry.pw_uid, entry.pw_gid


class Session:
    """A private headless sway and a D-Bus session bus; every process in `children`, killed by id at the end."""

    def __init__(self, children):
        self.children = children
        self.runtime = tempfile.mkdtemp(prefix="x11hud-wlbench-")
        os.chmod(self.runtime, 0o700)
        self.socket = os.path.join(self.runtime, "wayland-1")
        self.sway = None
        self.dbus_address = None
        self.mako = None

    def start_sway(self):
        config = os.path.join(self.runtime, "config")
        with open(config, "w") as f:
            f.write("output HEADLESS-1 resolution %dx%d background #%s solid_color\nxwayland disable\n"
                    % (WIDTH, HEIGHT, BACKGROUND))
        argv = ["sway", "-c", config]
        if os.getuid() == 0:
            uid, gid = test_user_ids()
            os.chown(self.runtime, uid, gid)
            os.chown(config, uid, gid)
            # setpriv execs sway: the child's pid is sway's.
            argv = ["setpriv", "--reuid=%d" % uid, "--regid=%d" % gid, "--clear-groups"] + argv
        env = {k: v for k, v in os.environ.items()
               if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SWAYSOCK", "DBUS_SESSION_BUS_ADDRESS")}
        env.update(XDG_RUNTIME_DIR=self.runtime, HOME=self.runtime, WLR_BACKENDS="headless",
                   WLR_RENDERER="pixman", WLR_LIBINPUT_NO_DEVICES="1")
        self.sway_log = open(os.path.join(self.runtime, "sway.log"), "w")
        self.sway = self.children.spawn(argv, env=env, stdout=self.sway_log, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL)
        if not wait_until(lambda: os.path.exists(self.socket) and self.output_active(), timeout=15, interval=0.1):
            raise RuntimeError("headless sway did not start within 15 s (log in %s)" % self.runtime)
        time.sleep(1)  # the output's first frames

    def ipc_socket(self):
        names = [n for n in os.listdir(self.runtime) if n.startswith("sway-ipc.")]
        return os.path.join(self.runtime, names[0]) if names else None

    def output_active(self):
        ipc = self.ipc_socket()
        if not ipc:
            return False
        out = subprocess.run(["swaymsg", "-s", ipc, "-t", "get_outputs", "-r"], capture_output=True, text=True,
                             timeout=5, env=self.env())
        return out.returncode == 0 and '"active": true' in out.stdout

    def env(self):
        """What every tool gets: this compositor and bus, no X display."""
        env = {k: v for k, v in os.environ.items()
               if k not in ("DISPLAY", "XAUTHORITY", "SWAYSOCK", "DBUS_SESSION_BUS_ADDRESS")}
        env.update(WAYLAND_DISPLAY=self.socket, XDG_RUNTIME_DIR=self.runtime)
        if self.dbus_address:
            env["DBUS_SESSION_BUS_ADDRESS"] = self.dbus_address
        return env

    def start_dbus(self):
        rfd, wfd = os.pipe()
        self.children.spawn(["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=%d" % wfd],
                            pass_fds=[wfd], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=self.env())
        os.close(wfd)
        try:
            self.dbus_address = read_line(rfd, timeout=10)
        finally:
            os.close(rfd)
        if not self.dbus_address:
            raise RuntimeError("dbus-daemon did not print its address within 10 s")

    def notifications_owned(self):
        """NameHasOwner, which never makes the bus activate a server from a service file."""
        out = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus",
                              "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner",
                              "string:org.freedesktop.Notifications"],
                             env=self.env(), timeout=5, capture_output=True, text=True)
        return out.returncode == 0 and "boolean true" in out.stdout

    def start_server(self, argv):
        """Starts a notification server (mako, `x11hud notifications`) and waits until it owns the name."""
        if self.notifications_owned():
            raise RuntimeError("org.freedesktop.Notifications is owned before %s started" % argv[0])
        self.server_log = open(os.path.join(self.runtime, "server.log"), "a")
        self.mako = self.children.spawn(argv, env=self.env(), stdout=self.server_log,
                                        stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        if not wait_until(self.notifications_owned, timeout=10, interval=0.05):
            raise RuntimeError("%s did not own org.freedesktop.Notifications within 10 s" % argv[0])
        return self.mako

    def start_mako(self):
        return self.start_server(["mako"])

    def stop_mako(self):
        if self.mako:
            self.children.kill(self.mako, signal.SIGTERM)
            self.mako = None
            wait_until(lambda: not self.notifications_owned(), timeout=5, interval=0.05)

    def leftovers(self, exclude):
        """Processes (pid, name) whose environment names this compositor, other than `exclude`: what a tool
        left behind."""
        found = []
        needle = ("WAYLAND_DISPLAY=" + self.socket).encode()
        for entry in os.listdir("/proc"):
            if not entry.isdigit() or int(entry) in exclude or int(entry) == os.getpid():
                continue
            try:
                with open("/proc/%s/environ" % entry, "rb") as f:
                    if needle not in f.read().split(b"\0"):
                        continue
                with open("/proc/%s/comm" % entry) as f:
                    found.append((int(entry), f.read().strip()))
            except OSError:
                continue
        return found

    def cleanup(self):
        shutil.rmtree(self.runtime, ignore_errors=True)


# --- what is read from /proc --------------------------------------------------------------------------------

def stat_ticks(pid):
    """utime+stime of the whole process (ended threads included), in clock ticks; None once it has gone."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[11]) + int(fields[12])


def threads(pid):
    """{tid: (run time ns, voluntary context switches)} of every live thread."""
    out = {}
    try:
        tids = os.listdir("/proc/%d/task" % pid)
    except OSError:
        return out
    for tid in tids:
        try:
            with open("/proc/%d/task/%s/schedstat" % (pid, tid)) as f:
                run_ns = int(f.read().split()[0])
            with open("/proc/%d/task/%s/status" % (pid, tid)) as f:
                switches = int(re.search(r"^voluntary_ctxt_switches:\s*(\d+)", f.read(), re.M).group(1))
        except (OSError, AttributeError):
            continue
        out[int(tid)] = (run_ns, switches)
    return out


class ThreadTotals:
    """Run time and wake-ups of a process's threads between `start` and `stop`, sampled every 0.2 s meanwhile so
    that a thread that ends inside the window still counts up to its last sample."""

    def __init__(self, pid):
        self.pid = pid
        self.first = threads(pid)
        self.last = dict(self.first)

    def sample(self):
        self.last.update(threads(self.pid))

    def totals(self):
        run = sum(v[0] - self.first.get(t, (0, 0))[0] for t, v in self.last.items())
        wakes = sum(v[1] - self.first.get(t, (0, 0))[1] for t, v in self.last.items())
        return run / 1e6, wakes


def rollup(pid):
    """smaps.rollup's fields, and RssShmem of /proc/PID/status: the resident shared memory, where wl_shm buffers
    are (memfd pages, shared with the compositor, so not anonymous); None once it has gone."""
    values = smaps.rollup(pid)
    if values is None:
        return None
    try:
        with open("/proc/%d/status" % pid) as f:
            values["RssShmem"] = int(re.search(r"^RssShmem:\s*(\d+)", f.read(), re.M).group(1)) / 1024.0
    except (OSError, AttributeError):
        return None
    return values


# --- the tools ----------------------------------------------------------------------------------------------

# The bar of `x11hud --mode bar` drawn by a resident `x11hud serve` (issue 42: the resident on Wayland).
SERVED = "x11hud, served by x11hud serve"


def hud_tools(binaries):
    """(name, argv) of the bars fed on stdin: x11hud's bar HUD of each of `binaries` ((name, path): "x11hud" and
    maybe a baseline; the platform chosen by itself: WAYLAND_DISPLAY is set, DISPLAY is not) and wob (its default
    configuration: a 400x50 bar in the middle)."""
    return [(name, [binary, "--mode", "bar"]) for name, binary in binaries] + [("wob", ["wob"])]


def build_wlfirst(out_dir):
    binary = os.path.join(out_dir, "wlfirst")
    subprocess.run(["cc", "-O2", "-Wall", "-o", binary, os.path.join(HERE, "wlfirst.c"), "-lwayland-client"],
                   check=True, timeout=120)
    return binary


def words(text):
    out = {}
    for key, value in re.findall(r"(\w+)=(\S+)", text):
        try:
            out[key] = float(value)
        except ValueError:
            out[key] = None if value == "NA" else value
    return out


def first_pixels(session, wlfirst, argv, stdin_text=None, hold_ms=1000):
    """One wlfirst run: {first_ms, frame_ms, settled_ms, pixels, bbox, exit, …}; an 'error' key when it failed."""
    args = [wlfirst, "-b", BACKGROUND, "-S", "200", "-H", str(hold_ms), "-T", "5000"]
    if stdin_text:
        args += ["-s", stdin_text.replace("\n", "\\n")]
    out = subprocess.run(args + ["--"] + argv, capture_output=True, text=True, timeout=30, env=session.env())
    got = words(out.stdout)
    if out.returncode != 0 or got.get("first_ms") is None:
        got["error"] = (out.stderr.strip().splitlines() or ["exit %d" % out.returncode])[-1]
    return got


def notification_servers(binaries):
    """(name, argv of the server, argv that dismisses every bubble) of mako and each of `binaries`' notification
    server, each with its default configuration; x11hud picks Wayland by itself (WAYLAND_DISPLAY set, DISPLAY
    not)."""
    return [("mako", ["mako"], ["makoctl", "dismiss", "--all"])] + [
        (name, [binary, "notifications"], [binary, "notifications", "close-all"]) for name, binary in binaries]


def dismiss(session, argv):
    subprocess.run(argv, env=session.env(), timeout=5, capture_output=True)


def run_first(session, wlfirst, binaries, runs, notes):
    """{name: [wlfirst dicts]}, the tools taking turns each round after one warm-up each; the resident is the first
    of `binaries`' ((name, path))."""
    binary = binaries[0][1]
    scenarios = [(name, argv, "40\n") for name, argv in hud_tools(binaries)]
    results = {name: [] for name, _, _ in scenarios}
    for r in range(runs + 1):
        for name, argv, text in scenarios:
            got = first_pixels(session, wlfirst, argv, text)
            if r > 0:
                results[name].append(got)
            if "error" in got:
                log("first %s: %s" % (name, got["error"]))
        log("first pixels: round %d/%d" % (r, runs) if r else "first pixels: warm-up done")
    # The same bar handed to a resident (`x11hud serve`), which draws it: the process started loads no text stack.
    label = SERVED
    results[label] = []
    resident = session.children.spawn([binary, "serve"], env=session.env(), stdin=subprocess.DEVNULL,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        socket = os.path.join(session.runtime, "x11hud", "*", "serve.resident")
        if not wait_until(lambda: glob.glob(socket), timeout=10, interval=0.05):
            raise RuntimeError("x11hud serve made no socket within 10 s")
        for r in range(runs + 1):
            got = first_pixels(session, wlfirst, [binary, "--mode", "bar"], "40\n")
            if r > 0:
                results[label].append(got)
            if "error" in got:
                log("first %s: %s" % (label, got["error"]))
    finally:
        session.children.kill(resident, signal.SIGTERM)
    log("first pixels: served bars done")
    # The notification servers one after the other (one owner of the name at a time): each started, its name
    # owned, one warm-up notification, then `runs` notify-sends, every bubble dismissed after its run.
    for name, server, dismiss_argv in notification_servers(binaries):
        label = "a notification: %s (notify-send)" % name
        results[label] = []
        session.start_server(server)
        try:
            for r in range(runs + 1):
                got = first_pixels(session, wlfirst, NOTIFY, None)
                dismiss(session, dismiss_argv)
                if r > 0:
                    results[label].append(got)
                if "error" in got:
                    log("first %s: %s" % (label, got["error"]))
            if session.mako.poll() is not None:
                notes.append("%s ended during its first-pixel runs (exit %s)" % (name, session.mako.returncode))
        finally:
            session.stop_mako()
        log("first pixels: %s done" % name)
    return results


def notify_cpu_once(session, children, name, server, count, rate):
    """utime+stime (and schedstat run time) of a notification server over `count` notify-sends (each body
    different) at `rate` a
    second (forked on an absolute schedule, not waited for), from 1 s after it owns its name until 2 s after the
    last bubble has expired; and sway's run time over the same window."""
    proc = session.start_server(server)
    try:
        time.sleep(1.0)
        tool, sway = ThreadTotals(proc.pid), ThreadTotals(session.sway.pid)
        ticks0 = stat_ticks(proc.pid)
        sent = []
        begin = time.monotonic()
        for n in range(count):
            delay = begin + n / rate - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            # A body of its own each: x11hud stacks identical notifications into one bubble, mako (by default)
            # does not; distinct ones are drawn as distinct bubbles by both.
            sent.append(subprocess.Popen(NOTIFY[:-1] + ["%s, #%d" % (NOTIFY[-1], n + 1)], env=session.env(),
                                         stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL))
            tool.sample()
            sway.sample()
        failed = sum(1 for p in sent if p.wait(timeout=30) != 0)
        settle_until = time.monotonic() + 0.8 + 2.0
        while time.monotonic() < settle_until:
            tool.sample()
            sway.sample()
            time.sleep(0.2)
        ticks1 = stat_ticks(proc.pid)
        if ticks1 is None:
            raise RuntimeError("%s ended inside the window (exit %s)" % (name, proc.poll()))
        run_ms, wakes = tool.totals()
        sway_ms, _ = sway.totals()
        return {"stat_ms": (ticks1 - ticks0) * TICK_MS, "sched_ms": run_ms, "wakes": wakes, "sway_ms": sway_ms,
                "failed": failed}
    finally:
        session.stop_mako()


def run_notify_cpu(session, children, binaries, runs, count=100, rate=10):
    """{name: [dicts]}, the servers taking turns."""
    results = {}
    for r in range(runs):
        for name, server, _ in notification_servers(binaries):
            results.setdefault(name, []).append(notify_cpu_once(session, children, name, server, count, rate))
            time.sleep(1.0)
        log("notification cpu: round %d/%d" % (r + 1, runs))
    return results


def feed_for(proc, rate, seconds, start_value, stop):
    """Writes `rate` values a second on proc's stdin for `seconds` on an absolute schedule (0…100 cycling)."""
    interval = 1.0 / rate
    begin = time.monotonic()
    n = 0
    while not stop.is_set():
        due = begin + n * interval
        if due - begin >= seconds:
            break
        delay = due - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        try:
            proc.stdin.write(b"%d\n" % ((start_value + n) % 101))
            proc.stdin.flush()
        except (BrokenPipeError, ValueError):
            break
        n += 1
    return n


def cpu_once(session, children, argv, rate, window):
    proc = children.spawn(argv, env=session.env(), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)
    try:
        proc.stdin.write(b"0\n")
        proc.stdin.flush()
        time.sleep(1.0)
        if proc.poll() is not None:
            raise RuntimeError("%s ended before the window (exit %s)" % (argv[0], proc.returncode))
        tool, sway = ThreadTotals(proc.pid), ThreadTotals(session.sway.pid)
        ticks0, sway_ticks0 = stat_ticks(proc.pid), stat_ticks(session.sway.pid)
        stop = threading.Event()
        written = []
        feeder = threading.Thread(target=lambda: written.append(feed_for(proc, rate, window, 1, stop)))
        t0 = time.monotonic()
        feeder.start()
        while feeder.is_alive():
            tool.sample()
            sway.sample()
            feeder.join(0.2)
        tool.sample()
        sway.sample()
        elapsed = time.monotonic() - t0
        ticks1, sway_ticks1 = stat_ticks(proc.pid), stat_ticks(session.sway.pid)
        if ticks1 is None:
            raise RuntimeError("%s ended inside the window (exit %s)" % (argv[0], proc.poll()))
        scale = window / elapsed
        run_ms, wakes = tool.totals()
        sway_ms, _ = sway.totals()
        return {"stat_ms": (ticks1 - ticks0) * TICK_MS * scale, "sched_ms": run_ms * scale, "wakes": wakes * scale,
                "sway_ms": sway_ms * scale, "sway_stat_ms": (sway_ticks1 - sway_ticks0) * TICK_MS * scale,
                "written": written[0] if written else 0}
    finally:
        children.kill(proc, signal.SIGTERM)


def run_cpu(session, children, binaries, rates, runs, window):
    """{(name, rate): [dicts]}, the tools taking turns."""
    results = {}
    for r in range(runs):
        for rate in rates:
            for name, argv in hud_tools(binaries):
                results.setdefault((name, rate), []).append(cpu_once(session, children, argv, rate, window))
                time.sleep(1.5)  # wob's bar gone, the compositor quiet
        log("cpu: round %d/%d" % (r + 1, runs))
    return results


def memory_hud_once(session, children, argv):
    """(peak over 3 s at 10 updates/s, at rest 2 s after the last update) of one bar."""
    proc = children.spawn(argv, env=session.env(), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)
    try:
        peak = dict.fromkeys(FIELDS, 0.0)
        stop = threading.Event()
        feeder = threading.Thread(target=feed_for, args=(proc, 10, 3.0, 20, stop))
        feeder.start()
        while feeder.is_alive():
            sample = rollup(proc.pid)
            if sample:
                peak = {k: max(peak[k], sample[k]) for k in FIELDS}
            feeder.join(0.02)
        time.sleep(2.0)
        rest = rollup(proc.pid)
        if rest is None:
            raise RuntimeError("%s ended before it was at rest" % argv[0])
        return peak, rest
    finally:
        children.kill(proc, signal.SIGTERM)


def memory_server_once(session, server):
    session.start_server(server)
    try:
        time.sleep(2.0)
        rest = rollup(session.mako.pid)
        subprocess.run(NOTIFY, env=session.env(), timeout=10, capture_output=True)
        time.sleep(0.8 + 2.0)
        after = rollup(session.mako.pid)
        return rest, after
    finally:
        session.stop_mako()


def run_memory(session, children, binaries, runs):
    shown, rest = {}, {}
    server_rest, server_after = {}, {}
    for r in range(runs):
        for name, argv in hud_tools(binaries):
            peak, at_rest = memory_hud_once(session, children, argv)
            shown.setdefault(name, []).append(peak)
            rest.setdefault(name, []).append(at_rest)
            time.sleep(1.0)
        for name, server, _ in notification_servers(binaries):
            a, b = memory_server_once(session, server)
            server_rest.setdefault(name, []).append(a)
            server_after.setdefault(name, []).append(b)
            time.sleep(1.0)
        log("memory: round %d/%d" % (r + 1, runs))
    return shown, rest, server_rest, server_after


# --- the report ---------------------------------------------------------------------------------------------

def med(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def span(values, fmt="%.2f"):
    """median (min–max), or failed."""
    values = [v for v in values if v is not None]
    if not values:
        return "failed"
    return (fmt + " (" + fmt + "–" + fmt + ")") % (statistics.median(values), min(values), max(values))


def ratio(a, b):
    return "%.2fx" % (a / b) if a is not None and b else "n/a"


def machine_rows(binary, commit, started_load):
    cpu = "?"
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=10).stdout
        name = re.search(r"^Model name:\s*(.+)$", out, re.M)
        cores = re.search(r"^CPU\(s\):\s*(\d+)$", out, re.M)
        cpu = "%s, %s cores" % (name.group(1).strip() if name else "?", cores.group(1) if cores else "?")
    except (OSError, subprocess.SubprocessError):
        pass
    rows = [("CPU", cpu), ("kernel", platform.release()), ("x11hud", "%s (git HEAD %s)" % (binary, commit)),
            ("load average (1 min) at the start", "%.2f" % started_load)]
    for package in ("sway", "wob", "mako-notifier", "libnotify-bin", "libwayland-client0"):
        rows.append((package, version(package) or "not installed"))
    return rows


def report(args, commit, started, started_load, first, cpu, memory, notes, leftovers, notify_cpu=None):
    lines = []
    add = lines.append
    add("Run started %s UTC, took %d s; load average (1 min) %.2f at the start, %.2f at the end."
        % (time.strftime("%Y-%m-%d %H:%M", time.gmtime(started)), time.time() - started, started_load,
           os.getloadavg()[0]))
    add("")
    add("| machine | |")
    add("|---|---|")
    for key, value in machine_rows(args.binary, commit, started_load):
        add("| %s | %s |" % (key, value))
    if first:
        add("")
        add("### fork → first changed pixels, and → the display complete (ms, median (min–max) of %d)" % args.runs)
        add("")
        add("| tool | → screencopy ready | → frame presented | → complete (last change) | frames that changed "
            "| changed pixels in the first | failed |")
        add("|---|---:|---:|---:|---:|---:|---:|")
        for name, got in first.items():
            ok = [g for g in got if "error" not in g]
            add("| %s | %s | %s | %s | %s | %s | %d |" % (
                name, span([g.get("first_ms") for g in ok]), span([g.get("frame_ms") for g in ok]),
                span([g.get("settled_ms") for g in ok]), span([g.get("changes") for g in ok], "%.0f"),
                span([g.get("pixels") for g in ok], "%.0f"), len(got) - len(ok)))
        hud = {n: med([g.get("first_ms") for g in got if "error" not in g]) for n, got in first.items()}
        done = {n: med([g.get("settled_ms") for g in got if "error" not in g]) for n, got in first.items()}
        add("")
        add("x11hud / wob: first pixels %s, complete %s; served by a resident / wob: first pixels %s, complete %s. "
            "Bounding boxes of the first changed frame: %s." % (
            ratio(hud.get("x11hud"), hud.get("wob")), ratio(done.get("x11hud"), done.get("wob")),
            ratio(hud.get(SERVED), hud.get("wob")), ratio(done.get(SERVED), done.get("wob")),
            "; ".join("%s %s" % (n, ", ".join("%s in %d" % kv for kv in sorted(Counter(
                str(g.get("bbox")) for g in got if "error" not in g).items())))
                      for n, got in first.items())))
    if cpu:
        add("")
        add("### CPU over %g s (ms, median (min–max) of %d)" % (args.window, args.cpu_runs))
        add("")
        add("| tool | updates/s | utime+stime | threads' run time (schedstat) | wake-ups | sway's run time "
            "| tool + sway | values written |")
        add("|---|---:|---:|---:|---:|---:|---:|---:|")
        for (name, rate), got in sorted(cpu.items(), key=lambda kv: (kv[0][1], kv[0][0] != "x11hud")):
            add("| %s | %d | %s | %s | %s | %s | %s | %s |" % (
                name, rate, span([g["stat_ms"] for g in got], "%.0f"), span([g["sched_ms"] for g in got], "%.1f"),
                span([g["wakes"] for g in got], "%.0f"), span([g["sway_ms"] for g in got], "%.1f"),
                span([g["sched_ms"] + g["sway_ms"] for g in got], "%.1f"), span([g["written"] for g in got], "%.0f")))
        for rate in args.rates:
            x, w = cpu.get(("x11hud", rate)), cpu.get(("wob", rate))
            if x and w:
                add("")
                add("%d updates/s, x11hud / wob: utime+stime %s, schedstat %s, with sway's %s." % (
                    rate, ratio(med([g["stat_ms"] for g in x]), med([g["stat_ms"] for g in w])),
                    ratio(med([g["sched_ms"] for g in x]), med([g["sched_ms"] for g in w])),
                    ratio(med([g["sched_ms"] + g["sway_ms"] for g in x]),
                          med([g["sched_ms"] + g["sway_ms"] for g in w]))))
    if memory:
        shown, rest, server_rest, server_after = memory
        add("")
        add("### Memory (MiB, median of %d)" % args.memory_runs)
        add("")
        add("| | RSS | PSS | private | anonymous | shared memory (wl_shm buffers) |")
        add("|---|---:|---:|---:|---:|---:|")
        rows = []
        for name in shown:
            rows.append(("%s, peak while shown 3 s at 10 updates/s" % name, shown[name]))
        for name in rest:
            rows.append(("%s, at rest 2 s after the last update" % name, rest[name]))
        for name in server_rest:
            rows.append(("%s notification server, at rest" % name, server_rest[name]))
            rows.append(("%s notification server, after one notification" % name, server_after[name]))
        medians = {}
        for label, samples in rows:
            samples = [s for s in samples if s]
            medians[label] = {k: statistics.median(s[k] for s in samples) for k in FIELDS} if samples else None
            add("| %s | %s |" % (label, " | ".join("%.1f" % medians[label][k] if medians[label] else "failed"
                                                     for k in FIELDS)))
        for what in ("peak while shown 3 s at 10 updates/s", "at rest 2 s after the last update"):
            x, w = medians.get("x11hud, " + what), medians.get("wob, " + what)
            if x and w:
                add("")
                add("x11hud / wob, %s: %s (RSS / PSS / private / anonymous)." % (
                    what, " / ".join(ratio(x[k], w[k]) for k in FIELDS[:4])))
        for what in ("at rest", "after one notification"):
            x, m = medians.get("x11hud notification server, " + what), medians.get("mako notification server, " + what)
            if x and m:
                add("")
                add("x11hud / mako notification server, %s: %s (RSS / PSS / private / anonymous)." % (
                    what, " / ".join(ratio(x[k], m[k]) for k in FIELDS[:4])))
    if notify_cpu:
        add("")
        add("### CPU of a notification server over 100 notify-sends at 10/s (ms, median (min–max) of %d)"
            % args.cpu_runs)
        add("")
        add("| server | utime+stime | threads' run time (schedstat) | wake-ups | sway's run time | server + sway "
            "| per notification (utime+stime) | notify-send failed |")
        add("|---|---:|---:|---:|---:|---:|---:|---:|")
        for name, got in notify_cpu.items():
            add("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
                name, span([g["stat_ms"] for g in got], "%.0f"), span([g["sched_ms"] for g in got], "%.1f"),
                span([g["wakes"] for g in got], "%.0f"), span([g["sway_ms"] for g in got], "%.1f"),
                span([g["sched_ms"] + g["sway_ms"] for g in got], "%.1f"),
                span([g["stat_ms"] / 100.0 for g in got], "%.2f"), span([g["failed"] for g in got], "%.0f")))
        x, m = notify_cpu.get("x11hud"), notify_cpu.get("mako")
        if x and m:
            add("")
            add("x11hud / mako: utime+stime %s, schedstat %s, with sway's %s." % (
                ratio(med([g["stat_ms"] for g in x]), med([g["stat_ms"] for g in m])),
                ratio(med([g["sched_ms"] for g in x]), med([g["sched_ms"] for g in m])),
                ratio(med([g["sched_ms"] + g["sway_ms"] for g in x]), med([g["sched_ms"] + g["sway_ms"] for g in m]))))
    add("")
    for note in notes:
        add("- " + note)
    add("- Processes left naming the compositor after the run: %s." % (
        ", ".join("%s (%d)" % (n, p) for p, n in leftovers) if leftovers else "none"))
    return "\n".join(lines) + "\n"


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--binary", default=os.path.join(ROOT, ".build/release/x11hud"))
    p.add_argument("--baseline", help="another x11hud binary (an earlier commit) measured beside it as "
                                      "\"x11hud before\"")
    p.add_argument("--only", default="first,cpu,memory")
    p.add_argument("--runs", type=int, default=15, help="rounds of first pixels (default 15, after a warm-up)")
    p.add_argument("--cpu-runs", type=int, default=3, help="rounds of each CPU window (default 3)")
    p.add_argument("--memory-runs", type=int, default=5, help="rounds of the memory figures (default 5)")
    p.add_argument("--window", type=float, default=10.0, help="seconds of each CPU window (default 10)")
    p.add_argument("--rates", default="10,100", help="updates a second of the CPU windows (default 10,100)")
    p.add_argument("--out", help="also write the report here")
    args = p.parse_args(argv)
    args.only = {m.strip() for m in args.only.split(",") if m.strip()}
    if args.only - {"first", "cpu", "memory"}:
        p.error("--only takes first, cpu, memory")
    args.rates = [int(r) for r in args.rates.split(",")]
    args.binary = os.path.abspath(args.binary)
    args.binaries = [("x11hud", args.binary)] + (
        [("x11hud before", os.path.abspath(args.baseline))] if args.baseline else [])
    if not os.access(args.binary, os.X_OK):
        p.error("no x11hud at %s (make release)" % args.binary)
    missing = sorted({pkg for tool, pkg in NEEDED.items() if not shutil.which(tool)})
    if missing:
        p.error("missing: %s (sh packaging/deps.sh bench)" % " ".join(missing))
    return args


def main():
    args = parse_args(sys.argv[1:])
    raise_on_sigterm()
    started, started_load = time.time(), os.getloadavg()[0]
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip() or "?"
    children = Children()
    session = Session(children)
    notes, leftovers = [], []
    first = cpu = memory = notify_cpu = None
    try:
        wlfirst = build_wlfirst(session.runtime)
        session.start_sway()
        session.start_dbus()
        log("sway %d on %s" % (session.sway.pid, session.socket))
        if "first" in args.only:
            first = run_first(session, wlfirst, args.binaries, args.runs, notes)
        if "cpu" in args.only:
            cpu = run_cpu(session, children, args.binaries, args.rates, args.cpu_runs, args.window)
            notify_cpu = run_notify_cpu(session, children, args.binaries, args.cpu_runs)
        if "memory" in args.only:
            memory = run_memory(session, children, args.binaries, args.memory_runs)
        time.sleep(1)
        leftovers = session.leftovers({p.pid for p in children.procs})
    finally:
        children.kill_all()
        session.cleanup()
    text = report(args, commit, started, started_load, first, cpu, memory, notes, leftovers, notify_cpu)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
