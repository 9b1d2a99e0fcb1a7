#define _GNU_SOURCE
#include "CWayland.h"
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

int hud_wayland_shm_file(size_t size) {
    int fd = memfd_create("x11hud-shm", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)size) < 0) {
        close(fd);
        return -1;
    }
    // The compositor maps it too: sealing the size keeps a bug of ours from making it read past the end.
    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL);
    return fd;
}
