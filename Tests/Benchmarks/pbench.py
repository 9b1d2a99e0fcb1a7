"""The external measuring tool `pbench.c` (beside this file), driven for every tool the same way, and
callgrind's instruction counts for x11hud.

pbench is a small X client that starts the tool itself and watches from outside: fork → MapNotify of its window
and → the first XDamage on it (`map -D`), and stdin write → the next damage on the window (`lat`). Its output is
`key=value` words, parsed here into dicts.
"""

import glob
import os
import re
import shutil
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))


def build(out_dir, name="pbench", libraries=("-lX11", "-lXdamage")):
    """Compiles NAME.c beside this file into `out_dir` (pbench: libx11-dev, libxdamage-dev) when it is newer than
    the binary there, and returns the binary's path."""
    binary = os.path.join(out_dir, name)
    source = os.path.join(HERE, name + ".c")
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        subprocess.run(["cc", "-O2", "-Wall", "-o", binary, source] + list(libraries), check=True, timeout=120)
    return binary


def build_floor(out_dir):
    """floor.c, the C floor of a HUD (libpango1.0-dev, libcairo2-dev)."""
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "pangocairo", "cairo-xlib", "x11"],
                           capture_output=True, text=True, check=True, timeout=30).stdout.split()
    return build(out_dir, "floor", flags)


def words(text):
    """{'map_ms': 2.8, 'class': 'xob/xob', …} from pbench's `key=value` output; 'NA' becomes None."""
    out = {}
    for key, value in re.findall(r"(\w+)=(\S+)", text):
        if value == "NA":
            out[key] = None
            continue
        try:
            out[key] = float(value)
        except ValueError:
            out[key] = value
    return out


def run(pbench, ctx, args, timeout):
    out = subprocess.run([pbench] + args, capture_output=True, text=True, timeout=timeout, env=ctx.session.env())
    return words(out.stdout)


def map_paint(pbench, ctx, tool):
    """(fork → map ms, fork → first damage ms) of one display of the tool (killed 100 ms after the map)."""
    ctx.watch.drain()
    args = ["map", "-D", "-c", tool.wm_class, "-K", "-H", "100"]
    if tool.ttff_first:
        args += ["-s", tool.ttff_first.replace("\n", "\\n")]
    got = run(pbench, ctx, args + ["--"] + tool.ttff, timeout=30)
    finish_notify(ctx, tool)
    return got.get("map_ms"), got.get("paint_ms")


def latency(pbench, ctx, tool, interval_ms, updates):
    """Medians of write → damage for `updates` updates, one every `interval_ms`: a dict with lat_med_ms,
    lat_p90_ms, lat_max_ms, missed (no damage within 1 s). Values alternate 20 and 80 %."""
    ctx.watch.drain()
    args = ["lat", "-c", tool.wm_class, "-n", str(updates), "-i", str(interval_ms), "-f", escaped_format(tool)]
    if tool.lat_spawn:
        args.append("-E")
    else:
        args += ["-s", tool.line(60).replace("\n", "\\n")]
    got = run(pbench, ctx, args + ["--"] + tool.lat, timeout=60 + updates * (interval_ms / 1000.0 + 1.1))
    finish_notify(ctx, tool)
    return got


def held_latency(pbench, ctx, tool, presses, interval_ms, step=3, quiet_ms=250):
    """pbench lat -E over `tool.held`: one invocation every `interval_ms` (values step, 2 step, … %, a held volume
    key), each timed from its fork to the next damage on the window the first one mapped (x11hud: the named HUD's
    owner; dunst: its notification window); a tool that takes the key on its stdin (xob) gets the values written
    there instead. Then settle_ms: the last press's fork → the last change of the window's pixels, once they have
    not changed for `quiet_ms` (pbench reads the window back at each damage)."""
    ctx.watch.drain()
    args = ["lat", "-c", tool.wm_class, "-n", str(presses), "-i", str(interval_ms), "-S", str(step),
            "-Q", str(quiet_ms)]
    if tool.held_on_stdin:
        args += ["-f", escaped_format(tool), "-s", tool.line(0).replace("\n", "\\n")]
    else:
        args.append("-E")
    got = run(pbench, ctx, args + ["--"] + tool.held, timeout=60 + presses * (interval_ms / 1000.0 + 1.1))
    finish_notify(ctx, tool)
    return got


def escaped_format(tool):
    """The tool's progress line as a pbench format: `%d\\n`, `%d%%\\n`."""
    return tool.line(0).replace("%", "%%").replace("0", "%d", 1).replace("\n", "\\n")


def cpu_steps(pbench, ctx, tool, rate, step, seconds):
    """pbench cpu over the tool's feed: the first line (0), 1 s, then `rate` lines a second for `seconds`, the values
    going up and down by `step` (a held key's small steps). A dict with cmd_sched_ms (the tool's threads' run time,
    schedstat), cmd_cpu_ms (utime+stime ticks) and the X server's pidN_sched_ms as server_sched_ms."""
    ctx.watch.drain()
    xvfb = ctx.session.xvfb.pid
    args = ["cpu", "-w", "1", "-d", str(seconds), "-r", str(rate), "-S", str(step), "-f", escaped_format(tool),
            "-s", tool.line(0).replace("\n", "\\n"), "-p", str(xvfb)]
    got = run(pbench, ctx, args + ["--"] + tool.feed, timeout=60 + seconds)
    got["server_sched_ms"] = got.get("pid%d_sched_ms" % xvfb)
    ctx.watch.drain()
    return got


def finish_notify(ctx, tool):
    """dunst keeps its window: close the notification so the next run maps it again."""
    if tool.notify:
        subprocess.run(["dunstctl", "close-all"], env=ctx.session.env(), timeout=5, capture_output=True)
    ctx.watch.drain()


# --- instruction counts -------------------------------------------------------------------------------------

def callgrind_available():
    return shutil.which("valgrind") is not None


def instructions(argv, env, out_dir, until=None):
    """Instructions executed by `argv` (callgrind's `Collected`), or None; with `until` (a function name such as
    XMapRaised), those executed before its first call. Run on a copy without debug information: valgrind 3.19
    cannot read the DWARF 5 of Swift 6's ("Possibly corrupted debuginfo file")."""
    stripped = os.path.join(out_dir, "x11hud.stripped")
    binary = argv[0]
    if not os.path.exists(stripped) or os.path.getmtime(stripped) < os.path.getmtime(binary):
        subprocess.run(["strip", "--strip-debug", "-o", stripped, binary], check=True, timeout=60)
    prefix = os.path.join(out_dir, "callgrind.out")
    for old in glob.glob(prefix + "*"):
        os.remove(old)
    options = ["--callgrind-out-file=" + prefix] + (["--dump-before=" + until] if until else [])
    # Without the thread that loads the text stack beside the start: valgrind runs one thread at a time, so how far
    # it got by the map would vary from run to run. The counts are the work itself, wherever it runs.
    env = dict(env, X11HUD_LOAD_TEXT_ON_FIRST_USE="1")
    out = subprocess.run(["valgrind", "--tool=callgrind"] + options + [stripped] + argv[1:],
                         capture_output=True, text=True, timeout=300, env=env, stdin=subprocess.DEVNULL)
    if until:
        part = prefix + ".1"  # the dump made at the first call of `until`
        if not os.path.exists(part):
            return None
        with open(part) as f:
            match = re.search(r"^totals:\s*(\d+)", f.read(), re.M)
    else:
        match = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    return int(match.group(1)) if match else None
