/// Where everything goes: the bezel inside its area, and the stack of items inside the bezel. All in points.
///
/// This is MBProgressHUD's `updateConstraints` as one measure-and-place pass: a vertical stack of
/// `[indicator, label, details, button]`, each centred, `padding` between visible items only, `margin` around
/// the stack, grown to `minSize`, made `square` on request, centred in the area plus `offset` and kept
/// `margin` inside the area.
public struct HUDLayout: Hashable, Sendable {
    /// The area the HUD is laid out in (a monitor's work area, or the canvas of `x11hud render`).
    public var area: Rect
    public var bezel: Rect
    /// The indicator: above the labels, or in a bubble the picture at their left, or the bar under them.
    public var indicator: Rect?
    /// An image or icon beside a progress indicator or spinner (yad's `--image` beside its bar), at its left; in a
    /// bubble with a bar, its picture at the left of the text and the bar.
    public var sideImage: Rect?
    public var label: PlacedText?
    public var details: PlacedText?
    public var button: PlacedButton?
    /// A bubble's action buttons, in rows under its text (`HUDStyle.bubble`, `HUDContent.actions`).
    public var buttons: [PlacedButton] = []
    /// A bubble's stack count (`HUDContent.stackCount`) at the trailing end of its summary's first line, the summary
    /// wrapped and ellipsized in the width left beside it.
    public var count: PlacedText?

    /// A text block and the frame it was measured to.
    public struct PlacedText: Hashable, Sendable {
        public var block: TextBlock
        public var frame: Rect
    }

    /// The rounded button and its title.
    public struct PlacedButton: Hashable, Sendable {
        public var frame: Rect
        public var title: PlacedText
    }

    private enum Item { case indicator, label, details, button }

    /// A layout made elsewhere (the banner's).
    init(area: Rect, bezel: Rect, indicator: Rect? = nil, label: PlacedText? = nil, details: PlacedText? = nil,
         button: PlacedButton? = nil) {
        self.area = area
        self.bezel = bezel
        self.indicator = indicator
        self.label = label
        self.details = details
        self.button = button
    }

    /// MBProgressHUDRoundedButton adds this to its title's width.
    public static let buttonExtraWidth: Double = 20
    /// Space above and below the button's title.
    public static let buttonVerticalInset: Double = 6
    /// Between a side image and the indicator beside it.
    public static let sideImageGap: Double = 10

