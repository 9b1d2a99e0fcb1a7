"""Medians, the machine description and the markdown of BENCHMARKS.md."""

import hashlib
import os
import platform
import statistics
import subprocess

import deps


# --- numbers ------------------------------------------------------------------------------------------------

def summary(values):
    """(median, min, max, how many) of the values that are not None; None when there are none."""
    good = [v for v in values if v is not None]
    if not good:
        return None
    return statistics.median(good), min(good), max(good), len(good)


def cell(values, fmt="%.1f", spread=True):
    """'12.3 (11.0–14.2)' for the median and range of a series; 'failed' when no run produced a value."""
    s = summary(values)
    if s is None:
        return "failed (%d runs)" % len(values) if values else "n/a"
    median, low, high, n = s
    text = fmt % median
    if spread and n > 1:
        text += " (" + fmt % low + "–" + fmt % high + ")"
    if n < len(values):
        text += ", %d of %d runs" % (n, len(values))
    return text


def median_of(values):
    s = summary(values)
    return None if s is None else s[0]


# --- the machine --------------------------------------------------------------------------------------------

def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def memory_gib():
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) / 1024 / 1024
    return 0


def swift_version():
    try:
        out = subprocess.run(["swift", "--version"], capture_output=True, text=True, timeout=60)
        return out.stdout.strip().splitlines()[0] if out.stdout.strip() else "unknown"
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"


def x11hud_version(binary):
    try:
        out = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=10)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"


def git_revision(root):
    try:
        rev = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "-C", root, "status", "--porcelain", "--", "Sources"],
                               capture_output=True, text=True, timeout=10).stdout.strip()
        return rev + (" (uncommitted changes under Sources/)" if dirty else "")
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"


def machine(binary, root, built):
    """Rows of (what, value) describing where the figures were taken. `built`: when the measured binary was
    built (its modification time), since the work tree may have moved on since."""
    rows = [
        ("CPU", "%s, %d cores" % (cpu_model(), os.cpu_count() or 0)),
        ("memory", "%.1f GiB" % memory_gib()),
        ("kernel", platform.release()),
        ("OS", distro()),
        ("Xvfb", "xvfb " + (deps.version("xvfb") or "?")),
        ("picom", deps.version("picom") or "?"),
        ("x11hud", "%s, sha256 %s…, built %s; git HEAD %s; %s" % (
            x11hud_version(binary), sha256(binary)[:12], built, git_revision(root), swift_version())),
    ]
    rows.append(("xob", "built from github.com/florentc/xob (its Makefile's defaults) when given with --xob"))
    for package in ("xosd-bin", "zenity", "yad", "dunst", "libnotify-bin", "python3-xlib"):
        rows.append((package, deps.version(package) or "not installed"))
    return rows


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def distro():
    try:
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown"


# --- markdown -----------------------------------------------------------------------------------------------

def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" if i == 0 else "---:"
                                                              for i in range(len(header))) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def load_note(before, after):
    """How busy the machine was around the run (1-minute load averages from /proc/loadavg)."""
    return ("Load average (1 min) when the run started: %s; when it ended: %s. The machine is a virtual one with two "
            "cores; times move with whatever else runs on it, so medians and ratios between tools of the same run "
            "are what to read, and instruction counts are the figures that do not depend on the load."
            % (before, after))


def loadavg():
    with open("/proc/loadavg") as f:
        return f.read().split()[0]

ORIENTATION = """Not measured here (not Debian packages): the issue's orientation figures, from a machine like this
one under Xvfb without a compositor, are xob 2.75 ms and herbe 11.8 ms from exec to window mapped; xob 2.9 MB peak
RSS; xob 140 ms CPU per 10 s at 100 updates/s and 155 s for the million lines (it redraws on every line). They are
quoted, not reproduced."""
