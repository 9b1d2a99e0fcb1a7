import Glibc
import HUDScene
package import ProgressFeed

/// The command line of `zenity --progress` or `yad --progress`, read as GLib's option parser reads it: `--name=value`
/// or `--name value` (the next argument is the value even when it is empty or starts with a dash), flags alone.
///
/// Every option of both programs' progress dialogs and of their general options is accepted: with its meaning where
/// a HUD can honour it, ignored where it cannot (window-manager hints, a log window). Options of x11hud's own are
/// passed on to it; anything else is ignored with a warning rather than failing, since failing would end the
/// producer writing into the pipe.
package struct ZenityOptions {
    package var program: ZenityLineRules.Program

    package var text: String?
    package var title: String?
    /// yad's `--progress-text`, the text on its bar.
    package var progressText: String?
    package var percentage: Double?
    package var pulsate = false
    package var autoClose = false
    package var autoKill = false
    package var noCancel = false
    package var noButtons = false
    package var timeRemaining = false
    package var timeout: Int?
    package var width: Int?
    package var height: Int?
    package var cancelLabel: String?
    package var buttons: [YadButton] = []
    package var image: String?
    package var display: String?
    /// zenity's `--attach=WINDOW` ("the parent window to attach to"): x11hud's `--over-window`.
    package var attach: String?
    package var noMarkup = false
    package var hideText = false
    package var killParent: Int32?
    package var response: Int32?

    /// Dialog switches other than `--progress` (`--info`, `--entry`…), which x11hud cannot show.
    package var otherDialogs: [String] = []
    package var help = false
    package var version = false
    /// x11hud's own options, for `ShowCommand`.
    package var forwarded: [String] = []
    package var warnings: [String] = []
    /// A yad-only option was given: with the program inferred from a bare `--progress`, yad's rules apply.
    package var sawYadOption = false

    /// yad's `--button=LABEL[!ICON[!TOOLTIP]][:ID]`: a status, or a command to run.
    package struct YadButton: Equatable {
        package var label: String
        package var status: Int32
        package var command: String?

        package init(label: String, status: Int32, command: String? = nil) {
            self.label = label
            self.status = status
            self.command = command
        }
    }

    package init(program: ZenityLineRules.Program) {
        self.program = program
    }

    // MARK: Parsing

    /// Reads `arguments` (without the program name).
    package static func parse(_ arguments: [String], program: ZenityLineRules.Program) -> ZenityOptions {
        var o = ZenityOptions(program: program)
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if arg == "--" {
                o.warnings.append("ignored arguments after '--': \(arguments[i...].joined(separator: " "))")
                break
            }
            if arg == "-h" || arg == "-?" { o.help = true; continue }
            guard arg.hasPrefix("--"), arg.count > 2 else {
                o.warnings.append("ignored argument '\(arg)'")
                continue
            }
            let body = arg.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inline: String? = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            if name == "progress", inline == nil { continue }
            if name.hasPrefix("help") { o.help = true; continue }
            if name == "version" || name == "about" { o.version = true; continue }
            if otherDialogs.contains(name) { o.otherDialogs.append(name); continue }
            guard let option = table[name] else {
                // x11hud's own option (or a mistake, which ShowCommand reports): passed on with its value.
                o.forwarded.append(arg)
                if inline == nil, i < arguments.count, !arguments[i].hasPrefix("-") {
                    o.forwarded.append(arguments[i])
                    i += 1
                }
                continue
            }
            if option.yadOnly { o.sawYadOption = true }
            var value: String? = inline
            switch option.kind {
            case .flag:
                // GLib sets a flag whatever follows `=` (goption.c hands the value to G_OPTION_ARG_NONE, which
                // ignores it): zenity 3.44 pulsates for `--pulsate=0`, and a drop-in does what zenity does.
                value = "1"
            case .value:
                if value == nil {
                    guard i < arguments.count else {
                        o.warnings.append("ignored --\(name): it needs a value")
                        continue
                    }
                    value = arguments[i]
                    i += 1
                }
            case .optionalValue:
                break
            }
            option.apply(&o, value, name)
        }
        return o
    }

    /// What a shell completes after `x11hud zenity` or `x11hud yad`: the dialog switch, then every option of that
    /// program's table (yad has zenity's and its own), help and version.
    package static func completions(for program: ZenityLineRules.Program) -> [String] {
        let names = table.filter { program == .yad || !$0.value.yadOnly }.keys.sorted()
        return ["--progress"] + names.map { "--" + $0 } + ["--help", "--version"]
    }

    /// The dialogs of zenity and yad other than `--progress`.
    package static let otherDialogs: Set<String> = [
        "calendar", "entry", "error", "info", "file-selection", "list", "notification", "question", "warning",
        "scale", "text-info", "color-selection", "password", "forms", "form", "multi-progress", "icons", "dnd",
        "font", "app", "picture", "print", "notebook", "paned", "html", "file", "color",
    ]

    // MARK: The table

    package struct Option: Sendable {
        package enum Kind: Sendable { case flag, value, optionalValue }
        package var kind: Kind
        package var yadOnly = false
        /// Stores the value (a flag's is "1" or "0"; an optional value may be nil) under the option's name.
        package var apply: @Sendable (inout ZenityOptions, String?, String) -> Void
    }

    private static func flag(yad: Bool = false,
                             _ set: @escaping @Sendable (inout ZenityOptions, Bool) -> Void) -> Option {
        Option(kind: .flag, yadOnly: yad) { o, v, _ in set(&o, v == "1") }
    }

    private static func text(yad: Bool = false,
                             _ set: @escaping @Sendable (inout ZenityOptions, String) -> Void) -> Option {
        Option(kind: .value, yadOnly: yad) { o, v, _ in set(&o, v ?? "") }
    }

    private static func integer(yad: Bool = false,
                                _ set: @escaping @Sendable (inout ZenityOptions, Int) -> Void) -> Option {
        Option(kind: .value, yadOnly: yad) { o, v, name in
            guard let v, let n = Int(v.trimmingWhitespace()) else {
                o.warnings.append("ignored --\(name)=\(v ?? ""): not a whole number")
                return
            }
            set(&o, n)
        }
    }

    private static let ignoredFlag = Option(kind: .flag) { _, _, _ in }
    private static let ignoredValue = Option(kind: .value) { _, _, _ in }
    private static let ignoredYadFlag = Option(kind: .flag, yadOnly: true) { _, _, _ in }
    private static let ignoredYadValue = Option(kind: .value, yadOnly: true) { _, _, _ in }
    private static let ignoredYadOptional = Option(kind: .optionalValue, yadOnly: true) { _, _, _ in }

    /// Every option of `zenity --progress` (3.44, 4.x) and `yad --progress` (0.40 to 14) with their general and
    /// GTK options. The README's table says what each does.
    package static let table: [String: Option] = {
        var t: [String: Option] = [
            // Both programs.
            "text": text { $0.text = $1 },
            "title": text { $0.title = $1 },
            "percentage": Option(kind: .value) { o, v, name in
                let s = (v ?? "").trimmingWhitespace()
                guard let p = Double(s.hasSuffix("%") ? String(s.dropLast()) : s), p.isFinite else {
                    o.warnings.append("ignored --\(name)=\(v ?? ""): not a number")
                    return
                }
                o.percentage = min(max(p, 0), 100)
            },
            "pulsate": flag { $0.pulsate = $1 },
            "auto-close": flag { $0.autoClose = $1 },
            "auto-kill": flag { $0.autoKill = $1 },
            "width": integer { $0.width = $1 },
            "height": integer { $0.height = $1 },
            "timeout": integer { $0.timeout = $1 },
            "display": text { $0.display = $1 },
            "window-icon": ignoredValue,
            // zenity.
            "no-cancel": flag { $0.noCancel = $1 },
            "time-remaining": flag { $0.timeRemaining = $1 },
            "cancel-label": text { $0.cancelLabel = $1 },
            "ok-label": ignoredValue, "extra-button": ignoredValue, "modal": ignoredFlag,
            "attach": text { $0.attach = $1 },
            "icon-name": ignoredValue, "app-id": ignoredValue, "class": ignoredValue,
            "name": ignoredValue, "gtk-module": ignoredValue, "g-fatal-warnings": ignoredFlag, "sync": ignoredFlag,
            // yad.
            "progress-text": text(yad: true) { $0.progressText = $1 },
            "hide-text": flag(yad: true) { $0.hideText = $1 },
            "no-buttons": flag(yad: true) { $0.noButtons = $1 },
            "no-markup": flag(yad: true) { $0.noMarkup = $1 },
            "image": text(yad: true) { $0.image = $1 },
            "response": integer(yad: true) { $0.response = Int32(clamping: $1) },
            "button": Option(kind: .value, yadOnly: true) { o, v, _ in
                o.buttons.append(yadButton(v ?? "", index: o.buttons.count))
            },
            "kill-parent": Option(kind: .optionalValue, yadOnly: true) { o, v, name in
                guard let signal = signalNumber(v) else {
                    o.warnings.append("ignored --\(name)=\(v ?? ""): not a signal")
                    return
                }
                o.killParent = signal
            },
        ]
        for name in ["image-on-top", "no-escape", "escape-ok", "always-print-result", "selectable-labels",
                     "keep-icon-size", "sticky", "fixed", "on-top", "center", "mouse", "undecorated", "skip-taskbar",
                     "maximized", "fullscreen", "no-focus", "close-on-unfocus", "splash", "rtl", "log-expanded",
                     "log-on-top", "vertical", "continuous", "debug", "scroll"] {
            t[name] = ignoredYadFlag
        }
        for name in ["posx", "posy", "geometry", "timeout-indicator", "text-align", "text-width", "icon-theme",
                     "buttons-layout", "borders", "uri-handler", "f1-action", "workdir", "window-type", "plug",
                     "tabnum",
                     "css", "gtkrc", "hscroll-policy", "vscroll-policy", "log-height", "bar", "watch-bar", "align",
                     "item-separator", "separator"] {
            t[name] = ignoredYadValue
        }
        for name in ["expander", "use-interp", "print-xid", "enable-log"] {
            t[name] = ignoredYadOptional
        }
        return t
    }()

    // MARK: Values

    /// `LABEL[!ICON[!TOOLTIP]][:ID]`, cut at the last colon as yad does; a stock name (`gtk-cancel`, `yad-ok`) gives
    /// its label; without an ID the status is the button's position, from 0.
    package static func yadButton(_ spec: String, index: Int) -> YadButton {
        var name = spec, status = Int32(clamping: index)
        var command: String?
        if let colon = spec.lastIndex(of: ":"), spec.index(after: colon) < spec.endIndex {
            name = String(spec[..<colon])
            let id = String(spec[spec.index(after: colon)...])
            if let first = id.first, first.isASCII, first.isNumber {
                status = Int32(clamping: Int(id.prefix { $0.isASCII && $0.isNumber }) ?? 0)
            } else {
                command = id
            }
        }
        let label = String(name.prefix { $0 != "!" })
        return YadButton(label: stockLabels[label] ?? withoutMnemonic(label), status: status, command: command)
    }

    package static let stockLabels: [String: String] = {
        var labels: [String: String] = [:]
        for (name, label) in [("ok", "OK"), ("cancel", "Cancel"), ("close", "Close"), ("yes", "Yes"), ("no", "No"),
                              ("apply", "Apply"), ("quit", "Quit"), ("stop", "Stop"), ("help", "Help"),
                              ("refresh", "Refresh"), ("save", "Save"), ("open", "Open")] {
            labels["gtk-" + name] = label
            labels["yad-" + name] = label
        }
        return labels
    }()

    /// GTK's mnemonic underscores: `_Cancel` reads `Cancel`, `__` is one underscore.
    package static func withoutMnemonic(_ label: String) -> String {
        var out = ""
        var underscore = false
        for ch in label {
            if ch == "_", !underscore { underscore = true; continue }
            underscore = false
            out.append(ch)
        }
        return out
    }

    /// yad's `--kill-parent[=SIGNAL]`: a number or a name with or without `SIG`; SIGTERM when left out.
    package static func signalNumber(_ text: String?) -> Int32? {
        guard let text, !text.isEmpty else { return SIGTERM }
        if let n = Int32(text), n > 0, n < 65 { return n }
        var name = text.uppercased()
        if name.hasPrefix("SIG") { name.removeFirst(3) }
        let names: [String: Int32] = ["HUP": SIGHUP, "INT": SIGINT, "QUIT": SIGQUIT, "KILL": SIGKILL, "USR1": SIGUSR1,
                                      "USR2": SIGUSR2, "PIPE": SIGPIPE, "ALRM": SIGALRM, "TERM": SIGTERM,
                                      "CONT": SIGCONT, "STOP": SIGSTOP, "TSTP": SIGTSTP]
        return names[name]
    }
}
