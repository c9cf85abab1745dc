import Foundation

/// What the server says that becomes a local file name, checked first: ids, extensions and content
/// addresses come from the network, and a mirror must never write outside its folder because of them.
enum MirrorNames {
    /// The longest id accepted; Vitrine's own ids are far shorter.
    static let maximumIDLength = 128

    /// An id that is safe as a file name: 1–128 characters from `A–Z a–z 0–9 - _` (Vitrine's ids are
    /// base64url), so never a path separator, `..` or a hidden file.
    static func isSafeID(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= maximumIDLength else { return false }
        return id.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    /// A file extension that is safe as one: 1–8 lowercase letters or digits.
    static func isSafeExtension(_ ext: String) -> Bool {
        !ext.isEmpty && ext.utf8.count <= 8
            && ext.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7a) }
    }

    /// A file name as a mirror writes it, `<id>.<ext>` with both parts safe.
    static func isSafeFile(_ name: String) -> Bool {
        let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 2 && isSafeID(String(parts[0])) && isSafeExtension(String(parts[1]))
    }

    /// A Live Photo's clip as a mirror names it: `<id>.motion.<ext>`.
    static func isSafeMotionFile(_ name: String) -> Bool {
        let parts = name.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        return parts.count == 3 && isSafeID(String(parts[0])) && parts[1] == "motion"
            && isSafeExtension(String(parts[2]))
    }

    /// A variant URL's content address: the SHA-256 (64 lowercase hex digits) that names the bytes,
    /// from `/assets/<hex>.<ext>` or an asset base's `BASE/ab/cd/<hex>`, with the extension when the
    /// URL has one. Nil for a URL that names no content address.
    static func contentAddress(of url: String) -> (sha256: String, ext: String?)? {
        var path = Substring(url)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let name = path[path.index(after: slash)...]
        let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let hex = parts[0].lowercased()
        guard hex.utf8.count == 64, hex.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        else { return nil }
        let ext = parts.count > 1 ? parts[1].lowercased() : nil
        if let ext, !isSafeExtension(ext) { return nil }
        return (hex, ext)
    }

    /// The extension for a photo's original when its URL carries none: the detail's format, if safe.
    static func fallbackExtension(format: String?) -> String {
        let ext = (format ?? "").lowercased()
        switch ext {
        case "jpeg": return "jpg"
        case "": return "bin"
        default: return isSafeExtension(ext) ? ext : "bin"
        }
    }
}
