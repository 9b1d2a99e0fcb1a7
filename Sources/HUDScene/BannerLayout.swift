/// ProgressHUD's top banner: a title (the label, one line) and a message (the details, up to two lines), both from
/// the leading edge, in a rounded box at the top of the area.
extension HUDLayout {
    /// The banner's widest box: ProgressHUD's is the phone's width less 16 a side; a desktop needs less.
    public static let bannerMaxWidth: Double = 420
    /// Space from the area's sides and top (ProgressHUD: 16 and 8).
    static let bannerOuter = (side: 16.0, top: 8.0)
    /// Space inside the box (ProgressHUD: 16 across, 12 down).
    static let bannerInner = (side: 16.0, top: 12.0)
    /// Between the title and the message.
    static let bannerGap = 2.0

    /// Lays out `content` as a banner in `area`.
    static func banner(_ content: HUDContent, style: HUDStyle, area: Rect, measurer: some TextMeasuring) -> HUDLayout {
        let width = max(1, min(Self.bannerMaxWidth, area.width - 2 * Self.bannerOuter.side))
        let textWidth = max(1, width - 2 * Self.bannerInner.side)
        var y = Self.bannerInner.top
        var title: (TextBlock, Double)?
        if !content.label.isEmpty {
            let block = TextBlock(text: content.label, font: style.labelFont.resolved(defaultSize: 16),
                                  maxWidth: textWidth, maxLines: 1, markup: style.markup, leading: true)
            title = (block, y)
            y += measurer.measure(block).height
        }
        var message: (TextBlock, Double)?
        if !content.details.isEmpty {
            if title != nil { y += Self.bannerGap }
            let block = TextBlock(text: content.details, font: style.detailsFont.resolved(defaultSize: 14),
                                  maxWidth: textWidth, maxLines: 2, markup: style.markup, leading: true)
            message = (block, y)
            y += measurer.measure(block).height
        }
        let height = (y + Self.bannerInner.top).rounded(.up)
        let bezel = Rect(x: (area.minX + (area.width - width) / 2).rounded(), y: area.minY + Self.bannerOuter.top,
                     width: width.rounded(), height: height)
        func placed(_ text: (TextBlock, Double)?) -> PlacedText? {
            text.map { block, top in
                PlacedText(block: block, frame: Rect(x: bezel.minX + Self.bannerInner.side, y: bezel.minY + top,
                                                     width: textWidth, height: measurer.measure(block).height))
            }
        }
        return HUDLayout(area: area, bezel: bezel, label: placed(title), details: placed(message))
    }
}
