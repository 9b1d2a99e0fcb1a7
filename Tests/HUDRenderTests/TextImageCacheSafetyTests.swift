import Foundation
@testable import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// Kept text images made safe (issue 41, item 5): whatever sits at a kept image's name (a FIFO, a link, a file of
/// gigabytes, another user's file, random bytes) is a miss that neither hangs nor reads it; files are written off
/// the caller's thread, replacing what was there; and nothing is kept in a directory of another user's (`sudo`).
@Suite(.ownThreads) struct TextImageCacheSafetyTests {
    let key = "2|1.0|Sans 16|296.0|2|-1|false|false|Kept label"

    /// A small image as a block's drawing would be.
    var image: TextImage {
        TextImage(logical: Rect(x: 0, y: 0, width: 3, height: 2), unknownGlyphs: 0, ellipsized: false, lines: 1,
                  color: RGBA(red: 1, green: 1, blue: 1), phaseX: 0, phaseY: 0, offsetX: 0, offsetY: -1, width: 3,
                  height: 2, pixels: (0..<24).map { UInt8($0 * 10) })
    }

    /// `body`'s result, run on a thread of its own; nil when it has not returned within `seconds`: a lookup that
    /// hangs fails its test instead of holding the run.
    private func onAThread<T: Sendable>(within seconds: Double = 20, _ body: @escaping @Sendable () -> T) -> T? {
        let outcome = Outcome<T>(), done = DispatchSemaphore(value: 0)
        Thread {
            outcome.value = body()
            done.signal()
        }.start()
        return done.wait(timeout: .now() + seconds) == .success ? outcome.value : nil
    }

    /// `cache.image(for:)` on a thread of its own; `.none` when it did not return.
    private func lookUp(_ key: String, in cache: TextImageCache) -> TextImage?? {
        onAThread { cache.image(for: key) }
    }

    /// A FIFO at `path` with one byte written into it and not read: its read and write ends, both open.
    private func fifoWithAByte(at path: String) throws -> (reader: Int32, writer: Int32) {
        try #require(mkfifo(path, 0o600) == 0)
        let reader = open(path, O_RDONLY | O_NONBLOCK), writer = open(path, O_WRONLY | O_NONBLOCK)
        try #require(reader >= 0 && writer >= 0)
        var byte: UInt8 = 42
        try #require(write(writer, &byte, 1) == 1)
        return (reader, writer)
    }

    /// The byte waiting in the FIFO whose read end is `reader`, nil when the pipe is empty.
    private func pendingByte(_ reader: Int32) -> UInt8? {
        var byte: UInt8 = 0
        return read(reader, &byte, 1) == 1 ? byte : nil
    }

    /// Bytes this process has passed through `read(2)` and its kin, files and pipes alike.
    private func bytesRead() throws -> Int {
        let io = try String(contentsOfFile: "/proc/self/io", encoding: .utf8)
        let line = try #require(io.split(separator: "\n").first { $0.hasPrefix("rchar:") })
        return try #require(Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)))
    }

    @Test func aGoodFileOfOursIsAHit() throws {
        let directory = try TemporaryDirectory()
        let cache = TextImageCache(path: directory.url.path)
        try Data(TextImageFile.encode(image, key: key)).write(to: URL(fileURLWithPath: cache.file(for: key)))
        #expect(lookUp(key, in: cache) == .some(image))
    }

    @Test func aFIFOIsAMissAndNothingIsReadFromIt() throws {
        let directory = try TemporaryDirectory()
        let cache = TextImageCache(path: directory.url.path)
        let fifo = try fifoWithAByte(at: cache.file(for: key))
        defer { close(fifo.reader); close(fifo.writer) }
        let found = lookUp(key, in: cache)
        #expect(found != .none, "the lookup did not return")
        #expect(found == .some(nil))
        #expect(pendingByte(fifo.reader) == 42, "the lookup read the FIFO's byte")
    }

    @Test func aLinkIsAMissWhatEverItNames() throws {
        let directory = try TemporaryDirectory()
        let cache = TextImageCache(path: directory.url.path)
        try #require(symlink("/dev/zero", cache.file(for: key)) == 0)
        let zero = lookUp(key, in: cache)
        #expect(zero != .none, "the lookup did not return")
        #expect(zero == .some(nil))

        // Even a good image of ours is not followed to: a link is not what this cache writes.
        let other = try TemporaryDirectory()
        let elsewhere = other.path("image")
        try Data(TextImageFile.encode(image, key: key)).write(to: URL(fileURLWithPath: elsewhere))
        let linked = TextImageCache(path: other.url.path)
        try #require(symlink(elsewhere, linked.file(for: key)) == 0)
        #expect(lookUp(key, in: linked) == .some(nil))
    }

