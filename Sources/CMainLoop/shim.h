#ifndef X11HUD_CMAINLOOP_SHIM_H
#define X11HUD_CMAINLOOP_SHIM_H
/* The timers are timerfds that the main loop polls beside every other descriptor (Glibc does not export it). */
#include <sys/timerfd.h>
/* signalfd(2), which `SignalThread` reads signals from. Declared here rather than by <sys/signalfd.h>, which would
 * make this module the owner of glibc's sigset_t for every Swift file of HUDLoop. `mask` is a sigset_t. */
extern int signalfd(int fd, const void *mask, int flags);
/* libdispatch's hooks for a loop of one's own that serves the main queue (CoreFoundation's run loop uses them):
 * an eventfd written whenever the main queue gets work, and the call that drains it. Exported by libdispatch on
 * Linux, shared or static, but in no public header. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);
#endif
