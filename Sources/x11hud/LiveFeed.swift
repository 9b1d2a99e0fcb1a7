import X11Platform

/// What the live command reads the HUD's input from: standard input (`StdinFeed`), or the output of the command
/// `x11hud run` runs (`CommandFeed`).
protocol LiveFeed: HUDInputSource {
    /// Starts reading.
    func start()
    /// The HUD has ended with `code`: exit once the input is done with (never killing the program that writes it).
    func drainThenExit(_ code: Int32, evenIfIdle: Bool)
}

extension StdinFeed: LiveFeed {}
