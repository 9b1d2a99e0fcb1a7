import CommandOptions
import HUDBase
import HUDCommandLine
import HUDDialogs
import Glibc
import HUDFeeds
import HUDNotify
import HUDScene
import ProgressFeed

/// A script written for `zenity --progress` or `yad --progress`, run by x11hud unchanged: through `x11hud zenity …`,
/// `x11hud yad …`, a `zenity` or `yad` symlink to x11hud, or `x11hud --progress …` with `--progress` as the dialog
/// switch (no value after it).
///
/// The command line is read with zenity's and yad's options (`ZenityOptions`), turned into x11hud's own
/// (`ShowCommand`) and the rules of how the dialog ends (`DialogRules`): the exit statuses, the timeout, the parent
/// killed on Cancel only with `--auto-kill`, the input read as those programs read it.
enum ZenityCommand {
    /// zenity's statuses (`ZENITY_*_DEFAULT` in its util.c) and yad's (`YAD_RESPONSE_*` in yad.h).
    static let zenityCancel: Int32 = 1, zenityTimeout: Int32 = 5, yadTimeout: Int32 = 70

    /// Whose rules the command line asks for, and the arguments left for them; nil for x11hud's own command.
    static func select(argv0: String, arguments: [String]) -> (program: ZenityLineRules.Program, arguments: [String])? {
        let name = argv0.split(separator: "/").last.map(String.init) ?? argv0
        if let program = ZenityLineRules.Program(rawValue: name) { return (program, arguments) }
        if let first = arguments.first, let program = ZenityLineRules.Program(rawValue: first) {
            return (program, Array(arguments.dropFirst()))
        }
        var args = arguments
        if args.first == "render" || args.first == "help" { return nil }
        if args.first == "show" { args.removeFirst() }
        let options = args.prefix { $0 != "--" }
        // `--progress 0.6` and `--progress=60%` are x11hud's value; `--progress` alone is zenity's dialog switch.
        guard let i = options.firstIndex(of: "--progress"),
              i + 1 == options.endIndex || options[i + 1].hasPrefix("-") else { return nil }
        let yad = ZenityOptions.parse(args, program: .zenity).sawYadOption
        return (yad ? .yad : .zenity, args)
    }

    /// What x11hud runs for `options`: the arguments of `ShowCommand`, the image and the x11hud options passed
    /// through (each left out if x11hud rejects it), the rules, and warnings about what was ignored.
    struct Plan {
        var arguments: [String]
        var image: [String] = []
        var forwarded: [String]
        var rules: DialogRules
        var warnings: [String]
    }

    static func plan(_ o: ZenityOptions, environment: [String: String]) -> Plan {
        var warnings = o.warnings
        let yad = o.program == .yad
        // zenity's --text is always markup, yad's unless --no-markup; titles and bar texts are plain text.
        let markup = !o.noMarkup
        func plain(_ s: String) -> String { markup ? ZenityLineRules.escapeMarkup(s) : s }
        let label: String, details: String
        if yad {
            label = o.text.map(ZenityLineRules.compress) ?? plain(o.title ?? "")
            details = plain(ZenityLineRules.compress(o.progressText ?? ""))
        } else {
            label = ZenityLineRules.compress(o.text ?? "Running...")
            details = plain(o.title ?? "")
        }
        var args = ["--label", label, "--details", details]
        if markup { args.append("--markup") }
        args += o.pulsate ? ["--pulsate"] : ["--mode", "bar"]
        if let p = o.percentage { args += ["--percentage", String(p)] }
        if o.autoClose { args.append("--auto-close") }
        if let display = o.display { args += ["--display", display] }
        if let attach = o.attach {
            if WindowChoice(attach) != nil {
                args += ["--over-window", attach]
            } else {
                warnings.append("ignored --attach=\(attach): not a window id")
            }
        }
        if o.width != nil || o.height != nil {
            let side = { (points: Int?) in min(max(points ?? 0, 0), InputLimits.maxSide) }
            args += ["--min-size", "\(side(o.width))x\(side(o.height))"]
        }

        var image: [String] = []
        var rules = DialogRules()
        func status(_ name: String, _ fallback: Int32) -> Int32 {
            // zenity reads ZENITY_OK, ZENITY_CANCEL… (or DIALOG_…) from the environment with atoi.
            guard let text = environment["ZENITY_" + name] ?? environment["DIALOG_" + name] else { return fallback }
            return Int32(truncatingIfNeeded: atoi(text))
        }
        rules.doneStatus = yad ? (o.response ?? 0) : status("OK", 0)
        if yad, !o.noButtons {
            // yad's progress dialog has one Close button (status 0) unless --button says otherwise; a HUD shows one
            // button: the first that does more than OK.
            let buttons = o.buttons.isEmpty ? [ZenityOptions.YadButton(label: "Close", status: 0)] : o.buttons
            let shown = buttons.first { $0.status != 0 || $0.command != nil } ?? buttons[0]
            if buttons.count > 1 {
                let all = buttons.map { "'\($0.label)'" }.joined(separator: ", ")
                warnings.append("a HUD shows one button: '\(shown.label)' (of \(all))")
            }
            args += ["--button", shown.label]
            rules.buttonStatus = shown.status
            rules.buttonCommand = shown.command
        } else if !yad, !o.noCancel {
            args += ["--button", ZenityOptions.withoutMnemonic(o.cancelLabel ?? "Cancel")]
            rules.buttonStatus = status("CANCEL", zenityCancel)
        }
        if let name = o.image {
            switch IconLookup(environment: environment).find(name) {
            case .icon(let icon): image = ["--icon", icon.rawValue]
            case .file(let path): image = ["--image", path]
            case nil: warnings.append("ignored --image=\(name): no such file or icon")
            }
        }
        if let seconds = o.timeout, seconds > 0 {
            rules.timeout = (Double(seconds), yad ? yadTimeout : status("TIMEOUT", zenityTimeout))
        }
        if o.autoKill { rules.autoKill = yad ? .onFailure : .onCancel }
        rules.killParent = o.killParent
        rules.lineRules = ZenityLineRules(program: o.program, escapeMarkup: markup, hideText: o.hideText)
        if o.timeRemaining { rules.timeRemainingTitle = details }
        rules.inputIsAProducer = true
        // Their dialogs end when a button is clicked; the script's producer dies on its next write.
        rules.buttonExitsAtOnce = true
        return Plan(arguments: args, image: image, forwarded: o.forwarded, rules: rules, warnings: warnings)
    }

