import CommandOptions
import FoundationEssentials
import Glibc
import HUDBase
import HUDConfig
import HUDControl
import HUDFeeds
import HUDLoop
import HUDRender
import ProgressFeed
import SocketNames
import X11Display
import WaylandPlatform

/// One `x11hud` invocation on a Wayland compositor: the program's side of its `Delivery`, as LiveShow is on X11.
/// A HUD of its own, dressed as the command line says and fed by its input (standard input, `run`'s command, a
/// watcher); or, with `--id`, another process's HUD by that name, reached through the name's socket
/// (`SocketNames`); or the resident's (`WaylandResident`), handed this whole HUD. `--over-window` is X11's
/// (`Backend` sends it there).
@MainActor final class WaylandShow: DeliveryHost {
    private let command: ShowCommand
    private let session: WaylandSession
    private let rules: DialogRules
    private let status = ShowOutcome()
    private let givenFeed: (any LiveFeed)?
    /// The input, once it is being read: it follows whichever HUD this invocation drives.
    private var feed: (any LiveFeed)?
    private var watcher: (any HUDInputSource)?
    private var live: WaylandHUD?
    /// The name this process holds, while its HUD is up.
    private var owner: NameOwner?
    private lazy var delivery = Delivery(
        plan: LiveShow.plan(command, rules: rules, readsInput: givenFeed != nil || command.readsInput),
        host: self, clock: SystemLoop.main)

    init(command: ShowCommand, session: WaylandSession, rules: DialogRules, feed: (any LiveFeed)? = nil) {
        self.command = command
        self.session = session
        self.rules = rules
        givenFeed = feed
    }

    func start() throws(ExitError) {
        if let resident = resident() {
            return delivery.serve(by: resident, request: [Resident.request(for: command, name: command.id ?? "")])
        }
        do throws(DeliveryFailure) { try delivery.start() } catch {
            throw ExitError(message: error.message, code: error.code)
        }
    }

    private var names: NameDirectory {
        get throws(DeliveryFailure) {
            do {
                return try NameDirectory(display: session.displayName, environment: ProcessInfo.processInfo.environment)
            } catch {
                throw DeliveryFailure(message: "--id: \(error.message)", code: ExitStatus.displayUnavailable.code)
            }
        }
    }

    /// The resident (`x11hud serve`) of this compositor, when it is to show this HUD: as on X11, not with
    /// `X11HUD_NO_SERVE`, `--queue` or a yad button's command, nor for a name another process shows already.
    private func resident() -> NameClient? {
        guard !Resident.isBypassed, !command.queue, rules.buttonCommand == nil, let names = try? names else {
            return nil
        }
        if let id = command.id, NameClaim.client(for: id, in: names, loop: session.loop) != nil { return nil }
        return NameClaim.residentClient(in: names, loop: session.loop)
    }

    // MARK: The name, for the delivery

    func claim(_ name: String) throws(DeliveryFailure) -> DeliveryClaim {
        let directory = try names
        let claimed: NameClaim
        do { claimed = try NameClaim.claim(name, in: directory, loop: session.loop) } catch {
            throw DeliveryFailure(message: "--id: \(error.message)", code: ExitStatus.internalError.code)
        }
        switch claimed {
        case .ours(let owner):
            self.owner = owner
            return .ours
        case .taken(let client):
            return .taken(client)
        }
    }

    func whenNameFree(_ name: String, _ action: @escaping @MainActor () -> Void) {
        guard let names = try? names else { return action() }
        NameClaim.whenFree(name, in: names, loop: session.loop, action)
    }

    func warn(_ message: String) { X11HUDCommand.printError(message) }

    func fail(_ failure: DeliveryFailure) { X11HUDCommand.fail(failure.message, code: failure.code) }

    // MARK: A HUD of our own

