/// apt and dpkg: the lines apt writes to `-o APT::Status-Fd=N`, and dpkg's progress row
/// (`-o Dpkg::Progress-Fancy=1`).
///
/// - `dlstatus:1:39.4:Retrieving file 1 of 1`, `pmstatus:less:20.0000:Unpacking less (amd64)`: the percentage of
///   the download, then of the installation (apt counts each from 0)
/// - `pmerror:PACKAGE:PCT:MESSAGE`: the error
/// - `Progress: [ 45%] [#########.........]`, drawn at the bottom row between escape sequences (which the parser
///   takes away first): the percentage
/// - apt's and apt-get's download line in a terminal: `13% [1 x11hud-test-1 2621 kB/4014 kB 65%]`, `25% [Working]`,
///   `75% [Connecting to 127.0.0.1 (127.0.0.1)]`, `95% [4 …]     2506 kB/s 0s` (apt colours it): the percentage of
///   all there is to fetch; the sizes in the brackets are one file's. The `Reading package lists... 68%` before
///   it, and dpkg's `(Reading database ... 45%`, are steps on the way that say nothing of the job: not read.
extension ProgressFormats {
    static func aptStatus(_ line: Substring) -> Scan? {
        guard line.hasPrefix("dlstatus:") || line.hasPrefix("pmstatus:") || line.hasPrefix("pmerror:") else {
            return nil
        }
        let fields = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4, !fields[3].isEmpty, let p = Double(fields[2]), p.isFinite, (0...100).contains(p),
              fields[2].first?.isASCIIDigit == true else { return nil }
        if fields[0] == "pmerror" { return Scan(error: "\(fields[1]): \(fields[3])") }
        return Scan(percent: p)
    }

    static func dpkg(_ line: Substring) -> Scan? {
        guard line.hasPrefix("Progress: ["),
              let close = line.firstIndex(of: "]") else { return nil }
        let figure = line[line.index(line.startIndex, offsetBy: 11)..<close].drop { $0 == " " }
        guard let p = percent(figure) else { return nil }
        let rest = line[line.index(after: close)...].drop { $0 == " " }
        guard rest.isEmpty || rest.first == "[" else { return nil }
        return Scan(percent: p)
    }

    /// What apt shows in the brackets: an item being fetched (its number first), or the state of a connection.
    static let aptAcquireStates = ["Working]", "Waiting for headers]", "Connecting to ", "Connected to "]

    static func aptAcquire(_ line: Substring, _ t: [Substring]) -> Scan? {
        guard t.count >= 2, let p = percent(t[0]), t[1].hasPrefix("["), let open = line.firstIndex(of: "["),
              let close = line.lastIndex(of: "]") else { return nil }
        let bracket = line[line.index(after: open)...]
        let item = bracket.prefix { $0.isASCIIDigit }
        guard !item.isEmpty && bracket.dropFirst(item.count).first == " "
            || aptAcquireStates.contains(where: { bracket.hasPrefix($0) }) else { return nil }
        // After the brackets: nothing, or the rate and the time left (`2506 kB/s 0s`, `1 MB/s 2min 3s`).
        let rest = line[line.index(after: close)...].split(separator: " ")
        guard rest.isEmpty || rest.count >= 3 && Double(rest[0]) != nil && rest[1].hasSuffix("B/s") else {
            return nil
        }
        return Scan(percent: p)
    }
}
