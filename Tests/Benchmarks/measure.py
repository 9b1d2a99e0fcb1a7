"""One run of each metric for one tool. Every function returns plain numbers (or None for "did not happen");
bench.py repeats them and takes medians. Times are time.monotonic() differences, in milliseconds.
"""

import fcntl
import glob
import os
import resource
import select
import signal
import subprocess
import termios
import time
import struct

import smaps

DEVNULL = subprocess.DEVNULL
PIPE = subprocess.PIPE


class Context:
    """What every measurement needs: the session (display, env), the child registry and the X watcher."""

    def __init__(self, session, children, watch, out_dir):
        self.session, self.children, self.watch, self.out_dir = session, children, watch, out_dir

    def spawn(self, argv, stdin):
        return self.children.spawn(argv, stdin=stdin, stdout=DEVNULL, stderr=DEVNULL, env=self.session.env())

    def finish(self, proc, window, notify=False):
        """Ends a run: the tool is killed (or dunst told to close everything), and its window gone from the
        screen before the next run starts, so one run's window never counts as the next one's."""
        if notify:
            subprocess.run(["dunstctl", "close-all"], env=self.session.env(), timeout=5, capture_output=True)
        if proc.stdin:
            close_quietly(proc.stdin)
        self.children.kill(proc)
        if window is not None:
            self.watch.wait_unmap(window, time.monotonic() + 3)
        time.sleep(0.05)
        self.watch.drain()


def close_quietly(f):
    try:
        f.close()
    except OSError:  # the tool may have exited, so the pipe is broken
        pass


# --- 1. time to first frame -------------------------------------------------------------------------------

def ttff(ctx, tool):
    """(ms to MapNotify, ms to the first pixel that differs from the root colour), from just before spawning."""
    ctx.watch.drain()
    stdin = PIPE if tool.ttff_stdin_pipe or tool.ttff_first else DEVNULL
    start = time.monotonic()
    proc = ctx.spawn(tool.ttff, stdin)
    if tool.ttff_first:
        write_line(proc, tool.ttff_first)
    mapped, window = ctx.watch.wait_map(start + 15)
    painted = ctx.watch.wait_painted(window, mapped + 3) if window is not None else None
    ctx.finish(proc, window, notify=tool.notify)
    return ms(start, mapped), ms(start, painted)


def ms(start, end):
    return None if end is None else (end - start) * 1000.0


# --- 2. peak memory -----------------------------------------------------------------------------------------

TEXT_STACK = ("cairo", "pango", "glib", "gobject", "gio-", "gmodule", "harfbuzz", "freetype", "fontconfig", "pixman",
              "png", "fribidi", "thai", "datrie", "expat", "graphite", "brotli", "libz.", "xcb-render", "xcb-shm",
              "ffi", "pcre", "mount", "blkid", "selinux")


def smaps_parts(pid, binary):
    """Where a process's resident memory is, in MiB: its own binary, the text stack's libraries (loaded by
    x11hud on first use), the other libraries (libc, libX11…), fonts and font caches, and anonymous memory."""
    parts = {"binary": 0, "text stack libraries": 0, "other libraries": 0, "fonts, caches": 0, "anonymous": 0}
    name = ""
    try:
        with open("/proc/%d/smaps" % pid) as f:
            for line in f:
                first = line.split(None, 1)[0]
                if "-" in first and not first.endswith(":"):
                    fields = line.split()
                    name = fields[5] if len(fields) > 5 else ""
                elif first == "Rss:":
                    kib = int(line.split()[1])
                    if name == binary:
                        key = "binary"
                    elif ".so" in name and any(t in name for t in TEXT_STACK):
                        key = "text stack libraries"
                    elif ".so" in name:
                        key = "other libraries"
                    elif name.startswith("/"):
                        key = "fonts, caches"
                    else:
                        key = "anonymous"
                    parts[key] += kib / 1024.0
    except OSError:
        return None
    return parts


