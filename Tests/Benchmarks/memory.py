#!/usr/bin/env python3
"""Memory as the machine sees it (issue 41): for x11hud and each peer in one run, the peak of RSS, PSS, private
and anonymous memory, from /proc/PID/smaps_rollup.

    python3 Tests/Benchmarks/memory.py --binary .build/release/x11hud [--also OTHER_BINARY:LABEL] \\
        [--xob /path/to/xob] [--runs 5]

RSS counts every page a process has mapped, shared or not, so a library used by every process on the desktop
counts whole in each; PSS divides each page among the processes that map it; private is what no other process
shares; anonymous is what the machine cannot take back without swap (file pages, code and fonts among them, are
dropped and read again under pressure); smaps.py reads them. Scenarios, each in a fresh private Xvfb and session bus:

- a HUD shown for 3 s (x11hud `--hide-after 3`, xob, osd_cat `-d 3`, zenity and yad `--timeout=3`, and dunst's
  daemon showing a notify-send for 3 s): every field sampled every 20 ms while it runs, the largest of each kept;
- the notification server (x11hud notifications, dunst) at rest 2 s after it owns its name, then 2 s after one
  notification was shown and closed;
- the resident (x11hud serve) at rest 2 s after it starts, then 2 s after a HUD it served has ended.

Each figure is the median of `runs`, in MiB.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tools as tl  # noqa: E402
from smaps import FIELDS, Peak, rollup  # noqa: E402
from xsession import Children, XSession, wait_until  # noqa: E402


def peak_of(proc, seconds, feed_first=None):
    """The largest of each field over the life of `proc` (killed after `seconds` + 5 if it has not ended)."""
    peak = Peak()
    start = time.monotonic()
    if feed_first:
        proc.stdin.write(feed_first.encode())
        proc.stdin.flush()
    while proc.poll() is None:
        peak.sample(proc.pid)
        if feed_first and proc.stdin and time.monotonic() - start >= seconds:
            proc.stdin.close()
            proc.stdin = None
        if time.monotonic() - start > seconds + 5:
            proc.kill()
        time.sleep(0.02)
    return peak.values


def shown_for_3s(session, children, tool):
    env = session.env()
    if tool.notify:
        daemon = session.start_dunst()
        subprocess.run(tool.ttff, env=env, timeout=10)
        peak = Peak()
        end = time.monotonic() + 3
        while time.monotonic() < end:
            peak.sample(daemon.pid)
            time.sleep(0.02)
        session.stop_dunst()
        return peak.values
    stdin = subprocess.PIPE if (tool.ttff_first or tool.ttff_stdin_pipe) else subprocess.DEVNULL
    proc = children.spawn(tool.ttff, env=env, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = peak_of(proc, 3.0, tool.ttff_first or None)
    if proc.stdin:
        proc.stdin.close()
    return peak


def notify(session, *args):
    subprocess.run(["notify-send", *args], env=session.env(), timeout=10, capture_output=True)


def server_at_rest_and_after(session, children, argv):
    """(at rest, after one notification) of a notification server."""
    server = children.spawn(argv, env=session.env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if not wait_until(session.notifications_owned, timeout=10, interval=0.05):
        raise RuntimeError("%s did not own the name within 10 s" % argv[0])
    time.sleep(2)
    rest = rollup(server.pid)
    notify(session, "-t", "800", "Backup done", "1.2 GB in 3 min")
    time.sleep(1.5)
    time.sleep(2)
    after = rollup(server.pid)
    children.kill(server, 15)
    wait_until(lambda: not session.notifications_owned(), timeout=5, interval=0.05)
    return rest, after


def resident_at_rest_and_after(session, children, binary):
    resident = children.spawn([binary, "serve"], env=session.env(), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    time.sleep(2)
    rest = rollup(resident.pid)
    subprocess.run([binary, "--mode", "annular", "--progress", "0.6", "--label", "x", "--hide-after", "0.5"],
                   env=session.env(), timeout=15, capture_output=True)
    time.sleep(2)
    after = rollup(resident.pid)
    children.kill(resident, 15)
    return rest, after


def median_row(samples):
    return {k: statistics.median(s[k] for s in samples if s) for k in FIELDS}


def fmt_row(name, row):
    return "| %s | %s |" % (name, " | ".join("%.1f" % row[k] for k in FIELDS))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--binary", required=True)
    p.add_argument("--also", action="append", default=[], help="ANOTHER_BINARY:LABEL, measured the same way")
    p.add_argument("--xob", help="xob built from its sources (styles.cfg beside it)")
    p.add_argument("--runs", type=int, default=5)
    args = p.parse_args()
    binaries = [(os.path.abspath(args.binary), "x11hud")] + [
        (os.path.abspath(a.rsplit(":", 1)[0]), a.rsplit(":", 1)[1]) for a in args.also]
    hud_tools = [tl.x11hud(b, label) for b, label in binaries]
    hud_tools += ([tl.xob(args.xob)] if args.xob else []) + [tl.OSD_CAT, tl.ZENITY, tl.YAD, tl.DUNST]

    shown = {t.name: [] for t in hud_tools}
    servers = {label: ([], []) for _, label in binaries}
    servers["dunst"] = ([], [])
    residents = {label: ([], []) for _, label in binaries}
    for run in range(args.runs):
        children = Children()
        try:
            session = XSession(children)
            session.start_xvfb()
            session.start_dbus()
            for tool in hud_tools:
                shown[tool.name].append(shown_for_3s(session, children, tool))
            for binary, label in binaries:
                rest, after = server_at_rest_and_after(session, children, [binary, "notifications"])
                servers[label][0].append(rest)
                servers[label][1].append(after)
                rest, after = resident_at_rest_and_after(session, children, binary)
                residents[label][0].append(rest)
                residents[label][1].append(after)
            rest, after = server_at_rest_and_after(session, children, ["dunst"])
            servers["dunst"][0].append(rest)
            servers["dunst"][1].append(after)
        finally:
            children.kill_all()
        print("run %d/%d done" % (run + 1, args.runs), file=sys.stderr)

    head = "| | RSS | PSS | private | anonymous |\n|---|---:|---:|---:|---:|"
    print("A HUD shown for 3 s, peak of each (MiB, median of %d):\n" % args.runs)
    print(head)
    for name, samples in shown.items():
        print(fmt_row(name + (" (daemon)" if name.startswith("dunst") else ""), median_row(samples)))
    print("\nThe notification server (MiB, median of %d):\n" % args.runs)
    print(head)
    for name, (rest, after) in servers.items():
        print(fmt_row(name + ", at rest", median_row(rest)))
        print(fmt_row(name + ", after one notification", median_row(after)))
    print("\nThe resident, `x11hud serve` (MiB, median of %d):\n" % args.runs)
    print(head)
    for name, (rest, after) in residents.items():
        print(fmt_row(name + ", at rest", median_row(rest)))
        print(fmt_row(name + ", after one HUD", median_row(after)))


main()