    func showOwn(_ start: OwnStart) throws(DeliveryFailure) {
        TextStack.loadForOwnHUD()
        let live = session.makeHUD(scale: command.hud.explicitScale, output: output)
        self.live = live
        if !live.outputExists {
            X11HUDCommand.printError("warning: no output '\(command.hud.settings.monitor)' (there are: "
                + "\(session.outputNames.joined(separator: ", "))); using the compositor's choice")
        }
        if start != .afterForwarding { live.content = LiveShow.content(command) }
        LiveShow.dress(live, as: command) {
            Backend.desktopPrefersDark(environment: ProcessInfo.processInfo.environment)
        }
        status.code = rules.doneStatus
        let cancel: @MainActor () -> Void = { [unowned live, rules, status] in
            if rules.buttonPressed(status) { live.cancel() }
        }
        live.buttonAction = cancel
        if command.dismissOnClick { live.bezelAction = cancel }
        if command.hud.banner { live.bezelAction = { [unowned live] in live.hide() } }
        // A HUD without a name still has a socket: `hide --all` reaches it.
        if owner == nil, let names = try? names { owner = try? NameClaim.anonymous(in: names, loop: session.loop) }
        if let names = try? names { session.stackWithNeighbours(in: names) }
        if let owner {
            if !owner.id.isEmpty { live.controller.id = owner.id }
            Self.answer(owner, for: live, on: output ?? session.outputNames.first ?? "")
        }
        live.completion = { [self, unowned live] in
            owner?.end(status: live.wasCancelled ? ExitStatus.cancelled.code : ExitStatus.done.code)
            owner = nil
            rules.finish(status.code, input: feed)
        }
        // `run` says itself what a lost compositor means for its command (it goes on, its output passed through).
        if givenFeed == nil {
            session.whenLost(saying: command.readsInput ? ShowCommand.readingOn : "") { [self] in
                feed?.drainThenExit(ExitStatus.connectionLost.code, evenIfIdle: true)
                if feed == nil { exit(ExitStatus.connectionLost.code) }
                SystemLoop.main.run()
            }
        }
        live.show()
        if case .afterServing(let forwarded) = start { live.post(forwarded) }
        rules.startTimeout(hud: live, loop: session.loop, status: status)
        let policy = LiveShow.policy(command)
        if let feed {
            live.attach(feed, policy: policy)
        } else if let watcher {
            live.attach(watcher, policy: policy)
        } else if command.watch.isWatching {
            if let made = LiveShow.makeWatcher(command, status: status) { live.attach(made, policy: policy) }
        } else if let input = givenFeed ?? (command.readsInput ? standardInput : nil) {
            feed = input
            live.attach(input, policy: policy)
        }
    }

    /// Lets other processes reach `live` through `owner`'s socket: `--id` updates and `hide` change it, `list`
    /// describes it (on `output`).
    static func answer(_ owner: NameOwner, for live: WaylandHUD, on output: String) {
        owner.onRequest = { [unowned live] request in apply(request, to: live) }
        owner.describe = { [unowned live] in
            let listing = HUDListing(live.controller, pid: getpid(), monitor: output)
            return String(decoding: (try? JSONEncoder().encode(listing)) ?? Data("{}".utf8), as: UTF8.self)
        }
    }

    /// Another process's request to the HUD this process shows by name: as an X11 HUD applies one.
    static func apply(_ request: NameRequest, to live: WaylandHUD) {
        if request.autoDetails { live.controller.writeTransferDetails() }
        if !request.lines.isEmpty { live.controller.post(request.update, show: true) }
        if request.hide {
            var hide = FeedInbox()
            hide.hideAfter = 0
            live.controller.post(hide)
        }
    }

    private var standardInput: any LiveFeed {
        FileDescriptorFeed.standardInput(parser: command.feedParser(rules: rules),
                                         timeRemainingTitle: rules.timeRemainingTitle)
    }

    private var output: String? { Backend.output(command.hud.settings.monitor, session) }

    // MARK: Another process's HUD, for the delivery

    func startInput() {
        let deliver: @Sendable () -> Void = { SystemLoop.main.send { [self] in inputArrived() } }
        if command.watch.isWatching {
            watcher = LiveShow.makeWatcher(command, status: status)
            watcher?.start(asking: deliver)
        } else if feed == nil, let input = givenFeed ?? (command.readsInput ? standardInput : nil) {
            feed = input
            input.start(asking: deliver)
        }
    }

    private func inputArrived() {
        if let live { return live.inputArrived() }
        guard let input = (feed ?? watcher)?.take() else { return }
        delivery.received(input)
    }

    func end(_ status: Int32) {
        if let feed { feed.drainThenExit(status, evenIfIdle: false) } else { exit(status) }
    }

    func endAfterForwardedInput() -> Bool {
        guard let feed else { return false }
        feed.drainThenExit(rules.doneStatus, evenIfIdle: true)
        return true
    }

    func servedEnded(_ value: Int32) {
        if value == ExitStatus.cancelled.code { _ = rules.buttonPressed(status) }
        rules.finish(status.code, input: feed)
    }

    func servedTimedOut() {
        if let timeout = rules.timeout { status.code = timeout.status }
    }
}
