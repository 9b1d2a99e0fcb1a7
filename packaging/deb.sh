#!/bin/sh
# make deb: builds x11hud_VERSION_ARCH.deb in the top directory from a clean checkout, for machines without Swift.
#
# The release binary links the Swift runtime in (--static-swift-stdlib), so the package depends only on Debian
# libraries, and its Depends: is what dpkg-shlibdeps finds the binary linked against, never written by hand. The
# man page, completions and docs are laid out by packaging/install.sh, as `make install` lays them out.
# Needs a Swift toolchain; installs the Debian packages of `sh packaging/deps.sh package` when missing.
set -eu
cd "$(dirname "$0")/.."
. packaging/swift-path.sh

sh packaging/deps.sh package
sh packaging/version.sh --check
version=$(cat VERSION)
arch=$(dpkg --print-architecture)
# The changelog is signed by whoever made the last commit unless DEB_MAINTAINER says otherwise.
maintainer=${DEB_MAINTAINER:-$(git log -1 --format='%an <%ae>' 2>/dev/null || true)}
[ -n "$maintainer" ] || {
    echo "deb.sh: set DEB_MAINTAINER='Name <email>' (no git history to take it from)" >&2
    exit 1
}
deb=x11hud_${version}_${arch}.deb

# The binary `make release` makes, with each measured link option and the text stack loaded on first use: the one
# BENCHMARKS.md measures, not a plain `swift build` that would start twice as slowly and load 50 libraries at start.
make release
binary=.build/release/x11hud
[ "$("$binary" --version)" = "$version" ] || { echo "deb.sh: the binary does not say version $version" >&2; exit 1; }

work=.build/deb
stage=$work/root
rm -rf "$work" && mkdir -p "$stage/DEBIAN"
PREFIX=/usr DESTDIR=$stage GZIP_MAN=1 sh packaging/install.sh install "$binary" >/dev/null
# Symbols are not needed to run; the Swift runtime's reflection metadata lives in sections strip keeps.
strip --remove-section=.comment --remove-section=.note --strip-unneeded "$stage/usr/bin/x11hud"

doc=$stage/usr/share/doc/x11hud
install -m644 packaging/copyright "$doc/copyright"
# A native package's changelog; the version's date is that of the commit that set it.
date=$(date -R -d "@$(git log -1 --format=%ct -- VERSION 2>/dev/null || date +%s)" 2>/dev/null || date -R)
printf 'x11hud (%s) unstable; urgency=medium\n\n  * Release %s; see README.md.\n\n -- %s  %s\n' \
    "$version" "$version" "$maintainer" "$date" | gzip -9n > "$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"

# dpkg-shlibdeps reads debian/control for the package it works for; a two-stanza stub is enough.
mkdir -p "$work/debian"
printf 'Source: x11hud\n\nPackage: x11hud\nArchitecture: any\n' > "$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O "root/usr/bin/x11hud" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "deb.sh: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# The text stack is dlopen()ed on first use (CCairoLoader), so dpkg-shlibdeps cannot see it in the binary: its
# dependency is the one the library's own package declares in its shlibs file, as dpkg-shlibdeps would write it.
lib=$(sed -n 's/^#define HUD_TEXT_STACK_LIBRARY "\(.*\)"$/\1/p' Sources/CCairoLoader/include/loader.h)
text_stack=$(cat /var/lib/dpkg/info/*.shlibs | awk -v name="${lib%.so.*}" -v major="${lib##*.so.}" \
    '$1 == name && $2 == major { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }')
[ -n "$text_stack" ] || { echo "deb.sh: no shlibs entry for $lib (is its -dev package installed?)" >&2; exit 1; }
depends="$depends, $text_stack"

size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat > "$stage/DEBIAN/control" <<EOT
Package: x11hud
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends
Recommends: bash-completion, librsvg2-2, libgdk-pixbuf-2.0-0
Suggests: picom
Section: x11
Priority: optional
Description: heads-up display (spinner, progress, icon) for X11 scripts
 x11hud shows a heads-up display, after iOS's MBProgressHUD, as an overlay
 on X11: a rounded translucent bezel with a spinner, pie, ring, bar, icon or
 image, a label, a details label and an optional button, with fade and zoom
 animations. Text is shaped by Pango.
 .
 It is meant for shell scripts and key bindings: volume flashes, the
 progress of rsync, curl or pv piped into it, a job that ends with a success
 icon. It reads zenity's progress protocol and options, renders frames to PNG
 without an X server, and is a Swift library as well.
EOT
(cd "$stage" && find usr -type f -exec md5sum {} + | sort -k2) > "$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"
find "$stage" -type d -exec chmod 755 {} +

dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "$deb"
