import CommandOptions
import X11Names
import X11Display
import HUDBase
import FoundationEssentials
import Glibc
import HUDConfig
import HUDFeeds
import HUDControl
import HUDRender
import HUDScene
import ProgressFeed
import X11Platform
import HUDLoop

/// One `x11hud` invocation on the display: the program's side of its `Delivery` (which decides whether the HUD is
/// our own, another process's by the same name, or the resident's, and when that changes). Here: the HUD of our
/// own dressed as the command line says, the input read and handed on, the process's end.
@MainActor final class LiveShow: DeliveryHost {
    private let command: ShowCommand
    /// The display session, made when first needed: a client that only forwards to another process's HUD never
    /// makes one.
    private var session: HUDSession {
        if let sessionStorage { return sessionStorage }
        let made = makeSession()
        sessionStorage = made
        return made
    }
    private var sessionStorage: HUDSession?
    private let makeSession: () -> HUDSession
    /// How the HUD ends: x11hud's own statuses, or zenity's and yad's.
    private let rules: DialogRules
    private let status = ShowOutcome()
    /// The input, once it is being read: it follows whichever HUD this invocation drives.
    private var feed: (any LiveFeed)?
    /// The input when it is not standard input (`x11hud run`: its command's output).
    private let givenFeed: (any LiveFeed)?
    /// The HUD of our own, once shown; the one `claim` made until then.
    private var live: HUD?
    private var claimed: HUD?
    /// `--watch-pid`, `--watch-file`: the watcher, while it feeds the resident's HUD.
    private var watcher: (any HUDInputSource)?
    private lazy var delivery = Delivery(plan: plan, host: self, clock: SystemLoop.main)

    init(command: ShowCommand, session: HUDSession, rules: DialogRules = DialogRules(), feed: (any LiveFeed)? = nil) {
        self.command = command
        sessionStorage = session
        makeSession = { session }
        self.rules = rules
        givenFeed = feed
    }

    /// Forwards to `remote`, the HUD of the name another process shows, with only `forwarder`'s link open; if that
    /// HUD goes away or does not answer, the session made on the same connection shows a HUD of our own.
    init(command: ShowCommand, forwardingTo remote: RemoteHUD, through forwarder: HUDForwarder,
         rules: DialogRules) {
        self.command = command
        self.rules = rules
        givenFeed = nil
        makeSession = {
            let session = HUDSession(adopting: forwarder)
            session.watchSignals()
            return session
        }
        delivery.forward(to: remote)
    }

    /// Hands this invocation's whole HUD to the resident x11hud (`x11hud serve`), `resident` being the HUD it is
    /// asked to show, with only `forwarder`'s link open; if the resident goes away or does not answer, the session
    /// made on the same connection shows a HUD of our own, from what was forwarded so far.
    init(command: ShowCommand, servedBy resident: RemoteHUD, through forwarder: HUDForwarder, rules: DialogRules,
         feed: (any LiveFeed)? = nil) {
        self.command = command
        self.rules = rules
        givenFeed = feed
        // Signals are watched already (`serve`; `run` passes them to its command itself): a HUD of our own ends
        // with the process, and the server removes its window.
        makeSession = { HUDSession(adopting: forwarder) }
        status.code = rules.doneStatus
        if feed == nil {
            // A signal ends this process as it would end its own HUD's; its HUD in the resident hides with it.
            Self.signals = SignalWatch.ending(on: SystemLoop.main) { Glibc.exit(ExitStatus.signalled(by: $0)) }
        }
        delivery.serve(by: resident, request: [Resident.request(for: command, name: resident.id ?? "")])
    }

    /// Kept for the life of a served client.
    private static var signals: SignalWatch?

    /// Whether there is input to read: standard input, or the input given.
    private var readsInput: Bool { givenFeed != nil || command.readsInput }

    /// What the command line asks of the delivery.
    private var plan: Delivery.Plan { Self.plan(command, rules: rules, readsInput: readsInput) }

    /// What `command` asks of its delivery, on either platform.
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

    func start() throws(ExitError) {
        do throws(DeliveryFailure) { try delivery.start() } catch {
            throw ExitError(message: error.message, code: error.code)
        }
    }

    // MARK: The display, for the delivery

    func claim(_ name: String) throws(DeliveryFailure) -> DeliveryClaim {
        let choice = MonitorChoice(command.hud.settings.monitor)
        let named = try make { () throws(HUDError) in
            try session.claim(id: name, scale: command.hud.explicitScale, monitor: choice, over: command.targetWindow)
        }
        switch named {
        case .local(let hud):
            TextStack.loadForOwnHUD()
            claimed = hud
            return .ours
        case .remote(let remote):
            return .taken(remote)
        }
    }

    func whenNameFree(_ name: String, _ action: @escaping @MainActor () -> Void) {
        session.whenNameFree(name, action)
    }

    func warn(_ message: String) { X11HUDCommand.printError(message) }

    func fail(_ failure: DeliveryFailure) { X11HUDCommand.fail(failure.message, code: failure.code) }

