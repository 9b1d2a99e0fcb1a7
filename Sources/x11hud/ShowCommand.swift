import ArgumentParser
import Foundation
import HUDScene
import X11Platform

/// `x11hud show` (the default): the live HUD on an X display, through the `X11Platform` library API only.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the HUD on an X display (the default command).",
        discussion: """
            The HUD fades (or zooms) in on the primary monitor, on top of every window, letting clicks through
            except on its button. With --hide-after it hides by itself, then x11hud exits; without, it stays until
            the button is clicked or the process is signalled. Without a compositor the bezel is drawn opaque and
            the window clipped to its rounded shape; a compositor starting or stopping is followed live.

            Exit status: 0 hidden, 1 closed with the button, 64 bad usage, 69 the display cannot be opened,
            74 the connection to the X server was lost, 128+N ended by signal N (130 SIGINT, 143 SIGTERM).
            """
    )

    @OptionGroup var hud: HUDOptions

    @Option(help: ArgumentHelp("Appear only if still up after this many seconds (a hide before then shows nothing).",
                               valueName: "seconds"))
    var grace: NonNegative?

    @Option(name: .customLong("min-show"),
            help: ArgumentHelp("Once shown, stay at least this many seconds.", valueName: "seconds"))
    var minShow: NonNegative?

    @Option(name: .customLong("hide-after"),
            help: ArgumentHelp("Start hiding this many seconds after start (not before --min-show is up), then exit.",
                               valueName: "seconds"))
    var hideAfter: NonNegative?

    @Option(help: ArgumentHelp("The X display to show on (default: $DISPLAY).", valueName: "name"))
    var display: String?

    func run() throws {
        // ArgumentParser calls this on the main thread, which `HUD` (main-actor bound) needs.
        if let failure = MainActor.assumeIsolated({ start() }) { throw failure }
    }

    /// Shows the HUD and never returns, or returns why it could not.
    @MainActor private func start() -> ExitError? {
        let live: HUD
        do { live = try HUD(display: display, scale: hud.scaleFactor) } catch {
            return ExitError(message: error.message, code: error.exitCode)
        }
        live.content = hud.content
        live.style = hud.style
        live.graceTime = grace?.value ?? 0
        live.minShowTime = minShow?.value ?? 0
        var status: Int32 = 0
        live.buttonAction = { [unowned live] in
            status = 1
            live.hide()
        }
        live.completion = { Foundation.exit(status) }
        live.show()
        if let hideAfter { live.hide(afterDelay: hideAfter.value) }
        live.run()
    }
}
