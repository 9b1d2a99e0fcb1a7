#!/usr/bin/env python3
"""Writes cli-golden.json: what x11hud says to bad and edge command lines, and each command's --help.

Usage: make-cli-golden.py PATH/TO/x11hud > cli-golden.json

Captured once from the binary before the command line was read another way (issue 38): CLIGoldenTests then runs
the binary over every case and holds it to the same stderr, stdout and exit status (help only to the same words, so
it may be reflowed). Each case runs with /dev/null as stdin, / as its directory and ENVIRONMENT below: no display,
no session bus, no config file, no resident, so nothing outside the binary changes what it says.
"""
import json
import subprocess
import sys

ENVIRONMENT = {
    "PATH": "/usr/bin:/bin",
    "DISPLAY": ":9999",
    "HOME": "/nonexistent/x11hud-golden",
    "XDG_CONFIG_HOME": "/nonexistent/x11hud-golden",
    "XDG_CONFIG_DIRS": "/nonexistent/x11hud-golden",
    "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/x11hud-golden/bus",
    "X11HUD_NO_SERVE": "1",
    "LANG": "C.UTF-8",
}

LONG_ID = "n" * 129

# Bad and edge command lines, by command. Valid ones end with the display that cannot be opened (69), which shows
# they got past the parser.
CASES = [
    # The default command (show).
    ["--bogus"], ["-x"], ["-"], ["---mode", "ring"], ["-="], ["foo"], ["--mode", "ring", "extra"],
    ["--mode"], ["--mode", "bogus"], ["--mode=bogus"], ["--mode="], ["--mode=", "--label", "x"],
    ["--label="], ["--label=", "--mode", "bogus"], ["--label"], ["--label", "--mode"],
    ["--mode", "ring", "--mode", "bogus"], ["--mode", "bogus", "--mode", "ring"], ["--mode", "--", "ring"],
    ["--"], ["--", "foo"], ["--mode", "ring", "--"], ["--stdin=yes"], ["--stdin", "--stdin"],
    ["--progress", "abc"], ["--progress", "2"], ["--progress", "-0.5"], ["--progress", "150%"],
    ["--percentage", "101"], ["--percentage", "abc"], ["--percentage", "-1"],
    ["--scale", "0"], ["--scale", "9"], ["--scale", "abc"], ["--margin", "-5"], ["--corner-radius", "1e9"],
    ["--hide-after", "-1"], ["--hide-after", "soon"], ["--hide-after", "auto"], ["--hide-after"],
    ["--grace", "x"], ["--min-show", "1e9"], ["--position", "nowhere"], ["--offset", "abc"],
    ["--offset", "1,2,3"], ["--offset", "-100,0"], ["--animation", "spin"], ["--theme", "purple"],
    ["--bezel-style", "glass"], ["--bezel-color", "notacolor"], ["--content-color", "#12345"],
    ["--background-color", "red2"], ["--font", "Sans 0"], ["--details-font", "Sans 100000"],
    ["--button-font", ""], ["--min-size", "0x0"], ["--min-size", "abc"], ["--icon", "nope"],
    ["--spinner", "nope"], ["--pie-style", "nope"], ["--monitor", "-3"], ["--monitor", "abc"],
    ["--watch-pid", "1", "--watch-file", "/nonexistent/f"], ["--watch-file", "/nonexistent/f"],
    ["--watch-pid", "abc"], ["--watch-pid", "1", "--total", "5s"], ["--total", "abc"], ["--total", "1.5G"],
    ["--over-window", "nowhere"], ["--queue"], ["--id", ""], ["--id=" + LONG_ID], ["--id", "a", "--queue"],
    ["--mode", "text", "--icon", "check"], ["--markup", "--label", '<span font="Sans 4000">X</span>'],
    ["--image", "/nonexistent/x.png"], ["--image", "/dev/zero"], ["--no-config", "--print-config"],
    ["--config", "/nonexistent/x11hud-golden/c.toml"], ["--print-settings", "--bogus"],
    ["--version", "--bogus"], ["--help", "--bogus"], ["--generate-completion-script", "nosh"],
    ["show", "--bogus"], ["show", "foo"], ["show", "--mode", "bogus"], ["show"], ["help", "nothing"],
    # run
    ["run"], ["run", "--"], ["run", "--bogus", "--", "true"], ["run", "--watch-pid", "1", "--", "true"],
    ["run", "--done-label"], ["run", "--pty=1", "--", "true"], ["run", "--mode", "bogus", "--", "true"],
    ["run", "foo"], ["run", "--pty", "--no-pty", "--mode", "bogus", "--", "true"],
    ["run", "--fail-label=", "--mode", "bogus", "--", "x"],
    # hide
    ["hide"], ["hide", "--all", "--id", "x"], ["hide", "--id"], ["hide", "--bogus"], ["hide", "foo"],
    ["hide", "--over-window", "nowhere"], ["hide", "--id", "x"], ["hide", "--all", "--all"],
    # list
    ["list", "--bogus"], ["list", "foo"], ["list", "--json=1"], ["list", "--display"], ["list"],
    # serve
    ["serve", "--bogus"], ["serve", "foo"], ["serve", "--display"], ["serve"],
    # notifications and its sub-forms
    ["notifications", "--bogus"], ["notifications", "--max-visible", "0"], ["notifications", "--max-visible", "abc"],
    ["notifications", "--max-visible", "1000"], ["notifications", "--timeout", "-1"],
    ["notifications", "--timeout", "abc"], ["notifications", "--value-indicator", "bogus"],
    ["notifications", "--theme", "purple"], ["notifications", "foo"], ["notifications", "pause"],
    ["notifications", "pause", "maybe"], ["notifications", "pause", "off", "--for", "5m"],
    ["notifications", "pause", "on", "--for", "0"], ["notifications", "pause", "on", "--for", "abc"],
    ["notifications", "pause", "on", "--for", "200h"], ["notifications", "pause", "on", "--for"],
    ["notifications", "pause", "on", "off"], ["notifications", "count", "bogus"],
    ["notifications", "count", "shown", "extra"], ["notifications", "action"], ["notifications", "action", "abc"],
    ["notifications", "history", "--bogus"], ["notifications", "pop", "extra"],
    ["notifications", "close-all", "--x"], ["notifications", "history"], ["notifications", "--replace=yes"],
    # render
    ["render"], ["render", "--out"], ["render", "--out", "/nonexistent/x11hud-golden/x.png", "--size", "0x0"],
    ["render", "--size", "abc", "--out", "/nonexistent/x11hud-golden/x.png"],
    ["render", "--size", "100000x100000", "--out", "/nonexistent/x11hud-golden/x.png"],
    ["render", "--bogus"], ["render", "--mode", "bogus", "--out", "/nonexistent/x11hud-golden/x.png"],
    ["render", "foo"], ["render", "--out", "/nonexistent/x11hud-golden/x.png"],
    # zenity and yad
    ["zenity"], ["zenity", "--info"], ["zenity", "--progress", "--bogus"],
    ["zenity", "--progress", "--percentage=abc"], ["zenity", "--progress", "--timeout=abc"],
    ["zenity", "--progress", "--percentage"], ["zenity", "--progress", "foo"], ["zenity", "--progress"],
    ["yad"], ["yad", "--progress", "--bogus"], ["yad", "--progress", "--percentage=200"],
    ["yad", "--progress", "--timeout=abc"], ["yad", "--progress"], ["--progress", "--bogus"],
    ["--progress", "--text=x", "--pulsate"],
]

HELP = [
    ["--help"], ["-h"], ["help"], ["show", "--help"], ["run", "--help"], ["hide", "--help"], ["list", "--help"],
    ["serve", "--help"], ["render", "--help"], ["notifications", "--help"], ["notifications", "history", "--help"],
    ["notifications", "pop", "--help"], ["notifications", "pause", "--help"],
    ["notifications", "close-all", "--help"], ["notifications", "count", "--help"],
    ["notifications", "action", "--help"], ["zenity", "--help"], ["yad", "--help"], ["help", "run"],
]


def run(binary, args):
    result = subprocess.run([binary] + args, env=ENVIRONMENT, cwd="/", stdin=subprocess.DEVNULL,
                            capture_output=True, timeout=30)
    return {"arguments": args, "status": result.returncode,
            "stdout": result.stdout.decode("utf-8", "replace"), "stderr": result.stderr.decode("utf-8", "replace")}


def main():
    binary = sys.argv[1]
    golden = {"environment": ENVIRONMENT,
              "cases": [run(binary, args) for args in CASES],
              "help": [run(binary, args) for args in HELP]}
    json.dump(golden, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")


main()
