"""Debian packages the benchmark needs: packaging/deps.sh's `bench` list, installed only when missing."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def version(package):
    """The installed Debian version of `package`, or None."""
    out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package],
                         capture_output=True, text=True, timeout=30)
    return out.stdout.strip() if out.returncode == 0 and out.stdout.strip() else None


def ensure():
    """Runs `packaging/deps.sh bench` (it installs with apt-get, with sudo when not root, only what is missing).
    Exits with its message when it cannot."""
    try:
        subprocess.run(["sh", os.path.join(ROOT, "packaging", "deps.sh"), "bench"], check=True, timeout=1800)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
        sys.exit("bench: packaging/deps.sh bench failed: %s" % error)
