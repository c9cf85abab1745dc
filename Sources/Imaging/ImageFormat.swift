/// The photo formats Vitrine accepts, decided from the bytes by libvips' loader sniffing.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    case jpeg, png, webp, tiff, gif, heic, avif, jxl

    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .tiff: "image/tiff"
        case .gif: "image/gif"
        case .heic: "image/heic"
        case .avif: "image/avif"
        case .jxl: "image/jxl"
        }
    }

    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .tiff: "tif"
        default: rawValue
        }
    }

    /// Maps a loader nickname (`jpegload_source`, `heifload_source`…) to a format.
    /// HEIF containers need the compression field to tell HEIC from AVIF.
    static func fromLoader(_ name: String, heifCompression: String?) throws(ImagingError) -> ImageFormat {
        func starts(_ prefix: String) -> Bool { name.hasPrefix(prefix) }
        if starts("jpeg") { return .jpeg }
        if starts("png") || starts("spng") { return .png }
        if starts("webp") { return .webp }
        if starts("tiff") { return .tiff }
        if starts("gif") || starts("nsgif") { return .gif }
        if starts("jxl") { return .jxl }
        if starts("heif") { return heifCompression == "av1" ? .avif : .heic }
        let format = ["svg", "pdf", "magick", "ppm", "fits", "vips", "matrix", "csv", "rad", "openslide", "openexr"]
            .first { starts($0) }
        throw .unsupportedFormat(format.map { $0 == "magick" ? "unknown to libvips' own loaders" : $0 } ?? name)
    }

    /// libvips answers class names (`VipsForeignLoadJpegSource`) or nicknames (`jpegload_source`);
    /// both become a lowercase name starting with the format (`jpegsource`, `jpegload_source`).
    static func loaderName(_ raw: String) -> String {
        (raw.hasPrefix("VipsForeignLoad") ? String(raw.dropFirst(15)) : raw).lowercased()
    }
}
