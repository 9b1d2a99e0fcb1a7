/// Whether assistive technology may be on, judged from the environment and one file's existence: what decides
/// that nothing at all is opened (no libsystemd, no bus) when no screen reader can be listening.
public enum AccessibilityGate {
    /// What the environment says.
    public enum Verdict: Equatable, Sendable {
        /// No assistive technology can be listening: the reason, in a few words.
        case off(String)
        /// The accessibility bus at this address, named by `AT_SPI_BUS_ADDRESS`: use it without asking.
        case bus(String)
        /// Ask the session bus's `org.a11y.Status` (GTK's and Qt's question).
        case ask
    }

    /// Reads `environment`; `exists` says whether a path exists.
    ///
    /// at-spi2-core's bus launcher listens in `at-spi/` of GLib's runtime directory once it runs
    /// (`$XDG_RUNTIME_DIR`, else `$HOME/.cache`), and a screen reader starts it: without that directory nothing
    /// listens, and the session bus need not be asked.
    public static func verdict(environment: [String: String], exists: (String) -> Bool) -> Verdict {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if environment["NO_AT_BRIDGE"] == "1" { return .off("NO_AT_BRIDGE=1") }
        if let address = value("AT_SPI_BUS_ADDRESS") { return .bus(address) }
        guard value("DBUS_SESSION_BUS_ADDRESS") != nil || value("XDG_RUNTIME_DIR") != nil else {
            return .off("no session bus")
        }
        guard let runtime = value("XDG_RUNTIME_DIR") ?? value("HOME").map({ $0 + "/.cache" }) else {
            return .off("no runtime directory")
        }
        if !exists(runtime + "/at-spi") { return .off("no accessibility bus in \(runtime)/at-spi") }
        return .ask
    }

    /// Whether the session bus's error reply to a question for the launcher (`name`) says that nothing is there to
    /// answer: no assistive technology. Any other error (a timeout, no reply) comes from a launcher that is there
    /// and may have a screen reader behind it.
    public static func meansNoLauncher(_ name: String) -> Bool {
        let prefix = "org.freedesktop.DBus.Error."
        guard name.hasPrefix(prefix) else { return false }
        return absent.contains(String(name.dropFirst(prefix.count)))
    }

    private static let absent: Set = [
        "ServiceUnknown", "NameHasNoOwner", "UnknownMethod", "UnknownInterface", "UnknownObject", "UnknownProperty",
        "Spawn.ServiceNotFound", "Spawn.ExecFailed",
    ]

    /// Whether `org.a11y.Status`'s properties say assistive technology is on, as GTK and Qt read them: either
    /// switch (the desktop's, or a screen reader's) is enough.
    public static func isOn(_ status: [String: Bool]) -> Bool {
        status["IsEnabled"] == true || status["ScreenReaderEnabled"] == true
    }
}
