internal import CWayland
import Glibc

/// One wl_buffer of premultiplied ARGB pixels in shared memory (cairo's ARGB32 and wl_shm's ARGB8888 are the same
/// bytes on a little-endian machine), its mapping and descriptor owned here and released in `deinit`. The
/// compositor reads it until it says `release`: until then it is busy and must not be drawn into.
@MainActor final class ShmBuffer {
    let width: Int
    let height: Int
    var stride: Int { width * 4 }
    let buffer: OpaquePointer
    private let memory: UnsafeMutableRawPointer
    private let size: Int
    private let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
    private(set) var busy = false
    /// Runs when the compositor gives the buffer back.
    var released: (@MainActor () -> Void)?

    init(shm: OpaquePointer, width: Int, height: Int) throws(WaylandError) {
        self.width = width
        self.height = height
        size = width * 4 * height
        let fd = hud_wayland_shm_file(size)
        guard fd >= 0 else {
            throw WaylandError(.noMemory, "cannot make \(size) bytes of shared memory: errno \(errno)")
        }
        defer { close(fd) }
        guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            throw WaylandError(.noMemory, "cannot map \(size) bytes of shared memory: errno \(errno)")
        }
        memory = mapped
        let pool = wl_shm_create_pool(shm, fd, Int32(size))
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(width * 4),
                                           WL_SHM_FORMAT_ARGB8888.rawValue)
        // The buffer keeps the pool's memory; the pool itself is not needed again.
        wl_shm_pool_destroy(pool)
        listener.initialize(to: wl_buffer_listener(release: { data, _ in
            withOwner(data) { (me: ShmBuffer) in
                me.busy = false
                me.released?()
            }
        }))
        wl_buffer_add_listener(buffer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Copies `rows` (`stride` bytes each, at least `height` of them) in, unless the compositor still reads it.
    func fill(from rows: UnsafeRawBufferPointer, stride source: Int) {
        guard !busy, let base = rows.baseAddress else { return }
        if source == stride {
            memory.copyMemory(from: base, byteCount: min(size, rows.count))
        } else {
            for row in 0..<height {
                (memory + row * stride).copyMemory(from: base + row * source, byteCount: min(stride, source))
            }
        }
    }

    /// Handed to the compositor with a commit: busy until it releases it.
    func attached() { busy = true }

    isolated deinit {
        wl_buffer_destroy(buffer)
        munmap(memory, size)
        listener.deallocate()
    }
}
