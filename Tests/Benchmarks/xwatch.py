"""A small X client that watches the root for windows being mapped and reads pixels back.

MapNotify is reported to clients that selected SubstructureNotify on the parent, for override-redirect windows
(x11hud, osd_cat, dunst) as for managed ones (zenity, yad; there is no window manager here).
"""

import array
import select
import struct
import time
import zlib

from Xlib import X, display as xdisplay


def compositor_running(display_name):
    d = xdisplay.Display(display_name)
    try:
        atom = d.intern_atom("_NET_WM_CM_S%d" % d.get_default_screen())
        return d.get_selection_owner(atom) != X.NONE
    finally:
        d.close()


class Shot:
    """Pixels of a rectangle of the screen, one 32-bit value per pixel (0x00RRGGBB)."""

    def __init__(self, x, y, width, height, pixels):
        self.x, self.y, self.width, self.height, self.pixels = x, y, width, height, pixels

    def count(self, color):
        return self.pixels.count(color)

    def differing(self, other):
        """How many pixels differ from `other` (a Shot of the same size)."""
        if len(self.pixels) != len(other.pixels):
            return max(len(self.pixels), len(other.pixels))
        return sum(1 for a, b in zip(self.pixels, other.pixels) if a != b)

    def save_png(self, path):
        """A plain RGB PNG (zlib only), to look at what a peer showed."""
        rows = bytearray()
        for row in range(self.height):
            rows.append(0)
            for p in self.pixels[row * self.width:(row + 1) * self.width]:
                rows += bytes(((p >> 16) & 255, (p >> 8) & 255, p & 255))

        def chunk(kind, data):
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        with open(path, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows)))
                    + chunk(b"IEND", b""))


class XWatch:
    def __init__(self, display_name, root_color):
        self.d = xdisplay.Display(display_name)
        self.root = self.d.screen().root
        self.root_color = root_color
        self.paint_root()
        self.root.change_attributes(event_mask=X.SubstructureNotifyMask)
        self.d.sync()

    def close(self):
        self.d.close()

    def paint_root(self):
        """A solid root colour (as xsetroot -solid), so an unpainted window area is recognisable."""
        self.root.change_attributes(background_pixel=self.root_color)
        self.root.clear_area(0, 0, 0, 0)
        self.d.sync()

    def drain(self):
        """Drops events from earlier runs."""
        self.d.sync()
        while self.d.pending_events():
            self.d.next_event()

    def next_event(self, deadline):
        """The next event and the monotonic time it was read, or (None, None) at the deadline."""
        while True:
            if self.d.pending_events():
                return self.d.next_event(), time.monotonic()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None, None
            select.select([self.d], [], [], remaining)

    def wait_map(self, deadline):
        """(time, window) of the next MapNotify, or (None, None)."""
        while True:
            event, when = self.next_event(deadline)
            if event is None:
                return None, None
            if event.type == X.MapNotify:
                return when, event.window

    def wait_unmap(self, window, deadline):
        """Whether `window` was unmapped or destroyed before the deadline."""
        while True:
            event, _ = self.next_event(deadline)
            if event is None:
                return False
            if event.type in (X.UnmapNotify, X.DestroyNotify) and event.window.id == window.id:
                return True

    def rect(self, window):
        """The window's rectangle on the root, clipped to the screen; None if it is gone."""
        try:
            g = window.get_geometry()
            pos = window.translate_coords(self.root, 0, 0)
        except Exception:  # the tool may already have destroyed it
            return None
        x, y = -pos.x, -pos.y
        screen = self.d.screen()
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(screen.width_in_pixels, x + g.width), min(screen.height_in_pixels, y + g.height)
        if x1 <= x0 or y1 <= y0:
            return None
        return x0, y0, x1 - x0, y1 - y0

    def shot(self, rect):
        """What the screen shows in `rect` (the root's image: with a compositor, the composited result)."""
        x, y, w, h = rect
        reply = self.root.get_image(x, y, w, h, X.ZPixmap, 0xFFFFFFFF)
        pixels = array.array("I")
        data = reply.data[:w * h * 4]
        pixels.frombytes(data)
        if data[3::4].count(0) != w * h:  # the padding byte is not on screen; Xvfb sends 0, others may not
            for i in range(len(pixels)):
                pixels[i] &= 0xFFFFFF
        return Shot(x, y, w, h, pixels)

    def painted_fraction(self, rect):
        """The fraction of `rect` that no longer shows the root colour."""
        s = self.shot(rect)
        return 1.0 - s.count(self.root_color) / max(1, len(s.pixels))

    def wait_painted(self, window, deadline, interval=0.002):
        """The monotonic time at which the window's area first shows something other than the root colour."""
        rect = None
        while time.monotonic() < deadline:
            rect = rect or self.rect(window)
            if rect and self.painted_fraction(rect) > 0.0:
                return time.monotonic()
            time.sleep(interval)
        return None
