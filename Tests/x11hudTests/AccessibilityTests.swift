import Foundation
import Glibc
import HUDTestSupport
import Testing

/// Issue 54: x11hud's HUDs and notifications on the accessibility bus, read by the real AT-SPI registry, pyatspi
/// and Orca, on a private Xvfb with openbox, a private session bus and at-spi2-core's bus launcher.
@Suite(.ownThreads, .serialized) struct AccessibilityTests {
    static let launcher = "/usr/libexec/at-spi-bus-launcher"
    static let usable = XvfbServer.isAvailable && SessionBus.isAvailable
        && FileManager.default.isExecutableFile(atPath: launcher)
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/openbox")
        && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/pyatspi")
    static let orcaUsable = usable && FileManager.default.isExecutableFile(atPath: "/usr/bin/orca")

    /// A desktop with assistive technology: Xvfb, openbox, a session bus, the accessibility bus and its registry
    /// (started by the bus launcher), all ended when it goes.
    final class Desktop {
        let x: XvfbServer
        let bus: SessionBus
        let runtime: URL
        var children: [ChildProcess] = []

        init(enabled: Bool = true) throws {
            x = try XvfbServer()
            bus = try SessionBus()
            runtime = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-atspi-\(UUID())")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            children.append(try ChildProcess(URL(fileURLWithPath: AccessibilityTests.launcher),
                                             ["--launch-immediately"], environment: environment, output: .discard))
            children.append(try ChildProcess(URL(fileURLWithPath: "/usr/bin/openbox"), [], environment: environment,
                                             output: .discard))
            // Not a word to org.a11y.Bus until this launcher owns it (NameHasOwner starts nothing): a call before
            // would have the bus start one from its service file, with the test runner's environment, whose
            // accessibility bus is not in this desktop's runtime directory (and this launcher would then lose the
            // name and end).
            let owned = try Tools.waitUntil(timeout: Sanitizer.upTo(10)) { try bus.hasOwner("org.a11y.Bus") }
            guard owned else { throw TestFailure("the accessibility bus launcher did not take its name") }
            let up = try Tools.waitUntil(timeout: Sanitizer.upTo(10)) {
                try sh("gdbus call --session -d org.a11y.Bus -o /org/a11y/bus -m org.a11y.Bus.GetAddress").status == 0
            }
            guard up else { throw TestFailure("the accessibility bus did not start") }
            if enabled {
                try sh("gdbus call --session -d org.a11y.Bus -o /org/a11y/bus "
                    + "-m org.freedesktop.DBus.Properties.Set org.a11y.Status IsEnabled '<true>'")
            }
        }

        deinit {
            // The launcher's own bus daemon outlives a launcher killed: it goes first.
            if let launcher = children.first,
               let daemons = try? ChildProcess.run(URL(fileURLWithPath: "/usr/bin/pgrep"), ["-P", "\(launcher.pid)"]) {
                for pid in daemons.stdout.split(separator: "\n").compactMap({ Int32($0) }) { Glibc.kill(pid, SIGKILL) }
            }
            for child in children.reversed() { child.kill() }
            bus.stop()
            x.stop()
            try? FileManager.default.removeItem(at: runtime)
        }

        var home: URL { runtime.appendingPathComponent("home") }

        /// GSettings in memory: the launcher keeps `IsEnabled` in GSettings, and with dconf every desktop of every
        /// test (and every CI run on the machine) shared one database under the shared `XDG_CONFIG_HOME`, so a
        /// launcher could start switched on by an earlier test, and its `Set` waited on a dconf-service started
        /// for it under the suite's load.
        var environment: [String: String] {
            ["PATH": "/usr/bin:/bin", "HOME": home.path, "DISPLAY": x.display, "XDG_RUNTIME_DIR": runtime.path,
             "DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_CONFIG_HOME": "/nonexistent/x11hud-tests",
             "XDG_CACHE_HOME": "/tmp/x11hud-tests-cache-\(getuid())", "GSETTINGS_BACKEND": "memory",
             "X11HUD_DEBUG": "accessibility"]
        }

        /// What x11hud said apart from the bridge's trace (`X11HUD_DEBUG`, on in these desktops so that a failure's
        /// message has each step): its warnings and errors.
        static func said(_ stderr: String) -> [Substring] {
            stderr.split(separator: "\n").filter { !$0.contains("]: accessibility: ") }
        }

        @discardableResult
        func sh(_ script: String, timeout: Double = 20) throws -> ChildProcess.Result {
            try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: environment,
                                 timeout: timeout)
        }

        /// `x11hud ARGS`, reading `input`.
        func start(_ arguments: [String], input: Pipe? = nil, extra: [String: String] = [:]) throws -> ChildProcess {
            let child = try ChildProcess(CLI.binary, arguments, environment: environment.merging(extra) { $1 },
                                         input: input)
            children.append(child)
            return child
        }

        /// The desktop's accessible tree as pyatspi reads it: one line for each object, `role|name|value` (the
        /// value only for an object with the Value interface), indented two spaces a level below the
        /// applications.
        func tree() throws -> [String] {
            let r = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", Self.treeScript],
                                         environment: environment, timeout: 20)
            guard r.status == 0 else { throw TestFailure("pyatspi: \(r.stderr)") }
            return r.stdout.split(separator: "\n").map(String.init)
        }

        static let treeScript = """
            import pyatspi
            def walk(o, depth):
                value = ''
                try:
                    value = '%g' % o.queryValue().currentValue
                except NotImplementedError:
                    pass
                print('  ' * depth + '%s|%s|%s' % (o.getRoleName(), o.name, value))
                for i in range(o.childCount):
                    walk(o.getChildAtIndex(i), depth + 1)
            desktop = pyatspi.Registry.getDesktop(0)
            for i in range(desktop.childCount):
                walk(desktop.getChildAtIndex(i), 0)
            """

        /// Presses the push button named `name` through its Action interface, as a screen reader does.
        func press(_ name: String) throws -> String {
            let script = """
                import pyatspi
                def find(o):
                    if o.getRoleName() == 'push button' and o.name == '\(name)':
                        return o
                    for i in range(o.childCount):
                        found = find(o.getChildAtIndex(i))
                        if found: return found
                desktop = pyatspi.Registry.getDesktop(0)
                for i in range(desktop.childCount):
                    button = find(desktop.getChildAtIndex(i))
                    if button:
                        action = button.queryAction()
                        print(action.getName(0), action.doAction(0))
                """
            return try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script],
                                        environment: environment, timeout: 20).stdout
        }

        /// The lines of the tree once one satisfies `accepts` (or after `timeout`): the last tree read.
        /// The tree once a line of it `accepts`, or as it is after `timeout`; then, with `hud`, an issue that
        /// says why `hud` is not in it.
        func treeOnce(of hud: ChildProcess? = nil, timeout: Double = Sanitizer.upTo(20),
                      _ accepts: (String) -> Bool) throws -> [String] {
            let lines = try Tools.waitFor(timeout: timeout, { try tree() }, until: { $0.contains(where: accepts) })
            if let hud, !lines.contains(where: accepts) { Issue.record("not in the tree \(lines): \(unheard(hud))") }
            return lines
        }

        /// Why `hud` is not in the tree, for a failure's message: what the launcher says, who is on the
        /// accessibility bus (the registry, x11hud), then, `hud` ended, everything it said (a bridge that cannot
        /// start warns). A failure seen only in CI is then read from its log.
        func unheard(_ hud: ChildProcess) -> String {
            let status = (try? sh("gdbus call --session -d org.a11y.Bus -o /org/a11y/bus "
                + "-m org.freedesktop.DBus.Properties.GetAll org.a11y.Status", timeout: 10))
            let names = try? sh("""
                a=$(gdbus call --session -d org.a11y.Bus -o /org/a11y/bus -m org.a11y.Bus.GetAddress \
                    | sed "s/^('\\(.*\\)',)$/\\1/")
                gdbus call --address "$a" -d org.freedesktop.DBus -o /org/freedesktop/DBus \
                    -m org.freedesktop.DBus.ListNames
                """, timeout: 10)
            let files = try? sh("ls -la '\(runtime.path)' '\(runtime.path)/at-spi'; cat /proc/uptime", timeout: 10)
            let running = hud.isRunning
            hud.kill()
            return "launcher: \(status.map { $0.stdout + $0.stderr } ?? "no answer"); "
                + "accessibility bus: \(names.map { $0.stdout + $0.stderr } ?? "no answer"); "
                + "files: \(files.map { $0.stdout + $0.stderr } ?? "none"); "
                + "x11hud \(running ? "was running" : "had ended with \(hud.status)"), said: \(hud.stderr)"
        }
    }

    @Test(.enabled(if: usable)) func aRingsProgressAndItsEndAreInTheDesktopsTree() throws {
        let desktop = try Desktop()
        let input = Pipe()
        let hud = try desktop.start(["--mode", "annular", "--label", "Saving photos"], input: input)
        input.fileHandleForWriting.write(Data("20\n".utf8))
        let at20 = try desktop.treeOnce(of: hud) { $0.hasSuffix("progress bar|Saving photos|20") }
        #expect(at20.contains("application|x11hud|"), "\(at20)")
        input.fileHandleForWriting.write(Data("60\n".utf8))
        let at60 = try desktop.treeOnce { $0.hasSuffix("progress bar|Saving photos|60") }
        #expect(at60.contains("  notification|Saving photos|"), "\(at60)")
        #expect(at60.contains("    progress bar|Saving photos|60"), "\(at60)")
        input.fileHandleForWriting.write(Data(#"{"icon":"success","label":"Saved"}"#.utf8 + Data("\n".utf8)))
        let saved = try desktop.treeOnce { $0.hasSuffix("|Saved|") }
        #expect(saved.contains("  notification|Saved|"), "\(saved)")
        // An icon shows no progress: the bar has gone.
        #expect(!saved.contains { $0.contains("progress bar") }, "\(saved)")
        try input.fileHandleForWriting.close()
        #expect(hud.waitForExit(timeout: Sanitizer.upTo(10)), "\(hud.stderr)")
        #expect(Desktop.said(hud.stderr).isEmpty, "\(hud.stderr)")
        let gone = try Tools.waitFor(timeout: Sanitizer.upTo(5), { try desktop.tree() }, until: {
            !$0.contains { $0.contains("x11hud") }
        })
        #expect(!gone.contains { $0.contains("x11hud") }, "\(gone)")
    }

    @Test(.enabled(if: usable)) func aScreenReaderPressesTheButton() throws {
        let desktop = try Desktop()
        let input = Pipe()
        let hud = try desktop.start(["--label", "Copying", "--button", "Stop"], input: input)
        let listed = try desktop.treeOnce(of: hud) { $0.hasSuffix("push button|Stop|") }
        #expect(listed.contains("    push button|Stop|"), "\(listed) \(hud.isRunning ? "" : hud.stderr)")
        #expect(try desktop.press("Stop").contains("click True"))
        // The button cancels, as a click on it does: x11hud's status for a cancel.
        #expect(hud.waitForExit(timeout: Sanitizer.upTo(10)))
        #expect(hud.status == 1, "\(hud.stderr)")
        try input.fileHandleForWriting.close()
    }

    @Test(.enabled(if: usable)) func aNotificationsActionIsAButtonAScreenReaderPresses() throws {
        let desktop = try Desktop()
        let server = try desktop.start(["notifications"])
        let owned = try Tools.waitUntil(timeout: Sanitizer.upTo(10)) {
            try desktop.sh("gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus "
                + "--method org.freedesktop.DBus.GetNameOwner org.freedesktop.Notifications").status == 0
        }
        try #require(owned, "\(server.stderr)")
        // notify-send waits for an action and prints its name.
        let sender = try ChildProcess(URL(fileURLWithPath: "/usr/bin/notify-send"),
                                      ["--action=undo=Undo", "File deleted", "notes.txt"],
                                      environment: desktop.environment)
        desktop.children.append(sender)
        let listed = try desktop.treeOnce { $0.hasSuffix("push button|Undo|") }
        let registered = listed.contains("  notification|File deleted|")
        // What the server said (a bridge that could not start warns), read once it has ended.
        if !registered { server.kill() }
        #expect(registered, "\(listed); the server said: \(registered ? "" : server.stderr)")
        #expect(listed.contains("    push button|Undo|"), "\(listed)")
        #expect(try desktop.press("Undo").contains("click True"))
        #expect(sender.waitForExit(timeout: Sanitizer.upTo(10)))
        #expect(sender.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "undo")
    }

    @Test(.enabled(if: usable && SwayServer.isAvailable)) func onWaylandTheTreeListsTheHUDToo() throws {
        let sway = try SwayServer()
        let desktop = try Desktop()
        let input = Pipe()
        let hud = try desktop.start(["--backend", "wayland", "--mode", "bar", "--label", "On sway"], input: input,
                                    extra: ["WAYLAND_DISPLAY": sway.socket])
        input.fileHandleForWriting.write(Data("40\n".utf8))
        let listed = try desktop.treeOnce(of: hud) { $0.hasSuffix("progress bar|On sway|40") }
        #expect(listed.contains("  notification|On sway|"), "\(listed) \(hud.isRunning ? "" : hud.stderr)")
        #expect(listed.contains("    progress bar|On sway|40"), "\(listed)")
        try input.fileHandleForWriting.close()
        #expect(hud.waitForExit(timeout: Sanitizer.upTo(10)))
        #expect(hud.status == 0, "\(hud.stderr)")
    }

    /// The resident (`x11hud serve`) draws its clients' HUDs, so its config's `accessibility` is theirs: off, a
    /// served HUD is in no tree; on, it is. The control for off: a HUD of its own started after it is heard.
    @Test(.enabled(if: usable), arguments: [true, false])
    func theResidentKeepsItsConfigsAccessibility(off: Bool) throws {
        let desktop = try Desktop()
        let config = desktop.runtime.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("x11hud"),
                                                withIntermediateDirectories: true)
        try Data((off ? "accessibility = \"off\"\n" : "accessibility = \"auto\"\n").utf8)
            .write(to: config.appendingPathComponent("x11hud/config.toml"))
        let resident = try desktop.start(["serve"], extra: ["XDG_CONFIG_HOME": config.path])
        // A client is served only once the resident listens: until one is drawn by it, each starts again.
        var served: ChildProcess?
        var clients: [Pipe] = []
        let up = try Tools.waitUntil(timeout: Sanitizer.upTo(10)) {
            let input = Pipe()
            clients.append(input)
            let client = try desktop.start(["--label", "Served"], input: input)
            let drawer = try Tools.waitFor(timeout: Sanitizer.upTo(3), {
                try Self.listedPIDs(desktop.environment)["Served"]
            }, until: { $0 != nil }) ?? nil
            if drawer == resident.pid { served = client; return true }
            client.kill()
            _ = client.waitForExit(timeout: Sanitizer.upTo(3))
            return false
        }
        try #require(up, "the resident never drew a client's HUD: \(resident.stderr)")
        if off {
            let heard = Pipe()
            clients.append(heard)
            let own = try desktop.start(["--label", "Heard"], input: heard, extra: ["X11HUD_NO_SERVE": "1"])
            let seen = try desktop.treeOnce(of: own) { $0.hasSuffix("notification|Heard|") }
            #expect(seen.contains("  notification|Heard|"), "\(seen)")
            #expect(!seen.contains { $0.contains("Served") }, "\(seen)")
        } else {
            let seen = try desktop.treeOnce { $0.hasSuffix("notification|Served|") }
            #expect(seen.contains("  notification|Served|"), "\(seen)")
        }
        #expect(served?.isRunning == true)
        for input in clients { try? input.fileHandleForWriting.close() }
    }

    /// Each listed HUD's label and the process that draws it (`x11hud list --json`).
    static func listedPIDs(_ environment: [String: String]) throws -> [String: Int32] {
        let r = try ChildProcess.run(CLI.binary, ["list", "--json"], environment: environment, timeout: 20)
        guard let array = try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] else {
            return [:]
        }
        var pids: [String: Int32] = [:]
        for hud in array {
            if let label = hud["label"] as? String, let pid = hud["pid"] as? Int { pids[label] = Int32(pid) }
        }
        return pids
    }

    /// A runtime directory holding the launcher's `at-spi` from an earlier session, and no launcher; removed by the
    /// caller.
    static func staleRuntime() throws -> URL {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-atspi-\(UUID())")
        try FileManager.default.createDirectory(at: runtime.appendingPathComponent("at-spi"),
                                                withIntermediateDirectories: true)
        return runtime
    }

    @Test(.enabled(if: usable)) func aStaleLaunchersDirectoryWithoutABusSaysNothing() throws {
        let x = try XvfbServer()
        defer { x.stop() }
        let runtime = try Self.staleRuntime()
        defer { try? FileManager.default.removeItem(at: runtime) }
        let r = try ChildProcess.run(CLI.binary, ["--mode", "text", "--label", "Hi", "--hide-after", "0.2"],
                                     environment: ["PATH": "/usr/bin:/bin", "DISPLAY": x.display,
                                                   "XDG_RUNTIME_DIR": runtime.path,
                                                   "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(runtime.path)/no-bus"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    /// A launcher's directory left from an earlier session, a session bus that could start a launcher (its service
    /// file is installed) and none running: the HUD asks, starts nothing, hears "no one owns it", and shows without
    /// libsystemd or a word. A guest leaves no daemon behind. The same on X11 and on sway: asked above the seam.
    @Test(.enabled(if: usable && SwayServer.isAvailable), arguments: ["x11", "wayland"])
    func aStaleLaunchersDirectoryStartsNoLauncher(_ backend: String) throws {
        let sway = backend == "wayland" ? try SwayServer() : nil
        defer { sway?.stop() }
        let x = sway == nil ? try XvfbServer() : nil
        defer { x?.stop() }
        let bus = try SessionBus()
        defer { bus.stop() }
        let runtime = try Self.staleRuntime()
        defer { try? FileManager.default.removeItem(at: runtime) }
        var environment = ["PATH": "/usr/bin:/bin", "HOME": runtime.path, "XDG_RUNTIME_DIR": runtime.path,
                           "DBUS_SESSION_BUS_ADDRESS": bus.address, "X11HUD_DEBUG": "accessibility"]
        environment["WAYLAND_DISPLAY"] = sway?.socket
        environment["DISPLAY"] = x?.display
        // stderr to a file, read while the HUD runs: its trace's decision line is the moment to look at its maps
        // (`exec`: the same process).
        let log = runtime.appendingPathComponent("stderr")
        let input = Pipe()
        let hud = try ChildProcess(URL(fileURLWithPath: "/bin/sh"),
                                   ["-c", #"exec "$0" --backend "$1" --label Hi 2>"$2""#, CLI.binary.path, backend,
                                    log.path], environment: environment, input: input)
        func said() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        let decided = Tools.waitUntil(timeout: Sanitizer.upTo(20)) {
            said().contains(" ms: off: ") || said().contains(" ms: started") || said().contains("not started")
        }
        #expect(decided, "\(said())")
        #expect(!(try CLI.mappedFiles(hud.pid)).contains { $0.contains("libsystemd") })
        try input.fileHandleForWriting.close()
        #expect(hud.waitForExit(timeout: Sanitizer.upTo(10)))
        #expect(hud.status == 0)
        #expect(Desktop.said(said()).isEmpty, "\(said())")
        #expect(said().contains("off: no accessibility bus launcher runs on the session bus"), "\(said())")
        #expect(try !bus.hasOwner("org.a11y.Bus"), "the HUD's question started a launcher")
    }

    @Test(.enabled(if: usable), arguments: [
        ("the desktop's switch off", false, [String: String](), [String]()),
        ("NO_AT_BRIDGE=1", true, ["NO_AT_BRIDGE": "1"], []),
        ("--accessibility off", true, [:], ["--accessibility", "off"]),
    ])
    func withAssistiveTechnologyOffNothingIsExposed(_ why: String, enabled: Bool, extra: [String: String],
                                                    arguments: [String]) throws {
        let desktop = try Desktop(enabled: enabled)
        let quiet = Pipe(), heard = Pipe()
        let hud = try desktop.start(["--mode", "annular", "--label", "Quiet"] + arguments, input: quiet, extra: extra)
        quiet.fileHandleForWriting.write(Data("30\n".utf8))
        let shown = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            try desktop.sh("xdotool search --onlyvisible --pid \(hud.pid)").status == 0
        }
        #expect(shown)
        // Answered without libsystemd: the desktop's switch over the bus's socket, the other two before any bus.
        // Asked of the process that draws the HUD (`list` names it), which has cairo mapped to show it is that one.
        let drawer = try #require(try Self.listedPIDs(desktop.environment)["Quiet"])
        let maps = try CLI.mappedFiles(drawer)
        #expect(maps.contains { $0.contains("libcairo") }, "\(why): process \(drawer) is not the one drawing")
        #expect(!maps.contains { $0.contains("libsystemd") }, "\(why): libsystemd mapped to learn that nothing listens")
        // The control: assistive technology turned on, a HUD started then is in the tree, the first still not.
        try desktop.sh("gdbus call --session -d org.a11y.Bus -o /org/a11y/bus "
            + "-m org.freedesktop.DBus.Properties.Set org.a11y.Status IsEnabled '<true>'")
        let other = try desktop.start(["--label", "Heard"], input: heard)
        let seen = try desktop.treeOnce(of: other) { $0.hasSuffix("notification|Heard|") }
        #expect(seen.contains("  notification|Heard|"), "\(why): \(seen)")
        #expect(!seen.contains { $0.contains("Quiet") }, "\(why): \(seen)")
        #expect(hud.isRunning)
        try quiet.fileHandleForWriting.close()
        try heard.fileHandleForWriting.close()
        #expect(hud.waitForExit(timeout: Sanitizer.upTo(10)))
        #expect(other.waitForExit(timeout: Sanitizer.upTo(10)))
    }

    /// A launcher that is there but does not answer (stopped, as one stuck on a slow disk is) may have a screen
    /// reader behind it: the HUD says in one line that it is not heard, shows, and ends, not silence.
    /// The same on X11 and on sway: the question is asked above the seam.
    @Test(.enabled(if: usable && SwayServer.isAvailable), arguments: ["x11", "wayland"])
    func aLauncherThatDoesNotAnswerIsOneWarningAndTheHUDShows(_ backend: String) throws {
        let sway = backend == "wayland" ? try SwayServer() : nil
        defer { sway?.stop() }
        let desktop = try Desktop()
        let launcher = try #require(desktop.children.first)
        kill(launcher.pid, SIGSTOP)
        defer { kill(launcher.pid, SIGCONT) }
        var environment = desktop.environment
        environment["WAYLAND_DISPLAY"] = sway?.socket
        let r = try ChildProcess.run(CLI.binary, ["--backend", backend, "--mode", "text", "--label", "Unheard",
                                                  "--hide-after", "0.3"],
                                     environment: environment, timeout: Sanitizer.upTo(30))
        #expect(r.status == 0)
        let lines = Desktop.said(r.stderr)
        #expect(lines.count == 1, "\(r.stderr)")
        #expect(lines.first?.contains("warning: accessibility: the accessibility launcher did not answer") == true,
                "\(r.stderr)")
    }

    /// The real Orca (`/usr/bin/orca`'s `main`), with two changes for a test: its debug file written a line at a
    /// time (Orca leaves it to Python's 8 KiB buffer, flushed at its exit), and no look for other Orcas (all of
    /// this machine's run as the same user: `--replace` would end another test's).
    static let orcaInATest = """
        import builtins, runpy, sys
        log = sys.argv[1]
        real = builtins.open
        def line_buffered(file, mode='r', buffering=-1, *args, **kwargs):
            return real(file, mode, 1 if file == log else buffering, *args, **kwargs)
        builtins.open = line_buffered
        sys.argv = ['orca', '--debug-file=' + log]
        main = runpy.run_path('/usr/bin/orca', run_name='orca_in_a_test')['main']
        main.__globals__['otherOrcas'] = lambda: []
        sys.exit(main())
        """

    /// Orca without a speech server: it starts none (speech-dispatcher's `--spawn` can hold Orca up), and logs
    /// each utterance all the same.
    static let silentSpeech = ["SPEECHD_CMD": "/bin/false"]

    @Test(.enabled(if: orcaUsable)) func orcaSpeaksTheLabelAndANotificationsSummary() throws {
        let desktop = try Desktop()
        let log = desktop.runtime.appendingPathComponent("orca.log")
        desktop.children.append(try ChildProcess(URL(fileURLWithPath: "/usr/bin/python3"),
                                                 ["-c", Self.orcaInATest, log.path],
                                                 environment: desktop.environment.merging(Self.silentSpeech) { $1 },
                                                 output: .discard))
        func spoken() -> [String] {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n")
                .filter { $0.contains("SPEECH OUTPUT") }.map(String.init)
        }
        let ready = Tools.waitFor(timeout: Sanitizer.upTo(60), spoken) {
            $0.contains { $0.contains("Screen reader on") }
        }
        let orcaLog = (try? String(contentsOf: log, encoding: .utf8)) ?? "no log"
        try #require(ready.contains { $0.contains("Screen reader on") }, "Orca did not start: \(orcaLog.suffix(3000))")
        let input = Pipe()
        let hud = try desktop.start(["--label", "Saving photos"], input: input)
        let said = Tools.waitFor(timeout: Sanitizer.upTo(20), spoken) { $0.contains { $0.contains("Saving photos") } }
        try input.fileHandleForWriting.close()
        #expect(hud.waitForExit(timeout: Sanitizer.upTo(10)))
        // On failure: what x11hud said (a bridge that could not start warns) and the end of Orca's log.
        #expect(said.contains { $0.contains("notification Saving photos") },
                "\(said)\n\(hud.stderr)\n\(((try? String(contentsOf: log, encoding: .utf8)) ?? "").suffix(4000))")

        let server = try desktop.start(["notifications"])
        let owned = try Tools.waitUntil(timeout: Sanitizer.upTo(10)) {
            try desktop.sh("gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus "
                + "--method org.freedesktop.DBus.GetNameOwner org.freedesktop.Notifications").status == 0
        }
        try #require(owned, "\(server.stderr)")
        try desktop.sh("notify-send 'Battery low' '3 % left'")
        let warned = Tools.waitFor(timeout: Sanitizer.upTo(20), spoken) { $0.contains { $0.contains("Battery low") } }
        let orcaEnd = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").suffix(4000)
        #expect(warned.contains { $0.contains("notification Battery low") },
                "\(warned)\n\(server.isRunning ? "" : server.stderr)\n\(orcaEnd)")
    }
}
