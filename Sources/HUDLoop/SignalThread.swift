internal import CMainLoop
import Glibc
import Synchronization

/// The one thread that reads the process's watched signals, from a signalfd, for every `SignalWatch`. Made with
/// the first watch and never ended; it blocks every signal, so that only its descriptor takes the watched ones.
///
/// Why not Dispatch signal sources: Dispatch registers a source on its manager thread a moment after `resume`, so a
/// watch had to wait for that thread to be made and scheduled before the process could go on safely, which on a
/// loaded machine held a HUD's start for milliseconds (issue 51). Here the descriptor exists, with the signals in
/// its mask, before `add` returns: a signal that comes from then on is pending for it.
final class SignalThread: Sendable {
    static let shared = SignalThread()

    private struct Watcher {
        let id: Int
        let signals: [Int32]
        let handler: @Sendable (Int32) -> Void
    }

    private struct State {
        var descriptor: Int32 = -1
        var mask = sigset_t()
        var watchers: [Watcher] = []
        var nextID = 0
    }

    private let state = Mutex(State())

    private init() {}

    /// Blocks `signals` in the calling thread, adds them to the descriptor's mask and calls `handler` on the signal
    /// thread for each that comes, until `remove` with the id returned.
    func add(_ signals: [Int32], _ handler: @escaping @Sendable (Int32) -> Void) -> Int {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for number in signals { sigaddset(&blocked, number) }
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        // A caught signal is set back to its default by exec, and an ignored one (a background job's SIGINT) is
        // dropped before any descriptor sees it: caught by a handler that does nothing, as Dispatch did.
        for number in signals { Self.catchWithoutAction(number) }
        let (id, start) = state.withLock { state -> (Int, Int32?) in
            for number in signals { sigaddset(&state.mask, number) }
            let first = state.descriptor < 0
            state.descriptor = signalfd(state.descriptor, &state.mask, O_CLOEXEC)
            state.nextID += 1
            state.watchers.append(Watcher(id: state.nextID, signals: signals, handler: handler))
            return (state.nextID, first ? state.descriptor : nil)
        }
        if let descriptor = start, descriptor >= 0 { Self.startThread(reading: descriptor) }
        return id
    }

    /// Stops calling the handler of watch `id`; its signals stay blocked and in the mask, so they do nothing.
    func remove(_ id: Int) {
        state.withLock { $0.watchers.removeAll { $0.id == id } }
    }

    private static func catchWithoutAction(_ number: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(number, &action, nil)
    }

    /// The reading thread, made with every signal blocked (its mask is the creator's at `pthread_create`).
    private static func startThread(reading descriptor: Int32) {
        var all = sigset_t(), old = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &old)
        var thread = pthread_t()
        let made = pthread_create(&thread, nil, { argument in
            SignalThread.shared.read(Int32(Int(bitPattern: argument)))
            return nil
        }, UnsafeMutableRawPointer(bitPattern: Int(descriptor)))
        pthread_sigmask(SIG_SETMASK, &old, nil)
        precondition(made == 0, "SignalThread: pthread_create failed with error \(made)")
        pthread_detach(thread)
    }

    private func read(_ descriptor: Int32) {
        // A struct signalfd_siginfo: 128 bytes, the signal's number in the first four.
        let size = 128
        let info = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        while true {
            guard Glibc.read(descriptor, info, size) == size else { continue }
            let number = Int32(bitPattern: info.load(as: UInt32.self))
            let handlers = state.withLock { $0.watchers.filter { $0.signals.contains(number) }.map(\.handler) }
            for handler in handlers { handler(number) }
        }
    }
}
