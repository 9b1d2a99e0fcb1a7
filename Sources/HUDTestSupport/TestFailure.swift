/// A test's precondition that did not hold (a tool failed, a window never came): thrown, so the test stops there
/// with this sentence instead of a cascade of expectations on missing values.
public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
