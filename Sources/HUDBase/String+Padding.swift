extension String {
    /// The text followed by spaces up to `width` characters, and by one space at least, for a column of plain text
    /// (`--help`'s exit statuses, `--print-config`'s sources).
    public func padded(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
