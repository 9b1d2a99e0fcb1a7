/// How a shell completes `--monitor`: the policies, then the RandR monitors of the display the user is on, read when
/// the user presses Tab (a monitor plugged in since still completes).
package enum MonitorCompletion {
    /// `xrandr --listmonitors` prints ` 0: +*DP-1 1920/…`; the name is the third field without RandR's `+` (active)
    /// and `*` (primary) marks. Without xrandr or a display only the policies are offered.
    package static let command = #"printf '%s\n' pointer primary focus; "#
        + #"xrandr --listmonitors 2>/dev/null | awk 'NR > 1 { sub(/^[+*]+/, "", $2); print $2 }'"#
}
