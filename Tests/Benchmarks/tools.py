"""x11hud and its peers, each as the command line for every scenario and its own progress-line format.

A scenario a tool cannot do (osd_cat has no spinner; dunst reads no stdin) is None and shows as n/a.
"""

import os
from dataclasses import dataclass
from typing import Callable, Optional


@dataclass
class Tool:
    name: str
    package: Optional[str]                  # Debian package, for its version; None for x11hud itself
    ttff: list                              # shows 60 % with label "x" for 3 s (or until killed)
    static: Optional[list]                  # shows 60 % with label "x" and stays (stdin: an idle pipe)
    spinner: Optional[list]                 # an animated indeterminate display
    feed: Optional[list]                    # reads progress lines on stdin
    line: Callable = lambda percent: "%d\n" % percent  # one progress update in the tool's own format
    ttff_stdin_pipe: bool = False           # zenity/yad read stdin; give them an idle pipe as a script would
    notify: bool = False                    # dunst: the window belongs to the daemon, the command is notify-send
    wm_class: str = ""                      # what pbench matches the window's WM_CLASS or WM_NAME against (-c)
    ttff_first: str = ""                    # written on stdin at start of a display: xob maps only with input
    lat: Optional[list] = None              # pbench lat: the command it feeds (or, with lat_spawn, a template)
    lat_spawn: bool = False                 # one process per update (%d replaced), as notify-send is used
    held: Optional[list] = None             # a held volume key: one such command per repeat, %d the percentage
    held_on_stdin: bool = False             # a held key written on the running tool's stdin (xob: the key binding
                                            # writes into the pipe xob reads), not one command per repeat


# Every `--spinner` style, in SpinnerStyle's order.
SPINNER_STYLES = [
    "activity-indicator", "ball-vertical-bounce", "bar-sweep-toggle", "circle-arc-dot-spin", "circle-bar-spin-fade",
    "circle-dot-spin-fade", "circle-pulse-multiple", "circle-pulse-single", "circle-ripple-multiple",
    "circle-ripple-single", "circle-rotate-chase", "circle-stroke-spin", "dual-dot-sidestep", "horizontal-bar-scaling",
    "horizontal-dot-scaling", "pacman-progress", "quintuple-dot-dance", "semi-ring-rotation", "square-circuit-snake",
    "triangle-dot-shift", "symbol-bounce",
]


def x11hud(binary, name="x11hud"):
    return Tool(
        name=name, package=None,
        ttff=[binary, "--mode", "annular", "--progress", "0.6", "--label", "x", "--hide-after", "3"],
        static=[binary, "--mode", "annular", "--progress", "0.6", "--label", "x"],
        spinner=[binary, "--mode", "indeterminate", "--label", "x"],
        feed=[binary, "--mode", "annular", "--label", "x"],
        wm_class="x11hud", lat=[binary, "--mode", "annular", "--label", "x"],
        # The first invocation shows the HUD named vol; each later one changes it in place and exits.
        held=[binary, "--id", "vol", "--mode", "bar", "--progress", "%d%", "--label", "Volume %d%",
              "--hide-after", "1"],
    )


# osd_cat: its percentage bar for the display itself; for input, text mode with one line (-l 1), each line
# shown as it arrives (no -w), as people pipe progress into it.
OSD_CAT = Tool(
    name="osd_cat", package="xosd-bin",
    ttff=["osd_cat", "-b", "percentage", "-P", "60", "-T", "x", "-d", "3"],
    static=["osd_cat", "-b", "percentage", "-P", "60", "-T", "x", "-d", "60"],
    spinner=None,
    feed=["osd_cat", "-l", "1", "-d", "60"],
    line=lambda percent: "%d%%\n" % percent,
    wm_class="XOSD", lat=["osd_cat", "-l", "1", "-d", "60"],
)

ZENITY = Tool(
    name="zenity", package="zenity",
    ttff=["zenity", "--progress", "--percentage=60", "--text=x", "--timeout=3"],
    static=["zenity", "--progress", "--percentage=60", "--text=x"],
    spinner=["zenity", "--progress", "--pulsate", "--text=x"],
    feed=["zenity", "--progress", "--text=x"],
    ttff_stdin_pipe=True,
    wm_class="zenity", lat=["zenity", "--progress", "--text=x"],
)

YAD = Tool(
    name="yad", package="yad",
    ttff=["yad", "--progress", "--percentage=60", "--text=x", "--timeout=3"],
    static=["yad", "--progress", "--percentage=60", "--text=x"],
    spinner=["yad", "--progress", "--pulsate", "--text=x"],
    feed=["yad", "--progress", "--text=x"],
    ttff_stdin_pipe=True,
    wm_class="yad", lat=["yad", "--progress", "--text=x"],
)

# dunst: the daemon is already running (as on a desktop); the time is from spawning notify-send to dunst's
# window being mapped. A progress bar through the hint dunst reads; expires after 3 s.
DUNST = Tool(
    name="dunst (notify-send)", package="dunst",
    ttff=["notify-send", "-t", "3000", "-h", "int:value:60", "x"],
    static=None, spinner=None, feed=None,
    notify=True,
    wm_class="Dunst",
    # One notification replaced in place (the stack tag), as a volume key binding does it.
    lat=["notify-send", "-t", "3000", "-h", "int:value:%d", "-h", "string:x-dunst-stack-tag:bench", "x"],
    lat_spawn=True,
    # dunstify -r: the notification with that id replaced in place, as volume scripts for dunst do it.
    held=["dunstify", "-r", "4242", "-t", "1000", "-h", "int:value:%d", "Volume %d%"],
)


def xob(binary):
    """xob is not in Debian: measured when built from its sources (`--xob PATH`, its styles.cfg beside it).
    It reads integers on stdin and maps its bar with the first one, hiding again after 1 s without input."""
    styles = os.path.join(os.path.dirname(binary), "styles.cfg")
    argv = [binary, "-c", styles]
    return Tool(
        name="xob", package=None,
        ttff=argv, static=argv, spinner=None, feed=argv,
        wm_class="xob", ttff_first="60\n", lat=argv, held=argv, held_on_stdin=True,
    )


def floor(binary):
    """The C floor of a HUD (floor.c beside this file, built by pbench.build_floor): an ARGB override-redirect
    window with one Pango line, shown for 3 s. It has no input, so it takes part in start-up and memory only."""
    return Tool(name="C floor", package=None, ttff=[binary, "3"], static=None, spinner=None, feed=None,
                wm_class="floor")


def all_tools(binary, with_dunst=True, xob_binary=None, floor_binary=None):
    tools = ([x11hud(binary)] + ([xob(xob_binary)] if xob_binary else []) + [OSD_CAT, ZENITY, YAD]
             + ([floor(floor_binary)] if floor_binary else []))
    return tools + [DUNST] if with_dunst else tools
