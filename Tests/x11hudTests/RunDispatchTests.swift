import Testing
import HUDTestSupport
@testable import x11hud

/// `x11hud run …` reaches the root parser, as every other subcommand does, instead of the default command's.
@Suite(.ownThreads) struct RunDispatchTests {
    @Test func runGoesToTheRootParser() {
        #expect(!CommandTree.showsDirectly(["run", "--", "true"]))
        #expect(!CommandTree.showsDirectly(["run", "--label", "Backup", "--", "rsync"]))
        #expect(CommandTree.showsDirectly(["--label", "run"]))
    }

    @Test func watchingWorkAlreadyRunningIsRefusedWithACommandOfItsOwn() throws {
        let r = try CLI.run(["run", "--watch-pid", "1", "--", "true"], environment: ["DISPLAY": ":999"], timeout: 10)
        #expect(r.status == 64 && r.stderr.contains("run: --watch-pid and --watch-file"), "\(r.status) \(r.stderr)")
    }
}
