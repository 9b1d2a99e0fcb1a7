public import HUDScene
public import ProgressFeed

/// One change handed to a HUD by the program (a notification, the "N more" pill), everything in one value: its
/// look, its picture, its action buttons, what its clicks and the pointer do, and text and value that go the way
/// all input goes (merged with the rest and applied by `FeedPolicy` with the next frame). It enters through the
/// same door as every other input, `HUDController.post(_:)`; what is nil is left as it is.
@MainActor public struct HUDChange {
    /// Label, details, value, mode: posted as input (`HUDController.post(_:show:)`).
    public var input: FeedUpdate?
    public var style: HUDStyle?
    /// The custom view (`HUDContent.custom`): `.some(nil)` takes it away.
    public var picture: CustomIndicator??
    /// The titles of its action buttons (`HUDContent.actions`).
    public var actions: [String]?
    /// How many it stands for (`HUDContent.stackCount`).
    public var stackCount: Int?
    /// What its clicks and the pointer do, replaced together.
    public var handlers: HUDHandlers?
    /// Runs once the HUD has hidden (`HUDController.completion`).
    public var completion: (@MainActor () -> Void)?

    public init(input: FeedUpdate? = nil, style: HUDStyle? = nil) {
        self.input = input
        self.style = style
    }
}

/// What a HUD's clicks and the pointer do; nil: nothing (a click on the button then cancels, and clicks go
/// through the bezel).
@MainActor public struct HUDHandlers {
    /// A click on its button.
    public var button: (@MainActor () -> Void)?
    /// A click on one of its action buttons, with its index.
    public var action: (@MainActor (Int) -> Void)?
    /// A left click on the bezel; while set, the whole bezel takes clicks.
    public var bezel: (@MainActor () -> Void)?
    /// A click of the middle (2) or right (3) button on the bezel, while `bezel` is set.
    public var otherClick: (@MainActor (Int) -> Void)?
    /// The pointer came onto it (true) or left it.
    public var hover: (@MainActor (Bool) -> Void)?

    public init() {}
}
