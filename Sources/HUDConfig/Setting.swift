import HUDBase
import HUDScene

/// One setting as every part of x11hud sees it: the command-line option and the config key (one name for both),
/// the values it takes with their range, its help text, its built-in value and where it lives in `HUDStyle`.
///
/// The option's help (its default and range included), the config file's checks, the layering in `Settings`,
/// `--print-config` and the man page's list of keys all read this row, so a new setting is a case of `ConfigKey`,
/// its row in `ConfigKey.setting` and its case in `LookOptions.setSetting` (the compiler asks for both), its `@Option`
/// in the command line and its line in `LookOptions.settings`'s `given` list (a test asks for both). The
/// `[notifications]` table's keys are rows of the same kind (`NotificationKey.setting`).
public struct Setting {
    /// The key in its table, which is also the option's name (`margin`, `--margin`).
    public let name: String
    /// What the option's value is called in `--help` (`--margin <points>`).
    public let valueName: String
    /// The option's help text, without the built-in value (`optionHelp` adds it).
    public let help: String
    /// The values it takes.
    public let type: SettingType
    /// Where the value goes in the look; nil for the settings outside `HUDStyle` (theme, monitor, scale).
    let field: StyleField?
    /// The value when nothing sets it, for the settings outside the style; nil when unset means something of its
    /// own (`unset` says what).
    let builtIn: ConfigValue?
    /// What leaving it unset means when that is no value of its own: the scale then follows the screen.
    public let unset: String?

    init(name: String, valueName: String, help: String, type: SettingType, field: StyleField? = nil,
         builtIn: ConfigValue? = nil, unset: String? = nil) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.type = type
        self.field = field
        self.builtIn = builtIn
        self.unset = unset
    }

    /// The long option, `--name`.
    public var option: String { "--" + name }

    /// The value when nothing sets it: the row's own, or the look's (the dark theme's, for a value that is not the
    /// theme's); nil when the theme gives it or unset means something else.
    public var builtInValue: ConfigValue? {
        if let builtIn { return builtIn }
        guard let field, !field.fromTheme else { return nil }
        return field.read(HUDStyle.theme(.dark))
    }

    /// The option's help: `help`, and for a number or a choice its built-in value, `(default 20)`, or what being
    /// unset means.
    public var optionHelp: String {
        switch type {
        case .number, .whole, .choice: break
        default: return help
        }
        let text = help.hasSuffix(".") ? String(help.dropLast()) : help
        if let value = builtInValue { return "\(text) (default \(value.plainText))." }
        if let unset { return "\(text) (default: \(unset))." }
        return help
    }

    /// What a config file may set it to, for messages and the man page: the type's summary and the built-in value
    /// (`a whole number from 1 to 50 (default 5)`).
    public var takes: String {
        if let value = builtInValue { return "\(type.summary) (default \(value))" }
        if let unset { return "\(type.summary) (default: \(unset))" }
        return type.summary
    }
}

/// A key of a table of the config file, with its row of the table of settings.
public protocol SettingKey {
    var setting: Setting { get }
}

