/// apt and dpkg: the lines apt writes to `-o APT::Status-Fd=N`, and dpkg's progress row
/// (`-o Dpkg::Progress-Fancy=1`).
///
/// - `dlstatus:1:39.4:Retrieving file 1 of 1`, `pmstatus:less:20.0000:Unpacking less (amd64)`: the percentage of
///   the download, then of the installation (apt counts each from 0)
/// - `pmerror:PACKAGE:PCT:MESSAGE`: the error
/// - `Progress: [ 45%] [#########.........]`, drawn at the bottom row between escape sequences (which the parser
///   takes away first): the percentage
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
}
