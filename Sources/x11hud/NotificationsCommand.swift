import CommandOptions
import HUDAccess
import HUDBase
import HUDCommandLine
import Glibc
import HUDBus
import HUDConfig
import HUDLoop
import HUDNotify
import HUDScene
import HUDShow
import HUDLoop

/// `x11hud notifications`: the session's notification server (`org.freedesktop.Notifications`), every notification a
/// named HUD of this process, with the command line's look, stacking and names.
struct NotificationsCommand: Command {
    static let spec = makeSpec(
        ["x11hud", "notifications"],
        abstract: "Be the session's notification server (notify-send, libnotify): bubbles, and volume as an OSD.",
        discussion: discussion, usage: "x11hud notifications <options> <subcommand>")

    static let discussion = """
        Owns org.freedesktop.Notifications on the session bus until the bus or the display (the X server, the \
        Wayland compositor) goes away. \
        Notifications are bubbles in a column at the top right (--position, or the config file's \
        [notifications] table: width, body-lines, position, a look per urgency; without one of the user's own, \
        the user's dunstrc and its dunstrc.d drop-ins (on Wayland mako's config), mapped as far as x11hud can, \
        which --print-config prints as TOML), every action a button, the pointer on one holding its timeout. \
        The synchronous hints (x-canonical-private-synchronous, \
        x-dunst-stack-tag, synchronous, private-synchronous) and a 'value' hint (0-100) without a body or \
        actions (a volume key's) are an OSD where the command line's HUDs are, updated in place, as \
        replaces_id updates any notification; any other value is a bubble with a bar (a rule's osd key \
        decides either way). \
        Each notification is a named HUD: 'x11hud list' shows it, 'x11hud hide --id NAME' closes it \
        (NotificationClosed reason 3); a synchronous one is named APP:VALUE (its application's name and its \
        hint's value), so 'x11hud --id notify-send:volume …' updates the HUD \
        'notify-send -h string:x-canonical-private-synchronous:volume' shows.


        """ + ExitStatus.sentence([
            (.done, "the session bus went away or another server took the name (--replace)"),
            (.displayUnavailable, "the display cannot be opened"),
            (.connectionLost, "the display went away"),
            (.nameTaken, "another server owns the name (without --replace), with one line naming it"),
            (.busUnavailable, "the session bus cannot be reached"),
        ])

    var replace = false
    /// The `[notifications]` settings given as options: each is its row of that table's settings.
    var given: [NotificationKey: ConfigValue] = [:]
    var display: String?
    var backend: Backend?
    var look = LookOptions()

    static let rows: [OptionRow<NotificationsCommand>] = [
        .flag("replace", help: """
            Take the name over from the server that owns it, if that server lets it go (another x11hud does; dunst \
            does not: stop it first).
            """) {
            $0.replace = $1
        },
        .setting(NotificationKey.maxVisible) { $0.given[.maxVisible] = $1 },
        .setting(NotificationKey.valueIndicator) { $0.given[.valueIndicator] = $1 },
        .setting(NotificationKey.timeout) { $0.given[.timeout] = $1 },
        .text("display", valueName: "name", help: "The X display (default: $DISPLAY).") { $0.display = $1 },
        .option("backend", valueName: "auto|x11|wayland", help: """
            Show the bubbles on X11 or as layer surfaces of a Wayland compositor (default: Wayland when \
            $WAYLAND_DISPLAY names one with layer-shell and no --display is given).
            """, choices: Backend.allCases.map(\.rawValue), parse: Backend.parse) { $0.backend = $1 },
    ] + .group(LookOptions.sectionRows("LOOK (AS FOR THE HUD)", help: lookHelp)) { c, body throws(ValueError) in
        try body(&c.look)
    }

    /// The look's options as the server uses them: the column's own default place, the fonts of a bubble.
    private static let lookHelp: [ConfigKey: String] = [
        .font: "Summary font of a bubble, a Pango description (default Sans Bold 14).",
        .detailsFont: "Body font of a bubble (default Sans 13).",
        .position: NotificationKey.position.setting.optionHelp,
    ]

    mutating func validate() throws {
        try look.validate()
    }

    /// The settings with the command line's `[notifications]` options over the table (`--position` places the
    /// bubbles too): what `--print-config` prints and the server uses.
    private func layered() throws -> Settings {
        var settings = try look.settings(lenient: true)
        if let imported = importedLook(settings) {
            for warning in imported.warnings { X11HUDCommand.printError("warning: \(warning)") }
            X11HUDCommand.printError(imported.readLine)
            settings.adopt(imported)
        }
        for key in [NotificationKey.maxVisible, .valueIndicator, .timeout] {
            if let value = given[key] { settings.override(key, with: value) }
        }
        if let position = look.position { settings.override(NotificationKey.position, with: .position(position)) }
        return settings
    }

    /// A dunst or mako user's look when the user's config.toml has no `[notifications]` table of its own (the
    /// system's may: a distribution's defaults are not the user's choice): on Wayland mako's config (`MakoConfig`),
    /// else, or when there is none, the dunstrc (`DunstConfig`); nil with --no-config or neither.
    private func importedLook(_ settings: Settings) -> ImportedNotifications? {
        let environment = ProcessEnvironment.variables
        guard !look.noConfig else { return nil }
        let user = look.config.map(RelativePaths.resolve) ?? ConfigPaths.user(environment: environment)
        guard user.map({ !settings.notificationFiles.contains($0) }) ?? true else { return nil }
        let wayland = backend == .wayland
            || (backend != .x11 && display == nil && !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty)
        if wayland, let mako = MakoConfig.load(environment: environment) { return mako }
        return DunstConfig.load(environment: environment)
    }

