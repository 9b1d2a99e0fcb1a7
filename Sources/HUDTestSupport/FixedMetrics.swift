public import HUDScene

/// A text measurer with round numbers, so layout tests can check MBProgressHUD's arithmetic exactly and frames whose
/// text does not matter need no fonts: every character is half the font size wide, every line 1.25 font sizes
/// tall, each paragraph (a line feed ends one) wraps at `maxWidth`, and the limits hold across paragraphs, as
/// `TextEngine` holds them; markup counts as the text it shows.
public struct FixedMetrics: TextMeasuring {
    public init() {}

    public func measure(_ block: TextBlock) -> Size {
        let size = block.font.size ?? 16
        let charWidth = size / 2, lineHeight = size * 1.25
        let perLine = max(1, Int(block.maxWidth / charWidth))
        let text = block.markup ? TextBlock.plainText(fromMarkup: block.text) : block.text
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(\.count)
        var lines = paragraphs.map { max(1, ($0 + perLine - 1) / perLine) }.reduce(0, +)
        if text.isEmpty { lines = 0 }
        if let maxLines = block.maxLines { lines = min(lines, maxLines) }
        if let maxHeight = block.maxHeight { lines = max(1, min(lines, Int(maxHeight / lineHeight))) }
        let width = Double(min(paragraphs.max() ?? 0, perLine)) * charWidth
        return Size(width: width.rounded(.up), height: (Double(lines) * lineHeight).rounded(.up))
    }
}
