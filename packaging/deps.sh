#!/bin/sh
# Installs the Debian packages x11hud needs, only those missing. Usage: packaging/deps.sh [build|test|package|bench]
#   build:   libraries and headers to compile, fonts to render text with.
#   test:    also a private X server, a compositor, the X tools the tests drive, and what checks the man page;
#            headless sway, grim, a C compiler (the tests' virtual pointer), foot (a Wayland window to make
#            fullscreen) and KDE's kwin-wayland (the one compositor here with fractional scale) for the Wayland tests;
#            mako-notifier for its makoctl, which MakoctlTests runs against x11hud; at-spi2-core, pyatspi and
#            Orca, which AccessibilityTests read the HUDs with.
#   package: build, plus what packaging/deb.sh makes and checks the .deb with.
#   bench:   build, and what `make bench` drives: the peers (osd_cat, zenity, yad, dunst), pbench's and xob's
#            headers, callgrind, the Python X client. Not needed by the tests.
set -eu
build="make pkg-config patchelf libx11-dev libxext-dev libxfixes-dev libxrender-dev libxrandr-dev libxinerama-dev
       libcairo2-dev libpango1.0-dev libsystemd-dev libwayland-dev
       fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji"
test="xvfb xauth x11-xserver-utils x11-utils xdotool picom xcompmgr imagemagick xsettingsd python3 python3-xlib groff-base man-db
      pv rsync openbox xterm x11-apps libxres1 libnotify-bin dunst dbus libglib2.0-bin python3-gi librsvg2-2
      libgdk-pixbuf-2.0-0 adwaita-icon-theme jq restic borgbackup rclone duplicity dpkg-dev
      sway grim gcc libc6-dev foot kwin-wayland mako-notifier at-spi2-core python3-pyatspi orca"
package="python3 groff-base man-db dpkg-dev lintian"
bench="xvfb picom x11-utils python3-xlib libxdamage-dev valgrind xosd-bin zenity yad dunst libnotify-bin dbus
       libconfig-dev sway grim wob mako-notifier"
case "${1:-build}" in
build) want=$build ;;
test) want="$build $test" ;;
package) want="$build $package" ;;
bench) want="$build $bench" ;;
*) echo "usage: sh packaging/deps.sh [build|test|package|bench]" >&2; exit 64 ;;
esac

missing=""
for p in $want; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

command -v apt-get >/dev/null || { echo "deps.sh: apt-get not found; install:$missing" >&2; exit 1; }
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "deps.sh: installing$missing" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
