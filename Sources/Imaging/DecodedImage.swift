import CVips

/// Fully decoded 8-bit pixels of an encoded image: for checks on what the pipeline produced.
public struct DecodedImage: Sendable {
    public var width: Int
    public var height: Int
    public var bands: Int
    public var pixels: [UInt8]

    /// Decodes `bytes` (any format libvips loads) to 8-bit sRGB, honouring nothing but the pixels
    /// (no EXIF rotation), so tests see exactly what was stored.
    public init(encoded bytes: [UInt8]) throws(ImagingError) {
        try Vips.start()
        // Decode fully while the buffer is alive: libvips reads it lazily.
        let result: Result<VipsImage, ImagingError> = bytes.withUnsafeBytes { raw in
            guard let opened = vt_image_new_from_buffer(raw.baseAddress, raw.count) else {
                return .failure(.corrupt(Vips.takeError()))
            }
            return Result { () throws(ImagingError) in
                try PhotoRenderer.normalized(VipsImage(taking: opened)).materialized()
            }
        }
        let image = try result.get()
        width = image.width
        height = image.height
        bands = image.bands
        pixels = try image.pixelBytes()
    }

    /// The pixel at (x, y) as RGB (alpha dropped).
    public func rgb(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let offset = (y * width + x) * bands
        if bands < 3 { return (Int(pixels[offset]), Int(pixels[offset]), Int(pixels[offset])) }
        return (Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]))
    }
}
