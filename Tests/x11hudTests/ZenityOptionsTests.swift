import CommandOptions
import HUDBase
import Glibc
import HUDScene
import ProgressFeed
import HUDTestSupport
import Testing
import HUDDialogs
@testable import x11hud

/// The command lines of zenity and yad scripts, read as those programs read them (no X needed).
@Suite(.ownThreads) struct ZenityOptionsTests {
    func parse(_ args: [String], _ program: ZenityLineRules.Program = .zenity) -> ZenityOptions {
        ZenityOptions.parse(args, program: program)
    }

    @Test func aBareProgressSelectsZenityAndItsValueFormDoesNot() {
        #expect(ZenityCommand.select(argv0: "x11hud", arguments: ["--progress", "--title=Update"])?.program == .zenity)
        #expect(ZenityCommand.select(argv0: "x11hud", arguments: ["--text", "Hi", "--progress"])?.program == .zenity)
        #expect(ZenityCommand.select(argv0: "x11hud", arguments: ["show", "--progress"])?.arguments == ["--progress"])
        #expect(ZenityCommand.select(argv0: "x11hud", arguments: ["--progress=50"]) == nil)
        #expect(ZenityCommand.select(argv0: "x11hud", arguments: ["--progress", "0.5"]) == nil)
        #expect(ZenityCommand.select(argv0: "x11hud", arguments: ["--progress", "60%", "--label", "x"]) == nil)
        #expect(ZenityCommand.select(argv0: "x11hud", arguments: ["render", "--progress", "--out", "x.png"]) == nil)
        #expect(ZenityCommand.select(argv0: "x11hud", arguments: ["--label", "x"]) == nil)
    }

    @Test func anEmptyValueAfterEqualsIsEmptyInX11hudsOwnCommandToo() throws {
        let show = try parsed(ShowCommand.self, ["--title=", "--label", "x"])
        #expect(show.hud.details == "" && show.hud.label == "x")
    }

    @Test func yadOptionsOrTheNameSelectYad() {
        #expect(ZenityCommand.select(argv0: "x11hud", arguments: ["--progress", "--button=Stop:3"])?.program == .yad)
        #expect(ZenityCommand.select(argv0: "/usr/local/bin/yad", arguments: ["--progress"])?.program == .yad)
        #expect(ZenityCommand.select(argv0: "/tmp/bin/zenity", arguments: ["--progress"])?.program == .zenity)
        let explicit = ZenityCommand.select(argv0: "x11hud", arguments: ["yad", "--progress", "--text=a"])
        #expect(explicit?.program == .yad && explicit?.arguments == ["--progress", "--text=a"])
    }

    @Test func aValueIsTheNextArgumentEvenWhenEmptyOrADash() {
        let o = parse(["--progress", "--title=", "--auto-close", "--text", "", "--pulsate"])
        #expect(o.title == "" && o.autoClose && o.text == "" && o.pulsate)
        let dash = parse(["--progress", "--title", "--auto-close"])
        #expect(dash.title == "--auto-close" && !dash.autoClose, "GLib takes the next argument as the value")
        #expect(parse(["--progress", "--title"]).warnings.count == 1)
    }

    // Issue 22 item 10: GLib sets a flag given any value, so zenity 3.44 pulsates for `--pulsate=0`.
    @Test func aFlagGivenAValueIsSetAsGLibSetsIt() {
        #expect(parse(["--pulsate=0"]).pulsate)
        #expect(parse(["--pulsate=false"]).pulsate)
        #expect(parse(["--pulsate=1"]).pulsate)
        #expect(parse(["--auto-close=no"]).autoClose)
        #expect(parse(["--pulsate=0"]).warnings.isEmpty)
    }

    // Every option of `zenity --help-progress --help-general --help-gtk` (3.44) and zenity 4.
    @Test(arguments: [
        "--text=T", "--percentage=5", "--pulsate", "--auto-close", "--auto-kill", "--no-cancel", "--time-remaining",
        "--title=T", "--window-icon=x.png", "--width=300", "--height=100", "--timeout=9", "--ok-label=O",
        "--cancel-label=C", "--extra-button=E", "--modal", "--attach=1234", "--icon-name=x", "--app-id=a",
        "--class=C", "--name=N", "--display=:9", "--gtk-module=m", "--g-fatal-warnings",
    ])
    func everyZenityOptionIsAccepted(_ option: String) {
        let o = parse(["--progress", option])
        #expect(o.warnings.isEmpty && o.forwarded.isEmpty && o.otherDialogs.isEmpty, "\(option): \(o.warnings)")
    }

