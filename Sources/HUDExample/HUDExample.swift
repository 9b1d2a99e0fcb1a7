import Dispatch
import FoundationEssentials
@preconcurrency import Glibc
import HUDScene
import X11Platform

// The library in a Swift program with an async entry point, as in the README: a ring that fills while "work" runs,
// then a success icon; a second, named HUD stacks beside it. Run: swift run hud-example
@main
struct HUDExample {
    static func main() async {
        let session: HUDSession
        do { session = try HUDSession(display: nil) } catch {
            fputs("hud-example: \(error.message)\n", stderr)
            exit(error.exitCode)
        }
        await session.run { session in
            guard let hud = try? session.makeHUD(), let note = try? session.hud(id: "note") else { exit(70) }
            hud.mode = .annular
            hud.label = "Saving"
            hud.minShowTime = 0.5
            hud.show()
            note.mode = .text
            note.label = "3 files"
            note.show()
            for step in 1...20 {
                try? await Task.sleep(nanoseconds: 60_000_000)
                hud.progress = Double(step) / 20
            }
            session.hide(id: "note")
            await hud.succeed("Saved", delay: 1)
        }
        print("done")
    }
}
