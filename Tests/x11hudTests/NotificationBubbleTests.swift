import Foundation
import HUDScene
import HUDTestSupport
import Testing

/// Issue 31: `x11hud notifications` on a private Xvfb (1280×720) and a private session bus, fed by notify-send:
/// ordinary notifications are bubbles in a column in the top-right corner, at one width, the newest on top, a long
/// body cut short, a critical one framed in red.
@Suite(.ownThreads, .serialized) struct NotificationBubbleTests {
    typealias Desk = NotificationsCommandTests.Desk

    static let usable = NotificationsCommandTests.usable

    /// Sends `command` and returns the window of the HUD it added, once it has stopped moving, with its geometry.
    private func send(_ command: String, on desk: Desk, besides known: Set<String>) throws -> (String, WindowInfo) {
        #expect(try desk.sh(command).status == 0)
        var added: String?
        _ = try Tools.waitUntil(timeout: 5) {
            added = try desk.hudWindows().first { !known.contains($0) }
            return added != nil
        }
        let window = try #require(added, "no new window for \(command)")
        return (window, try WindowInfo.settled(id: window, display: desk.x.display))
    }

    @Test(.enabled(if: usable)) func threeBubblesStandInTheTopRightCornerAtOneWidthNewestOnTop() throws {
        let desk = try Desk()
        var windows: [String] = []
        let bodies = ["", "412 files in 3 folders", String(repeating: "A longer body that wraps. ", count: 6)]
        for (n, body) in bodies.enumerated() {
            let (window, _) = try send("notify-send -t 0 'Notification \(n)' '\(body)'", on: desk,
                                       besides: Set(windows))
            windows.append(window)
        }
        // The older ones slide down as each new one comes in at the top.
        var frames: [WindowInfo] = []
        for window in windows { frames.append(try WindowInfo.settled(id: window, display: desk.x.display)) }
        let heights = Set(frames.map(\.height))
        #expect(heights.count == 3, "three lengths, three heights: \(frames)")
        // One width (the 350-point bezel and a pixel of antialiasing a side), 20 points from the right edge.
        #expect(Set(frames.map(\.width)) == [352], "\(frames)")
        for f in frames { #expect(f.x + f.width == 1280 - 20 + 1, "\(f)") }
        let top = frames.map(\.y).min() ?? 0
        #expect(top == 20 - 1, "\(frames)")
        // Newest on top, then each below the one before, none overlapping.
        #expect(frames[2].y < frames[1].y && frames[1].y < frames[0].y, "\(frames)")
        for (upper, lower) in [(frames[2], frames[1]), (frames[1], frames[0])] {
            #expect(upper.y + upper.height <= lower.y, "\(upper) overlaps \(lower)")
        }
    }

    @Test(.enabled(if: usable)) func aLongBodyStaysAFewLines() throws {
        let desk = try Desk()
        let body = String(repeating: "All work and no play makes Jack a dull boy. ", count: 40)
        let (_, frame) = try send("notify-send -t 0 'Jack' '\(body)'", on: desk, besides: [])
        // The summary's line and five of the body's (13-point Sans), the padding: well under 200 pixels (the whole
        // body, 1,760 characters, would be some 600).
        #expect(frame.height > 80 && frame.height < 160, "\(frame)")
        #expect(frame.width == 352)
    }

    /// Pixels of a window of the given colour.
    private func count(_ color: RGBA, in w: WindowInfo, of shot: Screenshot) -> Int {
        var n = 0
        for y in w.y..<min(w.y + w.height, shot.height) {
            for x in w.x..<min(w.x + w.width, shot.width) where shot.pixel(x: x, y: y).isClose(to: color) { n += 1 }
        }
        return n
    }

    @Test(.enabled(if: usable)) func aCriticalBubbleLooksDifferent() throws {
        let desk = try Desk()
        let (first, _) = try send("notify-send -t 0 'Disk' 'Nearly full'", on: desk, besides: [])
        let (_, critical) = try send("notify-send -t 0 -u critical 'Disk' 'Nearly full'", on: desk, besides: [first])
        // The normal one has slid down under the new one.
        let normal = try WindowInfo.settled(id: first, display: desk.x.display)
        let red = RGBA(red: 0.9, green: 0.22, blue: 0.2)
        var reds = (normal: 0, critical: 0)
        _ = try Screenshot.first(on: desk.x.display) { shot in
            reds = (count(red, in: normal, of: shot), count(red, in: critical, of: shot))
            return reds.critical > 500
        }
        // A 2-point frame round a 350-point bubble: some 1,600 red pixels; none on the normal one.
        #expect(reds.critical > 1000 && reds.normal == 0, "\(reds)")
    }

    @Test(.enabled(if: usable)) func valueAndSynchronousNotificationsStayCentredOSDs() throws {
        let desk = try Desk()
        let (_, volume) = try send("notify-send -t 0 -h int:value:40 Volume", on: desk, besides: [])
        #expect(abs((volume.x + volume.width / 2) - 640) <= 1, "\(volume)")
        #expect(abs((volume.y + volume.height / 2) - 360) <= 1, "\(volume)")
        let known = Set(try desk.hudWindows())
        let (_, tagged) = try send("notify-send -t 0 -h string:x-dunst-stack-tag:b Brightness", on: desk,
                                   besides: known)
        #expect(tagged.width < 350, "as wide as its text, as a HUD is: \(tagged)")
    }
}

/// Issue 31: every action of a notification is a button of its own, each reaching the sender.
@Suite(.ownThreads, .serialized) struct NotificationActionTests {
    typealias Desk = NotificationsCommandTests.Desk

