import CVips

/// Which image an AVIF stands in for.
public enum AVIFTarget: Sendable {
    /// The thumb (its WebP and JPEG siblings' pixels, alpha kept as the WebP keeps it).
    case thumb
    /// The preview (the JPEG preview's pixels, flattened as it is).
    case preview
}

extension PhotoRenderer {
    /// The AVIF of a photo's thumb or preview, decoded from the original exactly as the import decodes it, so
    /// it has the size of the variant it stands in for. About ten times the WebP's encode time (Benchmarks/avif):
    /// made on demand, off the request path, never during an import.
    public static func avif(
        path: String, for target: AVIFTarget, options: RenderOptions = RenderOptions()
    ) throws(ImagingError) -> EncodedVariant {
        try ImageHeader.read(path: path, maxPixels: options.maxPixels) { header, _ throws(ImagingError) in
            let base = try decode(path: path, header: header, options: options)
            let image: VipsImage
            let quality: Int
            switch target {
            case .thumb:
                image = try fit(base, shortEdge: options.thumbShortEdge)
                quality = options.thumbAVIFQuality
            case .preview:
                let opaque = base.hasAlpha ? try VipsImage.make { vt_flatten(base.pointer, $0, 255) } : base
                image = try fit(opaque, longEdge: options.previewLongEdge)
                quality = options.previewAVIFQuality
            }
            let bytes = try image.encoded(as: ".avif[Q=\(quality),effort=\(options.avifEffort),strip=true]")
            return EncodedVariant(bytes: bytes, width: image.width, height: image.height, mimeType: "image/avif")
        }
    }
}
