import CommandOptions
import Glibc
import HUDAccess
import HUDBase
import HUDBus
import HUDConfig
import HUDControl
import HUDFeeds
import HUDLoop
import HUDRender
import HUDScene
import HUDShow
import ProgressFeed

/// One `x11hud` invocation's HUD, on whichever display system `Platform.open` chose: the program's side of its
/// `Delivery` (which decides whether the HUD is our own, another process's by the same name, or the resident's, and
/// when that changes). Here: the HUD of our own dressed as the command line says, the input read and handed on, the
/// process's end. Written once, against `DisplaySession`: a rule here holds on X11 and on Wayland alike.
@MainActor final class ShowHost: DeliveryHost {
    private let command: ShowCommand
    private let session: any DisplaySession
    /// How the HUD ends: x11hud's own statuses, or zenity's and yad's.
    private let rules: DialogRules
    private let status = ShowOutcome()
    /// The input when it is not standard input (`x11hud run`: its command's output).
    private let givenFeed: (any LiveFeed)?
    /// The input, once it is being read: it follows whichever HUD this invocation drives.
    private var feed: (any LiveFeed)?
    /// `--watch-pid`, `--watch-file`: the watcher, while it feeds another process's HUD.
    private var watcher: (any HUDInputSource)?
    /// The HUD of our own, once shown.
    private var live: (any HUDPresenter)?
    /// The name claimed for it.
    private var claimedName: String?
    private lazy var delivery = Delivery(plan: Self.plan(command, rules: rules, readsInput: readsInput), host: self,
                                         clock: session.loop)

    init(command: ShowCommand, session: any DisplaySession, rules: DialogRules, feed: (any LiveFeed)? = nil) {
        self.command = command
        self.session = session
        self.rules = rules
        givenFeed = feed
    }

    /// Whether there is input to read: standard input, or the input given.
    private var readsInput: Bool { givenFeed != nil || command.readsInput }

    /// Starts the delivery: the resident's HUD when one runs and may show it, else ours or the name's owner's.
    func start() throws(ExitError) {
        // Every served HUD has a name, on both platforms: the one given, or one made up (`list` shows it).
        let name = command.id ?? Resident.uniqueName()
        if let resident = resident(naming: name) {
            if givenFeed == nil {
                // A signal ends this process as it would end its own HUD's; its HUD in the resident hides with it.
                Self.signals = SignalWatch.ending(on: session.loop) { Glibc.exit(ExitStatus.signalled(by: $0)) }
            }
            status.code = rules.doneStatus
            return delivery.serve(by: resident, request: [Resident.request(for: command, name: name)])
        }
        // Ours unless another process shows the name: the text stack loads while the connection is set up.
        if command.id == nil { Self.prepareOwnHUD(for: command) }
        do throws(DeliveryFailure) { try delivery.start() } catch {
            throw ExitError(message: error.message, code: error.code)
        }
    }

    /// Kept for the life of a served client.
    private static var signals: SignalWatch?

    /// The resident (`x11hud serve`) of this display, when it is to show this HUD: not with `X11HUD_NO_SERVE`,
    /// `--queue` (it waits in this process) or a yad button's command, nor for a name another process shows.
    private func resident(naming name: String) -> (any DeliveryEndpoint)? {
        guard !Resident.isBypassed, !command.queue, rules.buttonCommand == nil,
              let names = try? session.names() else { return nil }
        if let id = command.id, names.isShown(id) { return nil }
        return names.resident(naming: name)
    }

    /// Where the text stack is loaded, once this process knows it will draw a HUD: here, ahead of the first
    /// client in the resident, and in `main` for a command line that surely draws its own. Loading (about 6 ms)
    /// overlaps the rest of the start; a process whose HUD another draws never maps the text libraries.
    static func prepareOwnHUD() { TextStack.loadForOwnHUD() }

