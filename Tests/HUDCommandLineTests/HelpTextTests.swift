@testable import HUDCommandLine
import Testing

/// ArgumentParser's help layout: labels in a 2-space indent, help from column 26 wrapped at 80 (next line when the
/// label reaches it), "(values: …)" and "(default: …)", sections in order. The expected lines are x11hud's own
/// help as ArgumentParser printed it (Tests/x11hudTests/Fixtures/cli-golden.json).
@Suite struct HelpTextTests {
    @Test func goldenRows() {
        #expect(HelpText.element("--mode <mode>", HelpText.describe(
            "What to show above the labels.", Sample.modes, nil)) == """
              --mode <mode>           What to show above the labels. (values:
                                      indeterminate, determinate, annular, bar, custom,
                                      text)

            """)
        #expect(HelpText.element("--label, --text <label>", "The main text (bold 16). --text is zenity's name for it.")
            == """
              --label, --text <label> The main text (bold 16). --text is zenity's name for
                                      it.

            """)
        #expect(HelpText.element("--details, --title <details>", "Smaller text under the label; wraps onto several "
            + "lines (bold 12). --title is zenity's name for it. 'auto': how much is done, how fast, how long is left "
            + "(live only).") == """
              --details, --title <details>
                                      Smaller text under the label; wraps onto several
                                      lines (bold 12). --title is zenity's name for it.
                                      'auto': how much is done, how fast, how long is left
                                      (live only).

            """)
        #expect(HelpText.element("--done-label <text>", HelpText.describe(
            "The label when the command succeeds.", [], "Done"))
            == "  --done-label <text>     The label when the command succeeds. (default: Done)\n")
        #expect(HelpText.describe("Pick.", ["a", "b"], "a") == "Pick. (values: a, b; default: a)")
    }

    @Test func overviewWrapsAtEighty() {
        let info = CommandInfo(path: ["x11hud", "notifications", "pause"],
                               abstract: "Pause notifications (do not disturb), resume them, or say whether they are "
                                   + "paused.",
                               usage: "x11hud notifications pause <on|off|toggle|status> [--for <duration>]")
        #expect(HelpText.render(info).hasPrefix("""
            OVERVIEW: Pause notifications (do not disturb), resume them, or say whether
            they are paused.

            USAGE: x11hud notifications pause <on|off|toggle|status> [--for <duration>]

            OPTIONS:
            """))
    }

    @Test func wholeScreen() {
        var info = Sample.pause.info
        info.discussion = "Paused, new notifications wait.\n\nExit status: 0 done."
        #expect(HelpText.render(info) == """
            OVERVIEW: Pause notifications.

            Paused, new notifications wait.

            Exit status: 0 done.

            USAGE: x11hud notifications pause [--for <duration>] <on|off|toggle|status> [<id>]

            ARGUMENTS:
              <on|off|toggle|status>  What to do. (values: on, off, toggle, status)
              <id>                    An id.

            OPTIONS:
              --for <duration>        Resume after this long.
              --version               Show the version.
              -h, --help              Show help information.

            """)
        #expect(!HelpText.render(info, version: false).contains("--version"))
    }

    @Test func sectionsAndHidden() {
        let text = HelpText.render(Sample.show.info)
        let watching = text.firstRange(of: "WATCHING:\n  --watch-pid <pid>")
        let options = text.firstRange(of: "\nOPTIONS:\n  --mode <mode>")
        #expect(watching != nil && options != nil)
        if let watching, let options { #expect(watching.lowerBound < options.lowerBound) }
        #expect(text.contains("  --pty/--no-pty          Run in a terminal of its own.\n"))
        #expect(!text.contains("  --no-pty"))
        #expect(text.contains("  --animation <animation> Show/hide animation. (values: fade, zoom, slide)\n"))
        #expect(!text.contains("--debug-draw"))
        #expect(!text.contains("--secret-knob"))
        let hidden = HelpText.render(Sample.show.info, showHidden: true)
        #expect(hidden.contains("  --debug-draw <what>     Draw layout boxes.\n"))
        #expect(!hidden.contains("--secret-knob"))
        #expect(text.hasSuffix("  -h, --help              Show help information.\n"))
    }

    @Test func subcommands() {
        let pop = CommandInfo(path: ["x11hud", "notifications", "pop"], abstract: "Show the newest closed "
            + "notification again (taken out of the history); prints its new id.")
        var spec = Sample.pause
        spec.path = ["x11hud", "notifications"]
        spec.operands = .none
        let text = HelpText.render(spec.info(subcommands: [pop]))
        #expect(text.contains("USAGE: x11hud notifications [--for <duration>] <subcommand>\n"))
        #expect(text.hasSuffix("""
            SUBCOMMANDS:
              pop                     Show the newest closed notification again (taken out
                                      of the history); prints its new id.

              See 'x11hud help notifications <subcommand>' for detailed help.
            """))
    }

    @Test func generatedUsage() {
        let options = "[--mode <mode>] [--label <label>] [--progress <progress>] [--animation <animation>] [--stdin] "
            + "[--watch-pid <pid>] [--pty] [--no-pty]"
        #expect(Sample.show.info.usage == "x11hud show " + options)
        #expect(Sample.run.info.usage == "x11hud run \(options) -- <command> ...")
        var many = Sample.show
        many.options += many.options
        #expect(many.info.usage == "x11hud show <options>")
        many.operands = Sample.pause.operands
        #expect(many.info.usage == "x11hud show [<options>] <on|off|toggle|status> [<id>]")
        let small = CommandSpec<Sample>(path: ["x", "list"], options: [.flag("json", help: "JSON.") { $0.stdin = $1 }],
                                        blank: { Sample() })
        #expect(small.info.usage == "x list [--json]")
    }
}
