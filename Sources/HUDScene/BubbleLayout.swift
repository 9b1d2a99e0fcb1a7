extension HUDStyle {
    /// A notification bubble (after dunst's): one width for all, the picture at the left, the label (summary) and
    /// the details (body) from the leading edge beside it, the body cut to a few lines, in `.bar` mode the bar
    /// under them as wide as they may be, the buttons in rows under all that. Set `HUDStyle.bubble` to lay a HUD
    /// out so.
    public struct Bubble: Hashable, Sendable {
        /// The bezel's width in points, whatever the text: a column of bubbles lines up.
        public var width: Double
        /// The details wrap onto at most this many lines, the last one ending in an ellipsis.
        public var bodyLines: Int
        /// The picture is shown at most this many points a side (a smaller one is not blown up past its pixels,
        /// nor shown smaller than `minIconSize`).
        public var iconSize: Double
        /// Space inside the bezel above and below everything, and at its sides (dunst's `padding` and
        /// `horizontal_padding`), from the bezel's outer edge: the frame is drawn within it.
        public var padding: Double
        public var horizontalPadding: Double
        /// Where the picture is: at the left of the text, at its right, or not shown (dunst's `icon_position`).
        public var iconPosition: IconPosition = .left

        public enum IconPosition: String, CaseIterable, Hashable, Sendable, Codable {
            case left
            case right
            case off
        }

        public init(width: Double = 350, bodyLines: Int = 5, iconSize: Double = 48,
                    padding: Double = Self.defaultPadding, horizontalPadding: Double? = nil) {
            self.width = width
            self.bodyLines = bodyLines
            self.iconSize = iconSize
            self.padding = padding
            self.horizontalPadding = horizontalPadding ?? padding
        }

        /// A small icon (16 pixels) is shown this large, as dunst's `min_icon_size` does.
        public static let minIconSize = 32.0
        /// Space inside the bezel, around everything, unless the bubble says otherwise.
        public static let defaultPadding = 12.0
        /// Between the picture and the text.
        public static let pictureGap = 10.0
        /// Between the summary and the body.
        public static let textGap = 2.0
        /// Between the text and the bar under it.
        public static let barGap = 6.0
        /// Above the rows of buttons, and between two buttons (across and down).
        public static let buttonGap = 8.0
        /// Between the summary and the stack's count at the end of its line.
        public static let countGap = 8.0

        /// A stack's count as shown after the summary: lighter and in the body's weight, so the summary still leads.
        public static func countMarkup(_ count: Int) -> String {
            "<span weight=\"normal\" alpha=\"60%\">×\(count)</span>"
        }
    }
}

