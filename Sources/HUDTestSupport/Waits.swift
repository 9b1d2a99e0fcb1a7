import Foundation
public import HUDScene

// Waits on the state a test expects instead of a fixed time: each polls with a deadline (stretched under a
// sanitizer by the caller, with `Sanitizer.upTo`) and gives back what it saw last, for the expectation's message.

extension Tools {
    /// Samples `value` every 20 ms until `accepts` holds for a sample or `timeout` passes; the last sample either
    /// way, so the test's expectation both waits and says what it found.
    public static func waitFor<T>(timeout: Double, _ value: () throws -> T,
                                  until accepts: (T) throws -> Bool) rethrows -> T {
        let deadline = Date().addingTimeInterval(timeout)
        var sample = try value()
        while try !accepts(sample), Date() < deadline {
            usleep(20_000)
            sample = try value()
        }
        return sample
    }

    /// Samples `value` every 20 ms until it has stayed the same for `still` seconds (the end of a slide, a fade or a
    /// move: `still` longer than the whole animation, so that one late frame is not taken for its end), or until
    /// `timeout` passes; the last sample, and whether it had been steady that long.
    public static func waitForSteady<T: Equatable>(still: Double, timeout: Double,
                                                   _ value: () throws -> T) rethrows -> (value: T, steady: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var sample = try value(), since = Date()
        while Date().timeIntervalSince(since) < still {
            if Date() > deadline { return (sample, false) }
            usleep(20_000)
            let next = try value()
            if next != sample { (sample, since) = (next, Date()) }
        }
        return (sample, true)
    }

    /// The next line `fd` carries (without its newline), or nil if none came within `timeout` seconds or the pipe
    /// ended first. Reads a byte at a time, so nothing after the line is taken from the pipe.
    public static func readLine(from fd: Int32, timeout: Double) -> String? {
        var line = LineBytes(fd: fd, deadline: Date().addingTimeInterval(timeout))
        while let done = line.next(waiting: 100) {
            if done { return line.text }
        }
        return nil
    }

    /// `readLine(from:timeout:)` awaited: the thread is not held between bytes, so a test on the main actor serves
    /// what the main queue has to do (its bus connection) while the line is on its way.
    public static func nextLine(from fd: Int32, timeout: Double) async -> String? {
        var line = LineBytes(fd: fd, deadline: Date().addingTimeInterval(timeout))
        while let done = line.next(waiting: 0) {
            if done { return line.text }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }
}

/// A line being read from a descriptor a byte at a time, until a deadline.
private struct LineBytes {
    let fd: Int32
    let deadline: Date
    private var bytes: [UInt8] = []

    init(fd: Int32, deadline: Date) {
        self.fd = fd
        self.deadline = deadline
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Waits up to `milliseconds` for bytes and reads them up to the newline: true once the newline came, false for
    /// not yet, nil when the pipe ended, broke or the deadline passed.
    mutating func next(waiting milliseconds: Int32) -> Bool? {
        var wait = milliseconds
        while true {
            // Past the deadline, what was written meanwhile still counts: a waiter woken late (its thread or actor
            // busy elsewhere in a full run) reads what is there before it gives up.
            let late = Date() >= deadline
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, late ? 0 : wait) >= 0 else { return nil }
            guard p.revents != 0 else { return late ? nil : false }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return true }
            bytes.append(byte)
            wait = 0
        }
    }
}

extension WindowInfo {
    /// `id` once its place, size and map state have stayed the same for `still` seconds: a HUD at the end of its
    /// zoom, fade-in, slide or glide (each 0.3 s at most). Throws when it still moved after `timeout` seconds.
    public static func settled(id: String, display: String, still: Double = Sanitizer.upTo(0.45),
                               timeout: Double = Sanitizer.upTo(5)) throws -> WindowInfo {
        let (info, steady) = try Tools.waitForSteady(still: still, timeout: timeout) {
            try WindowInfo(id: id, display: display)
        }
        guard steady else { throw TestFailure("window \(id) still moved after \(timeout) s: \(info)") }
        return info
    }
}

extension Screenshot {
    /// The first screenshot of `display` for which `accepts` holds (a fade has ended, a compositor has painted, a
    /// window has covered a place), or the last one taken after `timeout` seconds.
    public static func first(on display: String, timeout: Double = Sanitizer.upTo(3),
                             where accepts: (Screenshot) -> Bool) throws -> Screenshot {
        try Tools.waitFor(timeout: timeout, { try screenshot(display: display) }, until: accepts)
    }

    /// The colour at (x, y) on `display`, once `accepts` holds for it, or the last one seen after `timeout` seconds.
    public static func pixel(x: Int, y: Int, display: String, timeout: Double = Sanitizer.upTo(3),
                             until accepts: (RGBA) -> Bool) throws -> RGBA {
        try first(on: display, timeout: timeout) { accepts($0.pixel(x: x, y: y)) }.pixel(x: x, y: y)
    }
}

extension ChildProcess {
    /// Whether the program ended within `timeout` seconds, waiting without holding the thread: a test on the main
    /// actor that waits for a program talking to it (a `gdbus call` of an object it exports) lets the main queue
    /// serve the program meanwhile.
    public func exited(within timeout: Double, isolation: isolated (any Actor)? = #isolation) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }
}
