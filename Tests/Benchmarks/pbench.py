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


def build(out_dir):
    """Compiles pbench.c into `out_dir` (libx11-dev, libxdamage-dev) and returns the binary's path."""
    binary = os.path.join(out_dir, "pbench")
    source = os.path.join(HERE, "pbench.c")
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        subprocess.run(["cc", "-O2", "-Wall", "-o", binary, source, "-lX11", "-lXdamage"], check=True, timeout=120)
    return binary


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
    fmt = tool.line(0).replace("%", "%%").replace("0", "%d", 1).replace("\n", "\\n")
    args = ["lat", "-c", tool.wm_class, "-n", str(updates), "-i", str(interval_ms), "-f", fmt]
    if tool.lat_spawn:
        args.append("-E")
    else:
        args += ["-s", tool.line(60).replace("\n", "\\n")]
    got = run(pbench, ctx, args + ["--"] + tool.lat, timeout=60 + updates * (interval_ms / 1000.0 + 1.1))
    finish_notify(ctx, tool)
    return got


def held_latency(pbench, ctx, tool, presses, interval_ms):
    """pbench lat -E over `tool.held`: one invocation every `interval_ms`, each timed from its fork to the next
    damage on the window the first one mapped (x11hud: the named HUD's owner; dunst: its notification window)."""
    ctx.watch.drain()
    args = ["lat", "-E", "-c", tool.wm_class, "-n", str(presses), "-i", str(interval_ms), "--"] + tool.held
    got = run(pbench, ctx, args, timeout=60 + presses * (interval_ms / 1000.0 + 1.1))
    finish_notify(ctx, tool)
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
