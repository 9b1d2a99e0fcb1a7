@testable import HUDAccess
import Testing

/// The wire format `AccessibilityStatusProbe` reads, checked against a reply written out byte by byte from the D-Bus
/// specification (the real bus answering the probe is AccessibilityTests' part).
@Suite struct StatusMessagesTests {
    /// A METHOD_RETURN (serial 7) to call 2 with the body `a{sv}` {"IsEnabled": <value>}, little-endian.
    static func reply(_ type: UInt8 = UInt8(ascii: "b"), _ value: UInt8 = 1) -> [UInt8] {
        [0x6c, 2, 0, 1, 32, 0, 0, 0, 7, 0, 0, 0, 19, 0, 0, 0,
         5, 1, UInt8(ascii: "u"), 0, 2, 0, 0, 0,
         8, 1, UInt8(ascii: "g"), 0, 5] + Array("a{sv}".utf8) + [0, 0, 0, 0, 0, 0,
         24, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0] + Array("IsEnabled".utf8) + [0, 1, type, 0, 0, 0, 0, value, 0, 0, 0]
    }

    @Test func aReplyIsMeasuredAndReadWithItsBooleans() throws {
        let bytes = Self.reply()
        #expect(bytes.count == 72)
        #expect(try StatusMessages.length(bytes[...]) == 72)
        #expect(try StatusMessages.length(bytes[..<15]) == nil)
        let message = try StatusMessages.message(bytes[...])
        #expect(message.type == 2 && message.replySerial == 2 && message.signature == "a{sv}")
        #expect(try StatusMessages.booleans(message) == ["IsEnabled": true])
        #expect(try StatusMessages.booleans(StatusMessages.message(Self.reply(UInt8(ascii: "b"), 0)[...]))
                == ["IsEnabled": false])
    }

    @Test func aValueOfAnotherTypeIsNoAnswerAndBrokenBytesAreRefused() throws {
        #expect(try StatusMessages.booleans(StatusMessages.message(Self.reply(UInt8(ascii: "i"))[...])) == nil)
        let bytes = Self.reply()
        #expect(throws: StatusMessages.Malformed.self) { try StatusMessages.message(bytes.dropLast()) }
        #expect(throws: StatusMessages.Malformed.self) { try StatusMessages.length(([0x00] + bytes.dropFirst())[...]) }
        var lying = bytes
        lying[12] = 200  // fields said to run past the message
        #expect(throws: StatusMessages.Malformed.self) { try StatusMessages.message(lying[...]) }
    }

    /// What the probe sends reads back as the two calls it means (the bus's answer to them is the real check).
    @Test func theRequestIsHelloThenGetAllOfTheStatus() throws {
        let request = StatusMessages.request()[...]
        let first = try #require(try StatusMessages.length(request))
        let hello = try StatusMessages.message(request.prefix(first))
        let rest = request.dropFirst(first)
        let getAll = try StatusMessages.message(rest.prefix(try #require(try StatusMessages.length(rest))))
        #expect(hello.type == 1 && hello.body.isEmpty && hello.signature.isEmpty)
        #expect(getAll.type == 1 && getAll.signature == "s")
        #expect(getAll.body == [15, 0, 0, 0] + Array("org.a11y.Status".utf8) + [0])
        #expect(first % 8 == 0, "the second message must start 8-aligned")
    }
}