def wait_peak(proc, timeout, close_stdin_after=None, inspect_at=None, also=()):
    """Reaps `proc` (killing it at `timeout`) and returns its peak memory in MiB: the largest of each of smaps.FIELDS
    (RSS, PSS, private, anonymous) read from /proc/PID/smaps_rollup every 5 ms while it ran, and "VmHWM", the
    kernel's own high-water mark of RSS from /proc/PID/status (which a peak between two samples cannot escape).
    Not wait4's ru_maxrss: Linux carries the forking parent's high-water mark across exec, so every child of this
    ~20 MiB Python would report at least that. `close_stdin_after` seconds: the end of input that ends a tool
    without a timeout of its own (xob). `also`: (pid, smaps.Peak) of other processes sampled at the same pace."""
    start = time.monotonic()
    deadline = start + timeout
    killed = False
    peak, hwm = smaps.Peak(), 0
    while True:
        if inspect_at is not None and time.monotonic() - start >= inspect_at[0]:
            inspect_at[1](proc.pid)
            inspect_at = None
        if close_stdin_after is not None and proc.stdin and time.monotonic() - start >= close_stdin_after:
            close_quietly(proc.stdin)
            proc.stdin = None
        peak.sample(proc.pid)
        hwm = max(hwm, status_kib(proc.pid, "VmHWM"))
        for pid, other in also:
            other.sample(pid)
        pid, status, _ = os.wait4(proc.pid, os.WNOHANG)
        if pid == proc.pid:
            proc.returncode = os.waitstatus_to_exitcode(status)  # so Popen does not wait for it again
            return dict(peak.values, VmHWM=hwm / 1024.0)
        if time.monotonic() > deadline:
            if killed:
                raise RuntimeError("%s would not die" % proc.args[0])
            os.killpg(proc.pid, signal.SIGKILL)
            killed, deadline = True, time.monotonic() + 10
        time.sleep(0.005)


def peak_rss(ctx, tool, parts=None):
    """wait_peak's peaks over a 3-second display: each tool exits by itself after 3 s (--hide-after 3, -d 3,
    --timeout=3). With a `parts` list, smaps_parts of the process 1.5 s in is appended to it."""
    ctx.watch.drain()
    proc = ctx.spawn(tool.ttff, PIPE if tool.ttff_stdin_pipe or tool.ttff_first else DEVNULL)
    if tool.ttff_first:
        write_line(proc, tool.ttff_first)
    inspect = None
    if parts is not None:
        inspect = (1.5, lambda pid: parts.append(smaps_parts(pid, os.path.realpath(tool.ttff[0]))))
    peak = wait_peak(proc, timeout=8, close_stdin_after=3.0 if tool.ttff_first else None, inspect_at=inspect)
    if proc.stdin:
        close_quietly(proc.stdin)
    ctx.children.procs.remove(proc)
    time.sleep(0.1)
    ctx.watch.drain()
    return peak


def peak_rss_dunst(ctx, tool):
    """(the daemon's peaks, notify-send's), each as wait_peak's: a fresh dunst daemon shows one notification for
    3 s, sampled from notify-send's fork until 3 s after notify-send has ended (its VmHWM counts its start too)."""
    ctx.session.stop_dunst()
    daemon = ctx.session.start_dunst()
    ctx.watch.drain()
    daemon_peak = smaps.Peak()
    proc = ctx.spawn(tool.ttff, DEVNULL)
    sender = wait_peak(proc, timeout=8, also=[(daemon.pid, daemon_peak)])
    ctx.children.procs.remove(proc)
    end = time.monotonic() + 3.0
    while time.monotonic() < end:
        daemon_peak.sample(daemon.pid)
        time.sleep(0.005)
    if daemon.poll() is not None:
        raise RuntimeError("the dunst daemon ended during its RSS run")
    daemon_result = dict(daemon_peak.values, VmHWM=status_kib(daemon.pid, "VmHWM") / 1024.0)
    subprocess.run(["dunstctl", "close-all"], env=ctx.session.env(), timeout=5, capture_output=True)
    ctx.watch.drain()
    return daemon_result, sender


