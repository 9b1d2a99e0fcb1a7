import Foundation
import HUDNotify
import HUDScene
import Testing

/// Icon lookup after the freedesktop Icon Theme Specification, on themes built in a temporary folder: the layout is
/// whatever index.theme lists, sizes and scales choose the directory, themes inherit, and each theme is read once.
@Suite struct IconLookupTests {
    /// A folder of base directories: `home` ($HOME, so `home/.icons`), `data` ($XDG_DATA_HOME) and `system`
    /// ($XDG_DATA_DIRS), each with an `icons` folder to put themes in.
    final class Folder {
        let root: String

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-icons-\(UUID().uuidString)")
                .path
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        var environment: [String: String] {
            ["HOME": "\(root)/home", "XDG_DATA_HOME": "\(root)/data", "XDG_DATA_DIRS": "\(root)/system"]
        }

        /// Writes `theme`'s index.theme (under `base`'s icons folder) and an empty file for each of `icons`, paths
        /// relative to the theme's folder. Returns the theme's folder.
        @discardableResult
        func theme(_ theme: String, in base: String = "system", index: String?, icons: [String] = []) throws -> String {
            let folder = "\(iconFolder(base))/\(theme)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            if let index { try index.write(toFile: "\(folder)/index.theme", atomically: true, encoding: .utf8) }
            for icon in icons { try file("\(folder)/\(icon)") }
            return folder
        }

        func iconFolder(_ base: String) -> String { base == "home" ? "\(root)/home/.icons" : "\(root)/\(base)/icons" }

        func file(_ path: String) throws {
            let dir = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        }
    }

    /// An index.theme: `[Icon Theme]` with `head` lines, then a group per directory.
    static func index(_ head: String, _ directories: [(String, String)]) -> String {
        "[Icon Theme]\nName=Test\nComment=built by a test\n\(head)\n\n"
            + directories.map { "[\($0.0)]\n\($0.1)\n" }.joined(separator: "\n")
    }

    @Test func aContextSizeThemeIsSearchedWhereItsIndexSays() throws {
        let folder = try Folder()
        let theme = try folder.theme("Ctx", index: Self.index("Directories=apps/48,apps/scalable", [
            ("apps/48", "Size=48\nType=Fixed\nContext=Applications"),
            ("apps/scalable", "Size=48\nMinSize=8\nMaxSize=512\nType=Scalable"),
        ]), icons: ["apps/48/foo.png", "apps/scalable/bar.svg", "apps/64/unlisted.png"])
        let lookup = IconLookup(environment: folder.environment)
        #expect(lookup.find("foo", size: 48, theme: "Ctx") == .file("\(theme)/apps/48/foo.png"))
        #expect(lookup.find("bar", size: 48, theme: "Ctx") == .file("\(theme)/apps/scalable/bar.svg"))
        #expect(lookup.find("unlisted", size: 64, theme: "Ctx") == nil, "a directory index.theme does not list")
    }

    /// Threshold directories (the default Type) take sizes within 2 of theirs; 30 is 12 from 16's 14…18 and 16 from
    /// 48's 46…50; an icon only in one size is taken at any size.
    @Test(arguments: [
        ("foo", 48, "48x48"), ("foo", 16, "16x16"), ("foo", 18, "16x16"), ("foo", 30, "16x16"), ("foo", 40, "48x48"),
        ("small", 48, "16x16"),
    ])
    func aSizeContextThemeTakesTheSizeAskedElseTheClosest(name: String, size: Int, directory: String) throws {
        let folder = try Folder()
        let theme = try folder.theme("Sized", index: Self.index("Directories=16x16/apps,48x48/apps", [
            ("16x16/apps", "Size=16"), ("48x48/apps", "Size=48"),
        ]), icons: ["16x16/apps/foo.png", "48x48/apps/foo.png", "16x16/apps/small.png"])
        let found = IconLookup(environment: folder.environment).find(name, size: size, theme: "Sized")
        #expect(found == .file("\(theme)/\(directory)/apps/\(name).png"))
    }

