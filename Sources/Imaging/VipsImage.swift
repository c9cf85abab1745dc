import CVips

/// Owns one reference to a libvips image and releases it when dropped.
///
/// `Sendable` because libvips images are immutable once built (their fields are set only on a fresh
/// copy, before it is shared), GObject reference counting is atomic, and libvips documents that
/// several threads may read one image at once.
final class VipsImage: @unchecked Sendable {
    let pointer: OpaquePointer

    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { vt_image_unref(pointer) }

    var width: Int { Int(vt_image_get_width(pointer)) }
    var height: Int { Int(vt_image_get_height(pointer)) }
    var bands: Int { Int(vt_image_get_bands(pointer)) }
    var bandFormat: VtBandFormat { vt_image_get_format(pointer) }
    var interpretation: VtInterpretation { vt_image_get_interpretation(pointer) }
    var hasAlpha: Bool { vt_image_hasalpha(pointer) != 0 }

    /// Whether the header carries the field (`icc-profile-data`, `exif-data`…).
    func hasField(_ name: String) -> Bool { vt_image_has_field(pointer, name) != 0 }

    /// A string field such as `exif-ifd0-Make`, or nil when absent.
    func string(_ name: String) -> String? {
        guard vt_image_has_field(pointer, name) != 0 else { return nil }
        var value: UnsafePointer<CChar>?
        guard vt_image_get_string(pointer, name, &value) == 0, let value else {
            vt_error_clear()
            return nil
        }
        return String(cString: value)
    }

    /// A binary field such as `xmp-data`, or nil when absent.
    func blob(_ name: String) -> [UInt8]? {
        guard vt_image_has_field(pointer, name) != 0 else { return nil }
        var data: UnsafeRawPointer?
        var length = 0
        guard vt_image_get_blob(pointer, name, &data, &length) == 0, let data else {
            vt_error_clear()
            return nil
        }
        return Array(UnsafeRawBufferPointer(start: data, count: length))
    }

    func int(_ name: String) -> Int? {
        guard vt_image_has_field(pointer, name) != 0 else { return nil }
        var value: Int32 = 0
        guard vt_image_get_int(pointer, name, &value) == 0 else {
            vt_error_clear()
            return nil
        }
        return Int(value)
    }

    /// Runs a libvips operation that produces a new image.
    static func make(
        _ operation: (UnsafeMutablePointer<OpaquePointer?>) -> Int32
    )
        throws(ImagingError) -> VipsImage
    {
        var out: OpaquePointer?
        guard operation(&out) == 0, let out else { throw .corrupt(Vips.takeError()) }
        return VipsImage(taking: out)
    }

    /// Evaluates the whole pipeline into memory, so later steps read decoded pixels instead of decoding again.
    func materialized() throws(ImagingError) -> VipsImage {
        guard let copy = vt_image_copy_memory(pointer) else { throw .corrupt(Vips.takeError()) }
        return VipsImage(taking: copy)
    }

    /// Encodes with the saver for `suffix`, e.g. `.jpg[Q=82,interlace]`.
    func encoded(as suffix: String) throws(ImagingError) -> [UInt8] {
        var buffer: UnsafeMutableRawPointer?
        var size = 0
        guard vt_write_to_buffer(pointer, suffix, &buffer, &size) == 0, let buffer else {
            throw .encodeFailed(Vips.takeError())
        }
        defer { vt_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: size))
    }

    /// The raw pixels, row by row, band-interleaved.
    func pixelBytes() throws(ImagingError) -> [UInt8] {
        var size = 0
        guard let memory = vt_write_to_memory(pointer, &size) else {
            throw .corrupt(Vips.takeError())
        }
        defer { vt_free(memory) }
        return Array(UnsafeRawBufferPointer(start: memory, count: size))
    }
}