def status_kib(pid, key):
    """A kB field of /proc/PID/status; 0 when absent (a zombie has no memory fields) or the process is gone."""
    try:
        return status_kib_path("/proc/%d/status" % pid, key)
    except OSError:
        return 0


# --- 3. CPU and wake-ups ------------------------------------------------------------------------------------

class ThreadCounters:
    """CPU time (schedstat, ns) and voluntary context switches of each thread of a process, sampled during a
    window. Summing /proc/PID/task/* at the two ends would go wrong when a thread ends inside the window (its
    counts vanish from the sum, which can then even fall: Dispatch retires idle workers after a few seconds),
    so each thread keeps its first and last values seen; one that ends loses at most its last sampling period."""

    def __init__(self, pid):
        self.pid = pid
        self.first, self.last = {}, {}
        self.sample(at_start=True)

    def sample(self, at_start=False):
        for task in glob.glob("/proc/%d/task/*" % self.pid):
            tid = int(task.rsplit("/", 1)[1])
            try:
                with open(task + "/schedstat") as f:
                    ns = int(f.read().split()[0])
                switches = status_kib_path(task + "/status", "voluntary_ctxt_switches")
            except (OSError, ValueError, IndexError):
                continue  # the thread ended between listing and reading
            # A thread born inside the window counts from zero.
            self.first.setdefault(tid, (ns, switches) if at_start else (0, 0))
            self.last[tid] = (ns, switches)

    def totals(self):
        """(CPU ns, voluntary switches) over the window, summed over every thread seen."""
        ns = sum(self.last[t][0] - self.first[t][0] for t in self.last)
        switches = sum(self.last[t][1] - self.first[t][1] for t in self.last)
        return ns, switches


