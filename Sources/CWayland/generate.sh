#!/bin/sh
# Writes the client code of the Wayland protocols x11hud speaks beyond the core one (which libwayland-client
# carries): wlr-layer-shell (overlay surfaces), wlr-foreign-toplevel-management (which window is active and
# fullscreen, for the notification server; both vendored in protocols/ from swaywm/wlr-protocols, they are in no
# Debian package), xdg-shell (which layer-shell's popups name), and fractional-scale with viewporter (a buffer drawn at
# 1.5 shown at its size in surface units), from Debian's wayland-protocols. Run from this folder after changing a protocol
# file; the output is committed, so a build needs no wayland-scanner.
set -eu
xdg=/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml
wayland-scanner client-header protocols/wlr-layer-shell-unstable-v1.xml include/wlr-layer-shell-unstable-v1-client.h
wayland-scanner private-code protocols/wlr-layer-shell-unstable-v1.xml wlr-layer-shell-unstable-v1-protocol.c
toplevel=protocols/wlr-foreign-toplevel-management-unstable-v1.xml
wayland-scanner client-header "$toplevel" include/wlr-foreign-toplevel-management-unstable-v1-client.h
wayland-scanner private-code "$toplevel" wlr-foreign-toplevel-management-unstable-v1-protocol.c
wayland-scanner private-code "$xdg" xdg-shell-protocol.c
fractional=/usr/share/wayland-protocols/staging/fractional-scale/fractional-scale-v1.xml
wayland-scanner client-header "$fractional" include/fractional-scale-v1-client.h
wayland-scanner private-code "$fractional" fractional-scale-v1-protocol.c
viewporter=/usr/share/wayland-protocols/stable/viewporter/viewporter.xml
wayland-scanner client-header "$viewporter" include/viewporter-client.h
wayland-scanner private-code "$viewporter" viewporter-protocol.c