    /// Shows the HUD for a zenity or yad command line and never returns.
    static func main(program: ZenityLineRules.Program, arguments: [String]) -> Never {
        let options = ZenityOptions.parse(arguments, program: program)
        if options.help {
            print(help(program))
            Glibc.exit(0)
        }
        if options.version {
            print("x11hud \(x11hudVersion) (\(program.rawValue) --progress)")
            Glibc.exit(0)
        }
        if let other = options.otherDialogs.first {
            X11HUDCommand.printError("\(program.rawValue) --\(other) is not a HUD: x11hud shows --progress only")
            FileDescriptorFeed.drainThenExit(ExitStatus.usage.code)
        }
        var plan = plan(options, environment: ProcessEnvironment.variables)
        for warning in plan.warnings { X11HUDCommand.printError("warning: \(warning)") }
        let show: ShowCommand
        do {
            show = try parse(plan)
        } catch let error as ExitError {
            X11HUDCommand.printError(error.message)
            FileDescriptorFeed.drainThenExit(error.code)
        } catch {
            X11HUDCommand.printError(CommandTree.message(for: error))
            FileDescriptorFeed.drainThenExit(ExitStatus.usage.code)
        }
        if let printout = show.hud.printout {
            print(printout)
            Glibc.exit(0)
        }
        if let mode = show.hud.mode, mode != .indeterminate { plan.rules.lineRules?.progressMode = mode }
        let rules = plan.rules
        if let failure = MainActor.assumeIsolated({ show.start(rules) }) {
            X11HUDCommand.printError(failure.message)
            FileDescriptorFeed.drainThenExit(failure.code)
        }
        Glibc.exit(0)
    }

    /// The x11hud options given among zenity's, then the image, are left out one at a time if x11hud rejects them
    /// (an unknown option, an image that is not a PNG), with a warning: a script zenity would run must not fail.
    private static func parse(_ plan: Plan) throws -> ShowCommand {
        var kept = [plan.image, plan.forwarded].filter { !$0.isEmpty }
        while true {
            do {
                let arguments = plan.arguments + kept.flatMap { $0 }
                let show = try CommandLineParser.parse(ShowCommand.spec, arguments[...])
                guard case .command(var show) = show else { throw UsageError("--help is zenity's own here") }
                try show.hud.loadFiles()
                return show
            } catch where !(error is ExitError) && !kept.isEmpty {
                let dropped = kept.removeLast()
                let reason = CommandTree.message(for: error)
                X11HUDCommand.printError("warning: ignored \(dropped.joined(separator: " ")): \(reason)")
            }
        }
    }

    static func help(_ program: ZenityLineRules.Program) -> String {
        """
        Usage: \(program.rawValue) --progress [OPTION…]   (x11hud standing in for \(program.rawValue))

        x11hud shows the progress dialog of zenity and yad as a heads-up display, with their options, input and exit
        statuses: a script written for them runs unchanged.

          --text=TEXT          the label (Pango markup, \\n for a new line)
          --title=TITLE        the details under it (zenity); yad shows it when there is no --text
          --progress-text=T    the details (yad's text on the bar)
          --percentage=N       the starting percentage
          --pulsate            a spinner instead of the bar
          --auto-close         hide at 100 %
          --auto-kill          on Cancel (yad: on any status but 0) send SIGHUP to the parent process
          --no-cancel          no Cancel button (yad: --no-buttons)
          --cancel-label=T     the button's title (yad: --button=LABEL:ID, which exits ID)
          --time-remaining     an estimate of the time left, in the details
          --timeout=S          give up after S seconds: exit \(zenityTimeout) (yad: \(yadTimeout))
          --width=W --height=H the smallest bezel, in points
          --image=FILE|ICON    shown beside the bar (yad)
          --display=NAME       the X display
        Window-manager options (--modal, --window-icon, --on-top, --center, …) are accepted and ignored, as are
        x11hud's own options (--theme, --position, --monitor, …), which keep their meaning.

        Input, one line at a time: a line starting with a digit sets the percentage, #TEXT sets the label (yad: the
        details), pulsate:true|false switches the spinner (zenity); other lines are ignored. After the HUD hides
        by itself (--auto-close, --timeout), the rest of the input is read and dropped, so the program writing it
        is never killed by SIGPIPE; the button exits at once, and that program ends on its next write, as with
        \(program.rawValue).

        Exit status: \(ExitStatus.done.label) done (yad: --response), \(zenityCancel) Cancel (yad: the button's ID), \
        \(zenityTimeout) timeout (yad: \(yadTimeout)),
        \(ExitStatus.usage.label) bad usage, \(ExitStatus.displayUnavailable.label) no display, \
        \(ExitStatus.signal.label) signal N.
        """
    }
}
