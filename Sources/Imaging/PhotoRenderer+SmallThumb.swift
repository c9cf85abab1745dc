import CVips

extension PhotoRenderer {
    /// The small thumb: the thumb's pixels fitted to `smallThumbShortEdge`, as WebP.
    static func smallThumb(of thumb: VipsImage, options: RenderOptions) throws(ImagingError) -> EncodedVariant {
        let small = try fit(thumb, shortEdge: options.smallThumbShortEdge)
        let bytes = try small.encoded(as: ".webp[Q=\(options.thumbWebPQuality),effort=2,strip=true]")
        return EncodedVariant(bytes: bytes, width: small.width, height: small.height, mimeType: "image/webp")
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
