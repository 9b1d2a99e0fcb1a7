#!/usr/bin/env python3
"""Writes a man page of x11hud to stdout: x11hud(1), x11hud-notifications(1) or x11hud.toml(5).

Usage: packaging/man.py X11HUD_BINARY [SECTIONS_FILE]
SECTIONS_FILE is the page's hand-written roff (default packaging/x11hud.1.in; packaging/x11hud-notifications.1.in,
packaging/x11hud.toml.5.in); each draws on the same generated parts.

Everything --help knows (commands, options, their values, the exit statuses) comes from the binary's
`--print-command-table` JSON (the command-line table), and the config file's keys from its table of settings (`--print-settings`: key,
values, built-in value, help), so the page cannot drift from the code; what --help cannot hold (the input protocol,
FILES, ENVIRONMENT, EXAMPLES) is hand-written roff in packaging/x11hud.1.in, which marks where the generated parts go.
"""
import json
import os
import re
import subprocess
import sys
import time


def roff(text):
    """Plain text as roff: backslashes, dashes as minus signs (copy-pasteable options), non-ASCII as \\[uXXXX]."""
    out = []
    for ch in text.replace("\\", "\\e"):
        if ch == "-":
            out.append("\\-")
        elif ord(ch) > 127:
            out.append("\\[u%04X]" % ord(ch))
        else:
            out.append(ch)
    # A long word such as a JSON example cannot be hyphenated: let it break after its commas instead of
    # overflowing the line (groff warns "cannot adjust line").
    s = re.sub(r"\S{30,}", lambda m: m.group(0).replace(",", ",\\:"), "".join(out))
    # A line must not start with a control character.
    return "\n".join(("\\&" + l if l[:1] in (".", "'") else l) for l in s.split("\n"))


def paragraphs(text, separator=".PP"):
    """Discussion text (hard-wrapped at 120 columns in the source) as roff paragraphs."""
    blocks = [b for b in re.split(r"\n\s*\n", text.strip()) if b.strip()]
    return ("\n%s\n" % separator).join(roff(" ".join(l.strip() for l in b.split("\n"))) for b in blocks)


def markdown(text):
    """A sentence of the README's Markdown as roff: `code` and **bold** in bold, the rest as plain text."""
    out = []
    for i, part in enumerate(re.split(r"(`[^`]*`|\*\*[^*]*\*\*)", text)):
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            out.append("\\fB%s\\fR" % roff(part[1:-1]))
        elif part.startswith("**") and part.endswith("**") and len(part) > 3:
            out.append("\\fB%s\\fR" % roff(part[2:-2]))
        else:
            out.append(roff(part))
    return "".join(out)


def synopsis(binary, only=None):
    """`--print-synopsis` (the lines --help prints): literal words bold, <placeholders> italic, brackets plain;
    `only` keeps the lines it accepts."""
    lines = subprocess.run([binary, "--print-synopsis"], capture_output=True, text=True, check=True).stdout
    out = []
    for line in lines.strip().split("\n"):
        if only and not only(line):
            continue
        words = []
        for token in re.findall(r"<[^>]+>|[\[\]()|…]|[^\s\[\]()|…<]+", line):
            if token.startswith("<"):
                words.append("\\fI%s\\fR" % roff(token[1:-1]))
            elif token in "[]()|…":
                words.append(roff(token))
            else:
                words.append("\\fB%s\\fR" % roff(token))
        # Brackets hug what they enclose, as in the --help text.
        text = " ".join(words)
        for a, b in (("[ ", "["), (" ]", "]"), ("( ", "("), (" )", ")"), (" \\[u2026]", "\\[u2026]")):
            text = text.replace(a, b)
        out.append(text)
    return "\n.br\n".join(out)


def input_protocol(binary):
    """`--print-input-protocol`: the README's table of input lines as .TP entries, then its end-of-input
    paragraph."""
    dump = subprocess.run([binary, "--print-input-protocol"], capture_output=True, text=True, check=True).stdout
    rows, _, paragraph = dump.partition("\n\n")
    entries = []
    for row in rows.split("\n"):
        line, meaning = row.split("\t")
        entries.append(".TP\n%s\n%s" % (markdown(line), markdown(meaning[0].upper() + meaning[1:]) + "."))
    return "\n".join(entries) + "\n.PP\n" + markdown(" ".join(paragraph.split()))


def case_name(value):
    """An enumeration's case as Swift's JSON writes it: "shown", or {"shown": {}}."""
    return next(iter(value)) if isinstance(value, dict) else value


def option_entry(arg):
    value = arg.get("valueName")
    head = ", ".join("\\fB%s\\fR" % roff("--" + n) + (" \\fI%s\\fR" % roff(value) if value else "")
                     for n in arg["names"])
    body = roff(arg.get("help", "").strip())
    values = arg.get("choices")
    if values and not all(v in arg.get("help", "") for v in values):
        body += "\nOne of: " + ", ".join("\\fB%s\\fR" % roff(v) for v in values) + "."
    return ".TP\n%s\n%s" % (head, body)


def displayed(args):
    return [a for a in args if case_name(a.get("visibility", "shown")) == "shown"]


# The options every command answers, which the parser adds to each.
GENERAL = [
    {"names": ["help"], "help": "Show help information (also -h)."},
    {"names": ["version"], "help": "Show the version."},
]


def exit_status(discussion):
    """The `Exit status:` table at the end of the root command's discussion, as .TP entries."""
    head, _, table = discussion.partition("Exit status:")
    rows = [re.match(r"\s*(\S+)\s+(.*)", l) for l in table.split("\n") if l.strip()]
    entries = "\n".join(".TP\n.B %s\n%s" % (roff(m.group(1)), roff(m.group(2))) for m in rows if m)
    return head.strip(), entries


