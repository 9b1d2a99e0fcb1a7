#!/bin/bash
# Issue 41 item 5: what a bad file at a kept text image's name costs a HUD's start. With the label's image kept as
# usual, with no image, then with a FIFO (a byte waiting in it, its other end held open), a link to /dev/zero and a
# sparse file of 2 GiB in its place, set up again before each run (a run renames a good image over it): fork → first
# painted pixel (`pbench map -D -P`, the copy in ../shared/tools, whose -P tells content from the map's exposure)
# and wall time from start to exit of `x11hud --mode text --label "Kept label" --hide-after 0.2`, the median of RUNS
# of each, and its ratio to the kept image's. Not `--hide-after 0`: that HUD hides before it draws any text, so it
# neither paints nor keeps an image. Own private Xvfb and cache directory; no resident.
# Usage: Tests/Benchmarks/kept-text-bad-files.sh [path/to/x11hud] [RUNS] [path/to/pbench.c]
set -u
X=$(realpath "${1:-.build/release/x11hud}")
runs=${2:-9}
root=$(cd "$(dirname "$0")/../.." && pwd)
pbench_c=${3:-$root/../shared/tools/pbench.c}
work=$(mktemp -d)
fd_file=$(mktemp)
cc -O2 -Wall -o "$work/pbench" "$pbench_c" -lX11 -lXdamage || exit 1
exec 3>"$fd_file"
Xvfb -displayfd 3 -noreset -nolisten tcp -screen 0 1280x720x24 >/dev/null 2>&1 & xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$work" "$fd_file"' EXIT
for _ in $(seq 50); do [ -s "$fd_file" ] && break; sleep 0.1; done
export DISPLAY=:$(cat "$fd_file") X11HUD_NO_SERVE=1 XDG_CACHE_HOME=$work/cache XDG_CONFIG_HOME=$work/config
hud=("$X" --mode text --label "Kept label" --hide-after 0.2)

"${hud[@]}" </dev/null || exit 1
kept=$(ls "$work/cache/x11hud/text")
[ "$(echo "$kept" | wc -l)" = 1 ] || { echo "expected one kept image, found: $kept" >&2; exit 1; }
image=$work/cache/x11hud/text/$kept
cp "$image" "$work/good"

# Puts case $1 at the image's name; a FIFO's ends stay open on descriptor 4 until `unplace`.
place() {
    rm -f "$image"
    case $1 in
    kept) cp "$work/good" "$image" ;;
    none) ;;
    fifo) mkfifo "$image" && exec 4<>"$image" && printf x >&4 ;;
    zero) ln -s /dev/zero "$image" ;;
    sparse) truncate -s 2G "$image" ;;
    esac
}
unplace() {
    if [ "$1" = fifo ]; then
        # The byte is still there: read it back without waiting, then close both ends.
        left=$(timeout 1 dd bs=1 count=1 <&4 2>/dev/null)
        [ "$left" = x ] || echo "fifo: the byte was read" >&2
        exec 4>&-
    fi
}
median() { sort -n | awk '{ v[NR] = $1 } END { printf "%.1f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

declare -A paint exit_ms
for case in kept none fifo zero sparse; do
    paints=() exits=()
    for _ in $(seq "$runs"); do
        place $case
        out=$("$work/pbench" map -D -P -c x11hud -- "${hud[@]}")
        unplace $case
        paints+=("$(echo "$out" | sed -n 's/.*paint_ms=\([0-9.]*\).*/\1/p')")
        place $case
        start=$(date +%s%N)
        "${hud[@]}" </dev/null
        status=$?
        end=$(date +%s%N)
        unplace $case
        [ $status = 0 ] || echo "$case: x11hud exited $status" >&2
        exits+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", (b - a) / 1e6 }')")
    done
    paint[$case]=$(printf '%s\n' "${paints[@]}" | grep . | median)
    exit_ms[$case]=$(printf '%s\n' "${exits[@]}" | median)
    [ -f "$image" ] && [ ! -L "$image" ] && cmp -s "$image" "$work/good" || echo "$case: no good image left" >&2
done

echo "x11hud --mode text --label \"Kept label\" --hide-after 0.2, median of $runs, ms (ratio to a kept image):"
printf '%-34s %18s %18s\n' "in the kept image's place" "fork → first paint" "start → exit"
for case in kept none fifo zero sparse; do
    case $case in
    kept) what="the kept image" ;;
    none) what="nothing (not kept yet)" ;;
    fifo) what="a FIFO with a byte in it" ;;
    zero) what="a link to /dev/zero" ;;
    sparse) what="a sparse file of 2 GiB" ;;
    esac
    printf '%-34s %10s (%4sx) %10s (%4sx)\n' "$what" "${paint[$case]}" \
        "$(awk -v a="${paint[$case]}" -v b="${paint[kept]}" 'BEGIN { printf "%.2f", a / b }')" "${exit_ms[$case]}" \
        "$(awk -v a="${exit_ms[$case]}" -v b="${exit_ms[kept]}" 'BEGIN { printf "%.2f", a / b }')"
done
