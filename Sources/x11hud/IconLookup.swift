import FoundationEssentials
import Glibc
import HUDScene

/// What yad's `--image` and a notification's icon name: a file, or an icon from the desktop's icon theme
/// (`dialog-information`, `gtk-dialog-warning`, `system-software-install`): a PNG of a fixed size, else the
/// theme's scalable SVG.
enum IconLookup {
    enum Found: Equatable {
        /// One of x11hud's own icons, drawn in the HUD's colours.
        case icon(Icon)
        /// A PNG or SVG file.
        case file(String)
    }

    /// The dialog icons GTK and yad name, as x11hud's own.
    static let builtIn: [String: Icon] = [
        "dialog-information": .info, "gtk-dialog-info": .info, "info": .info, "dialog-info": .info,
        "dialog-warning": .warning, "gtk-dialog-warning": .warning, "warning": .warning,
        "dialog-error": .error, "gtk-dialog-error": .error, "error": .error,
        "emblem-ok": .success, "emblem-default": .success, "gtk-apply": .success, "dialog-ok": .success,
        "object-select": .success, "yad-ok": .success, "gtk-ok": .success,
    ]

    /// Sizes to try, nearest to the 37 pt indicator (and its double for HiDPI) first.
    static let sizes = ["48x48", "64x64", "96x96", "128x128", "256x256", "32x32", "24x24"]
    static let themes = ["Adwaita", "hicolor", "gnome"]

    /// The themes to look in: `theme` (the desktop's) and the themes it inherits from (its `index.theme`'s
    /// `Inherits=`, depth first as the icon theme specification says), then the fallbacks.
    static func themes(starting theme: String?, environment: [String: String]) -> [String] {
        var order: [String] = []
        func visit(_ name: String, depth: Int) {
            guard depth < 8, !name.isEmpty, !order.contains(name), !name.contains("/") else { return }
            order.append(name)
            for parent in inherits(name, environment: environment) { visit(parent, depth: depth + 1) }
        }
        if let theme { visit(theme, depth: 0) }
        for fallback in themes where !order.contains(fallback) { order.append(fallback) }
        return order
    }

    /// The `Inherits=` list of the first `index.theme` of `theme` in the data directories.
    private static func inherits(_ theme: String, environment: [String: String]) -> [String] {
        for dir in dataDirectories(environment) {
            guard let text = try? String(contentsOfFile: "\(dir)/icons/\(theme)/index.theme", encoding: .utf8) else {
                continue
            }
            for line in text.split(separator: "\n") where line.hasPrefix("Inherits=") {
                return line.dropFirst("Inherits=".count).split(separator: ",")
                    .map { String($0.filter { !$0.isWhitespace }) }
            }
            return []
        }
        return []
    }

    /// The image for `name`, or nil when neither a file nor an icon of that name is found; icon names are looked
    /// up in `theme` and what it inherits first.
    static func find(_ name: String, theme: String? = nil, environment: [String: String]) -> Found? {
        if name.contains("/") || name.hasSuffix(".png") || name.hasSuffix(".svg") {
            return access(name, R_OK) == 0 ? .file(name) : nil
        }
        if let icon = builtIn[name] { return .icon(icon) }
        let dirs = dataDirectories(environment)
        // Theme by theme (the desktop's, what it inherits, the fallbacks), each in every data directory: a size
        // near the indicator's as PNG, else the scalable SVG (drawn by librsvg).
        for theme in themes(starting: theme, environment: environment) {
            for dir in dirs {
                for size in sizes {
                    let base = "\(dir)/icons/\(theme)/\(size)"
                    for context in subdirectories(base) {
                        // Adwaita ships its symbolic icons as `NAME.symbolic.png` beside the scalable SVG.
                        for file in ["\(name).png", "\(name).symbolic.png"]
                        where access("\(base)/\(context)/\(file)", R_OK) == 0 {
                            return .file("\(base)/\(context)/\(file)")
                        }
                    }
                }
            }
            for dir in dirs {
                let base = "\(dir)/icons/\(theme)/scalable"
                for context in subdirectories(base) where access("\(base)/\(context)/\(name).svg", R_OK) == 0 {
                    return .file("\(base)/\(context)/\(name).svg")
                }
            }
        }
        for dir in dirs where access("\(dir)/pixmaps/\(name).png", R_OK) == 0 {
            return .file("\(dir)/pixmaps/\(name).png")
        }
        return access(name, R_OK) == 0 ? .file(name) : nil
    }

    /// `$XDG_DATA_HOME` (or ~/.local/share), then `$XDG_DATA_DIRS` (or /usr/local/share:/usr/share).
    static func dataDirectories(_ environment: [String: String]) -> [String] {
        let home = environment["XDG_DATA_HOME"] ?? environment["HOME"].map { $0 + "/.local/share" }
        let dirs = (environment["XDG_DATA_DIRS"] ?? "/usr/local/share:/usr/share").split(separator: ":")
            .map(String.init)
        return (home.map { [$0] } ?? []) + dirs
    }

    private static func subdirectories(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }
}
