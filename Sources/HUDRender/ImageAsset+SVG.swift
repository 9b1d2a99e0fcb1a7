internal import CCairo
internal import CSvgLoader
import Glibc
public import HUDScene

/// SVG files (icon themes' `scalable/` icons) drawn by librsvg into a square of pixels, which the model then treats
/// as any other image.
extension ImageAsset {
    /// The side of the square an SVG is drawn into: the 37-point indicator at scale 2, with room to spare.
    public static let svgSide = 96
    /// Larger files are refused unread: an icon is a few kilobytes, and librsvg would parse whatever it is given.
    static let svgMaxBytes = 4 << 20

    /// Draws the SVG file at `path` into a `side`-pixel square (its aspect kept).
    public convenience init(svgAt path: String, side: Int = ImageAsset.svgSide) throws(ImageLoadError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ImageLoadError(path: path, reason: "no such file") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw ImageLoadError(path: path, reason: "it is not a regular file")
        }
        guard info.st_size <= Self.svgMaxBytes else {
            let reason = "\(info.st_size) bytes is too large for an SVG icon (4 MB at most)"
            throw ImageLoadError(path: path, reason: reason)
        }
        TextStack.requireCairo()
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { throw ImageLoadError(path: path, reason: "out of memory") }
        let cr = cairo_create(surface)
        let failure = hud_svg_render(path, UnsafeMutableRawPointer(cr), Double(side), Double(side))
        cairo_destroy(cr)
        if let failure {
            cairo_surface_destroy(surface)
            throw ImageLoadError(path: path, reason: String(cString: failure))
        }
        cairo_surface_flush(surface)
        let pixels = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        self.init(path: path, width: side, height: side, stride: Int(cairo_image_surface_get_stride(surface)),
                  pixels: pixels, release: { cairo_surface_destroy(surface) })
    }
}
