import FoundationEssentials
import Glibc
import HUDScene

/// A parsed and checked `config.toml`.
public struct ConfigFile: Sendable {
    public let path: String
    public let values: [ConfigKey: ConfigValue]
    /// The line each key was set on, for messages and `--print-config`.
    public let lines: [ConfigKey: Int]

    /// The user's file: `$XDG_CONFIG_HOME/x11hud/config.toml`, else `~/.config/x11hud/config.toml`.
    public static func defaultPath(environment: [String: String]) -> String? {
        ConfigPaths.user(environment: environment)
    }

    /// Reads the file at `path`; nil when there is none (a missing config file is not an error).
    public static func load(path: String) throws(ConfigError) -> ConfigFile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(path: path, line: nil, key: nil, reason: "cannot be read")
        }
        let document: TOMLDocument
        do {
            document = try TOMLDocument(parsing: Array(data))
        } catch {
            throw ConfigError(path: path, line: error.line, key: nil, reason: error.reason)
        }
        return try ConfigFile(path: path, document: document)
    }

    /// Parses `text` as the contents of `path`.
    public init(path: String, text: String) throws(ConfigError) {
        let document: TOMLDocument
        do {
            document = try TOMLDocument(parsing: text)
        } catch {
            throw ConfigError(path: path, line: error.line, key: nil, reason: error.reason)
        }
        try self.init(path: path, document: document)
    }

    private init(path: String, document: TOMLDocument) throws(ConfigError) {
        self.path = path
        var values: [ConfigKey: ConfigValue] = [:]
        var lines: [ConfigKey: Int] = [:]
        for entry in document.entries {
            let (name, line) = (entry.key, entry.line)
            guard let key = ConfigKey(rawValue: name) else {
                let known = ConfigKey.allCases.map(\.rawValue).joined(separator: ", ")
                throw ConfigError(path: path, line: line, key: name, reason: "unknown setting (known: \(known))")
            }
            do {
                values[key] = try Self.check(key, entry.value)
            } catch {
                throw ConfigError(path: path, line: line, key: name, reason: error.reason)
            }
            lines[key] = line
        }
        self.values = values
        self.lines = lines
    }

    struct Invalid: Error { var reason: String }

    static func check(_ key: ConfigKey, _ value: TOMLValue) throws(Invalid) -> ConfigValue {
        func string() throws(Invalid) -> String {
            guard let s = value.string else { throw Invalid(reason: "expected a string in quotes") }
            return s
        }
        func number(_ range: ClosedRange<Double>) throws(Invalid) -> Double {
            let v: Double
            if let d = value.double { v = d } else if let i = value.int { v = Double(i) } else {
                throw Invalid(reason: "expected a number")
            }
            guard v.isFinite, range.contains(v) else {
                let (low, high) = (ConfigValue.number(range.lowerBound), ConfigValue.number(range.upperBound))
                throw Invalid(reason: "\(v) is outside \(low)…\(high)")
            }
            return v
        }
        func choice<T: RawRepresentable & CaseIterable>(_: T.Type) throws(Invalid) -> T where T.RawValue == String {
            let s = try string()
            guard let v = T(rawValue: s) else {
                throw Invalid(reason: "'\(s)' is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return v
        }
        switch key {
        case .theme: return .theme(try choice(ThemeChoice.self))
        case .animation: return .animation(try choice(HUDAnimation.self))
        case .position: return .position(try choice(Position.self))
        case .pieStyle: return .pieStyle(try choice(DeterminateStyle.self))
        case .spinner: return .spinner(try choice(SpinnerStyle.self))
        case .bezelStyle: return .bezelStyle(try choice(BezelStyle.self))
        case .bezelColor, .contentColor, .backgroundColor:
            do { return .color(try RGBA(hex: try string())) } catch let e as ColorParseError {
                throw Invalid(reason: e.description)
            } catch { throw error as! Invalid }
        case .font, .detailsFont, .buttonFont:
            do { return .font(try FontSpec(try string())) } catch let e as FontParseError {
                throw Invalid(reason: e.description)
            } catch { throw error as! Invalid }
        case .cornerRadius, .margin: return .number(try number(0...10_000))
        case .scale: return .number(try number(0.25...8))
        case .monitor:
            let s = try string()
            guard !s.isEmpty else {
                throw Invalid(reason: "expected primary, pointer, focus, a monitor name or an index")
            }
            return .monitor(s)
        case .offset:
            guard let array = value.array, array.count == 2,
                  let x = array[0].double ?? array[0].int.map(Double.init),
                  let y = array[1].double ?? array[1].int.map(Double.init), x.isFinite, y.isFinite
            else { throw Invalid(reason: "expected [X, Y]") }
            return .offset(Point(x: x, y: y))
        }
    }
}

/// The config file cannot be used. The message names the file, the line and the key.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var key: String?
    public var reason: String

    public var description: String {
        var where_ = path
        if let line { where_ += ":\(line)" }
        if let key { return "\(where_): '\(key)': \(reason)" }
        return "\(where_): \(reason)"
    }
}
