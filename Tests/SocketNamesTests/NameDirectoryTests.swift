import Foundation
import Glibc
import SocketNames
import Testing

/// The name directory is the boundary between users: only a runtime directory of this user's, private to them, is
/// used; anything else is refused with one line saying why, before a socket is made or connected to.
struct NameDirectoryTests {
    @Test func theFoldersAreMadePrivate() throws {
        let runtime = try RuntimeDirectory()
        let names = try runtime.names()
        for folder in [runtime.path + "/x11hud", names.path] {
            var info = stat()
            #expect(lstat(folder, &info) == 0)
            #expect(info.st_mode & 0o777 == 0o700, "\(folder): \(String(info.st_mode & 0o777, radix: 8))")
            #expect(info.st_uid == getuid())
        }
        #expect(names.path.hasPrefix(runtime.path + "/x11hud/"))
        #expect(names.socket(for: "vol").hasPrefix(names.path + "/vol-"))
    }

    @Test func aRuntimeDirectoryThatIsNotAnAbsolutePathIsRefused() {
        for environment in [[:], ["XDG_RUNTIME_DIR": ""], ["XDG_RUNTIME_DIR": "run/user/0"]] {
            #expect {
                try NameDirectory(display: "wayland-0", environment: environment)
            } throws: { error in
                "\(error)".contains("XDG_RUNTIME_DIR is not set to an absolute path")
            }
        }
    }

    @Test(arguments: ["x11hud", "x11hud/HASH"])
    func aFolderOthersCanReadIsRefused(_ folder: String) throws {
        let runtime = try RuntimeDirectory()
        let top = runtime.path + "/x11hud"
        let path = folder == "x11hud" ? top : try runtime.names().path
        #expect(mkdir(top, 0o700) == 0 || errno == EEXIST)
        #expect(chmod(path, 0o755) == 0)
        #expect {
            try runtime.names()
        } throws: { error in
            "\(error)" == "\(path) is not a private directory of this user: named HUDs are not used there"
        }
    }

    @Test(.enabled(if: getuid() == 0, "only root can give a folder to another user"))
    func aFolderOfAnotherUserIsRefused() throws {
        let runtime = try RuntimeDirectory()
        let top = runtime.path + "/x11hud"
        #expect(mkdir(top, 0o700) == 0)
        let nobody = try #require(getpwnam("nobody")).pointee
        #expect(chown(top, nobody.pw_uid, nobody.pw_gid) == 0)
        #expect {
            try runtime.names()
        } throws: { error in
            "\(error)".contains("\(top) is not a private directory of this user")
        }
    }

    /// A link in the folder's place (another user's planted folder, or a path to a shared one) is not followed.
    @Test func aLinkInTheFoldersPlaceIsRefused() throws {
        let runtime = try RuntimeDirectory()
        let elsewhere = runtime.path + "/elsewhere"
        #expect(mkdir(elsewhere, 0o700) == 0)
        #expect(symlink(elsewhere, runtime.path + "/x11hud") == 0)
        #expect {
            try runtime.names()
        } throws: { error in
            "\(error)".contains("is not a private directory of this user")
        }
        let made = try FileManager.default.contentsOfDirectory(atPath: elsewhere)
        #expect(made.isEmpty, "a folder was made through the link: \(made)")
    }

    @Test func eachDisplayHasItsOwnFolder() throws {
        let runtime = try RuntimeDirectory()
        let one = try NameDirectory(display: "wayland-1", environment: runtime.environment)
        let two = try NameDirectory(display: "/run/user/0/wayland-1", environment: runtime.environment)
        #expect(one.path != two.path)
        #expect(one.socket(for: "vol") != two.socket(for: "vol"))
        // A name of any bytes and 128 long still makes a socket path a sockaddr_un holds.
        let long = String(repeating: "é/\u{0}x", count: 32)
        #expect(one.socket(for: long).utf8.count < 108)
    }
}
