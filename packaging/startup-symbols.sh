#!/bin/sh
# Writes packaging/startup-symbols.txt: the functions of x11hud's own binary that a short HUD, a forwarding client and
# the notification server run, for lld's --symbol-ordering-file (see the Makefile). The kernel maps a file 64 KiB
# around each page a process touches (fault-around), and these ~0.8 MiB of functions were spread over all 10.6 MiB
# of .text: linked first and together, a HUD maps 5.1 MiB of code instead of 7.6 (BENCHMARKS.md, section 21).
# Functions inside sections the linker cannot split (most of the Swift standard library's, the runtime's C++) still
# bring their section along.
#
# usage: sh packaging/startup-symbols.sh BINARY > packaging/startup-symbols.txt
# BINARY: a release build with its symbol table (`make startup-symbols` links one and runs this). Needs Xvfb,
# valgrind, dbus-daemon, gdbus and notify-send. A stale list costs only memory: names that no longer exist are
# skipped by the linker.
set -eu
bin=$(realpath "$1")
work=$(mktemp -d)
trap 'kill $server $bus $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
server= bus=
exec 3>"$work/display"
Xvfb -displayfd 3 -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
while [ ! -s "$work/display" ]; do sleep 0.1; done
export DISPLAY=":$(cat "$work/display")" XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config" \
    XDG_RUNTIME_DIR="$work/runtime"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
grind() {
    out=$1
    shift
    valgrind --tool=callgrind --demangle=no --dump-instr=no --compress-strings=no --compress-pos=no \
        --callgrind-out-file="$work/$out.cg" "$bin" "$@" 2>/dev/null
}
# The forwarding client first: its functions are the ones every start runs.
sleep 30 | "$bin" --id vol --progress 0.3 --label A &
server=$!
sleep 1.5
(echo 40; sleep 1) | grind client --id vol --progress 0.5
grind client2 --id vol --progress 0.7 --hide-after 1
grind hud --mode annular --progress 0.6 --label x --hide-after 2
grind spinner --label Copying --hide-after 2
(for p in 10 20 30 40; do echo $p; sleep 0.3; done) | grind bar --mode bar --label Up
# The notification server, last: its pages stay resident for its whole life (issue 31). It serves a private bus
# and ends when that bus goes away.
dbus-daemon --session --nofork --nopidfile --print-address=4 4>"$work/bus" &
bus=$!
while [ ! -s "$work/bus" ]; do sleep 0.1; done
export DBUS_SESSION_BUS_ADDRESS="$(head -n 1 "$work/bus")"
grind notifications notifications &
notifications=$!
until gdbus call --session -d org.freedesktop.DBus -o /org/freedesktop/DBus -m org.freedesktop.DBus.NameHasOwner \
    org.freedesktop.Notifications 2>/dev/null | grep -q true; do sleep 0.2; done
notify-send -t 1500 Hello "a notification"
notify-send -t 1500 -u critical -i dialog-warning Battery "<b>5 %</b> left"
notify-send -t 1500 -A yes=Yes -A no=No Question "Keep it?" &
notify-send -t 1500 -h int:value:40 -h string:x-canonical-private-synchronous:volume Volume
sleep 8
"$bin" notifications close-all
kill $bus
wait $notifications || true
# Every function callgrind saw in the binary (`fn=` under `ob=BINARY`), client's first, each once; callgrind marks
# recursion levels with 'N.
for run in client client2 hud spinner bar notifications; do
    awk -v bin="$bin" '/^ob=/ { ob = substr($0, 4) } /^fn=/ && ob == bin { print substr($0, 4) }' "$work/$run.cg"
done | sed "s/'[0-9]*\$//" | grep -v '^0x' | awk '!seen[$0]++'