    @Test(.enabled(if: NotificationsCommandTests.usable)) func threeActionsAreThreeButtonsEachReachingNotifySend()
        throws {
        let desk = try Desk()
        let monitor = try desk.monitor()
        for (index, key) in ["a", "b", "c"].enumerated() {
            let client = try ChildProcess(URL(fileURLWithPath: "/usr/bin/notify-send"),
                                          ["-A", "a=A", "-A", "b=B", "-A", "c=C", "Mail \(key)", "Choose"],
                                          environment: desk.environment)
            #expect(try desk.waitForList { $0.count == 1 && $0[0][3] == "Mail \(key)" },
                    "\((try? desk.list()) ?? [])")
            try desk.clickButton(index, of: 3)
            #expect(client.waitForExit(timeout: 5))
            #expect(client.stdout == "\(key)\n", "button \(index): \(client.stdout) \(client.stderr)")
            #expect(try desk.waitForList { $0.isEmpty }, "\((try? desk.list()) ?? [])")
        }
        // Each ActionInvoked, then its NotificationClosed with reason 2 (dismissed by the user).
        monitor.read { $0.components(separatedBy: "uint32 2)").count > 3 }
        let text = monitor.text
        for key in ["a", "b", "c"] {
            let invoked = try #require(text.range(of: "'\(key)')"), "\(text)")
            let id = text[..<invoked.lowerBound].components(separatedBy: "ActionInvoked (uint32 ").last?
                .split(separator: ",").first.map(String.init) ?? ""
            let closed = try #require(text.range(of: "NotificationClosed (uint32 \(id), uint32 2)"), "\(text)")
            #expect(invoked.lowerBound < closed.lowerBound)
        }
    }
}

/// Issue 31: the pointer over a notification stops its timeout; leaving starts it again.
@Suite(.ownThreads, .serialized) struct NotificationHoverTests {
    typealias Desk = NotificationsCommandTests.Desk

    @Test(.enabled(if: NotificationsCommandTests.usable)) func aHoveredNotificationOutlivesItsTimeout() throws {
        let desk = try Desk()
        // The pointer waits where the bubble comes (the top-right corner, 20 points in): it is on the bubble from
        // its first frame, however long the machine takes to show it.
        try Tools.run("xdotool", ["mousemove", "1160", "40"], display: desk.x.display)
        #expect(try desk.sh("notify-send -t 2000 Hover 'me'").status == 0)
        #expect(try desk.waitForList { $0.count == 1 })
        let window = try #require(try desk.hudWindows().first)
        let frame = try WindowInfo.settled(id: window, display: desk.x.display)
        #expect(frame.x < 1160 && frame.x + frame.width > 1160 && frame.y < 40 && frame.y + frame.height > 40)
        // Fixed: measures that it outlives its 2 s timeout while the pointer is on it.
        usleep(3_000_000)
        #expect(try desk.list().count == 1, "expired under the pointer")
        try Tools.run("xdotool", ["mousemove", "0", "700"], display: desk.x.display)
        let left = Date()
        #expect(try Tools.waitUntil(timeout: 5) { try desk.list().isEmpty }, "still up 5 s after the pointer left")
        // Its whole 2 s again from the leave, then the fade.
        #expect(Date().timeIntervalSince(left) > 1.8, "gone \(Date().timeIntervalSince(left)) s after the leave")
    }
}

/// Issue 39 item 2: a download's progress (`notify-send -h int:value:42 "Copying files" "42%"`) is a bubble in the
/// column with a bar under its text, updated in place; a volume key's value with its synchronous tag is still the
/// centre OSD, one window however often the key repeats. With `X11HUD_TEST_PNG` set to a directory, the screen is
/// written there to be looked at.
@Suite(.ownThreads, .serialized) struct NotificationProgressBubbleTests {
    typealias Desk = NotificationsCommandTests.Desk

    /// Each row of `w` in `shot` that holds a run of light pixels (the content colour over the dark bezel) at least
    /// `minimum` long: its longest such run, top to bottom.
    private static func runs(in w: WindowInfo, of shot: Screenshot, minimum: Int = 60)
        -> [(y: Int, x: Int, length: Int)] {
        var found: [(y: Int, x: Int, length: Int)] = []
        for y in w.y..<min(w.y + w.height, shot.height) {
            var best = (x: 0, length: 0), start = -1
            for x in w.x...min(w.x + w.width, shot.width) {
                let p = shot.pixel(x: x, y: y)
                if x < min(w.x + w.width, shot.width), (p.red + p.green + p.blue) / 3 > 0.55 {
                    if start < 0 { start = x }
                } else if start >= 0 {
                    if x - start > best.length { best = (start, x - start) }
                    start = -1
                }
            }
            if best.length >= minimum { found.append((y, best.x, best.length)) }
        }
        return found
    }

