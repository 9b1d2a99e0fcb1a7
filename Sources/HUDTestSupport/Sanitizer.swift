import Foundation

/// The sanitizer `make harden` built the binaries with, and how much slower that makes them.
public enum Sanitizer {
    /// `address` or `thread`, or nil in a normal build.
    public static let name = ProcessInfo.processInfo.environment["X11HUD_SANITIZER"]
    /// How many times slower than a normal build the code under test may be: sanitizers stretch start-up and every
    /// frame (AddressSanitizer two to three times: a HUD over a window took 201 ms to end where 100 is the limit;
    /// ThreadSanitizer up to five times here).
    public static let slowdown: Double = name == "thread" ? 4 : name == nil ? 1 : 3

    /// An upper time limit, stretched under a sanitizer. Only upper limits are stretched, so an early hide still
    /// fails.
    public static func upTo(_ seconds: Double) -> Double { seconds * slowdown }

    /// An upper limit on a process's end, stretched as `upTo` and, under AddressSanitizer, by the LeakSanitizer scan
    /// of the heap that every exit runs (0.15-0.2 s for a HUD on an idle machine, measured; a HUD over a window that
    /// closed ended 0.5 s after it where 0.3 was the limit).
    public static func exitUpTo(_ seconds: Double) -> Double { upTo(seconds) + (name == "address" ? 0.5 : 0) }

    /// An upper memory limit (kB of resident memory), stretched under a sanitizer: AddressSanitizer keeps freed
    /// blocks in its quarantine (256 MB by default) and adds its shadow memory, so a process that frees what it used
    /// still holds it (a notification server after a 10 MB body: 388 MB resident under ASan, 32 MB without).
    public static func memoryUpTo(_ kilobytes: Int) -> Int { name == nil ? kilobytes : kilobytes * 5 }

    /// The environment of a process whose resident memory must not grow: under AddressSanitizer its quarantine is
    /// off, else the 256 MB of freed blocks it keeps before reusing any look like growth (a resident after 180 HUDs:
    /// 263 MB more), and a limit stretched that far would let any real growth through.
    public static var withoutQuarantine: [String: String] {
        guard name == "address" else { return [:] }
        let options = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
        return ["ASAN_OPTIONS": options + "quarantine_size_mb=0:thread_local_quarantine_size_kb=0"]
    }
}
