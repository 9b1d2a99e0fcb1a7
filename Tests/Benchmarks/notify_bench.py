#!/usr/bin/env python3
"""x11hud's notification server beside dunst, measured the same way in one run (issue 20).

    python3 Tests/Benchmarks/notify_bench.py --binary .build/release/x11hud [--runs 5]

Each server gets a fresh private Xvfb and session bus and is started before any notification, as on a desktop;
the clients are the real ones (notify-send, and python3-gi for the thousand calls). Figures:

- notify-send → map and → first damage of the notification's window (pbench map -D), ms, median of `runs`;
- a held volume key: 30 notify-send processes 100 ms apart updating one notification in place (the synchronous hint
  for x11hud, dunst's stack tag for dunst), each timed from its fork to the next damage on the window (pbench lat -E),
  and the server's CPU over the whole hold;
- the server's RSS at rest, and its RSS and peak after 1,000 notifications sent at once;
- the seconds until 5,000 notifications sent at once are all answered (a flood from one application).
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pbench as pb  # noqa: E402
from xsession import Children, XSession, wait_until  # noqa: E402

HELD_PRESSES, HELD_INTERVAL_MS = 30, 100

# N Notify calls sent at once without waiting for replies; prints the seconds until the last reply.
MANY = """
import sys, time
from gi.repository import Gio, GLib
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
loop = GLib.MainLoop()
n, done = int(sys.argv[1]), [0]
start = time.monotonic()
def reply(b, res):
    try:
        b.call_finish(res)
    except GLib.Error:
        pass
    done[0] += 1
    if done[0] == n:
        loop.quit()
for i in range(n):
    bus.call('org.freedesktop.Notifications', '/org/freedesktop/Notifications', 'org.freedesktop.Notifications',
             'Notify', GLib.Variant('(susssasa{sv}i)', ('bench', 0, '', 'Note %d' % i, 'body', [], {}, 1000)),
             GLib.VariantType('(u)'), 0, 60000, None, reply)
GLib.timeout_add_seconds(60, loop.quit)
loop.run()
print("%.3f %d" % (time.monotonic() - start, done[0]))
"""


class Ctx:
    """What pbench.run wants: the session (for its environment)."""

    def __init__(self, session):
        self.session = session


def proc_status(pid, key):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return None


def proc_cpu_ms(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000.0 / os.sysconf("SC_CLK_TCK")


def measure(name, server_argv, wm_class, held_hint, pbench, runs):
    children = Children()
    session = XSession(children)
    try:
        session.start_xvfb()
        session.start_dbus()
        server = children.spawn(server_argv, env=session.env(), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        if not wait_until(session.notifications_owned, timeout=10, interval=0.05):
            raise RuntimeError("%s did not take the name within 10 s" % name)
        time.sleep(0.5)
        ctx = Ctx(session)
        env = session.env()

        def close_all():
            if "dunst" in name:
                subprocess.run(["dunstctl", "close-all"], env=env, timeout=5, capture_output=True)
            else:
                subprocess.run([server_argv[0], "hide", "--all"], env=env, timeout=5, capture_output=True)
            time.sleep(0.6)

        maps, paints = [], []
        for _ in range(runs + 1):  # the first one warms up
            got = pb.run(pbench, ctx, ["map", "-D", "-c", wm_class, "--", "notify-send", "-t", "3000", "Hello",
                                       "a notification"], timeout=30)
            maps.append(got.get("map_ms"))
            paints.append(got.get("paint_ms"))
            close_all()
        maps, paints = [m for m in maps[1:] if m is not None], [p for p in paints[1:] if p is not None]

        rest_rss = proc_status(server.pid, "VmRSS")
        cpu0 = proc_cpu_ms(server.pid)
        held = pb.run(pbench, ctx, ["lat", "-E", "-c", wm_class, "-n", str(HELD_PRESSES), "-i",
                                    str(HELD_INTERVAL_MS), "--", "notify-send", "-t", "1000", "-h", "int:value:%d",
                                    "-h", held_hint, "Volume"],
                      timeout=60 + HELD_PRESSES * 2)
        held_cpu = proc_cpu_ms(server.pid) - cpu0
        close_all()

        # Debian's python3 (python3-gi), not whichever python3 is first on PATH.
        def send(n):
            sent = subprocess.run(["/usr/bin/python3", "-c", MANY, str(n)], env=env, timeout=90, capture_output=True,
                                  text=True)
            if sent.returncode != 0:
                raise RuntimeError("the %d notifications were not sent: %s" % (n, sent.stderr.strip()[-300:]))
            seconds, answered = sent.stdout.split()
            return float(seconds) if int(answered) == n else None

        send(1000)
        time.sleep(1)
        after_rss, peak = proc_status(server.pid, "VmRSS"), proc_status(server.pid, "VmHWM")
        close_all()
        flood = send(5000)
        return {
            "map": statistics.median(maps) if maps else None,
            "paint": statistics.median(paints) if paints else None,
            "held_med": held.get("lat_med_ms"), "held_p90": held.get("lat_p90_ms"), "held_missed": held.get("missed"),
            "held_cpu": held_cpu, "rest_rss": rest_rss, "after_rss": after_rss, "peak": peak, "flood": flood,
        }
    finally:
        children.kill_all()


def fmt(v, digits=1):
    return "n/a" if v is None else ("%.*f" % (digits, v))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--binary", required=True, help="the x11hud to measure (a release build)")
    p.add_argument("--runs", type=int, default=5)
    a = p.parse_args()
    pbench = pb.build(tempfile.mkdtemp(prefix="notify-bench-"))
    servers = [
        ("x11hud notifications", [os.path.abspath(a.binary), "notifications"], "x11hud",
         "string:x-canonical-private-synchronous:volume"),
        ("dunst", ["dunst"], "dunst", "string:x-dunst-stack-tag:volume"),
    ]
    rows = [(name, measure(name, argv, cls, hint, pbench, a.runs)) for name, argv, cls, hint in servers]
    print("| server | notify-send → map, ms | → first damage, ms | held key: fork → damage, median (p90), ms "
          "| missed | server CPU over the hold, ms | RSS at rest, kB | RSS after 1,000 (peak), kB "
          "| 5,000 calls answered, s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, r in rows:
        print("| %s | %s | %s | %s (%s) | %s | %s | %s | %s (%s) | %s |" % (
            name, fmt(r["map"]), fmt(r["paint"]), fmt(r["held_med"]), fmt(r["held_p90"]),
            fmt(r["held_missed"], 0), fmt(r["held_cpu"], 0), r["rest_rss"], r["after_rss"], r["peak"],
            fmt(r["flood"], 2)))


if __name__ == "__main__":
    main()