    /// The bar in `w`: the rows of its fill (light runs at least 60 long, at least 4 rows: the fill is as tall as
    /// the bar, issue 53), the fill's length and the whole bar's, fill and faint track (what is brighter than the
    /// dark bezel from the fill's start on), once the fill is about `fraction` of the bar.
    private func bar(in w: WindowInfo, desk: Desk, fraction: Double) throws -> (outline: Int, fill: Int, x: Int)? {
        var found: (outline: Int, fill: Int, x: Int)?
        _ = try Screenshot.first(on: desk.x.display, timeout: Sanitizer.upTo(5)) { shot in
            let rows = Self.runs(in: w, of: shot)
            guard let fill = rows.map(\.length).max() else { return false }
            let filled = rows.filter { abs($0.length - fill) <= 2 }
            guard filled.count >= 4, let row = filled.dropFirst(filled.count / 2).first else { return false }
            var end = row.x
            while end < min(w.x + w.width, shot.width) {
                let p = shot.pixel(x: end, y: row.y)
                guard (p.red + p.green + p.blue) / 3 > 0.2 else { break }
                end += 1
            }
            found = (end - row.x, fill, row.x)
            return end - row.x > 250 && abs(Double(fill) - fraction * Double(end - row.x)) < 12
        }
        return found
    }

    private func save(_ desk: Desk, _ name: String) throws {
        guard let dir = ProcessInfo.processInfo.environment["X11HUD_TEST_PNG"] else { return }
        try Tools.run("import", ["-window", "root", "\(dir)/\(name).png"], display: desk.x.display)
    }

    @Test(.enabled(if: NotificationsCommandTests.usable)) func aDownloadIsABubbleWithABarAndAVolumeKeyStillTheOSD()
        throws {
        let desk = try Desk()
        let sent = try desk.sh("notify-send -p -t 0 -h int:value:42 'Copying files' '42%'")
        let id = sent.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(sent.status == 0 && !id.isEmpty)
        var window: String?
        _ = try Tools.waitUntil(timeout: 5) {
            window = try desk.hudWindows().first
            return window != nil
        }
        let bubble = try WindowInfo.settled(id: try #require(window), display: desk.x.display)
        // In the column: as wide as every bubble (350 points and a pixel a side), 20 points from the top right.
        #expect(bubble.width == 352 && bubble.x + bubble.width == 1280 - 20 + 1 && bubble.y == 20 - 1, "\(bubble)")
        // The bar spans the text column (326 points), its fill 42 % of it.
        let first = try #require(try bar(in: bubble, desk: desk, fraction: 0.42), "no bar in \(bubble)")
        #expect(first.outline >= 300 && first.outline <= 326, "\(first)")
        #expect(abs(Double(first.fill) - 0.42 * Double(first.outline)) < 12, "\(first)")
        // At the text's leading edge (12 points into the bezel, which is a pixel into the window), give or take
        // the bar's rounded end.
        #expect(abs(first.x - (bubble.x + 1 + 12)) <= 6, "\(first) \(bubble)")
        try save(desk, "progress-42")
        // Updated in place (replaces_id): the same window, its bar eased on to 90 %.
        #expect(try desk.sh("notify-send -r \(id) -t 0 -h int:value:90 'Copying files' '90%'").status == 0)
        let later = try #require(try bar(in: bubble, desk: desk, fraction: 0.9))
        #expect(abs(Double(later.fill) - 0.9 * Double(later.outline)) < 12, "\(later)")
        #expect(try desk.hudWindows() == [try #require(window)])

        // A held volume key: ten presses, one OSD in the centre, beside the bubble.
        let presses = (0..<10).map { i in
            "notify-send -t 0 -h int:value:\(40 + 5 * i) -h string:x-canonical-private-synchronous:volume Volume"
        }
        #expect(try desk.sh(presses.joined(separator: " && ")).status == 0)
        var osd: String?
        _ = try Tools.waitUntil(timeout: 5) {
            osd = try desk.hudWindows().first { $0 != window }
            return osd != nil
        }
        let centre = try WindowInfo.settled(id: try #require(osd), display: desk.x.display)
        #expect(abs((centre.x + centre.width / 2) - 640) <= 1 && abs((centre.y + centre.height / 2) - 360) <= 1,
                "\(centre)")
        #expect(try desk.hudWindows().count == 2)
        let listed = try desk.list()
        #expect(listed.filter { $0.first == "notify-send:volume" }.count == 1, "\(listed)")
        try save(desk, "progress-and-volume")
    }
}
