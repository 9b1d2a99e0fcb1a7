/// Runs `body` with the object a libwayland callback's `data` points at. Every listener here is given its owner,
/// unretained (the owner outlives its proxy), and libwayland calls back only from `wl_display_dispatch*`, which
/// the main loop runs on the main thread.
nonisolated func withOwner<T: AnyObject>(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (T) -> Void) {
    guard let data else { return }
    let address = UInt(bitPattern: data)
    MainActor.assumeIsolated {
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return }
        body(Unmanaged<T>.fromOpaque(pointer).takeUnretainedValue())
    }
}
