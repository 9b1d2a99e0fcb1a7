#!/bin/bash
# The README's notification pictures: `x11hud notifications` on a private Xvfb and a private session bus, fed by
# notify-send. notify-bubbles.png: three notifications of different lengths, one with two actions, a critical one;
# notify-long.png: a long body cut to five lines beside an icon; notify-volume.png: a held volume key's OSD;
# notify-stack.png: duplicates stacked with a count (kept whole beside a long summary), and the "N more" pill under a
# full column; notify-progress.png: a download's progress as a bubble with a bar under its text, below a mail.
# Usage: docs/make-notify-shots.sh [path/to/x11hud]   (writes docs/screenshots/notify-*.png)
set -eu
X=$(realpath "${1:-.build/debug/x11hud}")
out=$(realpath "$(dirname "$0")")/screenshots
fd_file=$(mktemp)
exec 3>"$fd_file"
Xvfb -displayfd 3 -noreset -nolisten tcp -screen 0 1000x620x24 >/dev/null 2>&1 & xvfb=$!
for _ in $(seq 50); do [ -s "$fd_file" ] && break; sleep 0.1; done
export DISPLAY=:$(cat "$fd_file"); rm -f "$fd_file"
xsetroot -solid '#2050c0'
bus=$(dbus-daemon --session --fork --print-address=1 --print-pid=1)
export DBUS_SESSION_BUS_ADDRESS=$(echo "$bus" | sed -n 1p)
bus_pid=$(echo "$bus" | sed -n 2p)
export XDG_CONFIG_HOME=/nonexistent
"$X" notifications & server=$!
trap 'kill $server 2>/dev/null; sleep 0.3; kill $bus_pid $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
        --method org.freedesktop.DBus.GetNameOwner org.freedesktop.Notifications >/dev/null 2>&1 && break
    sleep 0.1
done
shot() {  # $1 = name, $2 = height; the screen's top-right corner, where the column stands
    sleep 1.2
    import -window root -crop 420x$2+580+0 "$out/notify-$1.png"
}
notify-send -t 0 -u low -i dialog-information "Backup finished" "312 files, 1.2 GB copied to <i>/mnt/backup</i>"
sleep 0.3
notify-send -t 0 -A open=Open -A folder="Show in folder" "Download complete" "debian-12.iso" &
sleep 0.3
notify-send -t 0 -u critical -i dialog-warning "Battery low" "<b>5 %</b> left: plug in the charger"
shot bubbles 300
"$X" hide --all; sleep 0.6
body="The meeting moved to Thursday at 10:00 in room 4.12. Please bring the slides from last week, the budget \
figures for the third quarter and your questions for the review. Coffee will be there; lunch will not, so eat \
before you come. If you cannot make it, tell Ann by Wednesday noon so that she can move the review again."
notify-send -t 0 -i dialog-information "Ann Example" "$body"
shot long 160
"$X" hide --all; sleep 0.6
for v in 20 35 50 65; do
    notify-send -t 0 -h int:value:$v -h string:x-canonical-private-synchronous:volume "Volume $v%"
    sleep 0.05
done
sleep 1.2
import -window root -crop 400x240+300+190 "$out/notify-volume.png"
"$X" hide --all; sleep 0.6
build="Build failed in ~/src/x11hud/Sources/HUDNotify/NotificationDesk.swift after 14 minutes"
for _ in 1 2 3; do notify-send -t 0 -a make "$build" "make: *** [all] Error 2"; done
notify-send -t 0 -u low -i dialog-information "Backup finished" "312 files copied"
for _ in 1 2; do notify-send -t 0 -a chat "Ann" "Are you coming to the review?"; done
for n in 1 2 3 4; do notify-send -t 0 -a feed "Article $n" "A new post in your feed"; done
shot stack 420
# The waiting ones too, which a hide of those shown would let in.
"$X" notifications close-all >/dev/null; sleep 0.6
notify-send -t 0 -i dialog-information "Ann Example" "Are you coming to the review?"
sleep 0.3
# Sent at 10 %, then brought to 42 % in place (replaces_id), as a copy reports it: the bar eases there.
id=$(notify-send -p -t 0 -i folder-download -h int:value:10 "Copying files" "10% of 1.2 GB")
notify-send -r "$id" -t 0 -i folder-download -A cancel=Cancel -h int:value:42 "Copying files" "42% of 1.2 GB" &
shot progress 225
