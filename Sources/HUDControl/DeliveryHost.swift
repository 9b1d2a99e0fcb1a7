public import ProgressFeed

/// What a `Delivery` asks of the program that runs it: the display (a name claimed, a HUD of its own shown), the
/// input, and the process's end. The delivery decides where the HUD is shown and when that changes; the host does.
@MainActor public protocol DeliveryHost: AnyObject {
    /// Claims the HUD name `name` on the display: `.ours` when this process shows it from now on (the host keeps
    /// the HUD it made for `showOwn`), else the HUD another process shows by that name.
    func claim(_ name: String) throws(DeliveryFailure) -> DeliveryClaim
    /// Shows a HUD of this process's own (the one `claim` made, else a new one) and reads the input into it.
    func showOwn(_ start: OwnStart) throws(DeliveryFailure)
    /// Calls `action` once no HUD is up by `name` (`--queue`).
    func whenNameFree(_ name: String, _ action: @escaping @MainActor () -> Void)
    /// Starts reading the input (or the watcher) for another process's HUD: each update goes to
    /// `Delivery.received`. Called once the other process has answered.
    func startInput()
    /// Ends the process with `status` once the input being read, if any, is read to its end (its producer must
    /// not die of SIGPIPE).
    func end(_ status: Int32)
    /// The other HUD went away after the input had ended and been forwarded whole: ends the process as done once
    /// the input is read to its end; false when no input is read (a watcher), and a HUD of our own takes over.
    func endAfterForwardedInput() -> Bool
    /// The HUD the resident showed has ended with `status` (1: its button): the host's rules say the exit status.
    func servedEnded(_ status: Int32)
    /// The time given for the served HUD (`--timeout`) is up: the host notes the status it ends with; the resident
    /// is then asked to hide it.
    func servedTimedOut()
    /// A line for standard error.
    func warn(_ message: String)
    /// A failure that has no caller to go to (it came with an event): the host reports it and exits.
    func fail(_ failure: DeliveryFailure)
}

/// The answer to `DeliveryHost.claim`.
@MainActor public enum DeliveryClaim {
    /// This process shows the HUD by that name.
    case ours
    /// Another process shows a HUD by that name.
    case taken(any DeliveryEndpoint)
}

/// What a HUD of our own starts from.
public enum OwnStart: Equatable, Sendable {
    /// The command line's content: nothing was handed elsewhere.
    case flags
    /// The HUD it was forwarded to went away (or did not answer): what the input says from now on replaces the
    /// flags' content, as it did in that HUD.
    case afterForwarding
    /// The resident's HUD went away (or the resident did not answer): the flags' content, then everything forwarded
    /// to it, merged, so nothing the input said is lost.
    case afterServing(FeedInbox)
}

/// Why a delivery cannot go on: the line to print and the status to exit with.
public struct DeliveryFailure: Error, Equatable, Sendable {
    public var message: String
    public var code: Int32

    public init(message: String, code: Int32) {
        self.message = message
        self.code = code
    }
}
