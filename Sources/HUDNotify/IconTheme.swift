import HUDScene

/// One icon theme's `index.theme`, read as the freedesktop Icon Theme Specification (0.13) says: the themes it
/// inherits, and its subdirectories with the sizes their icons are drawn for. Where the icons sit (`48x48/apps` or
/// `apps/48`) is whatever `Directories` lists; nothing is assumed from a directory's name.
struct IconTheme: Equatable, Sendable {
    /// One subdirectory of the theme (`[48x48/apps]` in index.theme).
    struct Directory: Equatable, Sendable {
        enum Kind: String, Sendable {
            /// Only for `size`.
            case fixed = "Fixed"
            /// Any size from `minSize` to `maxSize` (an SVG).
            case scalable = "Scalable"
            /// `size`, and sizes within `threshold` of it.
            case threshold = "Threshold"
        }

        /// Relative to the theme's folder in each base directory.
        var path: String
        var size: Int
        /// 2 for `48x48@2`: 96 pixels drawn as 48 points.
        var scale = 1
        var kind = Kind.threshold
        var minSize: Int
        var maxSize: Int
        var threshold = 2

        init(path: String, size: Int, scale: Int = 1, kind: Kind = .threshold, minSize: Int? = nil,
             maxSize: Int? = nil, threshold: Int = 2) {
            self.path = path
            self.size = size
            self.scale = scale
            self.kind = kind
            self.minSize = minSize ?? size
            self.maxSize = maxSize ?? size
            self.threshold = threshold
        }

        /// The specification's `DirectoryMatchesSize`.
        func matches(size wanted: Int, scale wantedScale: Int) -> Bool {
            guard scale == wantedScale else { return false }
            switch kind {
            case .fixed: return size == wanted
            case .scalable: return minSize <= wanted && wanted <= maxSize
            case .threshold: return size - threshold <= wanted && wanted <= size + threshold
            }
        }

        /// The specification's `DirectorySizeDistance`, in pixels. For Threshold the specification's pseudo-code
        /// says `MinSize`/`MaxSize` and `iconsize*iconsize`, typos GTK reads as the threshold's bounds, as here.
        func distance(size wanted: Int, scale wantedScale: Int) -> Int {
            let pixels = wanted * wantedScale
            let low: Int, high: Int
            switch kind {
            case .fixed: return abs(size * scale - pixels)
            case .scalable: (low, high) = (minSize * scale, maxSize * scale)
            case .threshold: (low, high) = ((size - threshold) * scale, (size + threshold) * scale)
            }
            if pixels < low { return low - pixels }
            if pixels > high { return pixels - high }
            return 0
        }
    }

    var name: String
    /// `Inherits`, in order.
    var inherits: [String]
    /// `Directories` then `ScaledDirectories`, in order; those without a usable `Size` are left out, as the
    /// specification makes `Size` required.
    var directories: [Directory]

    /// Reads `text`, the contents of the theme's `index.theme`.
    init(name: String, index text: String) {
        self.name = name
        let groups = Self.groups(text)
        let head = groups["Icon Theme"] ?? [:]
        inherits = Self.list(head["Inherits"])
        var seen = Set<String>()
        directories = (Self.list(head["Directories"]) + Self.list(head["ScaledDirectories"])).compactMap { path in
            // A directory listed twice is searched once; one leaving the theme's folder is not a theme's.
            guard seen.insert(path).inserted, !path.hasPrefix("/"), !path.split(separator: "/").contains("..")
            else { return nil }
            guard let keys = groups[path], let size = Self.number(keys["Size"]), size > 0 else { return nil }
            return Directory(path: path, size: size, scale: max(1, Self.number(keys["Scale"]) ?? 1),
                             kind: keys["Type"].flatMap(Directory.Kind.init(rawValue:)) ?? .threshold,
                             minSize: Self.number(keys["MinSize"]), maxSize: Self.number(keys["MaxSize"]),
                             threshold: Self.number(keys["Threshold"]) ?? 2)
        }
    }

    /// The groups of a desktop-entry-style file and their keys: `[group]`, then `key=value` lines; `#` comments,
    /// blank lines and lines of no group are skipped; the first value of a key in a group stands.
    private static func groups(_ text: String) -> [String: [String: String]] {
        var groups: [String: [String: String]] = [:]
        var current: String?
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                let name = String(line.dropFirst().dropLast())
                current = name
                if groups[name] == nil { groups[name] = [:] }
            } else if let group = current, let equals = line.firstIndex(of: "=") {
                let key = line[..<equals].trimmingWhitespace()
                let value = line[line.index(after: equals)...].trimmingWhitespace()
                if groups[group]?[key] == nil { groups[group]?[key] = value }
            }
        }
        return groups
    }

    /// `a,b, c,` → `["a", "b", "c"]` (Adwaita's `Directories` ends in a comma).
    private static func list(_ value: String?) -> [String] {
        (value ?? "").split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    private static func number(_ value: String?) -> Int? { value.flatMap { Int($0) } }
}