def settings(binary, only=None):
    """The config keys, one .TP entry each: what the key takes, its built-in value and the option's help; `only`
    keeps the keys it accepts."""
    table = subprocess.run([binary, "--print-settings"], capture_output=True, text=True, check=True).stdout
    entries = []
    for line in table.strip().split("\n"):
        key, takes, builtin, text = line.split("\t")
        if only and not only(key):
            continue
        entries.append(".TP\n\\fB%s\\fR\n%s; built in: %s.\n%s" % (roff(key), roff(takes[0].upper() + takes[1:]),
                                                                roff(builtin), roff(text)))
    return "\n".join(entries)


def page_date():
    """The date of the last commit (or SOURCE_DATE_EPOCH), so the same source gives the same page."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if not epoch:
        try:
            epoch = subprocess.run(["git", "log", "-1", "--format=%ct"], capture_output=True, text=True,
                                   cwd=os.path.dirname(os.path.abspath(__file__))).stdout.strip()
        except OSError:
            epoch = ""
    return time.strftime("%Y-%m-%d", time.gmtime(int(epoch) if epoch else time.time()))


def main():
    binary = sys.argv[1]
    here = os.path.dirname(os.path.abspath(__file__))
    sections_file = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "x11hud.1.in")
    root = json.loads(subprocess.run([binary, "--print-command-table"], capture_output=True, text=True,
                                     check=True).stdout)
    version = subprocess.run([binary, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    commands = {c["path"][-1]: c for c in root.get("subcommands", [])}
    # A command's own subcommands (notifications history, pause…) follow it, named by both words.
    nested = {}
    for name, c in commands.items():
        nested[name] = c
        for s in c.get("subcommands", []):
            nested[name + " " + s["path"][-1]] = s
    show, render = commands["show"], commands["render"]
    intro, statuses = exit_status(root.get("discussion", ""))

    def key(a):
        return a["names"][0]

    render_keys = {key(a) for a in displayed(render.get("options", []))}
    show_keys = {key(a) for a in displayed(show.get("options", []))}
    common = [a for a in displayed(show.get("options", [])) if key(a) in render_keys]
    show_only = [a for a in displayed(show.get("options", [])) if key(a) not in render_keys]
    render_only = [a for a in displayed(render.get("options", [])) if key(a) not in show_keys]
    general = GENERAL

    generated = {
        # The abstract is the NAME line already.
        "DESCRIPTION": paragraphs(intro) if intro else "",
        "COMMANDS": "\n".join(
            ".TP\n\\fBx11hud %s\\fR%s\n%s\n.IP\n%s" % (
                roff(name), " (the default)" if name == "show" else "",
                roff(c.get("abstract", "")), paragraphs(c.get("discussion", ""), ".IP") if c.get("discussion") else "")
            for name, c in nested.items()),
        "OPTIONS": "\n".join([
            ".SS Options of both commands", *map(option_entry, common),
            ".SS Options of show", *map(option_entry, show_only),
            ".SS Options of render", *map(option_entry, render_only),
            # run takes every option of show (the same option group) and adds its own: only those are listed.
            *[line for name, c in nested.items() if name not in ("show", "render") and displayed(c.get("options", []))
              for line in [".SS Options of " + roff(name),
                           *([".PP", "Every option of show, and:"] if name == "run" else []),
                           *map(option_entry, [a for a in displayed(c.get("options", []))
                                               if name != "run" or key(a) not in show_keys])]],
            ".SS General options", *map(option_entry, general)]),
        "EXIT STATUS": statuses,
        "SETTINGS": settings(binary),
        "SYNOPSIS": synopsis(binary),
        # x11hud-notifications(1): the notifications command, its own commands and options, its config table.
        "NOTIFICATIONS SYNOPSIS": synopsis(binary, lambda line: line.startswith("x11hud notifications")),
        "NOTIFICATIONS DESCRIPTION": paragraphs(commands["notifications"].get("discussion", "")),
        "NOTIFICATIONS COMMANDS": "\n".join(
            ".TP\n\\fBx11hud %s\\fR\n%s" % (roff(name), roff(c.get("abstract", "")))
            for name, c in nested.items() if name.startswith("notifications ")),
        "NOTIFICATIONS OPTIONS": "\n".join([
            *[line for name, c in nested.items() if name.startswith("notifications") and displayed(c.get("options", []))
              for line in [".SS Options of " + roff(name), *map(option_entry, displayed(c.get("options", [])))]],
            ".SS General options", *map(option_entry, general)]),
        "NOTIFICATIONS SETTINGS": settings(binary, lambda key: key.startswith("notifications.")),
        "INPUT PROTOCOL": input_protocol(binary),
    }
    with open(sections_file, encoding="utf-8") as f:
        template = f.read()
    out = template.replace("@DATE@", page_date()).replace("@VERSION@", version)
    # A terminal without UTF-8 (man in the C locale) has no ellipsis glyph: groff warns, and shows nothing.
    out = re.sub(r"^(\.TH .*)$", lambda m: m.group(1) + "\n.if n .char \\[u2026] ...", out, count=1, flags=re.M)

    def fill(match):
        if match.group(1) not in generated:
            sys.exit("man.py: %s: no generated part named %s" % (sections_file, match.group(1)))
        return generated[match.group(1)]

    out = re.sub(r"^\.\\\" @GENERATED (.+)@$", fill, out, flags=re.M)
    # Blank lines mean "space" to troff and are warned about by groff -ww; the generated parts may leave some.
    out = re.sub(r"\n{2,}", "\n", out)
    sys.stdout.write(out)


if __name__ == "__main__":
    main()
