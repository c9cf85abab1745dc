import CVips

/// Makes one extra size of a photo from its original, on demand (the Pixabay API's 150, 640 and 1280 px).
public enum SizedRenderer {
    /// The size `width`×`height` becomes when its long edge is fitted to `edge`, never enlarged; libvips'
    /// thumbnail rounds the same way, so a listing can announce sizes before they are made.
    public static func fitted(width: Int, height: Int, edge: Int) -> (width: Int, height: Int) {
        let long = max(width, height)
        guard long > edge, long > 0 else { return (width, height) }
        let scale = Double(edge) / Double(long)
        func side(_ value: Int) -> Int {
            value == long ? edge : max(1, Int((Double(value) * scale).rounded()))
        }
        return (side(width), side(height))
    }

    /// Decodes `path` with shrink-on-load and EXIF rotation, fits the long edge to `edge` (never up), and
    /// encodes a progressive JPEG without metadata. Alpha is flattened over white.
    public static func render(
        path: String, edge: Int, quality: Int = 82, maxPixels: Int = RenderOptions().maxPixels
    ) throws(ImagingError) -> EncodedVariant {
        try Vips.start()
        Vips.matchHelperPriority()
        return try ImageHeader.read(path: path, maxPixels: maxPixels) { header, _ throws(ImagingError) in
            let target = fitted(width: header.displayWidth, height: header.displayHeight, edge: edge)
            guard let source = vt_source_new_from_file(path) else { throw .corrupt(Vips.takeError()) }
            defer { vt_source_unref(source) }
            var image = try VipsImage.make {
                header.isUntaggedSRGB
                    ? vt_thumbnail_source_untagged(source, $0, Int32(target.width), Int32(target.height))
                    : vt_thumbnail_source(source, $0, Int32(target.width), Int32(target.height))
            }
            image = try PhotoRenderer.normalized(image)
            if image.hasAlpha { image = try VipsImage.make { vt_flatten(image.pointer, $0, 255) } }
            let bytes = try image.encoded(as: ".jpg[Q=\(quality),interlace=true,optimize_coding=true,strip=true]")
            return EncodedVariant(bytes: bytes, width: image.width, height: image.height, mimeType: "image/jpeg")
        }
    }
}
