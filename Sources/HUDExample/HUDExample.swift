import X11Display
import HUDBase
import FoundationEssentials
@preconcurrency import Glibc
import HUDFeeds
import HUDScene
import X11Platform

// The library in a Swift program with an async entry point, as in the README: a ring that fills while "work" runs,
// then a success icon; a second, named HUD stacks beside it, fed by a command's output (its progress lines, then
// "Done" when it ends); and, run from a terminal that says its window ($WINDOWID: xterm, urxvt, kitty…), a third
// HUD added to that window, MBProgressHUD's showHUDAddedTo:view, which moves and hides with it.
// Run: swift run hud-example
@main
struct HUDExample {
    static func main() async {
        let session: HUDSession
        do { session = try HUDSession(display: nil) } catch {
            fputs("hud-example: \(error.message)\n", stderr)
            exit(error.exitCode)
        }
        await session.run { session in
            guard let hud = try? session.makeHUD(), let note = try? session.hud(id: "note") else {
                exit(ExitStatus.internalError.code)
            }
            hud.mode = .annular
            hud.label = "Saving"
            hud.minShowTime = 0.5
            hud.show()
            // The command's output passes through to ours as it comes (here stderr), and is read for progress.
            let script = "for i in 25 50 75 100; do echo $i >&2; sleep 0.2; done"
            guard let counting = try? CommandFeed(["/bin/sh", "-c", script]) else {
                exit(ExitStatus.internalError.code)
            }
            note.label = "Counting"
            note.attach(counting)
            note.show()
            var terminal: UInt? = nil
            if let id = getenv("WINDOWID").map({ String(cString: $0) }), let choice = WindowChoice(id),
               let window = try? session.window(choice), let onIt = try? session.makeHUD(over: window) {
                terminal = window
                onIt.mode = .text
                onIt.label = "Working here"
                onIt.show()
            }
            for step in 1...20 {
                try? await Task.sleep(nanoseconds: 60_000_000)
                hud.progress = Double(step) / 20
            }
            // hideHUDForView: whatever HUD is over the window goes (`session.hud(over:)` finds it).
            if let terminal { session.hide(over: terminal) }
            await hud.succeed("Saved", delay: 1)
        }
        print("done")
    }
}
