/// The video containers Vitrine accepts, told apart by their first bytes and, within a family, by the brand
/// or document type they declare (never the file name).
public enum VideoFormat: String, Sendable, Codable, CaseIterable {
    case mp4, mov, m4v, webm, mkv
    case threeGP = "3gp"

    public var mimeType: String {
        switch self {
        case .mp4: "video/mp4"
        case .mov: "video/quicktime"
        case .m4v: "video/x-m4v"
        case .webm: "video/webm"
        case .mkv: "video/x-matroska"
        case .threeGP: "video/3gpp"
        }
    }

    public var fileExtension: String { rawValue }

    /// Major brands of the ISO base media files that are still images: HEIF and AVIF, which libvips reads,
    /// and Canon's CR3 raw files.
    static let stillImageBrands: Set<String> = [
        "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1", "avif", "avis", "crx ",
    ]

    /// QuickTime files from before `ftyp` existed open with one of these atoms.
    static let quickTimeLeadingAtoms: Set<String> = ["moov", "mdat", "wide", "free", "skip", "pnot"]

    /// The container a file's first bytes (32 suffice) announce; nil for anything else, images included.
    public static func sniff(_ head: [UInt8]) -> VideoFormat? {
        func text(_ range: Range<Int>) -> String? {
            guard head.count >= range.upperBound else { return nil }
            return String(decoding: head[range], as: UTF8.self)
        }
        // Matroska and WebM: the EBML magic, then a header naming the document type.
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {
            return head.firstRange(of: Array("webm".utf8)) != nil ? .webm : .mkv
        }
        guard let atom = text(4..<8) else { return nil }
        if atom == "ftyp", let brand = text(8..<12) {
            guard !stillImageBrands.contains(brand) else { return nil }
            return fromBrand(brand)
        }
        return quickTimeLeadingAtoms.contains(atom) ? .mov : nil
    }

    /// The format an ISO base media file's major brand names: QuickTime's, Apple's M4V, 3GPP's, else MP4.
    static func fromBrand(_ brand: String) -> VideoFormat {
        if brand == "qt  " { return .mov }
        if brand.hasPrefix("M4V") { return .m4v }
        if brand.hasPrefix("3gp") || brand.hasPrefix("3g2") { return .threeGP }
        return .mp4
    }

    /// Reads a file's first bytes and sniffs them; nil when the file cannot be read or is not a video.
    public static func sniff(path: String) -> VideoFormat? {
        guard let head = FileHead.read(path: path, count: 64) else { return nil }
        return sniff(head)
    }
}
