"""The private X session the benchmark runs in: Xvfb, optionally picom, a D-Bus session bus, dunst.

Every process started here is recorded in `Children` and killed by id (its own process group) on the way out,
whether the run ends normally, with an exception or with Ctrl-C. Every wait has a timeout.
"""

import os
import select
import signal
import subprocess
import time


class Children:
    """Processes this harness started. `kill_all` ends each by its id; nothing else is ever signalled."""

    def __init__(self):
        self.procs = []

    def spawn(self, argv, **kwargs):
        # A new session per child, so a tool that forks helpers is ended with them, by our child's id only.
        proc = subprocess.Popen(argv, start_new_session=True, **kwargs)
        self.procs.append(proc)
        return proc

    def kill(self, proc, sig=signal.SIGKILL, timeout=5.0):
        """Signals `proc`'s process group and reaps it; returns its exit status (None if it would not die)."""
        if proc.returncode is None:
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                pass
            try:
                proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                if sig != signal.SIGKILL:
                    return self.kill(proc, signal.SIGKILL, timeout)
                return None
        if proc in self.procs:
            self.procs.remove(proc)
        return proc.returncode

    def kill_all(self):
        # Newest first: tools before the compositor, the compositor before the X server.
        for proc in reversed(list(self.procs)):
            self.kill(proc, timeout=3.0)


def read_line(fd, timeout):
    """One line from `fd` within `timeout` seconds, or None (Xvfb -displayfd writes the display number)."""
    deadline = time.monotonic() + timeout
    data = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            continue
        chunk = os.read(fd, 64)
        if not chunk:
            return None
        data += chunk
        if b"\n" in data:
            return data.split(b"\n")[0].decode()
    return None


def wait_until(condition, timeout, interval=0.02):
    """Polls `condition` until it holds or `timeout` passes; returns its last value."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value or time.monotonic() >= deadline:
            return value
        time.sleep(interval)


class XSession:
    """A private Xvfb (1280x720x24, -noreset so the root colour survives the last client) and its helpers."""

    ROOT_COLOR = 0x2050C0  # the colour the tests paint the root with: "not painted" vs "black" stays visible

    def __init__(self, children):
        self.children = children
        self.display = None
        self.xvfb = None
        self.picom = None
        self.dbus = None
        self.dbus_address = None
        self.dunst = None

    def start_xvfb(self):
        rfd, wfd = os.pipe()
        self.xvfb = self.children.spawn(
            ["Xvfb", "-displayfd", str(wfd), "-noreset", "-nolisten", "tcp", "-screen", "0", "1280x720x24"],
            pass_fds=[wfd], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(wfd)
        try:
            number = read_line(rfd, timeout=15)
        finally:
            os.close(rfd)
        if number is None or not number.strip().isdigit():
            raise RuntimeError("Xvfb did not report a display number within 15 s")
        self.display = ":" + number.strip()
        return self.display

    def env(self, **extra):
        """The environment for a tool: ours, with this display and bus (never the caller's desktop)."""
        env = dict(os.environ)
        for key in ("WAYLAND_DISPLAY", "XAUTHORITY"):
            env.pop(key, None)
        env["DISPLAY"] = self.display
        env["GDK_BACKEND"] = "x11"
        if self.dbus_address:
            env["DBUS_SESSION_BUS_ADDRESS"] = self.dbus_address
        else:
            env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        env.update(extra)
        return env

    def start_dbus(self):
        """A session bus, as every desktop has one: GTK's peers talk to it, dunst needs it."""
        rfd, wfd = os.pipe()
        self.dbus = self.children.spawn(
            ["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=" + str(wfd)],
            pass_fds=[wfd], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=self.env())
        os.close(wfd)
        try:
            self.dbus_address = read_line(rfd, timeout=10)
        finally:
            os.close(rfd)
        if not self.dbus_address:
            raise RuntimeError("dbus-daemon did not print its address within 10 s")

    def start_picom(self):
        """picom with the xrender backend (Xvfb has no GL) and no config file, so no fades or shadows of its own
        (the tests run it the same way). Waits until it owns _NET_WM_CM_S0."""
        self.picom = self.children.spawn(["picom", "--backend", "xrender", "--config", "/dev/null"],
                                         env=self.env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        from xwatch import compositor_running
        if not wait_until(lambda: compositor_running(self.display), timeout=10):
            raise RuntimeError("picom did not take the compositor selection within 10 s")
        time.sleep(0.3)  # its first full repaint

    def stop_picom(self):
        if self.picom:
            self.children.kill(self.picom, signal.SIGTERM)
            self.picom = None
            time.sleep(0.3)

    def start_dunst(self):
        """The dunst daemon, running before any notification as in the issue's figures. Returns its process."""
        self.dunst = self.children.spawn(["dunst"], env=self.env(), stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL)
        if not wait_until(self.notifications_owned, timeout=10, interval=0.05):
            raise RuntimeError("dunst did not answer on the session bus within 10 s")
        return self.dunst

    def notifications_owned(self):
        """Whether a daemon owns org.freedesktop.Notifications. Asked with NameHasOwner, which (unlike
        dunstctl or notify-send) never makes the bus start a dunst of its own from dunst's service file,
        one this harness would not know about and that would take the name from the one it started."""
        out = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus",
                              "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner",
                              "string:org.freedesktop.Notifications"],
                             env=self.env(), timeout=5, capture_output=True, text=True)
        return out.returncode == 0 and "boolean true" in out.stdout

    def stop_dunst(self):
        if self.dunst:
            self.children.kill(self.dunst, signal.SIGTERM)
            self.dunst = None
            wait_until(lambda: not self.notifications_owned(), timeout=5, interval=0.05)