extension HUDLayout {
    /// Lays `content` out as a bubble (see `HUDStyle.Bubble`) in `area`, at `style.position` less the margin.
    static func bubble(_ content: HUDContent, style: HUDStyle, bubble: HUDStyle.Bubble, area: Rect,
                       measurer: some TextMeasuring) -> HUDLayout {
        typealias B = HUDStyle.Bubble
        let m = style.margin
        let width = max(1, min(bubble.width, area.width - 2 * m)).rounded()
        let (pad, side) = (bubble.padding, bubble.horizontalPadding)
        let inner = max(1, width - 2 * side)
        // The bar's height is the indicator's own (taller with the percentage beside it); its width is the text's.
        let bar = content.mode == .bar ? Indicator(content: content, style: style)?.size.height : nil
        let shown = (content.mode == .custom || bar != nil) && bubble.iconPosition != .off
        let picture = shown ? pictureSize(content.custom, bubble: bubble) : nil
        let pictureWidth = picture.map { $0.width + B.pictureGap } ?? 0
        // The text starts after a picture at the left, and ends before one at the right.
        let textX = bubble.iconPosition == .left ? pictureWidth : 0
        let textWidth = max(1, inner - pictureWidth)

        var texts: [(TextBlock, Size)] = []
        // The count is measured first: the summary takes the width left beside it, so that it is never cut away.
        var count: (block: TextBlock, size: Size)?
        if !content.label.isEmpty, content.stackCount > 1 {
            let block = TextBlock(text: B.countMarkup(content.stackCount),
                                  font: style.labelFont.resolved(defaultSize: 16), maxWidth: textWidth, maxLines: 1,
                                  markup: true, leading: true)
            count = (block, fit(measurer.measure(block), width: textWidth))
        }
        if !content.label.isEmpty {
            let width = max(1, textWidth - (count.map { $0.size.width + B.countGap } ?? 0))
            let block = TextBlock(text: content.label, font: style.labelFont.resolved(defaultSize: 16),
                                  maxWidth: width, maxLines: style.maxLabelLines, markup: style.markup,
                                  leading: true)
            texts.append((block, fit(measurer.measure(block), width: width)))
        }
        if !content.details.isEmpty {
            let block = TextBlock(text: content.details, font: style.detailsFont.resolved(defaultSize: 12),
                                  maxWidth: textWidth, maxLines: max(1, bubble.bodyLines), markup: style.markup,
                                  leading: true)
            texts.append((block, fit(measurer.measure(block), width: textWidth)))
        }
        let textHeight = texts.map(\.1.height).reduce(0, +) + Double(max(0, texts.count - 1)) * B.textGap
        let columnHeight = textHeight + (bar.map { (textHeight > 0 ? B.barGap : 0) + $0 } ?? 0)
        let rowHeight = max(picture?.height ?? 0, columnHeight)

        // The bubble's buttons are its actions; a HUD's own button (`buttonTitle`) is one more, or the only one.
        var titles = content.actions
        if !content.buttonTitle.isEmpty { titles.append(content.buttonTitle) }
        let rows = buttonRows(titles, font: style.buttonFont.resolved(defaultSize: 12), width: inner,
                              measurer: measurer)
        let buttonsHeight = rows.map { $0.map { $0.size.height }.max() ?? 0 }.reduce(0, +)
            + Double(max(0, rows.count - 1)) * B.buttonGap
        var height = 2 * pad + rowHeight
        if !rows.isEmpty { height += (rowHeight > 0 ? B.buttonGap : 0) + buttonsHeight }
        height = min(height.rounded(.up), max(1, area.height - 2 * m))

        let bezel = Rect(x: anchored(width, area.minX, area.width, style.position.horizontal, style.offset.x, m),
                         y: anchored(height, area.minY, area.height, style.position.vertical, style.offset.y, m),
                         width: width, height: height)
        let top = bezel.minY + pad
        var layout = HUDLayout(area: area, bezel: bezel)
        if let picture {
            let x = bubble.iconPosition == .right ? bezel.minX + side + inner - picture.width : bezel.minX + side
            let frame = Rect(x: x, y: top + ((rowHeight - picture.height) / 2).rounded(),
                             width: picture.width, height: picture.height)
            // Beside a bar the picture is a side image, as beside an OSD's: the indicator is the bar.
            if bar != nil { layout.sideImage = frame } else { layout.indicator = frame }
        }
        let columnTop = top + ((rowHeight - columnHeight) / 2).rounded()
        var y = columnTop
        for (index, (block, size)) in texts.enumerated() {
            let frame = Rect(x: bezel.minX + side + textX, y: y, width: block.maxWidth, height: size.height)
            if index == 0, !content.label.isEmpty {
                layout.label = PlacedText(block: block, frame: frame)
                if let count {
                    let end = bezel.minX + side + textX + textWidth
                    layout.count = PlacedText(block: count.block, frame: Rect(x: end - count.size.width, y: y,
                                                                               width: count.size.width,
                                                                               height: count.size.height))
                }
            } else {
                layout.details = PlacedText(block: block, frame: frame)
            }
            y += size.height + B.textGap
        }
        if let bar {
            let barY = (columnTop + columnHeight - bar).rounded()
            layout.indicator = Rect(x: bezel.minX + side + textX, y: barY, width: textWidth, height: bar)
        }
        y = top + rowHeight + (rowHeight > 0 ? B.buttonGap : 0)
        var placed: [PlacedButton] = []
        for row in rows {
            // Each row fills the width: what is left over is shared out equally.
            let natural = row.map { $0.size.width }.reduce(0, +) + Double(row.count - 1) * B.buttonGap
            let extra = ((inner - natural) / Double(row.count)).rounded(.down)
            let h = row.map { $0.size.height }.max() ?? 0
            var x = bezel.minX + side
            for (block, size, titleSize) in row {
                let frame = Rect(x: x, y: y, width: size.width + extra, height: h)
                let title = Rect(x: frame.minX + ((frame.width - titleSize.width) / 2).rounded(),
                                 y: frame.minY + ((h - titleSize.height) / 2).rounded(),
                                 width: titleSize.width, height: titleSize.height)
                placed.append(PlacedButton(frame: frame, title: PlacedText(block: block, frame: title)))
                x = frame.maxX + B.buttonGap
            }
            y += h + B.buttonGap
        }
        if !content.buttonTitle.isEmpty, let own = placed.popLast() { layout.button = own }
        layout.buttons = placed
        return layout
    }

    /// The picture's size in a bubble: fitted into `iconSize`, a small image not enlarged past its pixels (but at
    /// least to `minIconSize`), one of x11hud's own icons at `iconSize`.
    static func pictureSize(_ custom: CustomIndicator?, bubble: HUDStyle.Bubble) -> Size? {
        switch custom {
        case .icon: return Size(width: bubble.iconSize, height: bubble.iconSize)
        case .image(let image):
            let side = max(image.pixelSize.width, image.pixelSize.height)
            let box = min(bubble.iconSize, max(side, min(HUDStyle.Bubble.minIconSize, bubble.iconSize)))
            return image.displaySize(fitting: box)
        case nil: return nil
        }
    }

    /// `titles` as buttons (each as wide as its title and MBProgressHUD's extra width, cut to one line of `width`)
    /// flowed into rows of at most `width`, in order.
    static func buttonRows(_ titles: [String], font: FontSpec, width: Double, measurer: some TextMeasuring)
        -> [[(block: TextBlock, size: Size, title: Size)]] {
        var rows: [[(block: TextBlock, size: Size, title: Size)]] = []
        var used = 0.0
        for text in titles {
            let block = TextBlock(text: text, font: font, maxWidth: max(1, width - buttonExtraWidth), maxLines: 1)
            let title = fit(measurer.measure(block), width: max(1, width - buttonExtraWidth))
            let h = title.height + 2 * buttonVerticalInset
            let size = Size(width: min(width, max(h, title.width + buttonExtraWidth)), height: h)
            if let last = rows.indices.last, used + HUDStyle.Bubble.buttonGap + size.width <= width {
                rows[last].append((block, size, title))
                used += HUDStyle.Bubble.buttonGap + size.width
            } else {
                rows.append([(block, size, title)])
                used = size.width
            }
        }
        return rows
    }

    private static func fit(_ size: Size, width: Double) -> Size {
        Size(width: min(size.width, width), height: size.height)
    }
}
