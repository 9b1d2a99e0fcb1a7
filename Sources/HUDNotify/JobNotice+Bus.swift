import HUDBus
import HUDConfig

extension JobNotice {
    /// Sends the notice to the session's notification server and waits at most `timeout` seconds for its reply, so
    /// that a job's exit is never held up long by a slow or absent server; nil once it is sent, else why not (one
    /// line for a warning). The bus is opened here, at the end, and by nothing before: a job that sends nothing
    /// never loads libsystemd.
    @MainActor public func send(timeout: Double = 1) -> String? {
        do {
            let bus = try BusConnection()
            _ = try bus.call(destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
                             interface: "org.freedesktop.Notifications", member: "Notify",
                             timeout: timeout) { m throws(BusError) in
                try m.append(Self.appName)
                try m.append(UInt32(0))
                try m.append(icon)
                try m.append(summary)
                try m.append(body)
                try m.append([String]())
                try m.appendDictionary([("urgency", .byte(urgency.rawValue))])
                try m.append(Int32(-1))
            }
            return nil
        } catch let error as BusError {
            return error.description
        } catch let error as BusCallError {
            switch error {
            case .failed(let failure): return failure.description
            case .reply(let reply) where reply.name == "org.freedesktop.DBus.Error.ServiceUnknown"
                || reply.name == "org.freedesktop.DBus.Error.NameHasNoOwner":
                return "no notification server runs"
            case .reply(let reply) where reply.name == "org.freedesktop.DBus.Error.Timeout"
                || reply.name == "org.freedesktop.DBus.Error.NoReply":
                let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
                return "the notification server did not answer within \(seconds) s"
            case .reply(let reply): return "the notification server refused it: \(reply.message)"
            }
        } catch {
            return "\(error)"
        }
    }
}
