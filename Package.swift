// swift-tools-version: 6.1
import PackageDescription

// Strictness is declared here, for every target, rather than left to defaults (as swift-log does).
// `InternalImportsByDefault` keeps `import CX11` / `import CCairo` from leaking C types such as
// `Window`, `Display` or `cairo_t` into the public API of the Swift modules.
let strictness: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "x11hud",
    products: [
        .executable(name: "x11hud", targets: ["x11hud"]),
        .executable(name: "feed-fuzz", targets: ["FeedFuzz"]),
        .executable(name: "x11hud-bench", targets: ["RenderBench"]),
        .executable(name: "hud-example", targets: ["HUDExample"]),
        .library(name: "HUDScene", targets: ["HUDScene"]),
        .library(name: "HUDRender", targets: ["HUDRender"]),
        .library(name: "X11Platform", targets: ["X11Platform", "X11Names", "X11Display", "HUDAccess"]),
        .library(name: "HUDControl", targets: ["HUDControl", "HUDLoop"]),
        .library(name: "HUDFeeds", targets: ["HUDFeeds", "ProgressFeed"]),
        .library(name: "HUDNotify", targets: ["HUDNotify"]),
        .library(name: "HUDShow", targets: ["HUDShow"]),
        .library(name: "WaylandPlatform", targets: ["WaylandPlatform", "SocketNames"]),
    ],
    dependencies: [],
    targets: [
        // cairo + Pango: drawing and text shaping. No Xlib in here, so HUDScene never sees an X type. Its header
        // declares what x11hud uses, copied from the libraries' headers by generate-shim.py: no pkg-config flags
        // (pangocairo's carry -pthread, refused with a warning in every package that depends on x11hud).
        .systemLibrary(name: "CCairo"),
        // Lazy-binding stubs for every cairo/Pango/GLib function the Swift code calls: the text stack is dlopen()ed
        // on the first call, so start-up until the window is mapped needs libX11 alone (issue 12).
        .target(
            name: "CCairoLoader",
            dependencies: ["CCairo"],
            exclude: ["generate-stubs.py", "symbols.txt"]
        ),
        // Xlib and the X extensions the overlay window needs. Only the X11 modules (X11Display, X11Names,
        // X11Platform) import it, internally or at package level: no Xlib type is public.
        .systemLibrary(
            name: "CX11",
            pkgConfig: "x11 xext xfixes xrender xrandr xinerama",
            providers: [
                .apt(["libx11-dev", "libxext-dev", "libxfixes-dev", "libxrender-dev", "libxrandr-dev", "libxinerama-dev"]),
                .yum(["libX11-devel", "libXext-devel", "libXfixes-devel", "libXrender-devel", "libXrandr-devel", "libXinerama-devel"]),
            ]
        ),
        // timerfd and libdispatch's two hooks for a loop of one's own (headers only). Only HUDLoop imports it.
        .systemLibrary(name: "CMainLoop"),
        // The main thread's one loop and one clock: descriptor watches, timers on a clock a test can set, signals.
        // Every input (X, standard input, the session bus) and every timer of the program goes through it.
        .target(
            name: "HUDLoop",
            dependencies: ["HUDBase", "CMainLoop"],
            swiftSettings: strictness
        ),
        // A HUD without a display: its scene, life, input and the policy that applies it, its name; where one
        // invocation's HUD is shown (Delivery: its own, forwarded, served, and the fallbacks). No X, no drawing.
        .target(
            name: "HUDControl",
            dependencies: ["HUDBase", "HUDScene", "ProgressFeed", "HUDLoop"],
            swiftSettings: strictness
        ),
        // What every target needs and that depends on nothing: exit statuses, the limits on input, time units, the XDG
        // directories, files and the environment over Glibc, JSON for Codable types, text search (issue 51: the
        // binary links neither Foundation nor _StringProcessing). No C library target, no Dispatch.
        .target(
            name: "HUDBase",
            swiftSettings: strictness
        ),
        // The model: content, style, layout, lifecycle, indicators and animation as values and pure functions of
        // time. No C library, so everything that only reads or forwards a HUD's settings loads no text stack.
        .target(
            name: "HUDScene",
            dependencies: ["HUDBase"],
            swiftSettings: strictness
        ),
        // The seam between the commands and the platforms: what a command needs of a display (`DisplaySession`) and
        // of the HUDs by name across processes (`NameService`), in platform-free words. X11Platform and
        // WaylandPlatform each implement it once; the command module picks one in one place (`Platform.open`).
        .target(
            name: "HUDShow",
            dependencies: ["HUDBase", "HUDControl", "HUDLoop", "HUDScene"],
            swiftSettings: strictness
        ),
        // Drawing a HUDScene snapshot: cairo canvases, Pango text, the indicator painters, PNG images.
        .target(
            name: "HUDRender",
            dependencies: ["HUDBase", "HUDLoop", "HUDScene", "CCairo", "CCairoLoader", "CSvgLoader", "CPixbufLoader"],
            swiftSettings: strictness
        ),
        // librsvg for SVG icons, opened on the first SVG (declared without its headers). Only HUDRender imports it.
        .target(name: "CSvgLoader"),
        // gdk-pixbuf for JPEG and the other pictures, opened on the first (declared without its headers).
        .target(name: "CPixbufLoader"),
        // The stdin progress protocol: pure parsing, no X, no drawing.
        .target(
            name: "ProgressFeed",
            dependencies: ["HUDScene", "HUDBase"],
            swiftSettings: strictness
        ),
        // The input sources: bytes pushed into a reader, a descriptor, a command run with its output read, the PID
        // and file watchers. No X, no printing: the program decides what to say and when to exit.
        .target(
            name: "HUDFeeds",
            dependencies: ["HUDBase", "ProgressFeed", "HUDScene", "HUDLoop"],
            swiftSettings: strictness
        ),
        // The freedesktop notification server and its desk (which notification shows, waits, expires), icon theme
        // lookup. The desk sees a display through a protocol, so it runs on a ManualClock without X or a bus, and
        // links no Xlib; the program's display is written once over the seam (SessionNotificationDisplay).
        .target(
            name: "HUDNotify",
            dependencies: [
                "HUDBase", "HUDBus", "HUDConfig", "HUDControl", "HUDFeeds", "HUDLoop", "HUDRender", "HUDScene",
                "HUDShow", "ProgressFeed",
            ],
            swiftSettings: strictness
        ),
        // sd-bus from libsystemd: headers only, no link line (CSystemdBusLoader opens the library on first use).
        .systemLibrary(
            name: "CSystemdBus",
            providers: [.apt(["libsystemd-dev"]), .yum(["systemd-devel"])]
        ),
        // The sd_bus_* functions HUDBus calls, each looking itself up in libsystemd on its first call, so that only
        // `x11hud notifications` maps libsystemd (issue 20).
        .target(name: "CSystemdBusLoader"),
        // The session bus from Swift: connection, exported objects, messages, driven by Dispatch. Only it imports
        // CSystemdBus.
        .target(
            name: "HUDBus",
            dependencies: ["CSystemdBus", "CSystemdBusLoader", "HUDLoop"],
            swiftSettings: strictness
        ),
        // A screen reader's view of the HUDs (AT-SPI over HUDBus), written once for X11 and Wayland: it follows
        // the controllers, not the display. Nothing is opened unless assistive technology is on (issue 54).
        .target(
            name: "HUDAccess",
            dependencies: ["HUDBase", "HUDBus", "HUDControl", "HUDLoop", "HUDScene"],
            swiftSettings: strictness
        ),
        // The command line's one definition: option tables, their parser, ArgumentParser's messages, help and
        // completion scripts. Pure: no X, no I/O.
        // zenity's and yad's command lines, read as GLib's option parser reads them, every option of their progress
        // dialogs and general options in one table: the drop-in's half that needs no display and no x11hud command.
        .target(
            name: "HUDDialogs",
            dependencies: ["HUDScene", "ProgressFeed"],
            swiftSettings: strictness
        ),
        // The command line as one table: each option one row (names, value, help, values, completion, and how it sets
        // its command's property), one parser with swift-argument-parser's messages, and the help texts and the bash,
        // zsh and fish completion scripts written from the same rows. Pure: no C library, no I/O.
        .target(name: "HUDCommandLine", dependencies: ["HUDBase"], swiftSettings: strictness),
        // Defaults from config.toml, layered under the command line.
        .target(
            name: "HUDConfig",
            dependencies: ["HUDScene", "HUDBase"],
            swiftSettings: strictness
        ),
        // libFuzzer target for ProgressFeed (see the file for how to run it).
        .executableTarget(
            name: "FeedFuzz",
            dependencies: ["ProgressFeed", "HUDScene", "HUDBase"],
            swiftSettings: strictness
        ),
        // The library used from a Swift program, as the README shows.
        .executableTarget(
            name: "HUDExample",
            dependencies: ["HUDBase", "HUDScene", "HUDFeeds", "X11Display", "X11Platform"],
            swiftSettings: strictness
        ),
        // Renderer benchmark (frame cost per mode); the peer benchmarks drive the built binaries.
        .executableTarget(
            name: "RenderBench",
            dependencies: ["HUDScene", "HUDRender"],
            swiftSettings: strictness
        ),
        // The X display and what the desktop says: the connection and its error handlers, properties, monitors,
        // XSETTINGS and GTK settings, the compositor, windows to go over. Declares, shares nothing of Xlib's in public.
        .target(
            name: "X11Display",
            dependencies: ["HUDBase", "HUDScene", "HUDLoop", "CX11"],
            swiftSettings: strictness
        ),
        // Naming HUDs across processes with no daemon: the registry on the root window, requests and replies through
        // selections and properties, the forwarding client. What `x11hud --id NAME` links when another process
        // shows NAME.
        .target(
            name: "X11Names",
            dependencies: ["HUDBase", "HUDScene", "HUDLoop", "ProgressFeed", "X11Display", "CX11"],
            swiftSettings: strictness
        ),
        // The presenter: a session (one connection, one pump, one frame clock) and its HUDs' overlay windows,
        // drawn from HUDControl's controllers by HUDRender.
        .target(
            name: "X11Platform",
            dependencies: [
                "HUDAccess", "HUDBase", "HUDScene", "HUDRender", "ProgressFeed", "HUDLoop", "HUDControl", "HUDShow",
                "X11Display", "X11Names", "CX11",
            ],
            swiftSettings: strictness
        ),
        // libwayland-client and the generated client code of wlr-layer-shell (committed; generate.sh writes it).
        // Only WaylandPlatform imports it, internally.
        .target(
            name: "CWayland",
            exclude: ["generate.sh", "protocols"],
            linkerSettings: [.linkedLibrary("wayland-client")]
        ),
        // Named HUDs across processes where no X server carries them (Wayland): one Unix socket per name in the
        // user's private runtime directory, claimed under a lock; the requests are X11Names' JSON lines.
        .target(
            name: "SocketNames",
            dependencies: ["HUDBase", "HUDLoop", "HUDControl", "HUDScene", "ProgressFeed"],
            swiftSettings: strictness
        ),
        // The presenter on a Wayland compositor: HUDs as layer-shell overlay surfaces drawn by HUDRender into shared
        // memory, paced by the compositor's frame callbacks, from HUDControl's controllers as X11Platform's are.
        .target(
            name: "WaylandPlatform",
            dependencies: [
                "HUDAccess", "HUDBase", "HUDScene", "HUDRender", "HUDLoop", "HUDControl", "HUDShow", "ProgressFeed",
                "SocketNames", "CWayland",
            ],
            swiftSettings: strictness
        ),
        // The options the HUD commands share (content, look, the value types they parse) as rows of the one table,
        // and the words --help, the man page and the README share (the input protocol, each exit status's meaning).
        .target(
            name: "CommandOptions",
            dependencies: [
                "HUDBase", "HUDCommandLine", "HUDConfig", "HUDFeeds", "HUDLoop", "HUDRender", "HUDScene", "ProgressFeed",
            ],
            swiftSettings: strictness
        ),
        .executableTarget(
            name: "x11hud",
            dependencies: [
                "HUDAccess",
                "HUDBase",
                "HUDBus",
                "HUDScene",
                "HUDRender",
                "HUDConfig",
                "HUDFeeds",
                "HUDNotify",
                "ProgressFeed",
                "X11Display",
                "X11Platform",
                "WaylandPlatform",
                "HUDLoop",
                "HUDControl",
                "HUDShow",
                "HUDCommandLine",
                "HUDDialogs",
                "CommandOptions",
            ],
            swiftSettings: strictness
        ),
        // What the test targets share: a private Xvfb per suite, the one runner for child processes (x11hud, the X
        // tools), screenshots. Not a product: tests only (as swift-argument-parser's ArgumentParserTestHelpers).
        .target(
            name: "HUDTestSupport",
            dependencies: ["HUDScene", "HUDLoop"],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "HUDControlTests",
            dependencies: ["HUDBase", "HUDControl", "HUDLoop", "HUDScene", "ProgressFeed"],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "HUDLoopTests",
            dependencies: ["HUDLoop"],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "HUDSceneTests",
            dependencies: ["HUDScene", "HUDTestSupport", "HUDBase"],
            swiftSettings: strictness
        ),
        // Rendering, text and images; CCairo to compare the font-description reader with Pango itself.
        .testTarget(
            name: "HUDRenderTests",
            dependencies: ["HUDRender", "HUDScene", "CCairo", "CPixbufLoader", "HUDTestSupport", "HUDBase"],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "ProgressFeedTests",
            dependencies: ["ProgressFeed", "HUDScene", "HUDBase"],
            // What rsync, curl, pv, wget, dd and ffmpeg really print, read by the tests from the source tree.
            exclude: ["Fixtures"],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "HUDFeedsTests",
            dependencies: ["HUDFeeds", "ProgressFeed", "HUDScene", "HUDTestSupport"],
            swiftSettings: strictness
        ),
        // The desk on a ManualClock with a display of the test's own, icon themes built in a temporary folder.
        .testTarget(
            name: "HUDNotifyTests",
            dependencies: ["HUDNotify", "HUDBus", "HUDConfig", "HUDControl", "HUDLoop", "HUDScene", "ProgressFeed"],
            swiftSettings: strictness
        ),
        // HUDBus on a private dbus-daemon, called by the real D-Bus clients (gdbus, dbus-send, dbus-monitor).
        .testTarget(
            name: "HUDBusTests",
            dependencies: ["HUDBus", "HUDTestSupport"],
            swiftSettings: strictness
        ),
        // The name directory's boundary and claims on a temporary runtime directory, with real processes (Python
        // owners killed by SIGKILL, a client as `nobody`) and racing claimers.
        .testTarget(
            name: "SocketNamesTests",
            dependencies: ["SocketNames", "HUDLoop", "HUDTestSupport"],
            swiftSettings: strictness
        ),
        .testTarget(name: "HUDCommandLineTests", dependencies: ["HUDCommandLine"], swiftSettings: strictness),
        .testTarget(
            name: "HUDConfigTests",
            dependencies: ["HUDConfig", "HUDScene"],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "X11PlatformTests",
            dependencies: [
                "X11Platform", "HUDScene", "HUDRender", "ProgressFeed", "HUDFeeds", "HUDExample", "HUDTestSupport", "HUDLoop",
                "HUDControl", "HUDBase", "X11Display", "X11Names", "HUDShow",
            ],
            swiftSettings: strictness
        ),
        // One body per behaviour above the seam, run on a private Xvfb and on a private headless sway.
        .testTarget(name: "ParityTests", dependencies: ["HUDTestSupport"], swiftSettings: strictness),
        // x11hud on a private headless sway (XWayland off), read back with grim, clicked by a virtual pointer.
        .testTarget(
            name: "WaylandPlatformTests",
            dependencies: ["HUDScene", "HUDTestSupport", "WaylandPlatform", "HUDControl", "HUDRender", "HUDShow"],
            swiftSettings: strictness
        ),
        // What a screen reader is told, and when nothing is opened: pure, on a manual clock.
        .testTarget(
            name: "HUDAccessTests",
            dependencies: ["HUDAccess", "HUDControl", "HUDLoop", "HUDScene"],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "x11hudTests",
            dependencies: [
                "HUDScene", "HUDRender", "X11Platform", "ProgressFeed", "x11hud", "HUDTestSupport", "HUDLoop", "HUDControl",
                "HUDBase", "HUDConfig", "HUDFeeds", "HUDCommandLine", "HUDDialogs", "X11Display", "CommandOptions", "HUDShow",
            ],
            // What the command line said before issue 38's parser (CLIGoldenTests), and the script that wrote it.
            exclude: ["Fixtures"],
            swiftSettings: strictness
        ),
    ]
)
