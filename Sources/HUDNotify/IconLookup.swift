import HUDBase
import Glibc
public import HUDScene

/// What yad's `--image` and a notification's icon name: a file, or an icon of the desktop's icon theme
/// (`dialog-information`, `audio-volume-high-symbolic`), found as the freedesktop Icon Theme Specification says:
/// in the theme, then the themes it inherits (depth first), then `hicolor`, then unthemed files in the base
/// directories. Within a theme, a directory made for the size asked is taken first, else the closest size; a theme
/// that has the icon at any size ends the search, so that an icon does not change look with its size.
///
/// Each theme's directories are listed once, when it is first asked for, and every answer is kept per name, size,
/// scale and theme; both are dropped when the theme asked for changes (the desktop switched themes), which is also
/// when icons installed since are seen. So only the first notification of a theme lists directories (Adwaita with
/// hicolor: some 430 of them); a held volume key's stream of notifications then looks its icon up in memory.
public final class IconLookup {
    public enum Found: Equatable, Sendable {
        /// One of x11hud's own icons, drawn in the HUD's colours.
        case icon(Icon)
        /// A PNG or SVG file.
        case file(String)
    }

    /// The dialog icons GTK and yad name, as x11hud's own.
    public static let builtIn: [String: Icon] = [
        "dialog-information": .info, "gtk-dialog-info": .info, "info": .info, "dialog-info": .info,
        "dialog-warning": .warning, "gtk-dialog-warning": .warning, "warning": .warning,
        "dialog-error": .error, "gtk-dialog-error": .error, "error": .error,
        "emblem-ok": .success, "emblem-default": .success, "gtk-apply": .success, "dialog-ok": .success,
        "object-select": .success, "yad-ok": .success, "gtk-ok": .success,
    ]

    /// The theme when the desktop names none: GTK 3's default (and dunst's).
    public static let defaultTheme = "Adwaita"

    /// Where themes and unthemed icons are looked for, in this order (see `baseDirectories(environment:)`).
    public let baseDirectories: [String]

    /// Directories listed so far: each theme's once, however many icons are looked up in it.
    public private(set) var directoriesListed = 0

    private struct Key: Hashable {
        var name: String
        var size: Int
        var scale: Int
        var theme: String
    }

    /// A theme's icons by name, each name's files in the order the specification searches them: directory by
    /// directory as index.theme lists them, each directory in every base directory, PNG before SVG.
    private struct Index {
        var theme: IconTheme
        var files: [String: [(directory: Int, path: String)]] = [:]
    }

    /// Answers kept beyond this many are dropped all at once: names come from clients, and a client making up a
    /// new one for every notification must not grow the server without bound.
    static let answerLimit = 1024

    private var answers: [Key: Found?] = [:]
    /// nil for a theme that is not installed (no index.theme in any base directory).
    private var indexes: [String: Index?] = [:]
    /// The theme `answers` and `indexes` were made under.
    private var cachedTheme: String?

    public init(environment: [String: String]) {
        baseDirectories = Self.baseDirectories(environment: environment)
    }

    /// The specification's base directories: `$HOME/.icons`, then `icons` in each XDG data directory (the user's
    /// first), then `/usr/share/pixmaps`.
    public static func baseDirectories(environment: [String: String]) -> [String] {
        var dirs: [String] = []
        if let home = environment["HOME"], home.hasPrefix("/") { dirs.append(home + "/.icons") }
        dirs += XDGBaseDirectory.dataSearchPath(environment: environment).map { $0 + "/icons" }
        dirs.append("/usr/share/pixmaps")
        var seen = Set<String>()
        return dirs.filter { seen.insert($0).inserted }
    }

    /// The image for `name` drawn at `size` points of `scale` pixels each, or nil when neither a file nor an icon of
    /// that name is found. A name with a slash or a `.png`/`.svg` ending is a file; otherwise it is an icon name,
    /// looked up in `theme` (the desktop's; nil or empty: `defaultTheme`).
    public func find(_ name: String, size: Int = 48, scale: Int = 1, theme: String? = nil) -> Found? {
        if name.isEmpty { return nil }
        if name.contains("/") || name.hasSuffix(".png") || name.hasSuffix(".svg") {
            return Self.readable(name) ? .file(name) : nil
        }
        if let icon = Self.builtIn[name] { return .icon(icon) }
        let theme = theme.flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultTheme
        if theme != cachedTheme {
            answers = [:]
            indexes = [:]
            cachedTheme = theme
        }
        let key = Key(name: name, size: max(1, size), scale: max(1, scale), theme: theme)
        if let known = answers[key] { return known }
        if answers.count >= Self.answerLimit { answers = [:] }
        let found = search(key)
        answers[key] = found
        return found
    }

