import Foundation
import Glibc
import Synchronization
import HUDLoop
import HUDTestSupport
@testable import SocketNames
import Testing

/// Claims of a name: one owner however many claim at once, a dead owner's socket taken over, and nothing left in
/// the directory by a claim once its process has let go of the name.
@Suite(.ownThreads) @MainActor struct NameClaimTests {
    let loop = ManualLoop()

    @Test func theSecondClaimGetsAClientOfTheFirst() throws {
        let runtime = try RuntimeDirectory()
        let names = try runtime.names()
        guard case .ours(let owner) = try NameClaim.claim("vol", in: names, loop: loop) else {
            Issue.record("the first claim of a free name did not get it")
            return
        }
        guard case .taken(let client) = try NameClaim.claim("vol", in: names, loop: loop) else {
            Issue.record("two owners of one name")
            return
        }
        #expect(client.id == "vol")
        #expect(try runtime.files() == [URL(fileURLWithPath: names.socket(for: "vol")).lastPathComponent])
        owner.end(status: 0)
        #expect(try runtime.files() == [])
        guard case .ours(let next) = try NameClaim.claim("vol", in: names, loop: loop) else {
            Issue.record("a name ended by its owner is not free")
            return
        }
        next.end(status: 0)
    }

    /// Claimers racing for names on threads of their own: each has its own open file description of the lock, as
    /// separate processes have, so `flock` sets them against each other as it would processes. Each round has one
    /// listener and connections to it for the others; no lock file survives any round, however they interleave.
    @Test nonisolated func claimersRacingForANameGetOneOwner() throws {
        let runtime = try RuntimeDirectory()
        let names = try runtime.names()
        let claimers = 6
        for round in 0..<30 {
            let path = names.socket(for: "race\(round)")
            let results = Mutex<[Result<SocketFile.Claim, NameError>]>([])
            let start = DispatchSemaphore(value: 0), done = DispatchGroup()
            for _ in 0..<claimers {
                done.enter()
                Thread {
                    start.wait()
                    let result = Result { () throws(NameError) in try SocketFile.claim(path) }
                    results.withLock { $0.append(result) }
                    done.leave()
                }.start()
            }
            for _ in 0..<claimers { start.signal() }
            done.wait()
            let all = results.withLock { $0 }
            var listeners: [Int32] = [], connections: [Int32] = []
            for result in all {
                switch result {
                case .success(.listening(let fd)): listeners.append(fd)
                case .success(.connected(let fd)): connections.append(fd)
                case .failure(let error): Issue.record("a claim failed: \(error)")
                }
            }
            #expect(listeners.count == 1 && connections.count == claimers - 1,
                    "round \(round): \(listeners.count) owners, \(connections.count) clients")
            let files = try runtime.files()
            #expect(files == [URL(fileURLWithPath: path).lastPathComponent], "round \(round): \(files)")
            unlink(path)
            (listeners + connections).forEach { close($0) }
        }
        #expect(try runtime.files() == [])
    }

    /// Many names claimed and let go, by `end`, by the owner going away and for HUDs without a name: the directory
    /// is empty after, no lock file of any of them left (they were one per name, for good).
    @Test func claimsLeaveNothingOnceLetGo() throws {
        let runtime = try RuntimeDirectory()
        let names = try runtime.names()
        var owners: [NameOwner] = []
        for i in 0..<40 {
            guard case .ours(let owner) = try NameClaim.claim("name \(i)", in: names, loop: loop) else {
                Issue.record("name \(i) was not free")
                continue
            }
            owners.append(owner)
        }
        for serial in 1...5 { owners.append(try NameClaim.anonymous(in: names, loop: loop, serial: serial)) }
        let resident = try #require(try NameClaim.resident(in: names, loop: loop))
        #expect(try NameClaim.resident(in: names, loop: loop) == nil, "two residents")
        let files = try runtime.files()
        #expect(files.count == 46 && !files.contains { $0.hasSuffix(".lock") }, "\(files)")
        for owner in owners.prefix(20) { owner.end(status: 0) }
        owners.removeAll()
        resident.end(status: 0)
        #expect(try runtime.files() == [])
    }

    /// A process holding a name is killed with SIGKILL (here a Python process listening at the name's socket, which
    /// had made the name's lock file as a claimer killed in the middle of its claim leaves it): while it lives the
    /// name is taken, and the next claim after its death gets the name; claims remove what it left.
    @Test func aKilledOwnersNameIsClaimedAndItsFilesRemoved() throws {
        let runtime = try RuntimeDirectory()
        let names = try runtime.names()
        let socket = URL(fileURLWithPath: names.socket(for: "vol")).lastPathComponent
        let owner = try Self.pythonOwner(at: names.socket(for: "vol"))
        #expect(Set(try runtime.files()) == [socket, socket + ".lock"])
        guard case .taken = try NameClaim.claim("vol", in: names, loop: loop) else {
            Issue.record("the name of a live process was claimed")
            return
        }
        #expect(try runtime.files() == [socket], "the claim left the lock file")
        owner.kill()
        guard case .ours(let ours) = try NameClaim.claim("vol", in: names, loop: loop) else {
            Issue.record("the name of a killed process is still taken")
            return
        }
        #expect(try runtime.files() == [socket])
        ours.end(status: 0)
        #expect(try runtime.files() == [])
    }

    /// What killed processes left under names nobody claims again (a notification's, an unnamed HUD's) is swept
    /// when a process opens the directory: dead sockets and lock files, not the socket of a process that lives.
    @Test func openingTheDirectorySweepsWhatKilledProcessesLeft() throws {
        let runtime = try RuntimeDirectory()
        let names = try runtime.names()
        let live = try Self.pythonOwner(at: names.socket(for: "live"), lock: false)
        for id in ["notification 7", "notification 8"] { try Self.pythonOwner(at: names.socket(for: id)).kill() }
        let dead = try Self.pythonOwner(at: names.path + "/_999999.sock", lock: false)
        dead.kill()
        #expect(try runtime.files().count == 6)
        names.sweep()
        #expect(try runtime.files() == [URL(fileURLWithPath: names.socket(for: "live")).lastPathComponent])
        guard case .taken = try NameClaim.claim("live", in: names, loop: loop) else {
            Issue.record("the sweep took the name of a live process")
            return
        }
        live.kill()
    }

    /// A name being claimed right now (its lock held) is left to its claimer by a sweep.
    @Test nonisolated func aSweepLeavesANameBeingClaimed() throws {
        let runtime = try RuntimeDirectory()
        let names = try runtime.names()
        let path = names.socket(for: "busy")
        let owner = try Self.pythonOwner(at: path, holdLock: true)
        owner.kill()
        var held: [String] = []
        _ = try NameLock.holding(path) { () throws(NameError) in
            // The socket's process is dead, but the name is locked: by us, here, as a claimer would hold it.
            names.sweep()
            held = (try? runtime.files()) ?? []
        }
        #expect(Set(held) == Set([URL(fileURLWithPath: path).lastPathComponent,
                                       URL(fileURLWithPath: path).lastPathComponent + ".lock"]))
        names.sweep()
        #expect(try runtime.files() == [])
    }

    /// A process listening at `path`, ready when it returns; with `lock`, it has made the name's lock file and
    /// (`holdLock`) holds it, as a claimer killed in the middle of its claim would have.
    nonisolated static func pythonOwner(at path: String, lock: Bool = true, holdLock: Bool = false) throws
        -> ChildProcess {
        let script = """
            import fcntl, os, signal, socket, sys
            path, lock, hold = sys.argv[1], sys.argv[2] == "1", sys.argv[3] == "1"
            if lock:
                fd = os.open(path + ".lock", os.O_CREAT | os.O_RDWR, 0o600)
                if hold: fcntl.flock(fd, fcntl.LOCK_EX)
            s = socket.socket(socket.AF_UNIX)
            s.bind(path)
            s.listen(8)
            print("ready", flush=True)
            signal.pause()
            """
        let output = Pipe()
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/python3"),
                                     ["-c", script, path, lock ? "1" : "0", holdLock ? "1" : "0"],
                                     output: .pipe(output))
        let line = Tools.readLine(from: output.fileHandleForReading.fileDescriptor, timeout: Sanitizer.upTo(10))
        guard line == "ready" else { throw TestFailure("the Python owner did not start: \(child.stderr)") }
        return child
    }
}
