public import Glibc

extension SignalWatch {
    /// Makes `attributes` start a child with every signal at its default and none blocked, whatever this process
    /// blocks (SIGINT and SIGTERM, for its watch) or ignores (SIGPIPE, SIGTTOU): exec would pass both on. Returns
    /// the `posix_spawnattr_setflags` flags that say so, for the caller to add to its own.
    public static func spawnWithDefaultSignals(_ attributes: inout posix_spawnattr_t) -> Int32 {
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        return Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    }
}
