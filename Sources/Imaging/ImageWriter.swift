import CVips
import Synchronization

/// Writes images from raw pixels or other images: test fixtures, benchmark inputs and tools.
///
/// The saver and its options come from `path`'s suffix, libvips-style: `photo.jpg[Q=90]`, `a.png[bitdepth=16]`.
public enum ImageWriter {
    /// How the raw bytes should be interpreted.
    public enum PixelKind: Sendable {
        /// 1 (grey), 3 (RGB) or 4 (RGBA) bands of 8 bits.
        case uchar
        /// 16 bits per band, native endianness.
        case ushort
        /// 4 bands of 8-bit CMYK.
        case cmyk
    }

    /// Saves `pixels` (band-interleaved rows) to `path`.
    /// - Parameters:
    ///   - orientation: EXIF orientation to record (1–8), without moving pixels.
    ///   - fields: libvips metadata to write, e.g. `["exif-ifd0-Make": "Canon"]` (EXIF savers pick these up).
    public static func write(
        pixels: [UInt8], width: Int, height: Int, bands: Int, kind: PixelKind = .uchar,
        to path: String, orientation: Int? = nil, fields: [String: String] = [:]
    ) throws(ImagingError) {
        try Vips.start()
        let format = kind == .ushort ? VT_FORMAT_USHORT : VT_FORMAT_UCHAR
        let created = pixels.withUnsafeBytes { raw in
            vt_image_new_from_memory_copy(
                raw.baseAddress, raw.count, Int32(width), Int32(height), Int32(bands), format)
        }
        guard let created else { throw .encodeFailed(Vips.takeError()) }
        var image = VipsImage(taking: created)
        let interpretation: VtInterpretation =
            switch kind {
            case .cmyk: VT_INTERPRETATION_CMYK
            case .ushort: bands >= 3 ? VT_INTERPRETATION_RGB16 : VT_INTERPRETATION_GREY16
            case .uchar: bands >= 3 ? VT_INTERPRETATION_sRGB : VT_INTERPRETATION_B_W
            }
        // A fresh copy is ours alone, so setting fields on it is safe.
        image = try VipsImage.make { vt_copy_interpretation(image.pointer, $0, interpretation) }
        if let orientation { vt_image_set_int(image.pointer, "orientation", Int32(orientation)) }
        for (name, value) in fields { vt_image_set_string(image.pointer, name, value) }
        try save(image, to: path)
    }

    /// Scales an existing photo to `width`×`height` and adds Gaussian grain, so the result compresses like a
    /// camera file rather than like a smooth upscale (benchmark inputs).
    public static func enlargeWithGrain(
        from input: String, to output: String, width: Int, height: Int, sigma: Double
    ) throws(ImagingError) {
        try Vips.start()
        guard let source = vt_source_new_from_file(input) else { throw .corrupt(Vips.takeError()) }
        defer { vt_source_unref(source) }
        guard let opened = vt_image_new_from_source(source) else { throw .corrupt(Vips.takeError()) }
        let image = VipsImage(taking: opened)
        let hscale = Double(width) / Double(image.width)
        let vscale = Double(height) / Double(image.height)
        let large = try VipsImage.make { vt_resize(image.pointer, $0, hscale, vscale) }
        let noise = try VipsImage.make { vt_gaussnoise($0, Int32(large.width), Int32(large.height), sigma) }
        let noisy = try VipsImage.make { vt_add(large.pointer, noise.pointer, $0) }
        let eight = try VipsImage.make { vt_cast(noisy.pointer, $0, VT_FORMAT_UCHAR) }
        try save(eight, to: output)
    }

    static func save(_ image: VipsImage, to path: String) throws(ImagingError) {
        let written = writesHEVC(path) ? hevcEncoder.withLock { _ in write(image, to: path) } : write(image, to: path)
        guard written else { throw .encodeFailed(Vips.takeError()) }
    }

    private static func write(_ image: VipsImage, to path: String) -> Bool {
        vt_write_to_file(image.pointer, path) == 0
    }

    /// HEVC encoders opened at once on several threads have crashed inside libx265 (a call through a null
    /// pointer in its process-wide tables), so the process's HEVC saves run one at a time. Decoding HEIC uses
    /// libde265 and is not held up.
    private static let hevcEncoder = Mutex(())

    /// Whether libvips saves `path` (a target with options) through libheif's HEVC encoder: a `.heic` or
    /// `.heif` target, whose default compression is HEVC, or one that asks for it.
    static func writesHEVC(_ path: String) -> Bool {
        let lowered = path.lowercased()
        let name = lowered.split(separator: "[", maxSplits: 1).first.map(String.init) ?? lowered
        let options = lowered.dropFirst(name.count)
        if options.contains("compression=av1") { return false }
        return options.contains("compression=hevc") || name.hasSuffix(".heic") || name.hasSuffix(".heif")
    }
}
