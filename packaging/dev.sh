#!/bin/sh
# The README's Quick start: `sh packaging/dev.sh demo` and `sh packaging/dev.sh test`.
# Each installs the Debian packages it needs (only the missing ones) before it builds.
set -eu
cd "$(dirname "$0")/.."

# Swift is not a Debian package; accept it on PATH or where the swift.org tarball is usually unpacked.
if ! command -v swift >/dev/null 2>&1; then
    for d in /opt/swift/usr/bin /usr/share/swift/usr/bin "$HOME/swift/usr/bin"; do
        [ -x "$d/swift" ] && PATH="$d:$PATH" && break
    done
fi
command -v swift >/dev/null 2>&1 || { echo "dev.sh: no Swift toolchain found; install Swift 6.1 or later from swift.org" >&2; exit 1; }

case "${1:-}" in
demo)
    sh packaging/deps.sh build
    swift build -c release --product x11hud
    sh docs/make-gallery.sh .build/release/x11hud
    echo "Open docs/gallery/*.png to see every mode; the binary is .build/release/x11hud"
    ;;
test)
    sh packaging/deps.sh test
    # X tests start private Xvfb servers of their own; no DISPLAY is used.
    swift test
    ;;
*)
    echo "usage: sh packaging/dev.sh demo|test" >&2
    exit 64
    ;;
esac
