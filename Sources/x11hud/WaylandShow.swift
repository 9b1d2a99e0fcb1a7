import FoundationEssentials
import Glibc
import HUDBase
import HUDConfig
import HUDControl
import HUDFeeds
import HUDLoop
import HUDRender
import X11Display
import WaylandPlatform

/// One `x11hud` invocation on a Wayland compositor: a HUD of its own, dressed as the command line says, fed by its
/// input (standard input, `run`'s command, a watcher), ending as LiveShow's does on X11. Named HUDs and the
/// resident travel through X selections and are X11's only, for now (`Backend` sends those commands there).
@MainActor final class WaylandShow {
    private let command: ShowCommand
    private let session: WaylandSession
    private let rules: DialogRules
    private let status = ShowOutcome()
    private let givenFeed: (any LiveFeed)?
    private var feed: (any LiveFeed)?

    init(command: ShowCommand, session: WaylandSession, rules: DialogRules, feed: (any LiveFeed)? = nil) {
        self.command = command
        self.session = session
        self.rules = rules
        givenFeed = feed
    }

    func start() throws(ExitError) {
        TextStack.loadForOwnHUD()
        let live = session.makeHUD(scale: command.hud.explicitScale, output: output)
        if !live.outputExists {
            X11HUDCommand.printError("warning: no output '\(command.hud.settings.monitor)' (there are: "
                + "\(session.outputNames.joined(separator: ", "))); using the compositor's choice")
        }
        live.content = LiveShow.content(command)
        LiveShow.dress(live, as: command) {
            let environment = ProcessInfo.processInfo.environment
            return DesktopTheme.prefersDark(gtkThemeVariable: environment["GTK_THEME"], xsettings: [:],
                                            gtkSettings: GTKSettingsFile.load(environment: environment))
        }
        status.code = rules.doneStatus
        let cancel: @MainActor () -> Void = { [unowned live, rules, status] in
            if rules.buttonPressed(status) { live.cancel() }
        }
        live.buttonAction = cancel
        if command.dismissOnClick { live.bezelAction = cancel }
        if command.hud.banner { live.bezelAction = { [unowned live] in live.hide() } }
        live.completion = { [self] in rules.finish(status.code, input: feed) }
        // `run` says itself what a lost compositor means for its command (it goes on, its output passed through).
        if givenFeed == nil {
            session.whenLost(saying: command.readsInput ? ShowCommand.readingOn : "") { [self] in
                feed?.drainThenExit(ExitStatus.connectionLost.code, evenIfIdle: true)
                if feed == nil { exit(ExitStatus.connectionLost.code) }
                SystemLoop.main.run()
            }
        }
        live.show()
        rules.startTimeout(hud: live, loop: session.loop, status: status)
        let policy = LiveShow.policy(command)
        if command.watch.isWatching {
            if let watcher = LiveShow.makeWatcher(command, status: status) { live.attach(watcher, policy: policy) }
        } else if let input = givenFeed ?? (command.readsInput ? standardInput : nil) {
            feed = input
            live.attach(input, policy: policy)
        }
    }

    private var standardInput: any LiveFeed {
        FileDescriptorFeed.standardInput(parser: command.feedParser(rules: rules),
                                         timeRemainingTitle: rules.timeRemainingTitle)
    }

    /// The output `--monitor` names (by name or index); nil leaves the choice to the compositor (sway: the focused
    /// output; where the pointer is, Wayland does not tell a client that is not under it).
    private var output: String? {
        switch MonitorChoice(command.hud.settings.monitor) {
        case .named(let name): return name
        case .index(let index):
            let names = session.outputNames
            return names.indices.contains(index) ? names[index] : "\(index)"
        case .pointer, .primary, .focus: return nil
        }
    }
}
