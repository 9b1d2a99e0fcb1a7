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

/// One `x11hud` invocation on the display: its own HUD, or, with `--id NAME` while a HUD of that name is up in
/// another process, that HUD changed in place through the X server.
@MainActor final class LiveShow {
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
    private var sink: Sink = .none
    /// The input has ended and its end was forwarded to another process's HUD.
    private var inputEnded = false
    /// `--watch-pid`, `--watch-file`: the watcher, while it feeds the resident's HUD.
    private var watcher: (any HUDInputSource)?
    /// The whole HUD is the resident's (`x11hud serve`), not only its content; if it goes, ours replaces it.
    private var served = false
    /// What was forwarded to the resident's HUD, merged: what a HUD of our own starts from if it goes.
    private var forwarded = FeedInbox()

    private enum Sink {
        case none
        case local(HUD)
        case remote(RemoteHUD)
    }

    /// A request the other process has not acknowledged within this long is shown here instead.
    static let deliveryTimeout = 1.0

    init(command: ShowCommand, session: HUDSession, rules: DialogRules = DialogRules(), feed: (any LiveFeed)? = nil) {
        self.command = command
        sessionStorage = session
        makeSession = { session }
        self.rules = rules
        givenFeed = feed
    }

    /// Whether there is input to read: standard input, or the input given.
    private var readsInput: Bool { givenFeed != nil || command.readsInput }

    func start() throws(ExitError) {
        let choice = MonitorChoice(command.hud.settings.monitor)
        guard let id = command.id else {
            return try showOwn(makeOwn())
        }
        let claimed = try make { () throws(HUDError) in
            try session.claim(id: id, scale: command.hud.explicitScale, monitor: choice, over: command.targetWindow)
        }
        switch claimed {
        case .local(let live):
            TextStack.loadForOwnHUD()
            try showOwn(live)
        case .remote where command.queue:
            session.whenNameFree(id) { [self] in
                startOrFail()
            }
        case .remote where command.watch.isWatching:
            // A watcher feeds a HUD of this process only; the other process's HUD would show nothing of it.
            throw ExitError(.usage, "--id \(id): that HUD is up in another process, and a watcher shows its own "
                + "HUD; add --queue to wait until it has hidden")
        case .remote(let remote):
            forward(to: remote)
        }
    }

    /// `start()` from an event, when there is no caller to hand a failure to.
    private func startOrFail() {
        do throws(ExitError) { try start() } catch { X11HUDCommand.fail(error.message, code: error.code) }
    }

    /// A HUD of this invocation's own, on its monitor or over its window.
    private func makeOwn() throws(ExitError) -> HUD {
        try make { () throws(HUDError) in
            let scale = command.hud.explicitScale
            if let window = command.targetWindow { return try session.makeHUD(over: window, scale: scale) }
            return try session.makeHUD(scale: scale, monitor: MonitorChoice(command.hud.settings.monitor))
        }
    }

    private func make<T>(_ body: () throws(HUDError) -> T) throws(ExitError) -> T {
        do { return try body() } catch { throw ExitError(message: error.message, code: error.exitCode) }
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
        forward(to: remote)
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
        served = true
        serve(resident)
    }

    // MARK: A HUD of our own

