#!/bin/sh
# The README's Quick start: `sh packaging/dev.sh demo` and `sh packaging/dev.sh test`.
# Each installs the Debian packages it needs (only the missing ones) before it builds.
set -eu
cd "$(dirname "$0")/.."

. packaging/swift-path.sh

case "${1:-}" in
demo)
    sh packaging/deps.sh build
    swift build -c release --static-swift-stdlib --product x11hud
    sh packaging/lazy-text-stack.sh .build/release/x11hud
    sh docs/make-gallery.sh .build/release/x11hud
    if [ -n "${DISPLAY:-}" ]; then
        echo "Showing a live HUD on $DISPLAY"
        sh packaging/demo-feed.sh | .build/release/x11hud --mode bar --label Starting
    else
        # No display: play the demo on a private X server and keep a screenshot of it.
        sh packaging/deps.sh test
        mkdir -p out
        Xvfb :97 -noreset -nolisten tcp -screen 0 800x500x24 >/dev/null 2>&1 &
        xvfb=$!
        trap 'kill $xvfb 2>/dev/null' EXIT
        sleep 1
        DISPLAY=:97 xsetroot -solid '#3B6EA5'
        (sh packaging/demo-feed.sh | DISPLAY=:97 .build/release/x11hud --mode bar --label Starting) &
        demo=$!
        sleep 1.6
        DISPLAY=:97 import -window root out/demo.png
        wait $demo
        echo "No DISPLAY: played the demo on a private Xvfb; screenshot in out/demo.png"
    fi
    echo "Every mode is pictured in docs/gallery/; the binary is .build/release/x11hud"
    ;;
test)
    sh packaging/deps.sh test
    # The style (.swift-format, 120 columns) first: a minute of tests is not spent on a change that will not pass.
    sh packaging/lint.sh
    # What the tests and SwiftPM leave in temporary files goes into one folder, removed when the run ends (a
    # killed test cannot clean up after itself). /tmp's own mode, as a test runs a program as another user.
    TMPDIR=$(mktemp -d "${TMPDIR:-/tmp}/x11hud-tests.XXXXXX")
    export TMPDIR
    chmod 1777 "$TMPDIR"
    trap 'rm -rf "$TMPDIR"' EXIT
    swift build --build-tests
    # Pure suites first, one at a time and alone: on two cores, beside the X suites, a suite that takes milliseconds
    # reported seconds of waiting for a thread. Then the rest in parallel; X tests start private Xvfb servers of their
    # own, no DISPLAY is used.
    pure="^($(grep -v '^#' Tests/pure-targets | paste -sd '|'))\\."
    swift test --skip-build --no-parallel --filter "$pure"
    swift test --skip-build --skip "$pure"
    ;;
*)
    echo "usage: sh packaging/dev.sh demo|test" >&2
    exit 64
    ;;
esac
