#!/bin/sh
# Usage: packaging/lazy-text-stack.sh BINARY
# Drops the text stack (cairo, Pango, GLib, GObject, HarfBuzz) from BINARY's start-up: CCairoLoader's stubs load it
# on first use, but SwiftPM still links the libraries pkg-config names for CCairo's headers, and those would be
# loaded (and relocated) before main. Fails when the binary still calls one of them directly (a missing stub:
# run `python3 Sources/CCairoLoader/generate-stubs.py` after `swift build`).
set -eu
bin=$1
direct=$(nm -D --undefined-only "$bin" | awk '{print $2}' | grep -E '^(cairo_|pango_|g_|hb_)' || true)
if [ -n "$direct" ]; then
    echo "lazy-text-stack.sh: $bin calls these directly (no stub): $direct" >&2
    exit 1
fi
for lib in $(readelf -d "$bin" | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p'); do
    case $lib in
        libpangocairo-*|libpango-*|libgobject-*|libglib-*|libharfbuzz.*|libcairo.*)
            patchelf --remove-needed "$lib" "$bin" ;;
    esac
done
