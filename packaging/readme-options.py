#!/usr/bin/env python3
"""Writes the manual's table of options (docs/configuration.md) from the binary's table of commands (`--print-command-table`), the one the
parser, --help, the man page and the completion scripts are made from.

Usage: packaging/readme-options.py X11HUD_BINARY [FILE]
Without FILE, prints the table; with it (docs/configuration.md), replaces the table between its two markers in place.
"""
import json
import subprocess
import sys

BEGIN = "<!-- options: written by packaging/readme-options.py from the binary's table; do not edit by hand -->"
END = "<!-- end of options -->"


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def row(option, prefix=""):
    value = " <%s>" % option["valueName"] if option.get("valueName") else ""
    names = ", ".join("`--%s%s`" % (n, value) for n in option["names"])
    meaning = option["help"]
    if option.get("choices") and not all(c in meaning for c in option["choices"]):
        meaning += " Values: " + ", ".join("`%s`" % c for c in option["choices"]) + "."
    return "| %s%s | %s |" % (prefix, cell(names), cell(meaning))


def table(binary):
    root = json.loads(subprocess.run([binary, "--print-command-table"], capture_output=True, text=True,
                                     check=True).stdout)
    commands = {c["path"][-1]: c for c in root["subcommands"]}
    shown = [o for o in commands["show"]["options"] if o.get("visibility", "shown") == "shown"]
    names = {o["names"][0] for o in shown}
    render = [o for o in commands["render"]["options"]
              if o.get("visibility", "shown") == "shown" and o["names"][0] not in names]
    lines = ["| option | meaning |", "|---|---|"]
    lines += [row(o) for o in shown] + [row(o, "render only: ") for o in render]
    return "\n".join(lines)


def main():
    text = table(sys.argv[1])
    if len(sys.argv) < 3:
        print(text)
        return
    with open(sys.argv[2], encoding="utf-8") as f:
        readme = f.read()
    head, begin, rest = readme.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        sys.exit("readme-options.py: %s has no %s ... %s" % (sys.argv[2], BEGIN, END))
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write(head + BEGIN + "\n" + text + "\n" + END + tail)


if __name__ == "__main__":
    main()
