import Foundation

/// What `xwininfo` says about a window.
public struct WindowInfo: Equatable, Sendable {
    public var x = 0, y = 0, width = 0, height = 0, depth = 0
    public var overrideRedirect = false
    /// A bounding shape is set (`Window shape extents` is listed).
    public var shaped = false
    /// `IsViewable`: mapped, and so are its ancestors.
    public var isViewable = false

    /// Asks `xwininfo` about `id` (decimal or 0x… hexadecimal) on `display`.
    public init(id: String, display: String) throws {
        let r = try Tools.run("xwininfo", ["-shape", "-id", id], display: display)
        guard r.status == 0 else { throw TestFailure("xwininfo failed: \(r.stderr)") }
        for line in r.stdout.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            func value() -> Int { Int(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) ?? -1 }
            if line.hasPrefix("Absolute upper-left X:") { x = value() }
            if line.hasPrefix("Absolute upper-left Y:") { y = value() }
            if line.hasPrefix("Width:") { width = value() }
            if line.hasPrefix("Height:") { height = value() }
            if line.hasPrefix("Depth:") { depth = value() }
            if line.hasPrefix("Override Redirect State:") { overrideRedirect = line.hasSuffix("yes") }
            if line.hasPrefix("Window shape extents:") { shaped = true }
            if line.hasPrefix("Map State:") { isViewable = line.hasSuffix("IsViewable") }
        }
    }
}