extension ConfigKey: SettingKey {
    /// The row of the table of settings.
    public var setting: Setting {
        func row(_ valueName: String, _ help: String, _ type: SettingType, _ field: StyleField? = nil,
                 builtIn: ConfigValue? = nil, unset: String? = nil) -> Setting {
            Setting(name: rawValue, valueName: valueName, help: help, type: type, field: field, builtIn: builtIn,
                    unset: unset)
        }
        switch self {
        case .theme:
            return row("theme", """
                Colour scheme: dark, light, or auto (follow the desktop: GTK_THEME, the XSETTINGS Net/ThemeName, \
                GTK 3's settings.ini; dark when none says).
                """, .choice(ConfigValue.theme), builtIn: .theme(.dark))
        case .bezelColor:
            return row("color", "Bezel colour, #RRGGBB or #RRGGBBAA.", .color, .theme(\.bezelColor))
        case .contentColor:
            return row("color", "Text and indicator colour.", .color, .theme(\.contentColor))
        case .backgroundColor:
            return row("color", "Dim the area behind the bezel with this colour (off by default).", .color,
                       .theme(\.backgroundColor))
        case .font:
            return row("font", "Label font, a Pango description.", .font, .builtIn(\.labelFont, ConfigValue.font))
        case .detailsFont:
            return row("font", "Details font.", .font, .builtIn(\.detailsFont, ConfigValue.font))
        case .buttonFont:
            return row("font", "Button font.", .font, .builtIn(\.buttonFont, ConfigValue.font))
        case .cornerRadius:
            return row("points", "Bezel corner radius in points.",
                       .number(InputLimits.lengthRange, rule: InputLimits.lengthRule),
                       .builtIn(\.cornerRadius, ConfigValue.number))
        case .margin:
            return row("points", "Space around the content and from the screen edges, in points.",
                       .number(InputLimits.lengthRange, rule: InputLimits.lengthRule),
                       .builtIn(\.margin, ConfigValue.number))
        case .animation:
            return row("animation", "Show/hide animation.", .choice(ConfigValue.animation),
                       .builtIn(\.animation, ConfigValue.animation))
        case .position:
            return row("position", """
                Where the bezel rests: center, top, bottom, left, right, top-left, top-right, bottom-left, \
                bottom-right.
                """, .choice(ConfigValue.position), .builtIn(\.position, ConfigValue.position))
        case .offset:
            return row("X,Y", "Move the bezel from its position by X,Y points; a huge value pins it to an edge.",
                       .point, .builtIn(\.offset, ConfigValue.offset))
        case .monitor:
            return row("monitor", """
                Which monitor: pointer (the one under the pointer), primary, focus, a RandR name such as DP-1, or \
                an index.
                """, .monitor, builtIn: .monitor("pointer"))
        case .scale:
            return row("factor", "Device pixels per point (HiDPI), 0.25 to 8.",
                       .number(InputLimits.scaleRange, rule: InputLimits.scaleRule),
                       unset: "follows the screen (Xft.dpi / 96)")
        case .pieStyle:
            return row("style", "How determinate mode draws: outline or filled.", .choice(ConfigValue.pieStyle),
                       .builtIn(\.determinateStyle, ConfigValue.pieStyle))
        case .spinner:
            return row("style", """
                How the spinner moves: activity-indicator (MBProgressHUD's), or one of ProgressHUD's animations.
                """,
                       .choice(ConfigValue.spinner), .builtIn(\.spinner, ConfigValue.spinner))
        case .bezelStyle:
            return row("style", "solid, or blur: ask the compositor to blur behind the bezel (KWin, picom with blur).",
                       .choice(ConfigValue.bezelStyle), .builtIn(\.bezelStyle, ConfigValue.bezelStyle))
        case .notify:
            return row("when", """
                When a job's end is also sent as a desktop notification: auto (when its HUD is not on screen at \
                the end: hidden by --hide-after or hide, or no display), always, or never.
                """, .choice(ConfigValue.notify), builtIn: .notify(.auto))
        case .accessibility:
            return row("when", """
                Whether a screen reader hears the HUDs and notifications: auto (when assistive technology is on, \
                as the desktop says), or off.
                """, .choice(ConfigValue.accessibility), builtIn: .accessibility(.auto))
        }
    }
}

extension Setting {
    /// The table as tab-separated lines (key, the values it takes, its built-in value, the option's help), for the
    /// man page's list of keys (`x11hud --print-settings`, an option for packaging/man.py only): the top-level
    /// keys, then the `[notifications]` table's as `notifications.KEY`.
    public static var tabulated: String {
        let defaults = Settings()
        let top = ConfigKey.allCases.map { key in
            let row = key.setting
            let builtIn: String
            switch defaults.effective(key) {
            case nil: builtIn = "none: " + (row.unset ?? "unset")
            case (_, .theme)?: builtIn = "the theme's"
            case (let value, _)?: builtIn = "\(value)"
            }
            return [key.rawValue, row.type.summary, builtIn, row.help].joined(separator: "\t")
        }
        let notifications = NotificationKey.allCases.map { key in
            let row = key.setting
            let builtIn = row.builtInValue.map { "\($0)" } ?? "none: " + (row.unset ?? "unset")
            return ["notifications." + key.rawValue, row.type.summary, builtIn, row.help].joined(separator: "\t")
        }
        return (top + notifications).joined(separator: "\n")
    }
}

/// The values a setting takes, and how a config file's value is checked against them.
public enum SettingType {
    /// One of the names of an enumeration; `make` gives the value for a name, nil for any other.
    case choice(names: [String], make: (String) -> ConfigValue?)
    /// `#RRGGBB` or `#RRGGBBAA`.
    case color
    /// A Pango font description.
    case font
    /// A number in `range`; `rule` says so in a message.
    case number(ClosedRange<Double>, rule: String)
    /// A whole number in `range` (a count).
    case whole(ClosedRange<Int>, rule: String)
    /// A list of `count` names of notification hints (`["value", "x-progress"]`).
    case hintNames(count: ClosedRange<Int>)
    /// `[X, Y]` in the config file, `X,Y` on the command line.
    case point
    /// `primary`, `pointer`, `focus`, a RandR name or an index: any string that is not empty.
    case monitor
    /// A shell command line, not empty.
    case command

    static func choice<T: RawRepresentable & CaseIterable>(_ wrap: @escaping (T) -> ConfigValue) -> SettingType
    where T.RawValue == String {
        .choice(names: T.allCases.map(\.rawValue), make: { T(rawValue: $0).map(wrap) })
    }

