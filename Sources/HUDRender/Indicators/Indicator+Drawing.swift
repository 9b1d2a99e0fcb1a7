internal import CCairo
import HUDScene

extension Indicator {
    /// Which part of an indicator to draw: the still part (a track, an outline) can be kept between frames while
    /// the moving part (the progress, the spinner) is drawn over it each frame.
    enum Part {
        case all
        case still
        case moving
    }

    /// Draws `part` of the indicator at `phase` with `progress`, into `f`.
    func draw(_ part: Part, phase: Double, progress: Double, in f: Rect, color: RGBA, text: TextEngine,
              on cr: OpaquePointer) {
        let still = part != .moving, moving = part != .still
        switch kind {
        case .spinner(.activityIndicator):
            if moving { ActivityIndicator.draw(step: ActivityIndicator.step(at: phase), in: f, color: color, on: cr) }
        case .spinner(let style): if moving { drawSpinner(style, phase, in: f, color: color, on: cr) }
        case .ring where showsValue:
            if still { IndicatorPainter.roundTrack(in: f, color: color, on: cr) }
            if moving {
                IndicatorPainter.roundArc(progress: progress, in: f, color: color, on: cr)
                drawValue(progress, in: f, color: color, text: text, on: cr)
            }
        case .ring:
            if still { IndicatorPainter.annularTrack(in: f, color: color, on: cr) }
            if moving { IndicatorPainter.annularArc(progress: progress, in: f, color: color, on: cr) }
        case .pie(.outline):
            // The outline and the arc overlap and must be composited as one layer: all of it moves.
            if moving {
                IndicatorPainter.outlinePie(progress: progress, in: f, color: color, on: cr)
                if showsValue { drawValue(progress, in: f, color: color, text: text, on: cr) }
            }
        case .pie(.filled):
            if still { IndicatorPainter.circleOutline(in: f, color: color, on: cr) }
            if moving {
                let opaque = color.withAlpha(1)
                let value = showsValue ? { drawValue(progress, in: f, color: opaque, text: text, on: cr) } : nil
                IndicatorPainter.pieWedge(progress: progress, in: f, color: color, knockingOut: value, on: cr)
            }
        case .bar:
            let frames = showsValue ? Self.barFrames(in: f) : (bar: f, text: f)
            if still {
                if solidBar {
                    IndicatorPainter.barFill(progress: 1, in: frames.bar, inset: 0,
                                             color: color.withAlpha(color.alpha * 0.25), on: cr)
                } else {
                    IndicatorPainter.barOutline(in: frames.bar, color: color, on: cr)
                }
            }
            if moving {
                IndicatorPainter.barFill(progress: progress, in: frames.bar, inset: solidBar ? 0 : 4, color: color,
                                         on: cr)
                if showsValue { drawValue(progress, in: frames.text, color: color, text: text, on: cr) }
            }
        case .icon(let icon, let live):
            guard live ? moving : still else { return }
            IconPainter.draw(icon, fractions: LiveIcon.fractions(icon, elapsed: phase), in: f, color: color, on: cr)
        case .image(let image): if still { IndicatorPainter.draw(image, in: f, on: cr) }
        }
    }

    /// ProgressHUD's spinners draw opaque shapes (some at their own opacity) into one layer that is then painted in
    /// the content colour, so overlapping shapes do not darken where they cross.
    private func drawSpinner(_ style: SpinnerStyle, _ t: Double, in f: Rect, color: RGBA, on cr: OpaquePointer) {
        cairo_save(cr)
        let d = dirtyRect(in: f)
        cairo_rectangle(cr, d.minX, d.minY, d.width, d.height)
        cairo_clip(cr)
        cairo_push_group(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST)
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        SpinnerPainter.draw(style.shapes(at: t, in: f), on: cr)
        let layer = cairo_pop_group(cr)
        Painter.setColor(cr, color)
        cairo_mask(cr, layer)
        cairo_pattern_destroy(layer)
        cairo_restore(cr)
    }

    private func drawValue(_ progress: Double, in f: Rect, color: RGBA, text: TextEngine, on cr: OpaquePointer) {
        let block = TextBlock(text: Self.valueText(progress), font: Self.valueFont, maxWidth: 200, maxLines: 1)
        let size = text.measure(block)
        text.draw(block, in: Rect(x: f.minX, y: f.midY - size.height / 2, width: f.width, height: size.height),
                  color: color, on: cr)
    }

    /// The bar on the left, as long as the frame leaves it (a bubble's is longer), the percentage on the right.
    private static func barFrames(in f: Rect) -> (bar: Rect, text: Rect) {
        (Rect(x: f.minX, y: f.midY - barSize.height / 2, width: max(1, f.width - barValueGap - barValueSize.width),
              height: barSize.height),
         Rect(x: f.maxX - barValueSize.width, y: f.minY, width: barValueSize.width, height: f.height))
    }
}
