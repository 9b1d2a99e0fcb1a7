/// A HUD's place in a stack as another process sees it (Wayland, where no shared window list says it): stacks are
/// formed across processes from these, ordered by when each HUD came, as X11's registry orders its windows.
extension HUDStack {
    public struct Place: Codable, Sendable, Equatable {
        /// Unique on the display: the process and its HUD (`PID.N`); a process knows its own by the PID.
        public var key: String
        /// The output's name; empty when the compositor chooses.
        public var output: String
        /// `HUDPlacement`'s raw value: HUDs stack with those at the same one on the same output.
        public var placement: String
        /// The bezel's height as laid out, in points.
        public var height: Double
        /// When it came on screen (CLOCK_MONOTONIC seconds, the same in every process of the machine).
        public var since: Double
        /// A notification bubble: its stack is ordered newest first (`HUDStack.ordered`), in every process.
        public var newestFirst: Bool?
        /// Stacks at the edge (a critical notification) or away from it (a count of waiting ones).
        public var first: Bool?
        public var last: Bool?

        public init(key: String, output: String, placement: String, height: Double, since: Double,
                    newestFirst: Bool = false, first: Bool = false, last: Bool = false) {
            self.key = key
            self.output = output
            self.placement = placement
            self.height = height
            self.since = since
            self.newestFirst = newestFirst ? true : nil
            self.first = first ? true : nil
            self.last = last ? true : nil
        }
    }
}