    /// A config file's value checked against the type.
    func check(_ value: TOMLValue) throws(InvalidSetting) -> ConfigValue {
        func string() throws(InvalidSetting) -> String {
            guard let s = value.string else { throw InvalidSetting(reason: "expected a string in quotes") }
            return s
        }
        switch self {
        case .choice(let names, let make):
            let s = try string()
            guard let v = make(s) else {
                throw InvalidSetting(reason: "'\(s)' is not one of \(names.joined(separator: ", "))")
            }
            return v
        case .color:
            do { return .color(try RGBA(hex: try string())) } catch let e as ColorParseError {
                throw InvalidSetting(reason: e.description)
            } catch { throw error as! InvalidSetting }
        case .font:
            do { return .font(try FontSpec(try string())) } catch let e as FontParseError {
                throw InvalidSetting(reason: e.description)
            } catch { throw error as! InvalidSetting }
        case .number(let range, _):
            let v: Double
            if let d = value.double { v = d } else if let i = value.int { v = Double(i) } else {
                throw InvalidSetting(reason: "expected a number")
            }
            guard v.isFinite, range.contains(v) else {
                let (low, high) = (ConfigValue.number(range.lowerBound), ConfigValue.number(range.upperBound))
                throw InvalidSetting(reason: "\(v) is outside \(low)…\(high)")
            }
            return .number(v)
        case .whole(let range, let rule):
            guard let n = value.int, let whole = Int(exactly: n), range.contains(whole) else {
                throw InvalidSetting(reason: "expected \(rule)")
            }
            return .number(Double(whole))
        case .hintNames(let count):
            let names = value.array?.compactMap(\.string) ?? []
            guard let array = value.array, array.count == names.count, count.contains(names.count),
                  names.allSatisfy(Self.isHintName)
            else { throw InvalidSetting(reason: "expected \(summary)") }
            return .names(names)
        case .point:
            guard let array = value.array, array.count == 2,
                  let x = array[0].double ?? array[0].int.map(Double.init),
                  let y = array[1].double ?? array[1].int.map(Double.init), x.isFinite, y.isFinite
            else { throw InvalidSetting(reason: "expected [X, Y]") }
            return .offset(Point(x: x, y: y))
        case .monitor:
            let s = try string()
            guard !s.isEmpty else {
                throw InvalidSetting(reason: "expected primary, pointer, focus, a monitor name or an index")
            }
            return .monitor(s)
        case .command:
            let s = try string()
            guard !s.allSatisfy(\.isWhitespace) else { throw InvalidSetting(reason: "expected a command") }
            return .command(s)
        }
    }

    /// A number given on the command line, checked against the range.
    public func number(_ argument: String) throws(InvalidSetting) -> Double {
        guard case .number(let range, let rule) = self else { throw InvalidSetting(reason: "expected no number") }
        guard let v = Double(argument), v.isFinite, range.contains(v) else {
            throw InvalidSetting(reason: "expected \(rule)")
        }
        return v
    }

    /// A whole number given on the command line, checked against the range.
    public func whole(_ argument: String) throws(InvalidSetting) -> Int {
        guard case .whole(let range, let rule) = self else { throw InvalidSetting(reason: "expected no count") }
        guard let n = Int(argument), range.contains(n) else { throw InvalidSetting(reason: "expected \(rule)") }
        return n
    }

    /// A hint name as clients send them: letters, digits, `-`, `_` and `.`, at most 64.
    static func isHintName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                || "-_.".unicodeScalars.contains($0)) }
    }

    /// How the man page and the README describe the value in a config file.
    public var summary: String {
        switch self {
        case .choice(let names, _): return "one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
        case .color: return "a string, \"#RRGGBB\" or \"#RRGGBBAA\""
        case .font: return "a string, a Pango font description"
        case .number(_, let rule), .whole(_, let rule): return rule
        case .hintNames(let count):
            return "a list of \(count.lowerBound) to \(count.upperBound) hint names (letters, digits, -, _ and .)"
        case .point: return "an array [X, Y] of numbers of points"
        case .monitor: return "a string: \"pointer\", \"primary\", \"focus\", a RandR monitor name or an index"
        case .command: return "a string, a command line"
        }
    }
}

/// A value a setting does not take; the message says why.
public struct InvalidSetting: Error, CustomStringConvertible {
    public var reason: String
    /// The line it is on, when known better than its table's (a `[[notifications.rule]]`).
    public var line: Int? = nil
    public var description: String { reason }
}

/// Where a setting lives in `HUDStyle`, and whether its built-in value is the theme's.
struct StyleField {
    let read: (HUDStyle) -> ConfigValue
    let write: (inout HUDStyle, ConfigValue) -> Void
    /// The theme gives the value (the colours), rather than a constant of x11hud's.
    let fromTheme: Bool

    /// The key path is made only when the field is read or written: making one costs the runtime a lookup of its
    /// types (about 12 k instructions each, 0.35 M for the table), and the command line builds every row for the
    /// options' help at each start, where most rows' fields are never touched.
    static func builtIn<T>(_ path: @autoclosure @escaping () -> WritableKeyPath<HUDStyle, T>,
                           _ wrap: @escaping (T) -> ConfigValue, fromTheme: Bool = false) -> StyleField {
        StyleField(read: { wrap($0[keyPath: path()]) }, write: { style, value in
            // Every value of a key comes from its own row's checks, so it always has the field's type.
            if let v = value.payload as? T { style[keyPath: path()] = v }
        }, fromTheme: fromTheme)
    }

    static func theme(_ path: @autoclosure @escaping () -> WritableKeyPath<HUDStyle, RGBA>) -> StyleField {
        builtIn(path(), ConfigValue.color, fromTheme: true)
    }
}
