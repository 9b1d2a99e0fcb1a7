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
    /// at-spi2-core's bus launcher listens in `$XDG_RUNTIME_DIR/at-spi/` once it runs, and a screen reader starts
    /// it: without that directory nothing listens, and the session bus need not be asked.
    public static func verdict(environment: [String: String], exists: (String) -> Bool) -> Verdict {
        if environment["NO_AT_BRIDGE"] == "1" { return .off("NO_AT_BRIDGE=1") }
        if let address = environment["AT_SPI_BUS_ADDRESS"], !address.isEmpty { return .bus(address) }
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        let session = environment["DBUS_SESSION_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
        guard session != nil || runtime != nil else { return .off("no session bus") }
        if let runtime, !exists(runtime + "/at-spi") { return .off("no accessibility bus in \(runtime)/at-spi") }
        return .ask
    }
}