    @Test func aFileOfGigabytesIsAMissWithoutBeingRead() throws {
        let directory = try TemporaryDirectory()
        let cache = TextImageCache(path: directory.url.path)
        let path = cache.file(for: key)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        try #require(fd >= 0)
        // A good image at its start, then a hole up to 2 GiB: sparse, it costs the disk nothing.
        let data = TextImageFile.encode(image, key: key)
        try #require(data.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) } == data.count)
        try #require(ftruncate(fd, 2 << 30) == 0)
        close(fd)
        let before = try bytesRead()
        let found = lookUp(key, in: cache)
        #expect(found != .none, "the lookup did not return")
        #expect(found == .some(nil))
        // Other suites of this process read meanwhile, but nothing near the gigabytes reading it would take.
        let read = try bytesRead() - before
        #expect(read < 1 << 30, "\(read) bytes read")
    }

    @Test func anotherUsersFileIsAMiss() throws {
        let directory = try TemporaryDirectory()
        let mine = TextImageCache(path: directory.url.path)
        try Data(TextImageFile.encode(image, key: key)).write(to: URL(fileURLWithPath: mine.file(for: key)))
        #expect(lookUp(key, in: mine) == .some(image))
        // A file of another owner cannot be made without root: the same file, read for another user.
        let theirs = TextImageCache(path: directory.url.path, owner: geteuid() &+ 1)
        #expect(lookUp(key, in: theirs) == .some(nil))
    }

