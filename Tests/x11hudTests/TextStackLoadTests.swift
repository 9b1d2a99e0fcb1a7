import HUDBase
import Foundation
import HUDScene
import HUDTestSupport
import Testing

/// When the text libraries cannot be loaded, the C loader says so to its caller, and x11hud ends with its documented
/// status (`ExitStatus.internalError`) and one line, instead of the loader ending the process itself.
@Suite(.ownThreads) struct TextStackLoadTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-load-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }

    /// A preloaded `dlopen` that refuses the libraries named in `REFUSE_DLOPEN`, as a machine without them would
    /// (the debug binary links libpangocairo, so only its loader's own `dlopen` can be made to fail).
    func refusingDlopen() throws -> URL {
        let source = dir.appendingPathComponent("refuse.c"), library = dir.appendingPathComponent("refuse.so")
        try """
            #define _GNU_SOURCE
            #include <dlfcn.h>
            #include <stdlib.h>
            #include <string.h>
            void *dlopen(const char *file, int mode) {
                const char *refused = getenv("REFUSE_DLOPEN");
                if (file && refused && *refused && strstr(file, refused)) return NULL;
                void *(*real)(const char *, int) = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
                return real(file, mode);
            }
            """.write(to: source, atomically: true, encoding: .utf8)
        let cc = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/cc"),
                                      ["-shared", "-fPIC", "-o", library.path, source.path, "-ldl"])
        #expect(cc.status == 0, "\(cc.stderr)")
        return library
    }

    @Test(.enabled(if: Sanitizer.name == nil, "a preloaded library must not come before the sanitizer's runtime"))
    func aMissingTextStackIsStatus70AndOneLine() throws {
        let shim = try refusingDlopen()
        let out = dir.appendingPathComponent("frame.png")
        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = shim.path
        environment["X11HUD_LOAD_TEXT_ON_FIRST_USE"] = "1"

        // The shim alone changes nothing.
        environment["REFUSE_DLOPEN"] = ""
        let control = try CLI.run(["render", "--label", "Hi", "--out", out.path], environment: environment)
        #expect(control.status == 0, "\(control.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path))
        try FileManager.default.removeItem(at: out)

        environment["REFUSE_DLOPEN"] = "libpangocairo"
        let r = try CLI.run(["render", "--label", "Hi", "--out", out.path], environment: environment)
        #expect(r.status == ExitStatus.internalError.code)
        #expect(r.stderr.hasPrefix("x11hud: cannot load libpangocairo-1.0.so.0: "), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