    // Every option of `yad --help-progress --help-general` (0.40 and 14).
    @Test(arguments: [
        "--progress-text=T", "--percentage=5", "--pulsate", "--auto-close", "--auto-kill", "--rtl", "--enable-log",
        "--enable-log=Log", "--log-expanded", "--log-on-top", "--log-height=100", "--hide-text", "--vertical",
        "--title=T", "--window-icon=x", "--width=1", "--height=1", "--posx=1", "--posy=1", "--geometry=1x1+0+0",
        "--timeout=1", "--timeout-indicator=top", "--text=T", "--text-align=left", "--image=x", "--image-on-top",
        "--icon-theme=Adwaita", "--expander", "--button=OK:0", "--no-buttons", "--buttons-layout=end", "--no-markup",
        "--no-escape", "--escape-ok", "--borders=5", "--always-print-result", "--response=3", "--selectable-labels",
        "--sticky", "--fixed", "--on-top", "--center", "--mouse", "--undecorated", "--skip-taskbar", "--maximized",
        "--fullscreen", "--no-focus", "--close-on-unfocus", "--splash", "--plug=1", "--tabnum=1", "--kill-parent",
        "--kill-parent=TERM", "--print-xid", "--keep-icon-size", "--css=x", "--gtkrc=x", "--text-width=10",
    ])
    func everyYadOptionIsAccepted(_ option: String) {
        let o = parse(["--progress", option], .yad)
        #expect(o.warnings.isEmpty && o.forwarded.isEmpty && o.otherDialogs.isEmpty, "\(option): \(o.warnings)")
    }

    @Test func badValuesAreWarningsNotFailures() {
        let o = parse(["--progress", "--percentage=lots", "--width=wide", "--kill-parent=BOGUS", "stray"])
        #expect(o.warnings.count == 4)
        #expect(o.percentage == nil && o.width == nil && o.killParent == nil)
    }

    @Test func x11hudsOwnOptionsArePassedOn() {
        let o = parse(["--progress", "--theme", "light", "--position=top", "--square", "--text=a"])
        #expect(o.forwarded == ["--theme", "light", "--position=top", "--square"])
        #expect(o.text == "a")
    }

    @Test func otherDialogsAreNoted() {
        #expect(parse(["--info", "--text=x"]).otherDialogs == ["info"])
    }

    @Test func yadButtonsReadLabelIconAndStatusOrCommand() {
        #expect(ZenityOptions.yadButton("Stop!gtk-stop!Stop it:3", index: 0) == .init(label: "Stop", status: 3))
        #expect(ZenityOptions.yadButton("gtk-cancel:1", index: 0) == .init(label: "Cancel", status: 1))
        #expect(ZenityOptions.yadButton("_Abort", index: 2) == .init(label: "Abort", status: 2))
        #expect(ZenityOptions.yadButton("Log:xterm -e less log", index: 0)
                == .init(label: "Log", status: 0, command: "xterm -e less log"))
        #expect(ZenityOptions.yadButton("a:b:5", index: 0) == .init(label: "a:b", status: 5))
    }

    @Test func killParentReadsSignalNamesAndNumbers() {
        #expect(ZenityOptions.signalNumber(nil) == SIGTERM)
        #expect(ZenityOptions.signalNumber("SIGUSR1") == SIGUSR1)
        #expect(ZenityOptions.signalNumber("hup") == SIGHUP)
        #expect(ZenityOptions.signalNumber("9") == 9)
        #expect(ZenityOptions.signalNumber("nope") == nil)
    }
}

/// What a zenity or yad command line turns into.
@Suite(.ownThreads) struct ZenityPlanTests {
    func plan(_ args: [String], _ program: ZenityLineRules.Program = .zenity, env: [String: String] = [:])
        -> ZenityCommand.Plan {
        ZenityCommand.plan(ZenityOptions.parse(args, program: program), environment: env)
    }

    func value(_ plan: ZenityCommand.Plan, _ option: String) -> String? {
        plan.arguments.firstIndex(of: option).map { plan.arguments[$0 + 1] }
    }

