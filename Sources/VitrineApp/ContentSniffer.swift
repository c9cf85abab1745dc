import Imaging

/// The MIME type of a blob from its first bytes, for blobs no catalog row describes (sized variants,
/// orphans): the formats Vitrine stores, else `application/octet-stream`.
enum ContentSniffer {
    static let fallback = "application/octet-stream"

    /// `head`: the blob's first bytes (64 suffice: WebM names its document type after the EBML header).
    static func mimeType(of head: [UInt8]) -> String {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<(offset + magic.count)]) == magic
        }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if starts(Array("GIF8".utf8)) { return "image/gif" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "image/tiff" }
        if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return "image/jxl" }
        if starts(Array("ftyp".utf8), at: 4) {
            if starts(Array("avif".utf8), at: 8) || starts(Array("avis".utf8), at: 8) { return "image/avif" }
            if ["heic", "heix", "mif1", "msf1", "hevc"].contains(where: { starts(Array($0.utf8), at: 8) }) {
                return "image/heic"
            }
        }
        // Video originals: the container the bytes announce, as the import recorded it.
        if let video = VideoFormat.sniff(head) { return video.mimeType }
        return fallback
    }
}