    private func showOwn(_ live: HUD) throws(ExitError) {
        if live.targetWindow == nil, !live.monitorChoiceExists {
            // A warning, not an error: the HUD still shows, on the primary monitor.
            X11HUDCommand.printError("warning: no monitor '\(live.monitorChoice)' (there are: "
                + "\(session.monitorNames.joined(separator: ", "))); using \(live.monitorName)")
        }
        if case .remote = sink, !served {
            // Taking over from a HUD that went away: what the input said since replaces the flags' content.
        } else {
            live.content = Self.content(command)
        }
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
        sink = .local(live)
        live.show()
        if served { live.post(forwarded) }
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
        var options = command.hud
        options.settings.resolveAutoTheme(desktopPrefersDark: live.session.desktopPrefersDark)
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
    private func makeWatcher() -> (any HUDInputSource)? {
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
        if case .local(let live) = sink { live.attach(feed, policy: policy) } else { feed.start(asking: deliver) }
    }

    private func inputArrived() {
        switch sink {
        case .none: break
        case .local(let live): live.inputArrived()
        case .remote(let remote):
            guard let input = (feed ?? watcher)?.take(), !input.isEmpty else { return }
            var update = input
            update.ended = false
            if !update.isEmpty { remote.send(update) }
            if served { forwarded.take(update) }
            // The end of the input hides the HUD, unless --hide-after decides when.
            if input.ended { inputEnded = true }
            if input.ended, command.hideAfter == nil { remote.hide() }
        }
    }

    // MARK: Another process's HUD

    /// Hands this invocation's content to the HUD of the same name; exits at once when it is read, or, when there
    /// is input to forward or a button to wait for, when that HUD ends.
    private func forward(to remote: RemoteHUD) {
        sink = .remote(remote)
        let waits = readsInput || !(command.hud.button ?? "").isEmpty
        var acknowledged = false
        remote.onAcknowledged = { [self] in
            guard !acknowledged else { return }
            acknowledged = true
            if !waits { Glibc.exit(0) }
            if readsInput, feed == nil { startFeed() }
        }
        // The producer writing into our input must not die of SIGPIPE when we go.
        remote.onEnd = { [self] status in
            if let feed { feed.drainThenExit(status, evenIfIdle: false) } else { Glibc.exit(status) }
        }
        remote.onVanished = { [self] in
            // Its process was killed (or its HUD ended as the request came): take the name and show our own,
            // unless everything is forwarded already: a HUD with nothing left to show would wait for ever.
            if inputEnded, let feed { return feed.drainThenExit(rules.doneStatus, evenIfIdle: true) }
            startOrFail()
        }
        remote.send(forwardedContent, subscribe: waits, autoDetails: command.autoDetails)
        SystemLoop.main.schedule(after: Self.deliveryTimeout) { [self] in
            guard !acknowledged, case .remote = sink else { return }
            X11HUDCommand.printError("warning: the HUD '\(remote.id ?? "")' did not answer within "
                + "\(Int(Self.deliveryTimeout)) s; showing a HUD of our own")
            acknowledged = true
            do throws(ExitError) { try showOwn(makeOwn()) } catch {
                X11HUDCommand.fail(error.message, code: error.code)
            }
        }
    }

    /// Asks the resident to show this invocation's HUD (`Resident.request`: the command line, which it reads as
    /// this process did), then forwards the input to it, and ends as that HUD does, with this process's status.
    private func serve(_ resident: RemoteHUD) {
        sink = .remote(resident)
        status.code = rules.doneStatus
        if givenFeed == nil {
            // A signal ends this process as it would end its own HUD's; its HUD in the resident hides with it.
            Self.signals = SignalWatch.ending(on: SystemLoop.main) { Glibc.exit(ExitStatus.signalled(by: $0)) }
        }
        var acknowledged = false
        resident.onAcknowledged = { [self] in
            guard !acknowledged else { return }
            acknowledged = true
            if command.watch.isWatching {
                watcher = makeWatcher()
                watcher?.start(asking: deliver)
            } else if readsInput, feed == nil {
                startFeed()
            }
            if let timeout = rules.timeout {
                SystemLoop.main.schedule(after: timeout.seconds) { [self] in
                    guard case .remote = sink else { return }
                    status.code = timeout.status
                    resident.hide()
                }
            }
        }
        resident.onEnd = { [self] value in
            // The button (or a click on the bezel): what it does and the status are this process's rules'.
            if value == ExitStatus.cancelled.code { _ = rules.buttonPressed(status) }
            rules.finish(value == ExitStatus.windowClosed.code ? value : status.code, input: feed)
        }
        resident.onVanished = { [self] in
            if inputEnded, let feed { return feed.drainThenExit(rules.doneStatus, evenIfIdle: true) }
            takeOver()
        }
        resident.open([Resident.request(name: resident.id ?? "")])
        SystemLoop.main.schedule(after: Self.deliveryTimeout) { [self] in
            guard !acknowledged, case .remote = sink else { return }
            X11HUDCommand.printError("warning: the resident x11hud did not answer within "
                + "\(Int(Self.deliveryTimeout)) s; showing a HUD of our own")
            acknowledged = true
            takeOver()
        }
    }

    /// The resident went away (or never answered): a HUD of our own, from the flags and what was forwarded.
    private func takeOver() {
        // A named HUD claims its name again, as a named HUD's client does when the owner goes.
        if command.id != nil { return startOrFail() }
        TextStack.loadForOwnHUD()
        do throws(ExitError) { try showOwn(makeOwn()) } catch { X11HUDCommand.fail(error.message, code: error.code) }
    }

    /// Kept for the life of a served client.
    private static var signals: SignalWatch?

    /// What the flags say, as one update: only what they give, so that `x11hud --id save --progress 0.5` keeps the
    /// HUD's label, details and button (an empty `--label ""` does clear it). `--details auto` is not text: the
    /// request asks the HUD to write its details from the figures it is given (`RemoteHUD.send(autoDetails:)`).
    private var forwardedContent: FeedInbox {
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
        if let spinner = options.spinner { input.spinner = spinner }
        if options.progress != nil || options.percentage != nil { input.progress = content.progress }
        input.hideAfter = command.hideSeconds
        return input
    }
}
