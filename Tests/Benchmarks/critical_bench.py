#!/usr/bin/env python3
"""How soon a critical notification is on screen when the column is already full (issue 39), beside dunst.

    python3 Tests/Benchmarks/critical_bench.py --binary .build/release/x11hud [--runs 5]

Each server gets a fresh private Xvfb and session bus, started before any notification. For each crowd (five
notifications that never expire from five applications; 60 from one flooding application, whose own critical one
then comes; five volume-key OSDs that never expire), the crowd is sent with notify-send, then
`notify-send -u critical` is started and the top-right corner where both servers put a critical bubble (400×260
points) is read back (XGetImage, every 2 ms, one pixel in four looked at) until 2,000 of its pixels show a critical
bubble's red (x11hud's #8F0D0D, dunst's default #900000), the first frames of a fade-in included: the time from
the fork to that read is the figure, a median of `runs`. Everything is closed between runs. The red count is what a
user sees, so a bubble that waits for a place, or is drawn off the screen, is never counted.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xsession import Children, XSession, wait_until  # noqa: E402
from xwatch import XWatch  # noqa: E402

CROWDS = [
    ("five that never expire", "for a in 1 2 3 4 5; do notify-send -t 0 -a app$a \"Stays $a\" body; done", "upower"),
    ("a flood, then its own critical",
     "for i in $(seq 1 60); do notify-send -t 0 -a flood \"Flood $i\" body; done", "flood"),
    ("five OSDs", "for a in 1 2 3 4 5; do notify-send -t 0 -a keys$a -h int:value:$((a * 10)) Level; done",
     "upower"),
]
ROOT = 0x2050C0
TIMEOUT = 10.0


def is_red(p):
    r, g, b = (p >> 16) & 255, (p >> 8) & 255, p & 255
    return r > 60 and g < 30 and b < 30


def critical_ms(session, watch, app):
    """ms from the fork of notify-send -u critical until 2,000 red pixels are in the corner; None if never."""
    rect = (880, 0, 400, 260)
    env = session.env()
    start = time.monotonic()
    child = subprocess.Popen(["notify-send", "-u", "critical", "-a", app, "Battery critical", "5% left"], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.monotonic() - start < TIMEOUT:
            shot = watch.shot(rect)
            # Every other pixel of every other row: 500 of those stand for 2,000.
            width = shot.width
            seen = sum(1 for row in range(0, shot.height, 2) for p in shot.pixels[row * width:(row + 1) * width:2]
                       if is_red(p))
            if seen >= 500:
                return (time.monotonic() - start) * 1000
            time.sleep(0.002)
        return None
    finally:
        child.wait(timeout=10)


def measure(name, server_argv, close_argv, runs):
    children = Children()
    session = XSession(children)
    try:
        session.start_xvfb()
        session.start_dbus()
        children.spawn(server_argv, env=session.env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not wait_until(session.notifications_owned, timeout=10, interval=0.05):
            raise RuntimeError("%s did not take the name within 10 s" % name)
        watch = XWatch(session.display, ROOT)
        env = session.env()
        results = {}
        for crowd, script, app in CROWDS:
            times = []
            for _ in range(runs):
                subprocess.run(["sh", "-c", script], env=env, timeout=120, capture_output=True)
                time.sleep(1.0)
                times.append(critical_ms(session, watch, app))
                subprocess.run(close_argv, env=env, timeout=10, capture_output=True)
                time.sleep(1.0)
            seen = [t for t in times if t is not None]
            results[crowd] = (statistics.median(seen) if seen else None, len(times) - len(seen))
        watch.close()
        return results
    finally:
        children.kill_all()


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--binary", required=True, help="the x11hud to measure (a release build)")
    p.add_argument("--runs", type=int, default=5)
    a = p.parse_args()
    x11hud = os.path.abspath(a.binary)
    servers = [
        ("x11hud notifications", [x11hud, "notifications"], [x11hud, "notifications", "close-all"]),
        ("dunst", ["dunst"], ["dunstctl", "close-all"]),
    ]
    rows = [(name, measure(name, argv, close, a.runs)) for name, argv, close in servers]
    print("| server | " + " | ".join("%s: critical on screen, ms (never)" % c for c, _, _ in CROWDS) + " |")
    print("|---|" + "---:|" * len(CROWDS))
    for name, r in rows:
        cells = []
        for crowd, _, _ in CROWDS:
            median, never = r[crowd]
            cells.append(("n/a" if median is None else "%.0f" % median) + (" (%d)" % never if never else ""))
        print("| %s | %s |" % (name, " | ".join(cells)))


if __name__ == "__main__":
    main()
