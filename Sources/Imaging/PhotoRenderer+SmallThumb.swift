import CVips

extension PhotoRenderer {
    /// The small thumb: the thumb's pixels scaled to cover a `smallThumbWidth`×`smallThumbHeight` tile,
    /// as a baseline JPEG, which every browser shows and Chromium decodes in about half the time of the
    /// same pixels in WebP (the web bench's 19 first-screen thumbnails: 15 against 27 ms). A screen of
    /// tiles on a small machine waits on that decoder, one image after another.
    static func smallThumb(of thumb: VipsImage, options: RenderOptions) throws(ImagingError) -> EncodedVariant {
        let small = try fit(thumb, covering: options.smallThumbWidth, options.smallThumbHeight)
        let opaque = small.hasAlpha ? try VipsImage.make { vt_flatten(small.pointer, $0, 255) } : small
        let bytes = try opaque.encoded(as: ".jpg[Q=\(options.thumbJPEGQuality),optimize_coding=true,strip=true]")
        return EncodedVariant(bytes: bytes, width: small.width, height: small.height, mimeType: "image/jpeg")
    }

    /// The small thumb made from a stored thumb, for photos imported before it existed: the thumb is
    /// upright already, has every pixel the small one needs, and decodes far faster than the original.
    public static func smallThumb(
        fromThumbAt path: String, options: RenderOptions = RenderOptions()
    ) throws(ImagingError) -> EncodedVariant {
        try ImageHeader.read(path: path, maxPixels: options.maxPixels) { header, _ throws(ImagingError) in
            try smallThumb(of: decode(path: path, header: header, options: options), options: options)
        }
    }
}
