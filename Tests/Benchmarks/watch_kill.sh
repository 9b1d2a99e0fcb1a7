#!/bin/bash
# Issue 40's case as written, RUNS times each: `rsync -a --bwlimit=10M` of 60 files of 1.5 MB watched with
# `x11hud --watch-pid`, SIGKILLed 2.2 s in; then the same copy at 60 MB/s left to finish. Prints x11hud's status,
# its stderr line and the status rsync's shell saw, each time. Own private Xvfb and folder; no resident.
# Usage: Tests/Benchmarks/watch_kill.sh [path/to/x11hud] [RUNS]
set -u
X=$(realpath "${1:-.build/release/x11hud}")
runs=${2:-10}
work=$(mktemp -d)
fd_file=$(mktemp)
exec 3>"$fd_file"
Xvfb -displayfd 3 -noreset -nolisten tcp -screen 0 1280x720x24 >/dev/null 2>&1 & xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$work" "$fd_file"' EXIT
for _ in $(seq 50); do [ -s "$fd_file" ] && break; sleep 0.1; done
export DISPLAY=:$(cat "$fd_file") X11HUD_NO_SERVE=1
cd "$work" && mkdir src
for i in $(seq 1 60); do head -c 1500000 /dev/urandom > "src/report_$i.txt"; done
for i in $(seq 1 "$runs"); do
    rm -rf dst; mkdir dst
    rsync -a --bwlimit=10M src/ dst/ 2>/dev/null & r=$!; sleep 0.3
    "$X" --watch-pid $r 2>err.txt & w=$!; sleep 2.2; kill -KILL $r; wait $w; s=$?
    wait $r 2>/dev/null; shell=$?
    echo "killed $i: x11hud $s; rsync to its shell $shell; $(ls dst | wc -l) files; $(cat err.txt)"
done
for i in $(seq 1 "$runs"); do
    rm -rf dst; mkdir dst
    rsync -a --bwlimit=60M src/ dst/ & r=$!; sleep 0.3
    "$X" --watch-pid $r 2>err.txt & w=$!; wait $w; s=$?; wait $r; shell=$?
    echo "finished $i: x11hud $s; rsync $shell; $(ls dst | wc -l) files; $(cat err.txt)"
done
