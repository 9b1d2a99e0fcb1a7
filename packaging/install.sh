#!/bin/sh
# Installs x11hud with its man pages, shell completions and documentation, or removes exactly those files again.
#   sh packaging/install.sh install [BINARY]     (make install)    BINARY defaults to .build/release/x11hud
#   sh packaging/install.sh uninstall            (make uninstall)
# PREFIX (default /usr/local) and DESTDIR (a staging root) come from the environment; packaging/deb.sh uses this
# with PREFIX=/usr and GZIP_MAN=1, so the package and a source install have one layout.
set -eu
cd "$(dirname "$0")/.."
prefix=${PREFIX:-/usr/local}
root=${DESTDIR:-}$prefix
# Debian's zsh reads vendor completions from vendor-completions; every zsh reads site-functions under /usr/local.
zsh_dir=share/zsh/site-functions
[ "$prefix" = /usr ] && zsh_dir=share/zsh/vendor-completions
# The man pages, each made by packaging/man.py from its hand-written part packaging/PAGE.in.
pages="man1/x11hud.1 man1/x11hud-notifications.1 man5/x11hud.toml.5"
gz=""
[ "${GZIP_MAN:-0}" = 1 ] && gz=.gz
# The manual's chapters, beside the README that links to them.
chapters=$(cd docs && ls ./*.md | sed 's|^\./|share/doc/x11hud/docs/|')

# Every installed path, relative to the prefix: uninstall removes these and nothing else.
files="bin/x11hud $(for p in $pages; do printf 'share/man/%s%s ' "$p" "$gz"; done)
       share/bash-completion/completions/x11hud $zsh_dir/_x11hud
       share/fish/vendor_completions.d/x11hud.fish share/doc/x11hud/README.md $chapters
       share/doc/x11hud/examples/config.toml lib/systemd/user/x11hud-notifications.service"

case "${1:-}" in
install)
    binary=${2:-.build/release/x11hud}
    [ -x "$binary" ] || { echo "install.sh: no binary at $binary; run swift build -c release first" >&2; exit 1; }
    # The man pages and completions are made from the binary itself (its --help), so they match what it accepts.
    # In a scratch directory, so `sudo make install` leaves nothing owned by root in the checkout.
    gen=$(mktemp -d)
    trap 'rm -rf "$gen"' EXIT
    python3 packaging/completions.py "$binary" "$gen"
    install -Dm755 "$binary" "$root/bin/x11hud"
    for p in $pages; do
        name=${p#*/}
        python3 packaging/man.py "$binary" "packaging/$name.in" > "$gen/$name"
        mkdir -p "$root/share/man/${p%/*}"
        if [ -n "$gz" ]; then
            gzip -9n < "$gen/$name" > "$root/share/man/$p$gz"
        else
            cp "$gen/$name" "$root/share/man/$p"
        fi
        chmod 644 "$root/share/man/$p$gz"
    done
    install -Dm644 "$gen/x11hud.bash" "$root/share/bash-completion/completions/x11hud"
    install -Dm644 "$gen/_x11hud" "$root/$zsh_dir/_x11hud"
    install -Dm644 "$gen/x11hud.fish" "$root/share/fish/vendor_completions.d/x11hud.fish"
    install -Dm644 README.md "$root/share/doc/x11hud/README.md"
    for c in $chapters; do install -Dm644 "docs/${c##*/}" "$root/$c"; done
    install -Dm644 packaging/config.toml "$root/share/doc/x11hud/examples/config.toml"
    # The notification server's user unit (issue 20), pointing at this prefix's binary; not enabled.
    mkdir -p "$root/lib/systemd/user"
    sed "s|@PREFIX@|$prefix|" packaging/x11hud-notifications.service.in > "$root/lib/systemd/user/x11hud-notifications.service"
    chmod 644 "$root/lib/systemd/user/x11hud-notifications.service"
    echo "installed x11hud in $root"
    ;;
uninstall)
    for f in $files; do rm -f "$root/$f"; done
    # Only directories this left empty; never a shared one that still holds something.
    for d in share/doc/x11hud/examples share/doc/x11hud/docs share/doc/x11hud share/man/man5; do rmdir "$root/$d" 2>/dev/null || true; done
    echo "removed x11hud from $root"
    ;;
*)
    echo "usage: sh packaging/install.sh install [BINARY] | uninstall   (PREFIX, DESTDIR from the environment)" >&2
    exit 64
    ;;
esac