    @Test func zenityShowsABarWithItsTextAndACancelButton() {
        let p = plan(["--progress", "--title=Update & fix", "--text=Line 1\\nLine 2", "--percentage=20"])
        #expect(value(p, "--label") == "Line 1\nLine 2")
        #expect(value(p, "--details") == "Update &amp; fix", "titles are plain text in a markup HUD")
        #expect(value(p, "--mode") == "bar" && value(p, "--percentage") == "20.0")
        #expect(value(p, "--button") == "Cancel" && p.arguments.contains("--markup"))
        #expect(p.rules.buttonStatus == 1 && p.rules.doneStatus == 0)
        #expect(p.rules.inputIsAProducer, "a progress dialog's pipe is waited for even before it carries anything")
        #expect(p.rules.lineRules == ZenityLineRules(program: .zenity, escapeMarkup: true))
        #expect(value(plan(["--progress"]), "--label") == "Running...", "zenity's own default text")
    }

    @Test func attachPutsTheHUDOnThatWindow() {
        #expect(value(plan(["--progress", "--attach=0x1a00003"]), "--over-window") == "0x1a00003")
        #expect(value(plan(["--progress", "--attach", "27262979"]), "--over-window") == "27262979")
        let bad = plan(["--progress", "--attach=nowhere"])
        #expect(!bad.arguments.contains("--over-window") && bad.warnings.contains { $0.contains("--attach") })
    }

    @Test func zenitysStatusesAndTheirEnvironmentOverrides() {
        let p = plan(["--progress", "--timeout=3", "--auto-kill"])
        #expect(p.rules.timeout?.seconds == 3 && p.rules.timeout?.status == 5)
        #expect(p.rules.autoKill == .onCancel)
        let env = plan(["--progress", "--timeout=3"], env: ["ZENITY_CANCEL": "9", "DIALOG_TIMEOUT": "11"])
        #expect(env.rules.buttonStatus == 9 && env.rules.timeout?.status == 11)
    }

    @Test func noCancelAndCancelLabel() {
        #expect(value(plan(["--progress", "--no-cancel"]), "--button") == nil)
        #expect(value(plan(["--progress", "--cancel-label=_Stop"]), "--button") == "Stop")
    }

    @Test func yadShowsCloseByDefaultAndItsButtonsStatus() {
        let close = plan(["--progress"], .yad)
        #expect(value(close, "--button") == "Close" && close.rules.buttonStatus == 0)
        let stop = plan(["--progress", "--button=OK:0", "--button=Stop:3", "--timeout=2", "--auto-kill"], .yad)
        #expect(value(stop, "--button") == "Stop" && stop.rules.buttonStatus == 3)
        #expect(stop.warnings.count == 1, "one button shown of two")
        #expect(stop.rules.timeout?.status == 70 && stop.rules.autoKill == .onFailure)
        #expect(value(plan(["--progress", "--no-buttons"], .yad), "--button") == nil)
        #expect(plan(["--progress", "--response=4"], .yad).rules.doneStatus == 4)
    }

    @Test func yadTextsAndImage() {
        let p = plan(["--progress", "--text=Installing", "--progress-text=a<b", "--image=dialog-warning",
                      "--no-markup"], .yad)
        #expect(value(p, "--label") == "Installing" && value(p, "--details") == "a<b")
        #expect(p.image == ["--icon", "warning"] && !p.arguments.contains("--markup"))
        #expect(p.rules.lineRules?.program == .yad)
        #expect(value(plan(["--progress", "--title=Setup"], .yad), "--label") == "Setup")
        #expect(plan(["--progress", "--image=no-such-icon-anywhere"], .yad).warnings.count == 1)
    }

    @Test func widthAndHeightAreTheSmallestBezel() {
        #expect(value(plan(["--progress", "--width=400"]), "--min-size") == "400x0")
        #expect(value(plan(["--progress", "--width=400", "--height=120"]), "--min-size") == "400x120")
        // Held to the largest side x11hud takes (InputLimits), so the translated option is never refused.
        #expect(value(plan(["--progress", "--width=99999", "--height=-4"]), "--min-size")
            == "\(InputLimits.maxSide)x0")
        let parsed = try? SizeValue.parse("\(InputLimits.maxSide)x\(InputLimits.maxSide)")
        #expect(parsed?.size == Size(width: Double(InputLimits.maxSide), height: Double(InputLimits.maxSide)))
        #expect((try? SizeValue.parse("\(InputLimits.maxSide + 1)x1")) == nil)
    }

    @Test func pulsateIsTheSpinnerAndTimeRemainingGoesUnderTheTitle() {
        let p = plan(["--progress", "--pulsate", "--time-remaining", "--title=Copy"])
        #expect(p.arguments.contains("--pulsate") && value(p, "--mode") == nil)
        #expect(p.rules.timeRemainingTitle == "Copy")
    }
}