    /// 48 and 33 are in the SVG's 16…256, and a directory made for the size beats a Fixed one a pixel off; 512 is
    /// 256 beyond the SVG's range and 480 from the PNG's size.
    @Test(arguments: [(32, "32x32/apps/foo.png"), (48, "scalable/apps/foo.svg"), (33, "scalable/apps/foo.svg"),
                      (512, "scalable/apps/foo.svg")])
    func aScalableDirectoryMatchesItsRangeAndIsClosestBeyondIt(size: Int, file: String) throws {
        let folder = try Folder()
        let theme = try folder.theme("Mixed", index: Self.index("Directories=32x32/apps,scalable/apps", [
            ("32x32/apps", "Size=32\nType=Fixed"),
            ("scalable/apps", "Size=64\nMinSize=16\nMaxSize=256\nType=Scalable"),
        ]), icons: ["32x32/apps/foo.png", "scalable/apps/foo.svg"])
        #expect(IconLookup(environment: folder.environment).find("foo", size: size, theme: "Mixed")
            == .file("\(theme)/\(file)"))
    }

    @Test func scaledDirectoriesAreForTheirScale() throws {
        let folder = try Folder()
        let theme = try folder.theme("Hi", index: Self.index("Directories=48x48/apps\nScaledDirectories=48x48@2/apps", [
            ("48x48/apps", "Size=48\nType=Fixed"), ("48x48@2/apps", "Size=48\nScale=2\nType=Fixed"),
        ]), icons: ["48x48/apps/foo.png", "48x48@2/apps/foo.png", "48x48@2/apps/sharp.png"])
        let lookup = IconLookup(environment: folder.environment)
        #expect(lookup.find("foo", size: 48, scale: 2, theme: "Hi") == .file("\(theme)/48x48@2/apps/foo.png"))
        #expect(lookup.find("foo", size: 48, scale: 1, theme: "Hi") == .file("\(theme)/48x48/apps/foo.png"))
        // Only at scale 2: its 96 pixels are the closest there are to 48 at scale 1.
        #expect(lookup.find("sharp", size: 48, scale: 1, theme: "Hi") == .file("\(theme)/48x48@2/apps/sharp.png"))
        #expect(lookup.find("foo", size: 96, scale: 1, theme: "Hi") == .file("\(theme)/48x48@2/apps/foo.png"))
    }

    @Test func aThemeInheritsItsParentsThenHicolor() throws {
        let folder = try Folder()
        let sizes = [("48x48/apps", "Size=48"), ("16x16/apps", "Size=16")]
        let dirs = "Directories=48x48/apps,16x16/apps"
        let child = try folder.theme("Child", in: "data", index: Self.index("Inherits=Parent\n\(dirs)", sizes),
                                     icons: ["48x48/apps/mine.png", "16x16/apps/small-here.png"])
        // Parent inherits Child back: a loop is searched once.
        let parent = try folder.theme("Parent", index: Self.index("Inherits=Child,hicolor\n\(dirs)", sizes),
                                      icons: ["48x48/apps/mine.png", "48x48/apps/parents.png",
                                              "48x48/apps/small-here.png"])
        let hicolor = try folder.theme("hicolor", index: Self.index(dirs, sizes),
                                       icons: ["48x48/apps/parents.png", "48x48/apps/hicolors.png"])
        try folder.file("\(folder.iconFolder("system"))/loose.png")
        let lookup = IconLookup(environment: folder.environment)
        #expect(lookup.find("mine", theme: "Child") == .file("\(child)/48x48/apps/mine.png"))
        #expect(lookup.find("parents", theme: "Child") == .file("\(parent)/48x48/apps/parents.png"))
        #expect(lookup.find("hicolors", theme: "Child") == .file("\(hicolor)/48x48/apps/hicolors.png"))
        // A theme with the icon at any size ends the search: an exact size in its parent would make the icon change
        // look when its size changes (the specification's reason).
        #expect(lookup.find("small-here", theme: "Child") == .file("\(child)/16x16/apps/small-here.png"))
        // Not in any theme: the base directories' own files.
        #expect(lookup.find("loose", theme: "Child") == .file("\(folder.iconFolder("system"))/loose.png"))
        #expect(lookup.find("nowhere-at-all-x11hud", theme: "Child") == nil)
        // A theme not installed still leads to hicolor.
        #expect(lookup.find("hicolors", theme: "NoSuchTheme") == .file("\(hicolor)/48x48/apps/hicolors.png"))
    }

    @Test func theFirstIndexThemeStandsAndIconsComeFromEveryBaseDirectory() throws {
        let folder = try Folder()
        let home = try folder.theme("Split", in: "home", index: Self.index("Directories=apps/48", [
            ("apps/48", "Size=48"),
        ]))
        // Its index in the system folder lists another directory, unread: the one in ~/.icons comes first.
        let system = try folder.theme("Split", index: Self.index("Directories=other", [("other", "Size=48")]),
                                      icons: ["apps/48/foo.png", "other/bar.png"])
        let lookup = IconLookup(environment: folder.environment)
        #expect(lookup.find("foo", theme: "Split") == .file("\(system)/apps/48/foo.png"))
        #expect(lookup.find("bar", theme: "Split") == nil)
        try folder.file("\(home)/apps/48/foo.png")
        #expect(IconLookup(environment: folder.environment).find("foo", theme: "Split")
            == .file("\(home)/apps/48/foo.png"))
    }

    @Test func eachThemeIsReadOnceAndTheCacheGoesWhenTheThemeChanges() throws {
        let folder = try Folder()
        let index = Self.index("Directories=48x48/apps,32x32/apps", [
            ("48x48/apps", "Size=48"), ("32x32/apps", "Size=32"),
        ])
        let one = try folder.theme("One", index: index, icons: ["32x32/apps/foo.png", "48x48/apps/other.png"])
        try folder.theme("Two", index: index, icons: ["48x48/apps/foo.png"])
        let lookup = IconLookup(environment: folder.environment)
        #expect(lookup.find("foo", theme: "One") == .file("\(one)/32x32/apps/foo.png"))
        let listed = lookup.directoriesListed
        #expect(listed > 0)
        for name in ["other", "foo", "missing", "foo"] { _ = lookup.find(name, theme: "One") }
        #expect(lookup.directoriesListed == listed, "a theme's directories are listed once")
        // Installed since: not seen while the theme stays, seen once the desktop has switched themes.
        try folder.file("\(one)/48x48/apps/foo.png")
        #expect(lookup.find("foo", theme: "One") == .file("\(one)/32x32/apps/foo.png"))
        #expect(lookup.find("foo", theme: "Two") != nil)
        #expect(lookup.find("foo", theme: "One") == .file("\(one)/48x48/apps/foo.png"))
        #expect(lookup.directoriesListed > listed)
    }

    @Test func namesAndFilesAreToldApart() throws {
        let folder = try Folder()
        try folder.file("\(folder.root)/picture.png")
        let lookup = IconLookup(environment: folder.environment)
        #expect(lookup.find("\(folder.root)/picture.png") == .file("\(folder.root)/picture.png"))
        #expect(lookup.find("\(folder.root)/absent.png") == nil)
        #expect(lookup.find("dialog-error") == .icon(.error))
        #expect(lookup.find("") == nil)
        // A theme name is a name, not a path out of the icon folders.
        #expect(lookup.find("foo", theme: "../../etc") == nil)
    }

    @Test func theBaseDirectoriesAreTheSpecifications() {
        let environment = ["HOME": "/h", "XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "relative:/a::/b"]
        #expect(IconLookup.baseDirectories(environment: environment)
            == ["/h/.icons", "/d/icons", "/a/icons", "/b/icons", "/usr/share/pixmaps"])
        #expect(IconLookup.baseDirectories(environment: ["HOME": "/h", "XDG_DATA_DIRS": ""])
            == ["/h/.icons", "/h/.local/share/icons", "/usr/local/share/icons", "/usr/share/icons",
                "/usr/share/pixmaps"])
    }

    /// GNOME's theme as installed (packaging/deps.sh test installs adwaita-icon-theme).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/icons/Adwaita/index.theme")))
    func theInstalledAdwaitaTheme() {
        let lookup = IconLookup(environment: ["HOME": "/nonexistent", "XDG_DATA_DIRS": "/usr/share"])
        let base = "/usr/share/icons/Adwaita"
        #expect(lookup.find("folder", size: 48, theme: "Adwaita") == .file("\(base)/48x48/places/folder.png"))
        #expect(lookup.find("folder", size: 500, theme: "Adwaita") == .file("\(base)/512x512/places/folder.png"))
        // A -symbolic name: the PNG Adwaita renders for it, in the directory of the size.
        #expect(lookup.find("audio-volume-high-symbolic", size: 48, theme: nil)
            == .file("\(base)/48x48/status/audio-volume-high-symbolic.symbolic.png"))
    }
}
