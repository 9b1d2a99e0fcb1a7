import HUDScene

extension FeedInbox {
    /// The update as one line of the JSON protocol that `FeedParser` reads back into the same values: how one
    /// process hands an update to a HUD another process shows.
    public var jsonLine: String {
        var fields: [String] = []
        func add(_ key: String, _ value: String?) {
            if let value { fields.append("\"\(key)\":\(Self.jsonString(value))") }
        }
        let u = update
        if let progress = u.progress { fields.append("\"progress\":\(FeedParser.format(progress))") }
        add("label", u.label)
        add("details", u.details)
        add("mode", u.mode?.rawValue)
        add("icon", u.icon?.rawValue)
        add("spinner", u.spinner?.rawValue)
        add("button", u.button)
        if let bytes = u.bytesDone { fields.append("\"bytes\":\(bytes)") }
        if let total = u.bytesTotal { fields.append("\"total_bytes\":\(total)") }
        if let hideAfter = u.hideAfter { fields.append("\"hide\":\(FeedParser.format(hideAfter))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func jsonString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
