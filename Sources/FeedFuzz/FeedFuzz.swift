import HUDBase
import Foundation
import HUDScene
import ProgressFeed

// A libFuzzer target for the stdin protocol. Build and run:
//   swift build -c release --product feed-fuzz --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING
//   .build-fuzz/release/feed-fuzz -max_total_time=60 -max_len=4096
// Without FUZZING it is a replayer: `feed-fuzz FILE...` runs each file through the same checks.

/// Splits and parses arbitrary bytes, trapping if any invariant of the protocol breaks.
func check(_ bytes: UnsafeRawBufferPointer) {
    var splitter = LineSplitter(maxLineLength: 256)
    // x11hud's own protocol, and zenity's and yad's rules.
    let parsers = [FeedParser(), FeedParser(zenityRules: ZenityLineRules(program: .zenity, escapeMarkup: true)),
                   FeedParser(zenityRules: ZenityLineRules(program: .yad))]
    func line(_ line: UnsafeRawBufferPointer, _ truncated: Bool) {
        precondition(line.count <= 256, "line longer than the cap")
        for parser in parsers { checkEvent(parser.parse(line)) }
    }
    func checkEvent(_ event: FeedEvent) {
        switch event {
        case .update(let u), .partial(let u, _):
            if let p = u.progress { precondition(p.isFinite && (0...1).contains(p), "progress \(p) escaped 0...1") }
            if let h = u.hideAfter { checkDownstream(hideAfter: h) }
        case .warning(let w):
            precondition(!w.unicodeScalars.contains { $0.value < 0x20 }, "control character in a warning")
        case .nothing:
            break
        }
    }
    // Feed it in two pieces so that lines crossing a chunk boundary are exercised too.
    let cut = bytes.count / 3
    splitter.push(UnsafeRawBufferPointer(rebasing: bytes[0..<cut]), line: line)
    splitter.push(UnsafeRawBufferPointer(rebasing: bytes[cut...]), line: line)
    splitter.finish(line: line)
}

/// What a `hide` value does after parsing: it must lie in the documented range, and the deadline it sets, read
/// on a clock that has been up a long time, must convert to a timer's nanoseconds without trapping.
func checkDownstream(hideAfter h: Double) {
    precondition(InputLimits.durationRange.contains(h), "hide \(h) escaped \(InputLimits.durationRange)")
    let uptime = 10 * 365 * 86_400.0  // ten years
    var scene = HUDScene(content: HUDContent(), style: .theme(.dark), area: Rect(x: 0, y: 0, width: 640, height: 480))
    var lifecycle = HUDLifecycle()
    lifecycle.show(at: uptime, scene: &scene)
    lifecycle.hide(at: uptime, afterDelay: h, scene: &scene)
    guard let deadline = lifecycle.nextDeadline(scene: scene) else { return }
    let latest = uptime + InputLimits.durationRange.upperBound + 1
    precondition(deadline.isFinite && deadline <= latest, "deadline \(deadline)")
    let ns = InputLimits.nanoseconds(deadline)
    precondition(ns >= InputLimits.nanoseconds(uptime), "deadline \(deadline) before now")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    check(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

#if FUZZING
// libFuzzer's own driver; SwiftPM renames an executable's `main`, so libFuzzer's `main` cannot be used.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32
#endif

@main
struct FeedFuzzMain {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
        #else
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("feed-fuzz: cannot read \(path)\n".utf8))
                exit(66)
            }
            data.withUnsafeBytes { check($0) }
        }
        #endif
    }
}