    @Test func damagedFilesAreMisses() throws {
        let directory = try TemporaryDirectory()
        let cache = TextImageCache(path: directory.url.path)
        var generator = SystemRandomNumberGenerator()
        let good = Data(TextImageFile.encode(image, key: key))
        let damaged: [Data] = [
            Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }),
            good.prefix(30) + Data((0..<200).map { _ in UInt8.random(in: 0...255, using: &generator) }),
            good.dropLast(), good + Data([0]),
        ]
        for data in damaged {
            let fresh = TextImageCache(path: directory.url.path)
            try data.write(to: URL(fileURLWithPath: cache.file(for: key)))
            #expect(lookUp(key, in: fresh) == .some(nil), "\(data.count) bytes")
        }
    }

    @Test func anImageOverTheSizeLimitIsNeitherReadNorKept() throws {
        let directory = try TemporaryDirectory()
        // 9 MB of pixels: the size limit is 8 MiB.
        var big = image
        big.width = 1_500
        big.height = 1_500
        big.pixels = [UInt8](repeating: 255, count: big.width * big.height * 4)
        let cache = TextImageCache(path: directory.url.path)
        let data = Data(TextImageFile.encode(big, key: key))
        try #require(data.count > TextImageCache.sizeLimit)
        try data.write(to: URL(fileURLWithPath: cache.file(for: key)))
        #expect(lookUp(key, in: cache) == .some(nil))

        try FileManager.default.removeItem(atPath: cache.file(for: key))
        let writer = TextImageCache(path: directory.url.path)
        writer.keep(big, for: key)
        #expect(TextImageCache.finishWrites(within: 30))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test func theFileIsWrittenOnAnotherThreadAfterKeepReturns() throws {
        let directory = try TemporaryDirectory()
        let cache = TextImageCache(path: directory.url.path)
        final class Writer: @unchecked Sendable { var thread: pthread_t? }
        let writer = Writer(), release = DispatchSemaphore(value: 0)
        cache.beforeWrite = {
            writer.thread = pthread_self()
            // Held until the test has looked: the write cannot have happened before keep returned.
            _ = release.wait(timeout: .now() + 30)
        }
        cache.keep(image, for: key)
        // This run knows the image at once, with nothing on disk yet.
        #expect(cache.image(for: key) == image)
        #expect(!FileManager.default.fileExists(atPath: cache.file(for: key)))
        release.signal()
        #expect(TextImageCache.finishWrites(within: 30))
        let thread = try #require(writer.thread)
        #expect(pthread_equal(thread, pthread_self()) == 0, "written on the caller's thread")
        #expect(lookUp(key, in: TextImageCache(path: directory.url.path)) == .some(image))
    }

    @Test func aKeptImageReplacesWhatWasInItsPlaceWithoutReadingOrFollowingIt() throws {
        let directory = try TemporaryDirectory()
        let cache = TextImageCache(path: directory.url.path)
        let fifo = try fifoWithAByte(at: cache.file(for: key))
        defer { close(fifo.reader); close(fifo.writer) }
        let image = image, key = key
        // keep() looks at what is there first.
        #expect(onAThread { cache.keep(image, for: key) } != nil, "keep did not return")
        #expect(TextImageCache.finishWrites(within: 30))
        #expect(pendingByte(fifo.reader) == 42, "the FIFO was read")
        #expect(lookUp(key, in: TextImageCache(path: directory.url.path)) == .some(image))

        // A link is replaced, and what it names is left as it was.
        let other = try TemporaryDirectory()
        let victim = other.path("victim")
        try Data("untouched".utf8).write(to: URL(fileURLWithPath: victim))
        let linked = TextImageCache(path: directory.url.path)
        let otherKey = key + " again"
        try #require(symlink(victim, linked.file(for: otherKey)) == 0)
        linked.keep(image, for: otherKey)
        #expect(TextImageCache.finishWrites(within: 30))
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "untouched")
        let kept = try FileManager.default.attributesOfItem(atPath: linked.file(for: otherKey))
        #expect(kept[.type] as? FileAttributeType == .typeRegular)
        #expect(kept[.posixPermissions] as? Int == 0o600)
    }

    @Test func missingDirectoriesAreMadePrivate() throws {
        let directory = try TemporaryDirectory()
        let cache = TextImageCache(path: directory.path("cache") + "/x11hud/text")
        cache.keep(image, for: key)
        #expect(TextImageCache.finishWrites(within: 30))
        for path in ["cache", "cache/x11hud", "cache/x11hud/text"] {
            let mode = try FileManager.default.attributesOfItem(atPath: directory.path(path))[.posixPermissions]
            #expect(mode as? Int == 0o700, "\(path)")
        }
        #expect(lookUp(key, in: TextImageCache(path: cache.path)) == .some(image))
    }

    @Test func nothingIsKeptInADirectoryOfAnotherUsers() {
        let environment = ["HOME": "/home/ann"]
        // `sudo x11hud`: HOME stays Ann's (uid 1000), the effective user is root.
        let owners: [String: uid_t] = ["/home/ann": 1000, "/home/ann/.cache": 1000, "/root": 0, "/var/cache/r": 0]
        func path(_ environment: [String: String], euid: uid_t) -> String? {
            TextImageCache.standardPath(environment: environment, euid: euid, owner: { owners[$0] })
        }
        #expect(path(environment, euid: 1000) == "/home/ann/.cache/x11hud/text")
        #expect(path(environment, euid: 0) == nil)
        // The nearest directory that exists decides: root's own cache directory is root's, whatever HOME says.
        #expect(path(["HOME": "/home/ann", "XDG_CACHE_HOME": "/var/cache/r"], euid: 0) == "/var/cache/r/x11hud/text")
        #expect(path(["HOME": "/home/ann", "XDG_CACHE_HOME": "/var/cache/r"], euid: 1000) == nil)
        // A cache directory that does not exist yet: HOME decides.
        #expect(path(["HOME": "/home/ann", "XDG_CACHE_HOME": "/tmp/new"], euid: 0) == nil)
        #expect(path(["HOME": "/root"], euid: 0) == "/root/.cache/x11hud/text")
        // Nothing exists: what is made will be the user's own.
        #expect(path(["HOME": "/nowhere"], euid: 0) == "/nowhere/.cache/x11hud/text")
    }

    @Test func theOwnerRuleReadsTheRealDirectories() throws {
        let directory = try TemporaryDirectory()
        let environment = ["HOME": "/nonexistent", "XDG_CACHE_HOME": directory.url.path]
        #expect(TextImageCache.standardPath(environment: environment) == directory.path("x11hud/text"))
        #expect(TextImageCache.standardPath(environment: environment, euid: geteuid() &+ 1,
                                            owner: PrivateFile.owner(of:)) == nil)
    }
}

/// What a thread hands back, read only after it signalled.
private final class Outcome<T>: @unchecked Sendable {
    var value: T?
}
