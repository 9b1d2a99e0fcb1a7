#!/bin/bash
# The README's "A HUD on a window" pictures: openbox on a private Xvfb, with and without picom, x11hud --over-window
# on an xterm (its own $WINDOWID) and two HUDs over an xlogo partly covered by the terminal; and under picom the
# terminal's HUD with a dim (--background-color), which darkens the terminal only.
# Usage: docs/make-over-window-shots.sh [path/to/x11hud]   (writes docs/screenshots/over-window-*.png)
set -eu
X=$(realpath "${1:-.build/debug/x11hud}")
out=$(realpath "$(dirname "$0")")/screenshots
shoot() {  # $1 = none|picom|dim
    local fd_file; fd_file=$(mktemp)
    exec 3>"$fd_file"
    Xvfb -displayfd 3 -noreset -nolisten tcp -screen 0 820x520x24 >/dev/null 2>&1 & local xvfb=$!
    for _ in $(seq 50); do [ -s "$fd_file" ] && break; sleep 0.1; done
    export DISPLAY=:$(cat "$fd_file"); rm -f "$fd_file"
    xsetroot -solid '#2050c0'
    openbox >/dev/null 2>&1 & local wm=$!; sleep 0.6
    local comp=
    local dim=()
    [ "$1" = dim ] && dim=(--background-color '#00000080')
    if [ "$1" != none ]; then picom --backend xrender --config /dev/null >/dev/null 2>&1 & comp=$!; sleep 0.8; fi
    export XDG_CONFIG_HOME=/nonexistent
    xlogo -geometry 330x330+450+120 & local logo=$!; sleep 0.6
    local w; w=$(xdotool search --onlyvisible --class xlogo | head -1)
    "$X" --over-window "$w" --label Upload --mode annular --progress 0.4 & local a=$!
    sleep 0.3
    "$X" --over-window "$w" --label Index --icon success & local b=$!
    sleep 0.4
    xterm -fa Monospace -fs 9 -geometry 70x20+30+40 -e sh -c \
        'printf "$ make\ncc -c main.c\ncc -c hud.c\n"; exec "$0" --over-window "$WINDOWID" --label Building \
         --details "make -j2" --mode indeterminate "$@"' "$X" "${dim[@]}" & local term=$!
    sleep 1.5
    import -window root "$out/over-window-$1.png"
    kill $a $b $term $logo $comp $wm 2>/dev/null || true; sleep 0.3; kill $xvfb
}
shoot none
shoot picom
shoot dim
