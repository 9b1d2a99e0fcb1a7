import Glibc

/// x11hud's own code, unmapped from a long-lived process once its start-up is over (issue 31, item 11).
///
/// The kernel keeps every page of code a process ever ran mapped for the process's life, and maps 64 KiB around
/// each (fault-around): a notification server would hold the argument parsing, configuration reading and text set-up
/// it ran once for the whole session, about 1.5 MiB of the binary beside the code it runs for each notification.
/// Unmapping the binary's code lets the kernel map back only what runs afterwards. The pages stay in the page cache
/// (the file is unchanged, and other x11hud processes may map them), so what runs again costs a minor fault, not a
/// read from disk; nothing else is touched, as code pages are never written.
enum StartupCode {
    /// The executable's code mappings (`r-x` lines of /proc/self/maps that name /proc/self/exe's file).
    static func segments() -> [(start: UInt, length: UInt)] {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0, let maps = fopen("/proc/self/maps", "r") else { return [] }
        defer { fclose(maps) }
        let exe = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var found: [(start: UInt, length: UInt)] = []
        while fgets(&buffer, Int32(buffer.count), maps) != nil {
            // start-end perms offset device inode path
            var line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if line.last == "\n" { line.removeLast() }
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[1].hasPrefix("r-x"),
                  fields[5].drop(while: { $0 == " " }) == exe[...] else { continue }
            let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            if bounds.count == 2, bounds[1] > bounds[0] { found.append((bounds[0], bounds[1] - bounds[0])) }
        }
        return found
    }

    /// Unmaps the executable's code; returns the bytes of address space given back (0 if the kernel refused).
    @discardableResult static func release() -> UInt {
        var released: UInt = 0
        for segment in segments() {
            guard let address = UnsafeMutableRawPointer(bitPattern: segment.start),
                  madvise(address, Int(segment.length), MADV_DONTNEED) == 0
            else { continue }
            released += segment.length
        }
        return released
    }
}
