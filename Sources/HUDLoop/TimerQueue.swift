import HUDBase
internal import CMainLoop
import Glibc

/// The timers of `SystemLoop`: one timerfd armed for the earliest deadline, polled by the loop like any other
/// descriptor, so a timer wakes the main thread alone and costs no wake-up while none is set.
@MainActor final class TimerQueue {
    /// Pending timers, earliest deadline last (so the due ones come off the end).
    private var timers: [LoopTimer] = []
    private let descriptor: Int32
    private var watch: DescriptorWatch?
    private var armed: Double?

    init(loop: SystemLoop) {
        descriptor = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard descriptor >= 0 else { return }
        let fd = descriptor
        let watch = loop.watch(fd) { [weak self] in
            // Reading the expiry count makes the descriptor quiet until the next expiry.
            var expiries: UInt64 = 0
            _ = read(fd, &expiries, 8)
            self?.fireDue()
        }
        watch.start()
        self.watch = watch
    }

    func add(_ timer: LoopTimer) -> LoopTimer {
        let i = timers.firstIndex { $0.deadline < timer.deadline } ?? timers.endIndex
        timers.insert(timer, at: i)
        rearm()
        return timer
    }

    private func fireDue() {
        armed = nil
        let now = MonotonicClock.now
        while let last = timers.last, last.deadline <= now || !last.isPending {
            timers.removeLast()
            last.fire()
        }
        rearm()
    }

    /// Arms the descriptor for the earliest pending deadline, only when that changed.
    private func rearm() {
        while let last = timers.last, !last.isPending { timers.removeLast() }
        let next = timers.last?.deadline
        guard next != armed, descriptor >= 0 else { return }
        armed = next
        // Relative, from now: 0 disarms, so a deadline already past waits one nanosecond.
        let wait = next.map { max($0 - MonotonicClock.now, 1e-9) } ?? 0
        let ns = InputLimits.nanoseconds(wait)
        var spec = itimerspec(it_interval: timespec(),
                              it_value: timespec(tv_sec: Int(ns / 1_000_000_000), tv_nsec: Int(ns % 1_000_000_000)))
        timerfd_settime(descriptor, 0, &spec, nil)
    }
}
