"""x11hud and its peers, each as the command line for every scenario and its own progress-line format.

A scenario a tool cannot do (osd_cat has no spinner; dunst reads no stdin) is None and shows as n/a.
"""

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


# Every `--spinner` style, in SpinnerStyle's order.
SPINNER_STYLES = [
    "activity-indicator", "ball-vertical-bounce", "bar-sweep-toggle", "circle-arc-dot-spin", "circle-bar-spin-fade",
    "circle-dot-spin-fade", "circle-pulse-multiple", "circle-pulse-single", "circle-ripple-multiple",
    "circle-ripple-single", "circle-rotate-chase", "circle-stroke-spin", "dual-dot-sidestep", "horizontal-bar-scaling",
    "horizontal-dot-scaling", "pacman-progress", "quintuple-dot-dance", "semi-ring-rotation", "square-circuit-snake",
    "triangle-dot-shift", "symbol-bounce",
]


def x11hud(binary):
    return Tool(
        name="x11hud", package=None,
        ttff=[binary, "--mode", "annular", "--progress", "0.6", "--label", "x", "--hide-after", "3"],
        static=[binary, "--mode", "annular", "--progress", "0.6", "--label", "x"],
        spinner=[binary, "--mode", "indeterminate", "--label", "x"],
        feed=[binary, "--mode", "annular", "--label", "x"],
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
)

ZENITY = Tool(
    name="zenity", package="zenity",
    ttff=["zenity", "--progress", "--percentage=60", "--text=x", "--timeout=3"],
    static=["zenity", "--progress", "--percentage=60", "--text=x"],
    spinner=["zenity", "--progress", "--pulsate", "--text=x"],
    feed=["zenity", "--progress", "--text=x"],
    ttff_stdin_pipe=True,
)

YAD = Tool(
    name="yad", package="yad",
    ttff=["yad", "--progress", "--percentage=60", "--text=x", "--timeout=3"],
    static=["yad", "--progress", "--percentage=60", "--text=x"],
    spinner=["yad", "--progress", "--pulsate", "--text=x"],
    feed=["yad", "--progress", "--text=x"],
    ttff_stdin_pipe=True,
)

# dunst: the daemon is already running (as on a desktop); the time is from spawning notify-send to dunst's
# window being mapped. A progress bar through the hint dunst reads; expires after 3 s.
DUNST = Tool(
    name="dunst (notify-send)", package="dunst",
    ttff=["notify-send", "-t", "3000", "-h", "int:value:60", "x"],
    static=None, spinner=None, feed=None,
    notify=True,
)


def all_tools(binary, with_dunst=True):
    tools = [x11hud(binary), OSD_CAT, ZENITY, YAD]
    return tools + [DUNST] if with_dunst else tools