    /// Lays out `content` in `style` inside `area`.
    public init(content: HUDContent, style: HUDStyle, area: Rect, measurer: some TextMeasuring) {
        if style.banner {
            self = Self.banner(content, style: style, area: area, measurer: measurer)
            return
        }
        if let bubble = style.bubble {
            self = Self.bubble(content, style: style, bubble: bubble, area: area, measurer: measurer)
            return
        }
        self.area = area
        let m = style.margin
        let maxBezel = Size(width: max(0, area.width - 2 * m), height: max(0, area.height - 2 * m))
        let maxContentWidth = max(1, min(style.maxTextWidth, maxBezel.width - 2 * m))
        let maxContentHeight = max(1, maxBezel.height - 2 * m)

        let sideSize = Self.sideImageSize(content)
        let ownIndicatorSize = Indicator(content: content, style: style)?.size
        // With a side image the indicator item is a row: the image, a gap, the indicator.
        let indicatorSize = ownIndicatorSize.map { own in
            sideSize.map { Size(width: $0.width + Self.sideImageGap + own.width, height: max($0.height, own.height)) }
                ?? own
        }
        var labelBlock: TextBlock? = nil
        var labelSize = Size.zero
        if !content.label.isEmpty {
            let block = TextBlock(text: content.label, font: style.labelFont.resolved(defaultSize: 16),
                                  maxWidth: maxContentWidth, maxLines: style.maxLabelLines, markup: style.markup)
            labelBlock = block
            labelSize = Self.fit(measurer.measure(block), width: maxContentWidth, height: maxContentHeight)
        }
        var buttonTitle: TextBlock? = nil
        var buttonSize = Size.zero
        var buttonTitleSize = Size.zero
        if !content.buttonTitle.isEmpty {
            let block = TextBlock(text: content.buttonTitle, font: style.buttonFont.resolved(defaultSize: 12),
                                  maxWidth: max(1, maxContentWidth - Self.buttonExtraWidth), maxLines: 1)
            buttonTitle = block
            buttonTitleSize = Self.fit(measurer.measure(block), width: max(1, maxContentWidth - Self.buttonExtraWidth),
                                       height: maxContentHeight)
            let h = buttonTitleSize.height + 2 * Self.buttonVerticalInset
            buttonSize = Size(width: max(h, buttonTitleSize.width + Self.buttonExtraWidth), height: h)
        }
        // The details label gets whatever height the others leave, so a long text is ellipsized instead of
        // pushing the bezel off the screen.
        var detailsBlock: TextBlock? = nil
        var detailsSize = Size.zero
        if !content.details.isEmpty {
            let others = [indicatorSize ?? .zero, labelSize, buttonSize].filter { !$0.isEmpty }
            let used = others.reduce(0) { $0 + $1.height } + Double(others.count) * style.padding
            let block = TextBlock(text: content.details, font: style.detailsFont.resolved(defaultSize: 12),
                                  maxWidth: maxContentWidth, maxHeight: max(1, maxContentHeight - used),
                                  markup: style.markup)
            detailsBlock = block
            detailsSize = Self.fit(measurer.measure(block), width: maxContentWidth,
                                   height: max(1, maxContentHeight - used))
        }

        let items: [(Item, Size)] = [
            (.indicator, indicatorSize ?? .zero), (.label, labelSize), (.details, detailsSize), (.button, buttonSize),
        ].filter { !$0.1.isEmpty }

        let contentWidth = items.map(\.1.width).max() ?? 0
        let contentHeight = items.map(\.1.height).reduce(0, +) + Double(max(0, items.count - 1)) * style.padding
        var size = Size(width: contentWidth + 2 * m, height: contentHeight + 2 * m)
        size.width = max(size.width, style.minSize.width)
        size.height = max(size.height, style.minSize.height)
        if style.square {
            let side = max(size.width, size.height)
            size = Size(width: side, height: side)
        }
        // Whatever the text, the fonts or minSize ask for, the bezel never outgrows its area (less the margin
        // where there is room for one): a window larger than the screen is never made.
        let limit = Size(width: maxBezel.width > 0 ? maxBezel.width : area.width,
                         height: maxBezel.height > 0 ? maxBezel.height : area.height)
        size = Size(width: min(size.width, limit.width).rounded(.up),
                    height: min(size.height, limit.height).rounded(.up))

        let p = style.position
        bezel = Rect(x: Self.anchored(size.width, area.minX, area.width, p.horizontal, style.offset.x, m),
                     y: Self.anchored(size.height, area.minY, area.height, p.vertical, style.offset.y, m),
                     width: size.width, height: size.height)

        var y = bezel.minY + ((bezel.height - contentHeight) / 2).rounded()
        for (item, itemSize) in items {
            let frame = Rect(x: bezel.minX + ((bezel.width - itemSize.width) / 2).rounded(), y: y,
                             width: itemSize.width, height: itemSize.height)
            switch item {
            case .indicator:
                indicator = frame
                if let sideSize, let own = ownIndicatorSize {
                    sideImage = Rect(x: frame.minX, y: frame.minY + ((frame.height - sideSize.height) / 2).rounded(),
                                     width: sideSize.width, height: sideSize.height)
                    indicator = Rect(x: frame.maxX - own.width,
                                     y: frame.minY + ((frame.height - own.height) / 2).rounded(),
                                     width: own.width, height: own.height)
                }
            case .label: label = labelBlock.map { PlacedText(block: $0, frame: frame) }
            case .details: details = detailsBlock.map { PlacedText(block: $0, frame: frame) }
            case .button:
                if let buttonTitle {
                    let titleFrame = Rect(x: frame.minX + (frame.width - buttonTitleSize.width) / 2,
                                          y: frame.minY + Self.buttonVerticalInset,
                                          width: buttonTitleSize.width, height: buttonTitleSize.height)
                    button = PlacedButton(frame: frame, title: PlacedText(block: buttonTitle, frame: titleFrame))
                }
            }
            y += itemSize.height + style.padding
        }
    }

    /// Where a bezel of `length` goes along one axis of an area from `start` of `extent`: the anchor (-1 the low
    /// edge less the margin, 0 the centre, 1 the high edge) plus the offset, then kept `margin` from both edges
    /// (MB's priority-999 constraints), which is what makes MBProgressMaxOffset pin the bezel to an edge.
    static func anchored(_ length: Double, _ start: Double, _ extent: Double, _ anchor: Int, _ offset: Double,
                         _ margin: Double) -> Double {
        let low = start + margin, high = start + extent - margin - length
        guard low <= high else { return (start + (extent - length) / 2).rounded() }
        let anchored = anchor < 0 ? low : anchor > 0 ? high : start + (extent - length) / 2
        return min(max(anchored + (offset.isFinite ? offset : 0), low), high).rounded()
    }

    /// A text's measured size cut to the room it has: a single glyph can be wider than any wrap width, and a single
    /// line taller than the area.
    private static func fit(_ size: Size, width: Double, height: Double) -> Size {
        Size(width: min(size.width, width), height: min(size.height, height))
    }

    /// The size of the image or icon shown beside the indicator: only a mode with an indicator of its own (a
    /// spinner, pie, ring or bar) shows `content.custom` beside it.
    public static func sideImageSize(_ content: HUDContent) -> Size? {
        let round = Indicator.roundSize
        switch content.mode {
        case .custom, .text: return nil
        case .indeterminate, .determinate, .annular, .bar:
            switch content.custom {
            case .image(let image): return image.displaySize(fitting: round.width)
            case .icon: return round
            case nil: return nil
            }
        }
    }
}
