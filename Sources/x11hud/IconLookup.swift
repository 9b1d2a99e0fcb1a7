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

    /// The image for `name`, or nil when neither a file nor an icon of that name is found.
    static func find(_ name: String, environment: [String: String]) -> Found? {
        if name.contains("/") || name.hasSuffix(".png") || name.hasSuffix(".svg") {
            return access(name, R_OK) == 0 ? .file(name) : nil
        }
        if let icon = builtIn[name] { return .icon(icon) }
        for dir in dataDirectories(environment) {
            for theme in themes {
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
            // Themes that ship only scalable icons (and names no size has): the SVG, drawn by librsvg.
            for theme in themes {
                let base = "\(dir)/icons/\(theme)/scalable"
                for context in subdirectories(base) where access("\(base)/\(context)/\(name).svg", R_OK) == 0 {
                    return .file("\(base)/\(context)/\(name).svg")
                }
            }
            if access("\(dir)/pixmaps/\(name).png", R_OK) == 0 { return .file("\(dir)/pixmaps/\(name).png") }
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
