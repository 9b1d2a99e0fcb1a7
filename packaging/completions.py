#!/usr/bin/env python3
"""Writes the bash, zsh and fish completions of x11hud into a directory.

Usage: packaging/completions.py X11HUD_BINARY OUTDIR   (writes OUTDIR/x11hud.bash, OUTDIR/_x11hud, OUTDIR/x11hud.fish)

The scripts are the binary's own (`--generate-completion-script`), written from the same table of commands and
options as `--help` and the man page, so every option and every value set (modes, icons, positions, themes,
animations, pie styles, monitors from `xrandr --listmonitors`) follows the code, the default command's options
complete right after `x11hud`, and zenity's and yad's options after `x11hud zenity` and `x11hud yad`.
"""
import os
import subprocess
import sys

FILES = {"bash": "x11hud.bash", "zsh": "_x11hud", "fish": "x11hud.fish"}


def main():
    binary, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    for shell, name in FILES.items():
        script = subprocess.run([binary, "--generate-completion-script", shell], capture_output=True, text=True,
                                check=True).stdout
        if shell == "bash" and script.startswith("#!"):
            # It is sourced, never run: Debian's lintian warns about a #! line.
            script = script.split("\n", 1)[1]
        with open(os.path.join(outdir, name), "w", encoding="utf-8") as f:
            f.write(script)


if __name__ == "__main__":
    main()
