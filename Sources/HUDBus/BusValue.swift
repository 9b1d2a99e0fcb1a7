/// A value read from a D-Bus variant (a notification hint): the basic types, a byte array, and the image
/// structure `(iiibiiay)`; anything else is `.other` with its signature.
public enum BusValue: Hashable, Sendable {
    case string(String)
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case bytes([UInt8])
    case image(BusImage)
    case other(signature: String)

    /// The value as an integer, for an `int`, `uint`, `byte`… hint.
    public var integer: Int64? {
        if case .int(let v) = self { return v }
        return nil
    }

    public var string: String? {
        if case .string(let v) = self { return v }
        return nil
    }

    public var bool: Bool? {
        switch self {
        case .bool(let v): return v
        case .int(let v): return v != 0
        default: return nil
        }
    }
}

/// The `(iiibiiay)` structure of the `image-data` hint, exactly as sent (nothing checked yet).
public struct BusImage: Hashable, Sendable {
    public var width: Int32
    public var height: Int32
    public var rowstride: Int32
    public var hasAlpha: Bool
    public var bitsPerSample: Int32
    public var channels: Int32
    public var data: [UInt8]

    public init(width: Int32, height: Int32, rowstride: Int32, hasAlpha: Bool, bitsPerSample: Int32,
                channels: Int32, data: [UInt8]) {
        self.width = width
        self.height = height
        self.rowstride = rowstride
        self.hasAlpha = hasAlpha
        self.bitsPerSample = bitsPerSample
        self.channels = channels
        self.data = data
    }
}

/// A value to send in a variant, of a basic type whose width the receiver sees (`i` is not `x`).
public enum BusVariant: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    /// A byte: the type the notification specification gives the `urgency` hint.
    case byte(UInt8)
    /// An `a{ss}`, its entries in their order (`keys[i]` to `values[i]`): mako's actions, key to label.
    case stringMap(keys: [String], values: [String])

    /// Its D-Bus type.
    public var signature: String {
        switch self {
        case .string: return "s"
        case .bool: return "b"
        case .int32: return "i"
        case .uint32: return "u"
        case .int64: return "x"
        case .byte: return "y"
        case .stringMap: return "a{ss}"
        }
    }
}
