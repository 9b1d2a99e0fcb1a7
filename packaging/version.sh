#!/bin/sh
# VERSION is the one place the version is set. SwiftPM cannot generate source without a plugin, so this writes
# Sources/x11hud/Version.swift from it (`sh packaging/version.sh`), or checks that the two agree (`--check`,
# which `make deb` runs; a test checks it too).
set -eu
cd "$(dirname "$0")/.."
version=$(cat VERSION)
case "$version" in
    [0-9]*) ;;
    *) echo "version.sh: VERSION must start with a digit (Debian's rule), not '$version'" >&2; exit 1 ;;
esac
source_file=Sources/x11hud/Version.swift
expected=$(cat <<EOT
// The version printed by \`x11hud --version\`. VERSION at the top of the repository is the one place it is set:
// packaging/version.sh writes this file from it, and a test and \`make deb\` fail when the two disagree.
let x11hudVersion = "$version"
EOT
)
if [ "${1:-}" = --check ]; then
    [ "$(cat "$source_file")" = "$expected" ] && exit 0
    echo "version.sh: $source_file does not say $version; run sh packaging/version.sh" >&2
    exit 1
fi
printf '%s\n' "$expected" > "$source_file"
