internal import CSystemdBus
internal import CSystemdBusLoader
import Glibc

/// An interface exported at a path: its sd-bus slot, its vtable and the C strings the vtable points to, freed
/// together when this object goes.
@MainActor public final class BusObject {
    private var slot: OpaquePointer?
    private var vtable: UnsafeMutableRawPointer?
    private var strings: [UnsafeMutablePointer<CChar>] = []
    private let members: UnsafeMutablePointer<hud_sdbus_member>
    private let count: Int
    let handler: @MainActor (BusMessage, BusMessage) throws(BusErrorReply) -> Void
    let properties: BusProperties?

    init(bus: OpaquePointer, path: String, interface: String, members list: [BusMember],
         properties: BusProperties?,
         handler: @escaping @MainActor (BusMessage, BusMessage) throws(BusErrorReply) -> Void) throws(BusError) {
        self.handler = handler
        self.properties = properties
        count = list.count
        members = .allocate(capacity: max(1, list.count))
        for (i, m) in list.enumerated() {
            let name = strdup(m.name)!
            let signature = strdup(m.signature)!
            let result = m.result.map { strdup($0)! }
            strings += [name, signature] + (result.map { [$0] } ?? [])
            members[i] = hud_sdbus_member(member: name, signature: signature, result: result,
                                          property: m.property)
        }
        var slot: OpaquePointer? = nil
        var vtable: UnsafeMutableRawPointer? = nil
        let me = Unmanaged.passUnretained(self).toOpaque()
        let r = hud_sdbus_add_object_vtable(bus, &slot, path, interface, members, UInt32(list.count), { m, data, _ in
            guard let m, let data else { return 0 }
            let object = Unmanaged<BusObject>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated { object.call(BusMessage(retaining: m)) }
        }, { _, _, _, property, reply, data, error in
            guard let property, let reply, let data else { return -EINVAL }
            let object = Unmanaged<BusObject>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated {
                object.property(String(cString: property), BusMessage(retaining: reply), error, set: false)
            }
        }, { _, _, _, property, value, data, error in
            guard let property, let value, let data else { return -EINVAL }
            let object = Unmanaged<BusObject>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated {
                object.property(String(cString: property), BusMessage(retaining: value), error, set: true)
            }
        }, me, &vtable)
        guard r >= 0 else {
            freeStrings()
            throw BusError("cannot export \(interface) at \(path)", code: -r)
        }
        self.slot = slot
        self.vtable = vtable
    }

    isolated deinit {
        if let slot { sd_bus_slot_unref(slot) }
        hud_sdbus_free_vtable(vtable)
        for s in strings { free(s) }
        members.deallocate()
    }

    private func freeStrings() {
        for s in strings { free(s) }
        strings = []
    }

    /// Answers a property's Get (appending its value to `message`) or Set (reading it from `message`).
    private func property(_ name: String, _ message: BusMessage, _ error: UnsafeMutablePointer<sd_bus_error>?,
                          set: Bool) -> Int32 {
        guard let properties else { return -EINVAL }
        do throws(BusErrorReply) {
            if set { try properties.set(name, message) } else { try properties.get(name, message) }
        } catch let e {
            return sd_bus_error_set(error, e.name, e.message)
        }
        return 1
    }

    /// Answers one call: the reply the handler filled, or the error it threw.
    private func call(_ message: BusMessage) -> Int32 {
        var r: OpaquePointer? = nil
        guard sd_bus_message_new_method_return(message.pointer, &r) >= 0, let r else { return -ENOMEM }
        let reply = BusMessage(adopting: r)
        do throws(BusErrorReply) {
            try handler(message, reply)
        } catch {
            var e = sd_bus_error()
            sd_bus_error_set(&e, error.name, error.message)
            defer { sd_bus_error_free(&e) }
            return sd_bus_reply_method_error(message.pointer, &e)
        }
        let sent = sd_bus_send(nil, reply.pointer, nil)
        return sent < 0 ? sent : 1
    }
}
