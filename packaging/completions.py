#!/usr/bin/env python3
"""Writes the bash, zsh and fish completions of x11hud into a directory.

Usage: packaging/completions.py X11HUD_BINARY OUTDIR   (writes OUTDIR/x11hud.bash, OUTDIR/_x11hud, OUTDIR/x11hud.fish)

The scripts are swift-argument-parser's own (`--generate-completion-script`), so every option and every value set
(modes, icons, positions, themes, animations, pie styles, monitors from `xrandr --listmonitors`) follows the code.
One thing they lack: `show` is x11hud's default command, and argument-parser completes a default command's options
only after its name. Each script gets a few lines so that an option right after `x11hud` completes as `x11hud show`
would (`x11hud --<Tab>`, `x11hud --monitor <Tab>`). A generator that no longer matches fails here, loudly.
"""
import os
import re
import subprocess
import sys

NOTE = "show is the default command: an option right after the command completes as after `x11hud show`."

PATCHES = {
    "bash": ("""    set +o history +o posix
""", """    set +o history +o posix

    # x11hud: %s
    if [[ "${COMP_CWORD}" -ge 1 && "${COMP_WORDS[1]}" == -* ]]; then
        local -a COMP_WORDS=("${COMP_WORDS[0]}" show "${COMP_WORDS[@]:1}")
        local -i COMP_CWORD=$((COMP_CWORD + 1))
        local COMP_LINE="${COMP_LINE/#"${COMP_WORDS[0]}"/"${COMP_WORDS[0]}" show}"
        local -i COMP_POINT=$((COMP_POINT + 5))
    fi
""" % NOTE),
    "zsh": ("""    local -r command_name="${words[1]}"
""", """    # x11hud: %s
    if [[ "${words[2]}" == -* ]]; then
        words=("${words[1]}" show "${words[@]:1}")
        (( CURRENT++ ))
    fi

    local -r command_name="${words[1]}"
""" % NOTE),
    "fish": ("""    set -l unparsed_tokens (__x11hud_tokens -pc)
""", """    set -l unparsed_tokens (__x11hud_tokens -pc)
    # x11hud: %s
    set -l first $unparsed_tokens[2]
    test (count $unparsed_tokens) -lt 2; and set first (__x11hud_tokens -t)
    string match -q -- '-*' "$first"; and set unparsed_tokens $unparsed_tokens[1] show $unparsed_tokens[2..]
""" % NOTE),
}

FILES = {"bash": "x11hud.bash", "zsh": "_x11hud", "fish": "x11hud.fish"}

DIALOG_NOTE = ("zenity and yad are chosen before the command line is parsed (`x11hud zenity …`), so "
               "swift-argument-parser knows neither: their names and options come from the binary's table.")


def commands(binary):
    """The binary's list of commands (`--print-commands`): those swift-argument-parser knows, with its own `help`,
    and the dialogs chosen before parsing."""
    rows = [line.split("\t") for line in subprocess.run([binary, "--print-commands"], capture_output=True,
                                                         text=True, check=True).stdout.split("\n") if line]
    return [n for n, kind in rows if kind == "parsed"] + ["help"], [n for n, kind in rows if kind == "dialog"]


def bash_dialogs(script, binary):
    """`x11hud <Tab>` offers zenity and yad; after either, its own options (`x11hud --print-dialog-options`)."""
    parsed, dialogs = commands(binary)
    options = {p: subprocess.run([binary, "--print-dialog-options", p], capture_output=True, text=True,
                                 check=True).stdout.split() for p in dialogs}
    words = re.search(r"compgen -W '(%s)' -- \"\$\{cur\}\"" % " ".join(parsed), script)
    case = "    %s)\n" % "|".join(parsed)
    if not words or script.count(case) != 1:
        sys.exit("completions.py: the bash script from swift-argument-parser changed; update bash_dialogs")
    script = script.replace(words.group(0), words.group(0).replace(words.group(1),
                                                                   " ".join([words.group(1)] + dialogs)))
    branch = "".join("""    %s)
        # x11hud: %s
        COMPREPLY+=($(compgen -W '%s' -- "${cur}"))
        ;;
""" % (p, DIALOG_NOTE, " ".join(options[p])) for p in dialogs)
    return script.replace(case, branch + case)


def main():
    binary, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    for shell, name in FILES.items():
        script = subprocess.run([binary, "--generate-completion-script", shell], capture_output=True, text=True,
                                check=True).stdout
        anchor, replacement = PATCHES[shell]
        if script.count(anchor) != 1:
            sys.exit("completions.py: the %s script from swift-argument-parser changed; update PATCHES" % shell)
        script = script.replace(anchor, replacement)
        if shell == "bash":
            script = bash_dialogs(script, binary)
        if shell == "bash" and script.startswith("#!"):
            # It is sourced, never run: Debian's lintian warns about a #! line.
            script = script.split("\n", 1)[1]
        with open(os.path.join(outdir, name), "w", encoding="utf-8") as f:
            f.write(script)


if __name__ == "__main__":
    main()