    /// A HUD of this invocation's own, on its monitor or over its window.
    private func makeOwn() throws(DeliveryFailure) -> HUD {
        try make { () throws(HUDError) in
            let scale = command.hud.explicitScale
            if let window = command.targetWindow { return try session.makeHUD(over: window, scale: scale) }
            return try session.makeHUD(scale: scale, monitor: MonitorChoice(command.hud.settings.monitor))
        }
    }

    private func make<T>(_ body: () throws(HUDError) -> T) throws(DeliveryFailure) -> T {
        do { return try body() } catch { throw DeliveryFailure(message: error.message, code: error.exitCode) }
    }

    // MARK: A HUD of our own

    func showOwn(_ start: OwnStart) throws(DeliveryFailure) {
        // Taking over from a HUD elsewhere: the text stack loads while the window is made.
        if start != .flags { TextStack.loadForOwnHUD() }
        let live: HUD
        if let claimed { live = claimed } else { live = try makeOwn() }
        claimed = nil
        if live.targetWindow == nil, !live.monitorChoiceExists {
            // A warning, not an error: the HUD still shows, on the primary monitor.
            X11HUDCommand.printError("warning: no monitor '\(live.monitorChoice)' (there are: "
                + "\(session.monitorNames.joined(separator: ", "))); using \(live.monitorName)")
        }
        if start != .afterForwarding { live.content = Self.content(command) }
        Self.dress(live, as: command)
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
            rules.finish(live.targetClosed ? ExitStatus.windowClosed.code : status.code, input: feed)
        }
        self.live = live
        live.show()
        if case .afterServing(let forwarded) = start { live.post(forwarded) }
        rules.startTimeout(hud: live, status: status)
        if let feed {
            live.attach(feed, policy: policy)
        } else if let watcher {
            live.attach(watcher, policy: policy)
        } else if command.watch.isWatching {
            startWatch(live)
        } else if readsInput {
            startFeed()
        }
    }

    /// The look and life the command line gives `live` (its content apart): the style with the desktop's theme,
    /// grace, minimum show time and delayed hide. The same for a HUD of our own and one the resident shows for us.
    static func dress(_ live: HUD, as command: ShowCommand) {
        dress(live, as: command, desktopPrefersDark: live.session.desktopPrefersDark)
    }

    /// The same for a HUD on any platform, whose desktop says whether it prefers dark windows.
    static func dress(_ live: any HUDPresenter, as command: ShowCommand, desktopPrefersDark: () -> Bool?) {
        var options = command.hud
        options.settings.resolveAutoTheme(desktopPrefersDark: desktopPrefersDark)
        live.style = options.style
        live.blocksInput = command.blockInput
        if let warning = LiveWarnings.background(style: live.style, canDim: live.canDim) {
            X11HUDCommand.printError(warning)
        }
        live.graceTime = command.grace?.value ?? 0
        live.minShowTime = command.minShow?.value ?? 0
        live.autoHideDelay = command.hideSeconds
    }

    /// What `command` shows first (`--details auto` starts empty).
    static func content(_ command: ShowCommand) -> HUDContent {
        var options = command.hud
        if command.autoDetails { options.details = "" }
        return options.content
    }

    private var policy: FeedPolicy { Self.policy(command) }

    /// How the input changes the HUD of `command`.
    static func policy(_ command: ShowCommand) -> FeedPolicy {
        FeedPolicy(modeIsExplicit: command.hud.modeIsExplicit, autoClose: command.autoClose,
                   hidesAtEnd: command.hideAfter == nil, autoDetails: command.autoDetails)
    }

    /// `--watch-pid`, `--watch-file`: the watcher is the input; it ends the HUD with its own status.
    private func startWatch(_ live: HUD) {
        guard let watcher = makeWatcher() else { return }
        live.attach(watcher, policy: policy)
    }

    /// The watcher of `--watch-pid` or `--watch-file`, which sets the status the HUD ends with.
    private func makeWatcher() -> (any HUDInputSource)? { Self.makeWatcher(command, status: status) }

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

    /// What the input asks when input is waiting while it feeds another process's HUD: the main queue looks.
    /// (A HUD of our own is asked directly: `HUD.attach`.)
    private var deliver: @Sendable () -> Void {
        { SystemLoop.main.send { [self] in inputArrived() } }
    }

    private func startFeed() {
        let feed = givenFeed ?? FileDescriptorFeed.standardInput(parser: command.feedParser(rules: rules),
                                                                 timeRemainingTitle: rules.timeRemainingTitle)
        self.feed = feed
        if let live { live.attach(feed, policy: policy) } else { feed.start(asking: deliver) }
    }

    private func inputArrived() {
        if let live { return live.inputArrived() }
        guard delivery.mode == .forwarding || delivery.mode == .served,
              let input = (feed ?? watcher)?.take() else { return }
        delivery.received(input)
    }

    // MARK: Another process's HUD, for the delivery

    func startInput() {
        if command.watch.isWatching {
            watcher = makeWatcher()
            watcher?.start(asking: deliver)
        } else if readsInput, feed == nil {
            startFeed()
        }
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
    /// request asks the HUD to write its details from the figures it is given (`RemoteHUD.send(autoDetails:)`).
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