    /// As soon as the display is open, for a command line that will all but surely draw its own HUD: with no `--id`
    /// and the resident bypassed, or on Wayland when neither a resident nor another process's HUD of its name is
    /// there (`Platform.showsOwnHUD`). The load then overlaps the rest of the start; before the connection, it slowed
    /// the connection down more than it gained (the loader's mmaps against the start's page faults). Wrong only when
    /// a resident or the name's HUD comes meanwhile: the libraries are then mapped for nothing.
    static func prepareOnConnection(_ command: ShowCommand, session: any DisplaySession) {
        guard Platform.showsOwnHUD(command, on: session) else { return }
        prepareOwnHUD(for: command)
    }

    /// The text stack's load for `command`'s own HUD: for one without text (a bar, a spinner), cairo alone, and the
    /// rest when a label first comes (issue 51: the whole stack was a fifth of a text-free bar's memory).
    static func prepareOwnHUD(for command: ShowCommand) {
        TextStack.loadForOwnHUD(cairoOnly: !drawsText(content(command)))
    }

    /// Whether a HUD of `content` has text to draw (a label, details, a button): its first frame needs the fonts.
    static func drawsText(_ content: HUDContent) -> Bool {
        !content.label.isEmpty || !content.details.isEmpty || !content.buttonTitle.isEmpty || !content.actions.isEmpty
    }

    /// Whether `arguments`, before they are parsed, surely show a HUD of this process's own: the default command
    /// without `--id` (another process may show the name) and with the resident bypassed (it would draw it).
    static func drawsOwnHUD(_ arguments: [String]) -> Bool {
        CommandTree.showsDirectly(arguments) && !arguments.contains { $0 == "--id" || $0.hasPrefix("--id=") }
            && Resident.isBypassed
    }

    /// What `command` asks of its delivery.
    static func plan(_ command: ShowCommand, rules: DialogRules, readsInput: Bool) -> Delivery.Plan {
        var plan = Delivery.Plan(name: command.id)
        plan.queue = command.queue
        plan.watching = command.watch.isWatching
        plan.readsInput = readsInput
        plan.hasButton = !(command.hud.button ?? "").isEmpty
        plan.hidesAtEnd = command.hideAfter == nil
        plan.flags = forwardedContent(command)
        plan.autoDetails = command.autoDetails
        plan.timeout = rules.timeout?.seconds
        return plan
    }

    // MARK: The display, for the delivery

    func claim(_ name: String) throws(DeliveryFailure) -> DeliveryClaim {
        do throws(PlatformFailure) {
            let names: any NameService
            do { names = try session.names() } catch {
                throw PlatformFailure(error.status, "--id: \(error.message)")
            }
            switch try names.claim(place(name: name)) {
            case .ours:
                claimedName = name
                return .ours
            case .taken(let remote):
                return .taken(remote)
            }
        } catch {
            throw DeliveryFailure(message: error.message, code: error.code)
        }
    }

    func whenNameFree(_ name: String, _ action: @escaping @MainActor () -> Void) {
        guard let names = try? session.names() else { return action() }
        names.whenFree(name, action)
    }

    func warn(_ message: String) { X11HUDCommand.printError(message) }

    func fail(_ failure: DeliveryFailure) { X11HUDCommand.fail(failure.message, code: failure.code) }

    /// Where this invocation's HUD goes.
    private func place(name: String?) -> HUDPlace {
        HUDPlace(name: name, scale: command.hud.explicitScale, monitor: command.hud.settings.monitor,
                 window: command.targetWindow)
    }

    // MARK: A HUD of our own

