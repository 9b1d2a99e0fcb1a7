import Glibc

/// Makes sure descriptors 0, 1 and 2 are open before anything else opens one.
///
/// A launcher or key-binding daemon may start a program with stdin or stderr closed (`2>&-`). The next descriptor
/// opened then takes the lowest free number: the X connection would become "stderr", and every warning would be
/// written into the X protocol stream (BadRequest, then SIGPIPE), or the stdin reader would read X replies. Each
/// closed one is opened on /dev/null instead, as daemons and careful tools do.
public enum StandardDescriptors {
    /// Opens each closed standard descriptor on /dev/null. Call first thing in `main`; cheap and idempotent.
    public static func openMissing() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // open() returns the lowest free descriptor, which is this one as the lower ones are open by now.
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
    }
}