def cpu_ticks_ms(pid):
    """utime + stime from /proc/PID/stat (whole process, including ended threads), in ms: 10 ms ticks, but a
    cross-check that no thread's work was lost."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000.0 / os.sysconf("SC_CLK_TCK")


def status_kib_path(path, key):
    with open(path) as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


class DamageCounter:
    """Every rectangle the X server reports changed on a window (XDamage, raw rectangles), on a connection of its
    own: the pixels a tool sends per update, whatever way it draws (XPutImage, XRender, core requests). Bytes are
    4 a pixel, what a 32-bit ZPixmap costs on the wire."""

    def __init__(self, display_name, window_id):
        from Xlib import display as xdisplay
        from Xlib.ext import damage
        self.d = xdisplay.Display(display_name)
        self.d.damage_query_version()  # DAMAGE answers nothing else before the version is agreed
        self.event = self.d.query_extension("DAMAGE").first_event + damage.DamageNotifyCode
        self.window = self.d.create_resource_object("window", window_id)
        self.damage = self.window.damage_create(damage.DamageReportRawRectangles)
        self.d.sync()
        self.pixels, self.rects = 0, 0

    def reset(self):
        self.poll()
        self.pixels, self.rects = 0, 0

    def poll(self):
        self.d.sync()  # reads what the server has sent
        while self.d.pending_events():
            e = self.d.next_event()
            if e.type == self.event:
                self.pixels += e.area.width * e.area.height
                self.rects += 1

    def close(self):
        try:
            self.d.close()
        except Exception:
            pass


def cpu_window(ctx, tool, argv, seconds, rate=0, settle=1.0, damage=None):
    """(CPU ms, CPU ms from ticks, wake-ups, the X server's CPU ms) over `seconds`, scaled to 10 s, after the
    window is mapped and `settle` seconds have passed (the fade-in and start-up are not what is measured). With
    `rate`, one progress line is written every 1/rate s, on an absolute schedule so a slow write does not lower
    the rate. The threads are sampled every 0.2 s (reading /proc wakes nothing in the tool)."""
    ctx.watch.drain()
    proc = ctx.spawn(argv, PIPE)
    if rate or tool.ttff_first:  # osd_cat in text mode and xob map their window only with the first line
        write_line(proc, tool.line(0) if rate else tool.ttff_first)
    _, window = ctx.watch.wait_map(time.monotonic() + 15)
    if window is None or proc.poll() is not None:
        ctx.finish(proc, window)
        return None
    counter = None
    if damage is not None:
        try:
            counter = DamageCounter(ctx.session.display, window.id)
        except Exception as e:  # no DAMAGE extension: the figure is left out
            print("bench: no damage counter: %s" % e)
    time.sleep(settle)
    if counter:
        counter.reset()
    pid = proc.pid
    ticks0 = cpu_ticks_ms(pid)
    counters = ThreadCounters(pid)
    server = ThreadCounters(ctx.session.xvfb.pid)  # the X server's work for the tool, in the same window
    start = time.monotonic()
    n, next_sample, next_write = 0, start + 0.2, start
    while time.monotonic() - start < seconds:
        now = time.monotonic()
        if now >= next_sample:
            counters.sample()
            server.sample()
            if counter:
                counter.poll()
            next_sample += 0.2
        if rate and now >= next_write:
            n += 1
            write_line(proc, tool.line(n % 100))
            next_write = start + n / rate
        wake = min(next_sample, next_write if rate else next_sample, start + seconds)
        time.sleep(max(0.0, wake - time.monotonic()))
    if counter:
        counter.poll()
        counter.close()
        damage.append((counter.pixels * 4.0 / max(n, 1), counter.rects / max(n, 1)))
    alive = proc.poll() is None
    if alive:
        counters.sample()
        server.sample()
        ticks1 = cpu_ticks_ms(pid)
    ctx.finish(proc, window)
    if not alive:
        return None
    ns, switches = counters.totals()
    server_ns, _ = server.totals()
    scale = 10.0 / seconds
    return ns / 1e6 * scale, (ticks1 - ticks0) * scale, switches * scale, server_ns / 1e6 * scale


def many_cpu_window(ctx, tool, argv, count, seconds, rate, settle=1.0):
    """(CPU ms of all `count` processes, wake-ups of all, the X server's CPU ms) over `seconds`, scaled to 10 s:
    `count` displays of the tool, each fed one progress line every 1/rate s (staggered evenly), as many scripts
    each with a HUD of its own."""
    ctx.watch.drain()
    procs, windows = [], []
    for i in range(count):
        proc = ctx.spawn(argv, PIPE)
        write_line(proc, tool.line(i % 100))
        _, window = ctx.watch.wait_map(time.monotonic() + 15)
        procs.append(proc)
        windows.append(window)
    if any(w is None for w in windows) or any(p.poll() is not None for p in procs):
        for p, w in zip(procs, windows):
            ctx.finish(p, w)
        return None
    time.sleep(settle)
    counters = [ThreadCounters(p.pid) for p in procs]
    server = ThreadCounters(ctx.session.xvfb.pid)
    start = time.monotonic()
    writes = [start + i / (rate * count) for i in range(count)]
    sent = [0] * count
    next_sample = start + 0.2
    while time.monotonic() - start < seconds:
        now = time.monotonic()
        if now >= next_sample:
            for c in counters:
                c.sample()
            server.sample()
            next_sample += 0.2
        for i, p in enumerate(procs):
            if now >= writes[i]:
                sent[i] += 1
                write_line(p, tool.line((sent[i] + 3 * i) % 100))
                writes[i] = start + i / (rate * count) + sent[i] / rate
        wake = min([next_sample, start + seconds] + writes)
        time.sleep(max(0.0, wake - time.monotonic()))
    for c in counters:
        c.sample()
    server.sample()
    alive = all(p.poll() is None for p in procs)
    for p, w in zip(procs, windows):
        ctx.finish(p, w)
    if not alive:
        return None
    ns = sum(c.totals()[0] for c in counters)
    switches = sum(c.totals()[1] for c in counters)
    scale = 10.0 / seconds
    return ns / 1e6 * scale, switches * scale, server.totals()[0] / 1e6 * scale


def write_line(proc, text):
    try:
        proc.stdin.write(text.encode())
        proc.stdin.flush()
    except (BrokenPipeError, OSError):
        pass


# --- 4. flood -----------------------------------------------------------------------------------------------

def flood_payload(tool, lines):
    """`lines` progress lines cycling 0..99 %, the last one 100 %."""
    cycle = [tool.line(i).encode() for i in range(100)]
    body = b"".join(cycle) * ((lines - 1) // 100) + b"".join(cycle[:(lines - 1) % 100])
    return body + tool.line(100).encode()


def pipe_unread(fd):
    """Bytes written into the pipe and not yet read by the tool (FIONREAD works on either end of a pipe)."""
    buf = fcntl.ioctl(fd, termios.FIONREAD, struct.pack("i", 0))
    return struct.unpack("i", buf)[0]


def start_showing(ctx, tool, first_line):
    """Starts the tool's feed command with one line written, and waits for its window (15 s cap)."""
    ctx.watch.drain()
    proc = ctx.spawn(tool.feed, PIPE)
    write_line(proc, first_line)
    _, window = ctx.watch.wait_map(time.monotonic() + 15)
    return proc, window


def reference_shot(ctx, tool, settle=1.0):
    """What the tool shows at 100 % (fed the single line "100"), to compare the end of the flood with."""
    proc, window = start_showing(ctx, tool, tool.line(100))
    time.sleep(settle)
    rect = ctx.watch.rect(window) if window is not None else None
    shot = ctx.watch.shot(rect) if rect else None
    ctx.finish(proc, window)
    return shot


def flood(ctx, tool, lines, cap, reference, run_index, settle=0.6):
    """Writes `lines` lines as fast as the tool takes them. Returns a dict: seconds until the pipe is drained
    (None if not within `cap`), the share consumed, whether the tool still runs, and how many pixels of its
    window differ from the 100 % reference afterwards."""
    payload = flood_payload(tool, lines)
    proc, window = start_showing(ctx, tool, tool.line(0))
    result = {"seconds": None, "consumed": 0.0, "alive": False, "diff": None, "pixels": None}
    if window is None:
        ctx.finish(proc, window)
        return result
    time.sleep(0.5)
    fd = proc.stdin.fileno()
    os.set_blocking(fd, False)
    start = time.monotonic()
    written = write_all(fd, payload, start + cap)
    drained = written == len(payload) and wait_drained(fd, start + cap)
    end = time.monotonic()
    unread = safe_unread(fd)
    result["consumed"] = (written - unread) / len(payload)
    result["alive"] = proc.poll() is None
    if drained:
        result["seconds"] = end - start
        time.sleep(settle)  # x11hud eases the ring for 0.2 s; let every tool finish its last frame
        rect = ctx.watch.rect(window)
        if rect and reference is not None:
            shot = ctx.watch.shot(rect)
            result["pixels"] = len(shot.pixels)
            result["diff"] = shot.differing(reference)
            if run_index == 0:
                shot.save_png(os.path.join(ctx.out_dir, "flood-%s.png" % tool.name.split()[0]))
    ctx.finish(proc, window)
    return result


def write_all(fd, payload, deadline):
    """Non-blocking writes until everything is in the pipe or the deadline passes; returns bytes written."""
    view = memoryview(payload)
    written = 0
    while written < len(payload) and time.monotonic() < deadline:
        _, ready, _ = select.select([], [fd], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            continue
        try:
            written += os.write(fd, view[written:written + 65536])
        except BlockingIOError:
            pass
        except (BrokenPipeError, OSError):
            break
    return written


def wait_drained(fd, deadline):
    """Whether the tool reads the last byte in the pipe before the deadline (polled every 0.5 ms)."""
    while time.monotonic() < deadline:
        if safe_unread(fd) == 0:
            return True
        time.sleep(0.0005)
    return safe_unread(fd) == 0


def safe_unread(fd):
    try:
        return pipe_unread(fd)
    except OSError:
        return 0


# --- 5. frame cost ------------------------------------------------------------------------------------------

def frame_cost(bench_binary):
    """The renderer benchmark's own markdown table."""
    out = subprocess.run([bench_binary], capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        raise RuntimeError("x11hud-bench failed: " + out.stderr.strip())
    return out.stdout.strip()


# --- 6. exec → exit -----------------------------------------------------------------------------------------

def exec_exit(argv, runs):
    """Milliseconds from posix_spawn (vfork-like, so this Python's size costs nothing) to the reaped exit of
    `argv`, once per run, output to /dev/null."""
    import shutil
    path = shutil.which(argv[0]) or argv[0]
    null = os.open(os.devnull, os.O_RDWR)
    times = []
    try:
        for _ in range(runs):
            start = time.monotonic()
            pid = os.posix_spawn(path, argv, os.environ,
                                 file_actions=[(os.POSIX_SPAWN_DUP2, null, 0), (os.POSIX_SPAWN_DUP2, null, 1),
                                               (os.POSIX_SPAWN_DUP2, null, 2)])
            os.waitpid(pid, 0)
            times.append((time.monotonic() - start) * 1000.0)
    finally:
        os.close(null)
    return times


# --- 7. a held key ------------------------------------------------------------------------------------------

def held_key(ctx, tool, presses, rate, tail=5.0):
    """A volume key held down: `presses` runs of `tool.held` (%d: 3, 6, 9 … %), `rate` a second on a fixed
    schedule, none waited for. Returns a dict: windows (the most of the tool's windows mapped at once, sampled
    every 10 ms), cpu_ms (every invocation's CPU from getrusage(RUSAGE_CHILDREN), so a HUD owner that outlives the
    key counts in full), daemon_ms (dunst's CPU, schedstat), server_ms (the X server's), seconds (first fork to the
    last process's exit), left (processes still running `tail` s after the last press: stopped, never reused)."""
    ctx.watch.drain()
    server = ThreadCounters(ctx.session.xvfb.pid)
    daemon = ThreadCounters(ctx.session.dunst.pid) if tool.notify and ctx.session.dunst else None
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    procs, most = [], 0
    start = time.monotonic()
    for k in range(presses):
        while time.monotonic() < start + k / rate:
            most = max(most, mapped_windows(ctx.watch, tool.wm_class))
            time.sleep(0.01)
        value = min(100, 3 * (k + 1))
        argv = [arg.replace("%d", str(value), 1) for arg in tool.held]
        procs.append(ctx.children.spawn(argv, stdin=DEVNULL, stdout=DEVNULL, stderr=DEVNULL,
                                        env=ctx.session.env()))
    deadline = time.monotonic() + tail
    while time.monotonic() < deadline and any(p.poll() is None for p in procs):
        most = max(most, mapped_windows(ctx.watch, tool.wm_class))
        time.sleep(0.01)
    seconds = time.monotonic() - start
    left = [p for p in procs if p.poll() is None]
    server.sample()
    if daemon:
        daemon.sample()
    for p in procs:
        ctx.children.kill(p)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return {"windows": most, "cpu_ms": cpu, "server_ms": server.totals()[0] / 1e6,
            "daemon_ms": daemon.totals()[0] / 1e6 if daemon else None, "seconds": seconds, "left": len(left)}


def mapped_windows(watch, wm_class):
    """How many top-level windows whose WM_CLASS contains `wm_class` (case-insensitive) are mapped now."""
    from Xlib import X
    from Xlib.error import XError
    count = 0
    for window in watch.root.query_tree().children:
        try:
            if window.get_attributes().map_state != X.IsViewable:
                continue
            names = window.get_wm_class() or ()
        except XError:
            continue  # destroyed meanwhile
        if any(wm_class.lower() in name.lower() for name in names):
            count += 1
    return count
