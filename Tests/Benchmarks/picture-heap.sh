#!/bin/sh
# The notification server's anonymous memory at rest and after a burst of big pictures sent as pixels (image-data),
# all expired: what glibc's heap keeps (issue 39 item 7; BENCHMARKS.md section 33).
#   sh Tests/Benchmarks/picture-heap.sh X11HUD_BINARY [NOTIFICATIONS]
# Each picture is 1200x1200 RGBA (5.8 MB) from python3-gi, on a private Xvfb and session bus.
set -eu
binary=$1
count=${2:-30}
work=$(mktemp -d)
cleanup() { kill "${server:-}" "${xvfb:-}" "${bus:-}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
Xvfb -displayfd 3 -nolisten tcp -screen 0 800x600x24 3>"$work/display" >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.1; done
DISPLAY=:$(cat "$work/display")
dbus-daemon --session --fork --print-address=3 --print-pid=4 3>"$work/address" 4>"$work/pid"
DBUS_SESSION_BUS_ADDRESS=$(cat "$work/address")
bus=$(cat "$work/pid")
export DISPLAY DBUS_SESSION_BUS_ADDRESS
"$binary" notifications >/dev/null 2>&1 &
server=$!
for _ in $(seq 50); do
    gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
        --method org.freedesktop.DBus.NameHasOwner org.freedesktop.Notifications 2>/dev/null | grep -q true && break
    sleep 0.1
done
anonymous() { awk '/^Anonymous/ { print $2 }' "/proc/$server/smaps_rollup"; }
sleep 1
echo "at rest: $(anonymous) kB anonymous"
/usr/bin/python3 - "$count" <<'PY'
import sys
from gi.repository import Gio, GLib
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
side = 1200
data = bytes((i * 7) & 255 for i in range(side * side * 4))
picture = GLib.Variant('(iiibiiay)', (side, side, side * 4, True, 8, 4, data))
for n in range(int(sys.argv[1])):
    bus.call_sync('org.freedesktop.Notifications', '/org/freedesktop/Notifications',
                  'org.freedesktop.Notifications', 'Notify',
                  GLib.Variant('(susssasa{sv}i)', ('pics', 0, '', 'Photo %d' % n, '', [], {'image-data': picture}, 500)),
                  None, Gio.DBusCallFlags.NONE, -1, None)
PY
# Every one has expired (500 ms each, five at a time) and hidden by then.
sleep 4
echo "after $count pictures, all expired: $(anonymous) kB anonymous"
