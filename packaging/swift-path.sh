# Sourced by the packaging scripts: puts a Swift toolchain on PATH or stops with one line saying how to get one.
# Swift is not a Debian package; accept it on PATH or where the swift.org tarball is usually unpacked.
if ! command -v swift >/dev/null 2>&1; then
    for d in /opt/swift/usr/bin /usr/share/swift/usr/bin "$HOME/swift/usr/bin"; do
        [ -x "$d/swift" ] && PATH="$d:$PATH" && break
    done
fi
command -v swift >/dev/null 2>&1 || {
    echo "$(basename "$0"): no Swift toolchain found; install Swift 6.1 or later from swift.org" >&2
    exit 1
}