    func showOwn(_ start: OwnStart) throws(DeliveryFailure) {
        Self.prepareOwnHUD(for: command)
        Self.startAccessibility(on: session.loop, wanted: command.hud.settings.accessibility)
        let place = self.place(name: claimedName)
        claimedName = nil
        let live: any HUDPresenter
        do { live = try session.makeHUD(place) } catch {
            throw DeliveryFailure(message: error.message, code: error.code)
        }
        // A warning, not an error: the HUD still shows, on another monitor.
        if let warning = session.placeWarning(for: live, place: place) { warn(warning) }
        if start != .afterForwarding { live.content = Self.content(command) }
        Self.dress(live, as: command, on: session)
        status.code = rules.doneStatus
        let cancel: @MainActor () -> Void = { [unowned live, rules, status] in
            if rules.buttonPressed(status) { live.cancel() }
        }
        live.buttonAction = cancel
        if command.dismissOnClick { live.bezelAction = cancel }
        // A click hides a banner, as a tap does ProgressHUD's: dismissed, not cancelled.
        if command.hud.banner { live.bezelAction = { [unowned live] in live.hide() } }
        // Once hidden, the input is read to its end before exiting: the producer must not die of SIGPIPE.
        live.completion = { [self, unowned live] in
            Self.pipedEnd?.hudEnded(showing: live.content)
            session.ended(live, status: live.wasCancelled ? ExitStatus.cancelled.code : ExitStatus.done.code)
            rules.finish(live.targetClosed ? ExitStatus.windowClosed.code : status.code, input: feed)
        }
        self.live = live
        live.show()
        if case .afterServing(let forwarded) = start { live.post(forwarded) }
        rules.startTimeout(hud: live, loop: session.loop, status: status)
        let policy = Self.policy(command)
        if let feed {
            live.attach(feed, policy: policy)
        } else if let watcher {
            live.attach(watcher, policy: policy)
        } else if command.watch.isWatching {
            if let made = Self.makeWatcher(command, status: status) { live.attach(made, policy: policy) }
        } else if readsInput {
            let input = givenFeed ?? standardInput
            feed = input
            live.attach(input, policy: policy)
        }
    }

    /// Exposes the HUDs to a screen reader when assistive technology is on; a bridge that cannot start is one
    /// warning, and the HUD shows all the same.
    static func startAccessibility(on loop: any EventLoop, session: BusConnection? = nil,
                                   wanted: AccessibilityChoice) {
        AccessibilityBridge.isWanted = wanted != .off
        do { try AccessibilityBridge.start(loop: loop, session: session) } catch {
            X11HUDCommand.printError("warning: accessibility: \(error)")
        }
    }

    /// The look and life the command line gives `live` (its content apart): the style with the desktop's theme,
    /// grace, minimum show time, delayed hide and how its input changes it. The same for a HUD of our own and one
    /// the resident shows for a client, on either platform.
    static func dress(_ live: any HUDPresenter, as command: ShowCommand, on session: any DisplaySession) {
        var options = command.hud
        options.settings.resolveAutoTheme { session.desktopPrefersDark() }
        var style = options.style
        // An OSD, a HUD by name that the next key press updates, is read the moment it appears, as dunst, mako and
        // wob show theirs; `--animation` brings the transition in.
        style.appearsAtOnce = command.id != nil && options.look.animation == nil
        live.style = style
        live.blocksInput = command.blockInput
        for warning in session.unsupported(live.style) { X11HUDCommand.printError(warning) }
        if let warning = LiveWarnings.background(style: live.style, canDim: live.canDim) {
            X11HUDCommand.printError(warning)
        }
        live.graceTime = command.grace?.value ?? 0
        live.minShowTime = command.minShow?.value ?? 0
        live.autoHideDelay = command.hideSeconds
        live.policy = policy(command)
    }

    /// What `command` shows first (`--details auto` starts empty).
    static func content(_ command: ShowCommand) -> HUDContent {
        var options = command.hud
        if command.autoDetails { options.details = "" }
        return options.content
    }

    /// How the input changes the HUD of `command`.
    static func policy(_ command: ShowCommand) -> FeedPolicy {
        FeedPolicy(modeIsExplicit: command.hud.modeIsExplicit, autoClose: command.autoClose,
                   hidesAtEnd: command.hideAfter == nil, autoDetails: command.autoDetails)
    }

