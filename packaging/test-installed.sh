#!/bin/sh
# The package as a user gets it: builds the .deb (make deb), checks it with lintian, installs it with apt-get, and runs
# the installed /usr/bin/x11hud from an environment with no Swift toolchain: --version, render, a live HUD on a
# private Xvfb, the man page, the bash completion, the config layers. Then removes the package again (unless it was
# installed before), so the machine is left as found. Run by .ci/run after the Swift tests; needs root or sudo.
set -eu
cd "$(dirname "$0")/.."
. packaging/swift-path.sh
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
sh packaging/deps.sh test
sh packaging/deps.sh package

deb=$(sh packaging/deb.sh | tail -n 1)
version=$(cat VERSION)
tmp=$(mktemp -d)
xvfb=""
was_installed=$(dpkg-query -W -f='${Status}' x11hud 2>/dev/null | grep -c "install ok installed" || true)
cleanup() {
    [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null
    if [ "$was_installed" = 0 ] && dpkg-query -W x11hud >/dev/null 2>&1; then
        DEBIAN_FRONTEND=noninteractive $sudo apt-get purge -y -qq x11hud >/dev/null 2>&1 || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "test-installed: FAIL: $*" >&2; exit 1; }
ok() { echo "test-installed: ok: $*"; }

# lintian: no errors (warnings are printed for a person to read).
lintian --fail-on error "$deb" >"$tmp/lintian" 2>&1 || { cat "$tmp/lintian" >&2; fail "lintian reports errors"; }
ok "lintian: no errors ($(grep -c '^W:' "$tmp/lintian" || true) warnings)"

DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "./$deb" >/dev/null 2>"$tmp/apt" \
    || { cat "$tmp/apt" >&2; fail "apt-get install ./$deb"; }
ok "apt-get install ./$deb"
# The text stack is loaded with dlopen, out of dpkg-shlibdeps' sight: the package must still depend on it.
dpkg-deb -f "$deb" Depends | grep -q 'libpangocairo-1.0-0 (>= ' || fail "Depends lacks libpangocairo: $(dpkg-deb -f "$deb" Depends)"
ok "Depends: $(dpkg-deb -f "$deb" Depends)"
# The installed bash completion is loaded by bash-completion, which a minimal system may lack (issue 22 item 9).
[ "$(dpkg-deb -f "$deb" Recommends)" = "bash-completion, librsvg2-2, libgdk-pixbuf-2.0-0" ] || fail "Recommends is not bash-completion, librsvg2-2, libgdk-pixbuf-2.0-0"
ok "Recommends: bash-completion, librsvg2-2, libgdk-pixbuf-2.0-0"

# What a desktop user's shell has: no Swift toolchain, no library path, a fresh home.
mkdir -p "$tmp/home"
run() { env -i PATH=/usr/bin:/bin HOME="$tmp/home" XDG_CONFIG_DIRS="$tmp/xdg" ${DISPLAY:+DISPLAY=$DISPLAY} "$@"; }
run sh -c 'command -v swift' >/dev/null && fail "swift is on the test PATH"
ldd /usr/bin/x11hud | grep -q swift && fail "the installed binary needs Swift's libraries: $(ldd /usr/bin/x11hud)"
ok "no Swift on PATH, none in ldd /usr/bin/x11hud"

said=$(run x11hud --version)
[ "$said" = "$version" ] || fail "x11hud --version says '$said', VERSION says $version"
ok "x11hud --version: $version"

run x11hud render --mode annular --progress 0.6 --label Saving --out "$tmp/frame.png" || fail "render"
size=$(identify -format '%wx%h' "$tmp/frame.png") || fail "render wrote no PNG"
# At least the 77-point bezel of a spinner alone, plus a margin.
[ "${size%x*}" -ge 77 ] && [ "${size#*x}" -ge 77 ] || fail "rendered frame is only $size"
ok "render: $size PNG"

# A live HUD on a private X server: its window is mapped while it is up, and it exits 0 when it has hidden.
exec 3>"$tmp/displayfd"
Xvfb -displayfd 3 -nolisten tcp -noreset -screen 0 800x600x24 >/dev/null 2>&1 &
xvfb=$!
exec 3>&-
for _ in $(seq 50); do [ -s "$tmp/displayfd" ] && break; sleep 0.1; done
display=:$(cat "$tmp/displayfd")
[ "$display" != : ] || fail "Xvfb did not start"
start=$(date +%s%N)
DISPLAY=$display run x11hud --mode text --label Hi --hide-after 1 &
hud=$!
mapped=""
for _ in $(seq 40); do
    sleep 0.05
    mapped=$(DISPLAY=$display xwininfo -root -tree 2>/dev/null | grep -c '("x11hud" "X11hud")' || true)
    [ "$mapped" -gt 0 ] && break
done
[ "$mapped" -gt 0 ] || fail "no x11hud window appeared on $display"
status=0
wait $hud || status=$?
elapsed=$(( ($(date +%s%N) - start) / 1000000 ))
[ "$status" = 0 ] || fail "the live HUD exited $status"
[ "$elapsed" -lt 5000 ] || fail "the live HUD took $elapsed ms to end"
ok "live HUD on Xvfb $display: window mapped, exit 0 after $elapsed ms"

# A named HUD: `list` shows it, `hide` of another name exits 1, `hide --id` ends it and its owner exits 0.
DISPLAY=$display run x11hud --id pkg --label Named &
hud=$!
listed=""
for _ in $(seq 40); do
    sleep 0.05
    listed=$(DISPLAY=$display run x11hud list | cut -f1)
    [ "$listed" = pkg ] && break
done
[ "$listed" = pkg ] || fail "x11hud list: '$listed'"
# A client that hands its content to that HUD (and waits, for its button) never loads the text libraries, even with
# a font in its config file (read without Pango); the HUD's owner, which draws, has.
mkdir -p "$tmp/home/.config/x11hud"
printf 'font = "DejaVu Sans 12"\n' > "$tmp/home/.config/x11hud/config.toml"
DISPLAY=$display run x11hud --id pkg --label Client --button OK &
client=$!
# Until the HUD shows what the client handed it.
for _ in $(seq 50); do
    [ "$(DISPLAY=$display run x11hud list | cut -f4)" = Client ] && break
    sleep 0.1
done
# `run` is a function, so $! is the subshell's pid: the x11hud processes are found by their arguments.
pid_of() {
    for d in /proc/[0-9]*; do
        [ "$(tr '\0' ' ' < "$d/cmdline" 2>/dev/null)" = "$* " ] && { echo "${d#/proc/}"; return 0; }
    done
    return 1
}
owner_pid=$(pid_of x11hud --id pkg --label Named) || fail "no x11hud process for the named HUD"
client_pid=$(pid_of x11hud --id pkg --label Client --button OK) || fail "no x11hud process for the client"
grep -q libpango "/proc/$owner_pid/maps" || fail "the HUD's owner has not loaded Pango"
if grep -q libpango "/proc/$client_pid/maps"; then fail "a forwarding client loaded Pango"; fi
rm "$tmp/home/.config/x11hud/config.toml"
ok "a forwarding client runs without the text libraries, a font in its config too (its HUD's owner has them)"
status=0
DISPLAY=$display run x11hud hide --id nope 2>/dev/null || status=$?
[ "$status" = 1 ] || fail "hide --id nope exited $status"
DISPLAY=$display run x11hud hide --id pkg || fail "hide --id pkg"
status=0
wait $hud || status=$?
[ "$status" = 0 ] || fail "the named HUD exited $status after hide"
status=0
wait $client || status=$?
[ "$status" = 0 ] || fail "the forwarding client exited $status after hide"
ok "named HUD: list shows it, hide of another name exits 1, hide --id ends it with 0"

# The user unit the package installs (issue 20): the keys systemd needs to start it on D-Bus demand, and its ExecStart
# command, as systemd would run it, serving a real notify-send on a private session bus.
unit=/usr/lib/systemd/user/x11hud-notifications.service
[ -f "$unit" ] || fail "the package installs no $unit"
grep -qx 'Type=dbus' "$unit" && grep -qx 'BusName=org.freedesktop.Notifications' "$unit" \
    || fail "$unit lacks Type=dbus or BusName=org.freedesktop.Notifications"
exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
[ "$exec_start" = "/usr/bin/x11hud notifications" ] || fail "$unit starts '$exec_start'"
# shellcheck disable=SC2016 # expanded by the inner shell
served=$(DISPLAY=$display run dbus-run-session -- sh -c '
    $0 & server=$!
    for _ in $(seq 50); do
        gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
            --method org.freedesktop.DBus.NameHasOwner org.freedesktop.Notifications 2>/dev/null | grep -q true && break
        sleep 0.1
    done
    id=$(notify-send -p -t 0 Packaged) || exit 1
    for _ in $(seq 50); do x11hud list | grep -q "^notification-" && break; sleep 0.1; done
    x11hud list | cut -f1
    kill $server; wait $server; echo "id $id"' "$exec_start" 2>/dev/null) || fail "the unit's command: $served"
printf '%s\n' "$served" | grep -q "^notification-[0-9]" || fail "the unit's server showed no HUD: $served"
ok "user unit: Type=dbus, BusName, its ExecStart serves notify-send on a session bus"

# The man page: found by man, the hand-written sections there, clean under groff's warnings.
page=$(run man -w x11hud) || fail "man -w x11hud"
[ "$page" = /usr/share/man/man1/x11hud.1.gz ] || fail "man -w x11hud says $page"
text=$(run env MANWIDTH=80 man x11hud 2>"$tmp/manwarn" | col -b)
for section in "INPUT PROTOCOL" "EXIT STATUS" "CONFIGURATION" "ENVIRONMENT" "FILES" "EXAMPLES" "--hide-after" \
        "x11hud run --label Backup" "--watch-pid"; do
    printf '%s\n' "$text" | grep -q -- "$section" || fail "man x11hud has no '$section'"
done
run env MANWIDTH=80 man --warnings x11hud 2>"$tmp/manwarn" >/dev/null
[ ! -s "$tmp/manwarn" ] || { cat "$tmp/manwarn" >&2; fail "man --warnings x11hud"; }
ok "man -w x11hud: $page; sections present; no groff warnings"

# The notification server's page and the config file's (issue 41), found by man, clean, and listing what --help
# and --print-settings list, no more and no less.
for p in x11hud-notifications:man1/x11hud-notifications.1.gz x11hud.toml:man5/x11hud.toml.5.gz; do
    name=${p%%:*}
    page=$(run man -w "$name") || fail "man -w $name"
    [ "$page" = "/usr/share/man/${p#*:}" ] || fail "man -w $name says $page"
    run env MANWIDTH=80 man --warnings "$name" 2>"$tmp/manwarn" >/dev/null
    [ ! -s "$tmp/manwarn" ] || { cat "$tmp/manwarn" >&2; fail "man --warnings $name"; }
done
# An entry of a man page's list is a line at the first indentation of its section; of --help, the first column.
man_entries() { run env MANWIDTH=200 man "$1" | col -b | sed -n "/^$2\$/,/^[A-Z]/p" | grep -E '^       [-a-z]' \
    | grep -oE -- "$3" | sort -u; }
help_options() { sed -n '/^USAGE:/,$p' | grep -E '^  -' | sed -E 's/^  //; s/   .*//' \
    | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u; }
from_help=$(for c in "" history pop pause close-all count action close menu rule; do run x11hud notifications $c --help; done | help_options)
from_man=$(man_entries x11hud-notifications OPTIONS '--[a-z][a-z0-9-]*')
[ "$from_man" = "$from_help" ] || fail "man x11hud-notifications lists $(echo $from_man), --help $(echo $from_help)"
keys=$(run x11hud --print-settings | cut -f1 | sort -u)
# A key is a tag alone on its line, or one followed on its line by its entry (which starts with a capital).
from_man=$(man_entries x11hud.toml KEYS '^       [a-z][a-z.-]*( +[A-Z]|$)' | sed -E 's/ +[A-Z]$//; s/ //g' | sort -u)
[ "$from_man" = "$keys" ] || fail "man x11hud.toml lists $(echo $from_man), --print-settings $(echo $keys)"
ok "man x11hud-notifications, man x11hud.toml: no groff warnings; $(echo "$from_help" | wc -l) options and $(echo "$keys" | wc -l) keys, as --help and --print-settings list them"

# bash sources the completion script (bash-completion loads it by this path) and completes options and values,
# monitors included: Xvfb's one RandR monitor is called "screen".
complete_line() {
    DISPLAY=$display run bash -c '
        source /usr/share/bash-completion/completions/x11hud || exit 1
        COMP_LINE=$1; COMP_POINT=${#COMP_LINE}
        read -ra COMP_WORDS <<< "$COMP_LINE"
        [[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        _x11hud x11hud "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf "%s " "${COMPREPLY[@]}"' bash "$1"
}
options=$(complete_line 'x11hud --')
case " $options " in *" --label "*" --hide-after "*) ;; *) fail "x11hud --<Tab>: $options" ;; esac
[ "$(complete_line 'x11hud --ic')" = "--icon " ] || fail "x11hud --ic<Tab>: $(complete_line 'x11hud --ic')"
[ "$(complete_line 'x11hud render --mode a')" = "annular " ] || fail "render --mode a<Tab>"
[ "$(complete_line 'x11hud --monitor ')" = "pointer primary focus screen " ] \
    || fail "x11hud --monitor <Tab>: $(complete_line 'x11hud --monitor ')"
ok "bash completion: --<Tab>, --ic<Tab>, --mode a<Tab>, --monitor <Tab> (RandR's 'screen')"

# Config layers: a system file under $XDG_CONFIG_DIRS, the user's file over it, each value naming its file.
mkdir -p "$tmp/xdg/x11hud" "$tmp/home/.config/x11hud"
printf 'theme = "light"\nmargin = 8\n' > "$tmp/xdg/x11hud/config.toml"
printf 'margin = 12\n' > "$tmp/home/.config/x11hud/config.toml"
printed=$(run x11hud --print-config) || fail "--print-config"
printf '%s\n' "$printed" | grep -q "^theme = \"light\" .*# $tmp/xdg/x11hud/config.toml:1" \
    || fail "system layer: $printed"
printf '%s\n' "$printed" | grep -q "^margin = 12 .*# $tmp/home/.config/x11hud/config.toml:1" \
    || fail "user layer: $printed"
run x11hud --config /usr/share/doc/x11hud/examples/config.toml --print-config >/dev/null \
    || fail "the example config does not load"
ok "config: system layer under the user's, the example config loads"

# make install / make uninstall from the same build, under a scratch prefix.
make -s install PREFIX="$tmp/prefix" >/dev/null
for f in bin/x11hud share/man/man1/x11hud.1 share/man/man1/x11hud-notifications.1 share/man/man5/x11hud.toml.5 \
         share/bash-completion/completions/x11hud share/zsh/site-functions/_x11hud \
         share/fish/vendor_completions.d/x11hud.fish share/doc/x11hud/examples/config.toml \
         share/doc/x11hud/docs/notifications.md; do
    [ -f "$tmp/prefix/$f" ] || fail "make install did not install $f"
done
make -s uninstall PREFIX="$tmp/prefix" >/dev/null
left=$(find "$tmp/prefix" -type f | wc -l)
[ "$left" = 0 ] || fail "make uninstall left $left files: $(find "$tmp/prefix" -type f)"
ok "make install PREFIX=… installs the binary, 3 man pages, completions and the manual; make uninstall removes them"

echo "test-installed: all checks passed"