    /// The specification's `FindIcon`: the theme and its parents, `hicolor`, then `LookupFallbackIcon`.
    private func search(_ key: Key) -> Found? {
        var visited = Set<String>()
        for start in [key.theme, "hicolor"] {
            if let path = search(key, in: start, visited: &visited, depth: 0) { return .file(path) }
        }
        for base in baseDirectories {
            for suffix in [".png", ".svg"] where Self.readable("\(base)/\(key.name)\(suffix)") {
                return .file("\(base)/\(key.name)\(suffix)")
            }
        }
        // yad's `--image=NAME` also takes a file in the working directory.
        return Self.readable(key.name) ? .file(key.name) : nil
    }

    /// The specification's `FindIconHelper`: `theme` itself (`LookupIcon`), then what it inherits, depth first.
    /// Each theme is searched once, whatever the inheritance graph (a loop, hicolor named by a parent).
    private func search(_ key: Key, in theme: String, visited: inout Set<String>, depth: Int) -> String? {
        guard depth < 16, visited.insert(theme).inserted, let index = index(theme) else { return nil }
        if let path = Self.lookUp(key, in: index) { return path }
        for parent in index.theme.inherits {
            if let path = search(key, in: parent, visited: &visited, depth: depth + 1) { return path }
        }
        return nil
    }

    /// The specification's `LookupIcon`: the first file in a directory made for the size, else the one of the
    /// closest size (the first of those at the same distance).
    private static func lookUp(_ key: Key, in index: Index) -> String? {
        guard let files = index.files[key.name] else { return nil }
        let directories = index.theme.directories
        if let exact = files.first(where: { directories[$0.directory].matches(size: key.size, scale: key.scale) }) {
            return exact.path
        }
        var closest: (distance: Int, path: String)?
        for file in files {
            let distance = directories[file.directory].distance(size: key.size, scale: key.scale)
            if closest.map({ distance < $0.distance }) ?? true { closest = (distance, file.path) }
        }
        return closest?.path
    }

    /// `theme`'s index: its index.theme from the first base directory that has one (a theme's icons may be spread
    /// over several), and every listed directory in every base directory read once.
    private func index(_ theme: String) -> Index? {
        if let known = indexes[theme] { return known }
        var index: Index?
        // A theme name comes from the desktop's settings and other themes' index.theme: a name, not a path.
        if !theme.contains("/"), theme != ".", theme != ".." {
            let text = baseDirectories.lazy.compactMap {
                FileSystem.text(atPath: "\($0)/\(theme)/index.theme")
            }.first
            if let text { index = build(IconTheme(name: theme, index: text)) }
        }
        indexes[theme] = index
        return index
    }

    private func build(_ theme: IconTheme) -> Index {
        var index = Index(theme: theme)
        let roots = baseDirectories.map { base -> String in "\(base)/\(theme.name)" }.filter(Self.searchable)
        for (number, directory) in theme.directories.enumerated() {
            for root in roots {
                let folder = "\(root)/\(directory.path)"
                var found: [(name: String, rank: Int, path: String)] = []
                for file in list(folder) {
                    guard let (name, rank) = Self.iconName(file) else { continue }
                    found.append((name, rank, "\(folder)/\(file)"))
                }
                for file in found.sorted(by: { $0.rank < $1.rank }) {
                    index.files[file.name, default: []].append((number, file.path))
                }
            }
        }
        return index
    }

    /// The icon name of a file and its rank among the forms of one name: `NAME.png`, `NAME.svg`, and Adwaita's
    /// `NAME.symbolic.png` (the PNG GTK draws for a `-symbolic` name); nil for what cannot be drawn (XPM, others).
    static func iconName(_ file: String) -> (String, Int)? {
        for (suffix, rank) in [(".symbolic.png", 2), (".png", 0), (".svg", 1)] where file.hasSuffix(suffix) {
            let name = String(file.dropLast(suffix.count))
            return name.isEmpty ? nil : (name, rank)
        }
        return nil
    }

    /// The names in `path`, hidden ones left out; none when it cannot be read.
    private func list(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        directoriesListed += 1
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names
    }

    private static func readable(_ path: String) -> Bool { access(path, R_OK) == 0 }
    private static func searchable(_ path: String) -> Bool { access(path, X_OK) == 0 }
}
