import Foundation
import Glibc

/// A private KDE KWin (`kwin_wayland --virtual`, llvmpipe, no XWayland) on a private session bus (`SessionBus`):
/// the compositor here that offers fractional scaling (`wp_fractional_scale_v1`), which sway 1.7 does not. Run as
/// `SwayServer.testUser` when the tests run as root. Screenshots through KWin's ScreenShot2 interface, in the
/// output's own pixels.
public final class KWinServer: PrivateCompositor {
    public static let binary = "/usr/bin/kwin_wayland"
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    /// The output's size in surface units (its pixels are `scale` times as many).
    public let width = 1280, height = 720
    public let scale: Double
    public let runtimeDirectory: String
    public let socket: String
    private let child: ChildProcess
    /// KWin's session bus, where ScreenShot2 lives.
    private let bus: SessionBus
    private let user: (uid: uid_t, gid: gid_t)?

    /// - Parameter scale: the output's scale, such as 1.5.
    public init(scale: Double) throws {
        self.scale = scale
        runtimeDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kwin-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: runtimeDirectory + "/bin", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        chmod(runtimeDirectory, 0o700)
        // A copy: the installed binary has file capabilities, which an exec under another uid refuses, and KWin's
        // platform plugin loads only in a program named kwin_wayland.
        let kwin = runtimeDirectory + "/bin/kwin_wayland"
        try FileManager.default.copyItem(atPath: Self.binary, toPath: kwin)
        try Self.screenshotScript.write(toFile: runtimeDirectory + "/shot.py", atomically: true, encoding: .utf8)
        user = getuid() == 0 ? try SwayServer.testUserIDs() : nil
        if let user {
            for path in [runtimeDirectory, runtimeDirectory + "/bin", kwin, runtimeDirectory + "/shot.py"] {
                chown(path, user.uid, user.gid)
            }
        }
        socket = runtimeDirectory + "/wayland-k"
        bus = try SessionBus(user: user)
        var environment = Self.serverEnvironment(runtimeDirectory)
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["KWIN_SCREENSHOT_NO_PERMISSION_CHECKS"] = "1"
        do {
            child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/setpriv"),
                                     Self.asUser(user) + ["--pdeathsig", "KILL", kwin, "--virtual", "--no-lockscreen",
                                                          "--no-global-shortcuts", "--no-kactivities", "--socket",
                                                          "wayland-k", "--width", "\(width)", "--height",
                                                          "\(height)", "--scale", "\(scale)"],
                                     environment: environment, output: .discard)
        } catch {
            bus.stop()
            throw error
        }
        let up = Tools.waitUntil(timeout: Sanitizer.upTo(20)) { [self] in
            FileManager.default.fileExists(atPath: socket) && (try? screenshot()) != nil
        }
        guard up else {
            child.kill()
            bus.stop()
            throw TestFailure("kwin_wayland did not start within 20 s: \(child.stderr.suffix(600))")
        }
    }

    deinit { stop() }

    /// Kills the compositor and its bus, and removes its runtime directory (idempotent).
    public func stop() {
        child.kill()
        bus.stop()
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    /// The whole output in its own pixels (`native-resolution`: 1920 x 1080 at scale 1.5).
    public func screenshot() throws -> Screenshot {
        let path = runtimeDirectory + "/shot-\(UUID().uuidString).ppm"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var environment = Self.serverEnvironment(runtimeDirectory)
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let r = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/setpriv"),
                                     Self.asUser(user) + ["/usr/bin/python3", runtimeDirectory + "/shot.py", path],
                                     environment: environment, timeout: 10)
        guard r.status == 0 else { throw TestFailure("KWin's screenshot failed: \(r.stderr.suffix(400))") }
        return try Screenshot(ppmFile: path)
    }

    private static func asUser(_ user: (uid: uid_t, gid: gid_t)?) -> [String] {
        guard let user else { return [] }
        return ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups"]
    }

    private static func serverEnvironment(_ runtime: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS"] { environment[key] = nil }
        environment["XDG_RUNTIME_DIR"] = runtime
        environment["HOME"] = runtime
        return environment
    }

    /// ScreenShot2.CaptureWorkspace into a pipe, written out as a binary PPM (the pixels come as ARGB32, B G R A in
    /// memory).
    static let screenshotScript = """
        import os, sys, threading
        from gi.repository import Gio, GLib
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        r, w = os.pipe()
        fds = Gio.UnixFDList.new()
        index = fds.append(w)
        os.close(w)
        data = bytearray()
        def read():
            while True:
                chunk = os.read(r, 1 << 20)
                if not chunk:
                    break
                data.extend(chunk)
        reader = threading.Thread(target=read)
        reader.start()
        options = {'native-resolution': GLib.Variant('b', True)}
        reply, _ = bus.call_with_unix_fd_list_sync(
            'org.kde.KWin', '/org/kde/KWin/ScreenShot2', 'org.kde.KWin.ScreenShot2', 'CaptureWorkspace',
            GLib.Variant('(a{sv}h)', (options, index)), GLib.VariantType('(a{sv})'), Gio.DBusCallFlags.NONE, 5000,
            fds, None)
        for fd in fds.steal_fds():
            os.close(fd)
        reader.join()
        info = reply.unpack()[0]
        width, height, stride = info['width'], info['height'], info['stride']
        pixels = b''.join(bytes(data[y * stride:y * stride + width * 4]) for y in range(height))
        out = bytearray(width * height * 3)
        out[0::3], out[1::3], out[2::3] = pixels[2::4], pixels[1::4], pixels[0::4]
        with open(sys.argv[1], 'wb') as f:
            f.write(b'P6\\n%d %d\\n255\\n' % (width, height))
            f.write(out)
        """
}
