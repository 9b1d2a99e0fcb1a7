import HUDScene

/// The keys of config.toml's `[notifications]` table, each named like the `notifications` command's option that
/// overrides it where there is one, and each with its row of the table of settings in `setting` (the same kind of
/// row as the top-level keys'): the checks, the ranges, the built-in values and the help all come from there.
public enum NotificationKey: String, CaseIterable, Hashable, Sendable {
    case maxVisible = "max-visible"
    case valueIndicator = "value-indicator"
    case valueHints = "value-hints"
    case timeout
    case width
    case bodyLines = "body-lines"
    case position
    case offset
    case font
    case detailsFont = "details-font"
    case cornerRadius = "corner-radius"
    case frameWidth = "frame-width"
    case gap
    case iconSize = "icon-size"
    case iconPosition = "icon-position"
    case padding
    case horizontalPadding = "horizontal-padding"
    case historyLength = "history-length"
    case pausedShows = "paused-shows"
    case popped
    case dmenu
    case browser
    case mouseLeft = "mouse-left"
    case mouseMiddle = "mouse-middle"
    case mouseRight = "mouse-right"
}

extension NotificationKey: SettingKey {
    /// The row of the table of settings.
    public var setting: Setting {
        func row(_ valueName: String, _ help: String, _ type: SettingType, builtIn: ConfigValue? = nil,
                 unset: String? = nil) -> Setting {
            Setting(name: rawValue, valueName: valueName, help: help, type: type, builtIn: builtIn, unset: unset)
        }
        switch self {
        case .maxVisible:
            return row("n", """
                Bubbles in the column at once; the others wait in order (a critical one never waits, an OSD takes \
                no place).
                """,
                       .whole(1...50, "a whole number"), builtIn: .number(5))
        case .valueIndicator:
            return row("bar|ring", "How the 'value' hint (volume, brightness) is drawn: bar or ring.",
                       .choice(ConfigValue.valueIndicator), builtIn: .valueIndicator(.bar))
        case .valueHints:
            return row("hints", """
                The hints whose whole number from 0 to 100 is drawn as a bar (or ring), the first present winning.
                """, .hintNames(count: 1...8), builtIn: .names(["value"]))
        case .timeout:
            return row("seconds", "Seconds a notification stays when its sender leaves the time to the server.",
                       .number(0.5...3600, "seconds"), unset: "the time to read its text, 8 to 30 s")
        case .width:
            return row("points", """
                The width of a notification's bubble, the same for all, so that they line up in a column.
                """, .number(100...1000, "points"), builtIn: .number(350))
        case .bodyLines:
            return row("n", "Lines of a notification's body shown; a longer one ends in an ellipsis.",
                       .whole(1...50, "a whole number"), builtIn: .number(5))
        case .position:
            return row("position", """
                Where the column of notifications stands (value and synchronous ones, volume or brightness, are \
                where the top-level position puts HUDs).
                """, .choice(ConfigValue.position), builtIn: .position(.topRight))
        case .offset:
            return row("[x, y]", """
                The column's distance from the screen's edges at its position, in points, as dunst's offset: \
                [24, 40] at top-right puts a bubble's outer edge 24 from the right and 40 from the top.
                """, .point, unset: "the top-level margin and offset")
        case .font:
            return row("font", "A bubble's summary font, a Pango description (over the top-level font).", .font,
                       unset: "the top-level font, else Sans Bold 14")
        case .detailsFont:
            return row("font", "A bubble's body font, a Pango description (over the top-level details-font).", .font,
                       unset: "the top-level details-font, else Sans 13")
        case .cornerRadius:
            return row("points", "A bubble's corner radius (over the top-level corner-radius).",
                       .number(0...100, "points"), unset: "the top-level corner-radius")
        case .frameWidth:
            return row("points", """
                The width of the frame drawn just inside a bubble's edge, in the urgency's frame-color (dunst's \
                frame_width).
                """, .number(0...50, "points"), builtIn: .number(2))
        case .gap:
            return row("points", "Space between two bubbles of the column (dunst's gap_size).",
                       .number(0...200, "points"), builtIn: .number(10))
        case .iconSize:
            return row("points", "A bubble's picture is shown at most this large a side (dunst's max_icon_size).",
                       .number(16...512, "points"), builtIn: .number(48))
        case .iconPosition:
            return row("left|right|off", """
                Where a bubble's picture is: at the left of its text, at its right, or not shown (dunst's \
                icon_position).
                """, .choice(ConfigValue.iconPosition), builtIn: .iconPosition(.left))
        case .padding:
            return row("points", """
                Space inside a bubble above and below its text and picture, from its outer edge (its frame within \
                it), and at its sides unless horizontal-padding says otherwise (dunst's padding).
                """, .number(0...100, "points"), builtIn: .number(HUDStyle.Bubble.defaultPadding))
        case .horizontalPadding:
            return row("points", """
                Space inside a bubble at its left and right, from its outer edge (dunst's horizontal_padding).
                """, .number(0...100, "points"), unset: "padding")
        case .historyLength:
            return row("n", """
                Closed notifications kept for 'x11hud notifications history' and 'pop', in memory (0: none, and \
                the 'persistence' capability is not advertised).
                """, .whole(0...1000, "a whole number"), builtIn: .number(100))
        case .pausedShows:
            return row("critical|nothing", """
                What still shows while notifications are paused ('x11hud notifications pause', SIGUSR1): \
                critical ones, or nothing.
                """, .choice(ConfigValue.pausedShows), builtIn: .pausedShows(.critical))
        case .popped:
            return row("stay|expire", """
                How long a notification 'x11hud notifications pop' shows again stays: until closed (as dunst's \
                sticky_history), or its own time again.
                """, .choice(ConfigValue.popped), builtIn: .popped(.stay))
        case .dmenu:
            return row("command", """
                The menu program dunstctl's context and action give the actions shown to, one a line, as dunst \
                does: a shell command line that prints the line picked (rofi -dmenu, fuzzel --dmenu).
                """, .command, builtIn: .command("dmenu -p dunst:"))
        case .browser:
            return row("command", """
                The program a link picked in dunstctl's context (or 'x11hud notifications menu') is opened with, the \
                URL its last argument, as dunst's browser: words split as a shell would, no shell run.
                """, .command, builtIn: .command("xdg-open"))
        case .mouseLeft: return mouse("left", builtIn: .defaultAction)
        case .mouseMiddle: return mouse("middle", builtIn: .doAction)
        case .mouseRight: return mouse("right", builtIn: .closeAll)
        }
        func mouse(_ button: String, builtIn: NotificationSettings.MouseAction) -> Setting {
            row(NotificationSettings.MouseAction.allCases.map(\.rawValue).joined(separator: "|"), """
                What a click of the \(button) button on a notification does: do-action (its default action, else its \
                first, else close it), default-action (its default action, else close it), close, close-all or none \
                (action buttons take left clicks whatever this says).
                """, .choice(ConfigValue.mouseAction), builtIn: .mouseAction(builtIn))
        }
    }
}

extension SettingType {
    /// A number of `unit` in `range`, its rule said from the range (`seconds from 0.5 to 3600`).
    static func number(_ range: ClosedRange<Double>, _ unit: String) -> SettingType {
        let (low, high) = (ConfigValue.number(range.lowerBound), ConfigValue.number(range.upperBound))
        return .number(range, rule: "\(unit) from \(low) to \(high)")
    }

    /// A whole number in `range`, its rule said from the range (`a whole number from 1 to 50`).
    static func whole(_ range: ClosedRange<Int>, _ what: String) -> SettingType {
        .whole(range, rule: "\(what) from \(range.lowerBound) to \(range.upperBound)")
    }
}
