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

    /// An ERROR (serial 9) to call 2 named `name`, with the body `s` "nobody", little-endian.
    static func error(_ name: String) -> [UInt8] {
        let n = name.utf8.count
        var fields: [UInt8] = [5, 1, UInt8(ascii: "u"), 0, 2, 0, 0, 0,
                               4, 1, UInt8(ascii: "s"), 0, UInt8(n), 0, 0, 0] + Array(name.utf8) + [0]
        while fields.count % 8 != 0 { fields.append(0) }
        fields += [8, 1, UInt8(ascii: "g"), 0, 1, UInt8(ascii: "s"), 0]
        var message: [UInt8] = [0x6c, 3, 0, 1, 11, 0, 0, 0, 9, 0, 0, 0, UInt8(fields.count), 0, 0, 0] + fields
        while message.count % 8 != 0 { message.append(0) }
        return message + [6, 0, 0, 0] + Array("nobody".utf8) + [0]
    }

    @Test func anErrorsNameIsRead() throws {
        let bytes = Self.error("org.freedesktop.DBus.Error.ServiceUnknown")
        #expect(bytes.count == 99)
        #expect(try StatusMessages.length(bytes[...]) == 99)
        let message = try StatusMessages.message(bytes[...])
        #expect(message.type == 3 && message.replySerial == 2 && message.signature == "s")
        #expect(message.errorName == "org.freedesktop.DBus.Error.ServiceUnknown")
        #expect(try StatusMessages.message(Self.reply()[...]).errorName == nil)
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
        // The question starts no launcher (NO_AUTO_START); Hello is the bus's own.
        #expect(getAll.flags == 2 && hello.flags == 0)
        #expect(first % 8 == 0, "the second message must start 8-aligned")
    }
}