    /// The watcher of `command`'s `--watch-pid` or `--watch-file`, which sets `status` as it ends.
    static func makeWatcher(_ command: ShowCommand, status: ShowOutcome) -> (any HUDInputSource)? {
        if command.readsInput {
            WatchOptions.ignoreStandardInput(option: command.watch.watchPID != nil ? "--watch-pid" : "--watch-file")
        }
        let finished: @Sendable (WatchEnd) -> Void = { [status] end in
            let code: Int32
            switch end {
            case .completed: code = ExitStatus.done.code
            case .fileLost: code = ExitStatus.noInput.code
            case .incomplete(let what):
                X11HUDCommand.printError(what)
                code = ExitStatus.incomplete.code
            case .failed(let status, let message):
                // The watched process's own status, as `run` keeps its command's.
                X11HUDCommand.printError(message)
                code = status
            }
            SystemLoop.main.send { status.code = code }
        }
        return command.watch.makeFeed(texts: command.watchTexts, onEnd: finished)
    }

    private var standardInput: any LiveFeed {
        let parser = command.feedParser(rules: rules)
        let feed = FileDescriptorFeed.standardInput(parser: parser, timeRemainingTitle: rules.timeRemainingTitle)
        Self.pipedEnd = PipedEnd(command, scanning: feed, parser: parser)
        return feed
    }

    /// The end of the input, told when the HUD did not show it; set once standard input is read.
    static var pipedEnd: PipedEnd?

    // MARK: Another process's HUD, for the delivery

    func startInput() {
        // What the input asks while it feeds another process's HUD: the main queue looks.
        let deliver: @Sendable () -> Void = { SystemLoop.main.send { [self] in inputArrived() } }
        if command.watch.isWatching {
            watcher = Self.makeWatcher(command, status: status)
            watcher?.start(asking: deliver)
        } else if readsInput, feed == nil {
            let input = givenFeed ?? standardInput
            feed = input
            input.start(asking: deliver)
        }
    }

    private func inputArrived() {
        if let live { return live.inputArrived() }
        guard delivery.mode == .forwarding || delivery.mode == .served,
              let input = (feed ?? watcher)?.take() else { return }
        delivery.received(input)
    }

    func end(_ status: Int32) {
        // The producer writing into our input must not die of SIGPIPE when we go.
        if let feed { feed.drainThenExit(status, evenIfIdle: false) } else { Glibc.exit(status) }
    }

    func endAfterForwardedInput() -> Bool {
        guard let feed else { return false }
        feed.drainThenExit(rules.doneStatus, evenIfIdle: true)
        return true
    }

    func servedEnded(_ value: Int32) {
        // The button (or a click on the bezel): what it does and the status are this process's rules'.
        if value == ExitStatus.cancelled.code { _ = rules.buttonPressed(status) }
        rules.finish(value == ExitStatus.windowClosed.code ? value : status.code, input: feed)
    }

    func servedTimedOut() {
        if let timeout = rules.timeout { status.code = timeout.status }
    }

    /// What the flags say, as one update: only what they give, so that `x11hud --id save --progress 0.5` keeps the
    /// HUD's label, details and button (an empty `--label ""` does clear it). `--details auto` is not text: the
    /// request asks the HUD to write its details from the figures it is given.
    static func forwardedContent(_ command: ShowCommand) -> FeedInbox {
        let options = command.hud
        let content = options.content
        var input = FeedInbox()
        if options.label != nil { input.label = content.label }
        if options.details != nil, !command.autoDetails { input.details = content.details }
        if options.button != nil { input.button = content.buttonTitle }
        // Without --mode the HUD's own rules apply (the first progress turns the spinner into the ring).
        if options.modeIsExplicit { input.mode = content.mode }
        if case .icon(let icon) = content.custom { input.icon = icon }
        // A spinner asked for by name travels like the JSON key does ({"spinner":…}); the rest of the style is the
        // showing process's own.
        if case .spinner(let spinner)? = options.look.given[.spinner] { input.spinner = spinner }
        if options.progress != nil || options.percentage != nil { input.progress = content.progress }
        input.hideAfter = command.hideSeconds
        return input
    }
}
