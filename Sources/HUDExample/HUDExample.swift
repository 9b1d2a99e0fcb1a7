import Dispatch
import FoundationEssentials
@preconcurrency import Glibc
import HUDScene
import X11Platform

// The library in a Swift program, as in the README: a ring that fills while "work" runs on another queue,
// then a success icon. Run: swift run hud-example
@main
struct HUDExample {
    @MainActor static func main() {
        let hud: HUD
        do { hud = try HUD() } catch {
            fputs("hud-example: \(error.message)\n", stderr)
            exit(error.exitCode)
        }
        hud.mode = .annular
        hud.label = "Saving"
        hud.minShowTime = 0.5
        hud.buttonTitle = "Cancel"
        hud.buttonAction = { [unowned hud] in hud.hide() }
        hud.completion = { exit(0) }
        hud.show()
        DispatchQueue.global().async {
            for step in 1...20 {
                usleep(60_000)
                DispatchQueue.main.async { MainActor.assumeIsolated { hud.progress = Double(step) / 20 } }
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    hud.content.custom = .icon(.success)
                    hud.mode = .custom
                    hud.label = "Saved"
                    hud.buttonTitle = ""
                    hud.hide(afterDelay: 1)
                }
            }
        }
        hud.run()
    }
}
