public import HUDControl
public import X11Names

/// Another process's HUD, reached through the X server, is where a `Delivery` forwards to or is served by.
extension RemoteHUD: DeliveryEndpoint {}
