/// A usage problem a command's own check finds once every row is read (ArgumentParser's `ValidationError`). The
/// parser reports it as `CommandLineError.usage`, so the caller prints one kind of usage error, exit 64.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
