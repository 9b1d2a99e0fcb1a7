"""Debian packages the benchmark needs, installed only when missing (as packaging/deps.sh does)."""

import os
import shutil
import subprocess
import sys

# What the harness drives: the X server and compositor, the peers, the X client library it watches with.
PACKAGES = [
    "xvfb", "picom", "x11-utils", "python3-xlib",
    "xosd-bin", "zenity", "yad",
    "dunst", "libnotify-bin", "dbus",  # dunst is in Debian, so it is measured; it needs a session bus
]


def installed(package):
    """Whether dpkg knows `package` as installed (dpkg-query exits non-zero for unknown names)."""
    out = subprocess.run(["dpkg-query", "-W", "-f=${Status}", package],
                         capture_output=True, text=True, timeout=30)
    return out.returncode == 0 and "install ok installed" in out.stdout


def version(package):
    """The installed Debian version of `package`, or None."""
    out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package],
                         capture_output=True, text=True, timeout=30)
    return out.stdout.strip() if out.returncode == 0 and out.stdout.strip() else None


def ensure(packages=PACKAGES):
    """Installs the missing ones with apt-get (with sudo when not root). Exits with a message when it cannot."""
    missing = [p for p in packages if not installed(p)]
    if not missing:
        return
    if not shutil.which("apt-get"):
        sys.exit("bench: apt-get not found; install: " + " ".join(missing))
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    print("bench: installing " + " ".join(missing), file=sys.stderr)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    # Timeouts so a stuck mirror or a sudo prompt cannot hang the benchmark for ever.
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True, timeout=600, env=env)
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends"] + missing,
                   check=True, timeout=1200, env=env, stdout=subprocess.DEVNULL)
