import CommandOptions
import Foundation
import HUDScene
import ProgressFeed
import X11Display
import Testing
@testable import x11hud

/// A client hands the resident the command it read (issue 38), as one JSON line: every option it was given arrives,
/// nothing is read from a command line again, and the files it names are read against the client's directory.
@Suite struct ResidentRequestTests {
    /// The request for `arguments`, as the resident decodes it.
    func received(_ arguments: [String]) throws -> (sent: ShowCommand, received: Resident.Request) {
        var command = try parsed(ShowCommand.self, arguments)
        // Read where the client runs (`run()`), as the resident reads them where it draws.
        try command.hud.loadFiles()
        let line = Resident.request(for: command, name: "served.1")
        return (command, try JSONDecoder().decode(Resident.Request.self, from: Data(line.utf8)))
    }

    /// `value` as sorted JSON, to compare two commands field by field.
    func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func everyOptionGivenArrives() throws {
        let arguments = [
            "--mode", "annular", "--label", "Copying \"a\"", "--details", "auto", "--progress", "40%",
            "--icon", "warning", "--button", "Stop", "--min-size", "200x100", "--square", "--markup",
            "--font", "Sans Bold 15", "--details-font", "Mono 9", "--bezel-color", "#10203080", "--position",
            "bottom-right", "--offset", "0,40", "--animation", "zoom-in", "--corner-radius", "12", "--theme", "light",
            "--grace", "0.5", "--min-show", "1", "--hide-after", "auto", "--no-scan", "--auto-close",
            "--dismiss-on-click", "--block-input", "--over-window", "0x1e00007", "--id", "backup", "--total", "1.5G",
            "--watch-file", "/tmp/x.part",
        ]
        let (sent, request) = try received(arguments)
        var command = request.command
        try command.hud.loadFiles()
        #expect(try json(command) == json(sent))
        #expect(command.hud.content == sent.hud.content)
        #expect(command.hud.style == sent.hud.style)
        #expect(command.hideAfter.map { if case .auto = $0 { true } else { false } } == true)
        #expect(command.overWindow == .id(0x1e00007))
        #expect(command.watch.total == .bytes(1_610_612_736))
        #expect(request.name == "served.1")
        #expect(request.directory == FileManager.default.currentDirectoryPath)
    }

    /// A stored value added to a command or its groups without a coding key would silently not reach the resident:
    /// every stored property is encoded, except what is read from files where the HUD is drawn.
    @Test func noStoredValueIsLeftOut() throws {
        let loadedWhereDrawn: Set<String> = ["settings", "loadedImage", "process"]
        let values: [any Encodable] = [ShowCommand(), HUDOptions(), LookOptions(), WatchOptions()]
        for value in values {
            let stored = Set(Mirror(reflecting: value).children.compactMap(\.label))
            let encoded = try KeyRecorder.keys(of: value)
            #expect(stored.subtracting(loadedWhereDrawn) == encoded, "\(type(of: value))")
            #expect(stored.count > 2)
        }
    }

    @Test func filesAreReadInTheClientsDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("req-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "bezel-color = \"#FF0000\"\n".write(to: directory.appendingPathComponent("look.toml"), atomically: true,
                                                 encoding: .utf8)
        // Read by the client in its directory (as run() does), then sent with that directory.
        let sent = try RelativePaths.$directory.withValue(directory.path) {
            var command = try parsed(ShowCommand.self, ["--config", "look.toml", "--label", "x"])
            try command.hud.loadFiles()
            return command
        }
        let line = Resident.request(for: sent, name: "n")
        var request = try JSONDecoder().decode(Resident.Request.self, from: Data(line.utf8))
        request.directory = directory.path
        var command = request.command
        #expect(command.hud.style.bezelColor != RGBA(red: 1, green: 0, blue: 0))
        try RelativePaths.$directory.withValue(request.directory) { try command.hud.loadFiles() }
        #expect(command.hud.style.bezelColor == RGBA(red: 1, green: 0, blue: 0))
        // Elsewhere the same relative name is no file: the resident refuses, and the client shows its own HUD.
        #expect(throws: (any Error).self) {
            try RelativePaths.$directory.withValue("/") { try command.hud.loadFiles() }
        }
    }

    @Test func aFontOutOfLimitsInARequestIsRefused() throws {
        let (_, request) = try received(["--font", "Sans 12", "--label", "x"])
        let line = try json(request).replacingOccurrences(of: "Sans 12", with: "Sans 100000")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Resident.Request.self, from: Data(line.utf8))
        }
    }
}

/// Records every key a value's `encode(to:)` writes at its top level, an absent optional included (synthesised
/// coding calls `encodeIfPresent` for it).
private final class KeyRecorder: Encoder {
    var keys: Set<String> = []
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    static func keys(of value: some Encodable) throws -> Set<String> {
        let recorder = KeyRecorder()
        try value.encode(to: recorder)
        return recorder.keys
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Container(recorder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("top level is keyed") }
    func singleValueContainer() -> any SingleValueEncodingContainer { fatalError("top level is keyed") }

    private struct Container<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let recorder: KeyRecorder
        var codingPath: [any CodingKey] = []
        mutating func encodeNil(forKey key: Key) throws { recorder.keys.insert(key.stringValue) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { recorder.keys.insert(key.stringValue) }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            recorder.keys.insert(key.stringValue)
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { recorder.keys.insert(key.stringValue) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
            recorder.keys.insert(key.stringValue)
        }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
            recorder.keys.insert(key.stringValue)
        }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { recorder.keys.insert(key.stringValue) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey> {
            recorder.keys.insert(key.stringValue)
            return KeyedEncodingContainer(Container<NestedKey>(recorder: KeyRecorder()))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            fatalError("not used by the commands")
        }
        mutating func superEncoder() -> any Encoder { recorder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { recorder }
    }
}
