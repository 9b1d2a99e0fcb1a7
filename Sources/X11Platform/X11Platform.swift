// The X11 overlay window and its event and frame loops (see issue 3).