    /// glibc's `mallopt(M_MMAP_THRESHOLD, bytes)`; `<malloc.h>` is not in Swift's Glibc module.
    private static func mapLargeBlocks(from bytes: Int32) {
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mmapThreshold: Int32 = -3
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, bytes)
    }

    func run() throws {
        let settings = try layered()
        if look.printConfig { return print(settings.printed) }
        // A picture sent as pixels (image-data) comes in messages of megabytes. glibc serves blocks that large from
        // the heap once it has freed one (its mmap threshold rises to the largest freed), and never gives a heap
        // back: a burst of photos held ~20 MB for the server's life. From 1 MiB up, each is a mapping of its own,
        // returned to the system when freed (issue 39 item 7).
        Self.mapLargeBlocks(from: 1 << 20)
        if let failure = MainActor.assumeIsolated({ start(settings) }) { throw failure }
        MainActor.assumeIsolated { SystemLoop.main.run() }
    }

    @MainActor private func start(_ settings: Settings) -> ExitError? {
        let environment = ProcessEnvironment.variables
        // Before any bubble is made: a HUD's session would start the bridge itself.
        AccessibilityBridge.isWanted = settings.accessibility != .off
        let session: any DisplaySession
        do throws(ExitError) { session = try Platform.open(backend, display: display) } catch {
            return error
        }
        let loop = session.loop
        var settings = settings
        settings.resolveAutoTheme { session.desktopPrefersDark() }
        var style = look.style(settings)
        style.markup = true
        let server: NotificationServer
        do { server = try NotificationServer(version: x11hudVersion) } catch {
            if error.isBrokenLibrary { return ExitError(.internalError, error.action) }
            return ExitError(message: error.description, code: ExitStatus.busUnavailable.code)
        }
        let table = settings.notifications, builtIn = NotificationSettings.builtIn
        // The command line's font over the [notifications] table's, over the top-level one of a file.
        func chosen(_ key: ConfigKey, table own: FontSpec?) -> FontSpec? {
            guard let (value, source) = settings.effective(key), source != .builtIn,
                  case .font(let font) = value else { return own }
            return source == .commandLine ? font : own ?? font
        }
        let indicator = table.valueIndicator ?? builtIn.valueIndicator!
        let screen = SessionNotificationDisplay(session: session, monitor: settings.monitor, scale: settings.scale) {
            X11HUDCommand.printError($0)
        }
        let desk = NotificationDesk(display: screen, clock: loop, icons: IconLookup(environment: environment),
                                    style: style, maxVisible: table.maxVisible ?? builtIn.maxVisible!,
                                    valueMode: indicator == .ring ? .annular : .bar, timeout: table.timeout,
                                    settings: table,
                                    fonts: (chosen(.font, table: table.font),
                                            chosen(.detailsFont, table: table.detailsFont)))
        desk.serve(server)
        let control: NotificationControl
        do { control = try NotificationControl(desk: desk, connection: server.connection) } catch {
            return ExitError(message: error.description, code: ExitStatus.busUnavailable.code)
        }
        desk.onWarning = { X11HUDCommand.printError("warning: \($0)") }
        // Before the name is taken: a script may send SIGUSR1 as soon as it sees the name owned.
        let signals = Self.pauseSignals(desk, on: loop)
        server.connection.onClosed = { _ in Glibc.exit(0) }
        server.connection.onNameLost = { name in
            guard name == NotificationServer.busName else { return }
            X11HUDCommand.printError("another notification server took \(name); exiting")
            desk.closeAll()
            Glibc.exit(0)
        }
        do {
            if case .taken(let owner, let pid) = try server.start(replace: replace) {
                let who = [owner, pid.map { "pid \($0)" }].compactMap { $0 }.joined(separator: ", ")
                let owner = who.isEmpty ? "another program" : who
                return ExitError(message: "\(NotificationServer.busName) is owned by \(owner)"
                    + (replace ? ", which does not let it be replaced: stop it first"
                        : "; --replace takes it over"), code: ExitStatus.nameTaken.code)
            }
        } catch {
            return ExitError(message: error.description, code: ExitStatus.busUnavailable.code)
        }
        session.watchSignals()
        ShowHost.startAccessibility(on: loop, session: server.connection, wanted: settings.accessibility)
        Self.kept = (desk, control, signals)
        return nil
    }

    /// SIGUSR1 pauses and SIGUSR2 resumes, as in dunst (scripts send them: a screen locker, a presentation mode).
    @MainActor private static func pauseSignals(_ desk: NotificationDesk, on loop: any EventLoop) -> SignalWatch {
        loop.watchSignals([SIGUSR1, SIGUSR2]) { number in
            if number == SIGUSR1 { desk.pause() } else { desk.resume() }
        }
    }

    /// Keeps the desk, its control interface and the signal watch alive for the life of the process.
    @MainActor private static var kept: (desk: NotificationDesk, control: NotificationControl, signals: SignalWatch)?
}
