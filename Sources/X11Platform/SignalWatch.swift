import Dispatch
import FoundationEssentials
import Glibc

/// SIGINT and SIGTERM delivered as ordinary main-queue events. The default action is switched off first (a
/// Dispatch source installs no handler of its own), so no C signal handler ever runs and X can be used safely.
@MainActor final class SignalWatch {
    private var sources: [any DispatchSourceSignal] = []

    init(signals: [Int32] = [SIGINT, SIGTERM], handler: @escaping @MainActor (Int32) -> Void) {
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { MainActor.assumeIsolated { handler(number) } }
            source.resume()
            sources.append(source)
        }
    }

    isolated deinit {
        for source in sources { source.cancel() }
    }
}
