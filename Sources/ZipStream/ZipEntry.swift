/// One file of an archive: its name inside the archive, its exact size, and when it was made.
///
/// The size is known before a byte is written (a photo's catalog row has it), so the whole archive's
/// layout, and its length, are fixed in advance: a download can announce its `Content-Length` and be
/// resumed with `Range`.
public struct ZipEntry: Sendable, Equatable {
    /// UTF-8; the archive marks its names as such. `ZipNames` makes names with no path parts.
    public let name: [UInt8]
    public let size: UInt64
    public let modified: DOSDateTime

    /// Names are cut, at a character's end, to `maximumNameLength` bytes: the format counts them in 16
    /// bits, and no file system takes more than a few hundred.
    public init(name: String, size: UInt64, modified: DOSDateTime) {
        var bytes: [UInt8] = []
        for scalar in name.unicodeScalars {
            let utf8 = String(scalar).utf8
            if bytes.count + utf8.count > Self.maximumNameLength { break }
            bytes += utf8
        }
        self.name = bytes
        self.size = size
        self.modified = modified
    }

    public static let maximumNameLength = 1024

    /// Sizes from `0xFFFF_FFFF` up need the zip64 fields: that value marks them in the 32-bit ones.
    var isZip64: Bool { size >= 0xFFFF_FFFF }
}
