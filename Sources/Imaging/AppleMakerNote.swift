/// Reads the content identifier an iPhone writes into a Live Photo's still: tag 0x11 of Apple's MakerNote,
/// the same UUID its clip carries as `com.apple.quicktime.content.identifier`.
///
/// libexif does not decode Apple's MakerNote, so this walks the raw EXIF block itself: IFD0, the Exif IFD,
/// the MakerNote (`Apple iOS\0`, a version, `MM`, then an IFD whose offsets count from the MakerNote's
/// start). Every offset and count comes from the file, so each is checked against the block before use.
enum AppleMakerNote {
    /// Entries read from one IFD at most: real ones hold a few dozen.
    static let maximumEntries = 512

    static func contentIdentifier(exif: [UInt8]) -> String? {
        var tiff = exif[...]
        if tiff.starts(with: Array("Exif\0\0".utf8)) { tiff = tiff.dropFirst(6) }
        let block = Array(tiff)
        guard let reader = TIFFReader(block, headerAt: 0), let ifd0 = reader.u32(at: 4),
            let exifIFD = reader.entry(0x8769, inIFDAt: Int(ifd0)).flatMap({ reader.u32(at: $0 + 8) }),
            let note = reader.entry(0x927C, inIFDAt: Int(exifIFD)),
            let length = reader.u32(at: note + 4), let offset = reader.u32(at: note + 8),
            let start = Int(exactly: offset), let count = Int(exactly: length),
            start <= block.count, count <= block.count - start
        else { return nil }
        let makerNote = Array(block[start..<(start + count)])
        guard makerNote.starts(with: Array("Apple iOS\0".utf8)), makerNote.count > 14,
            let apple = TIFFReader(makerNote, orderAt: 12), let entry = apple.entry(0x11, inIFDAt: 14),
            apple.u16(at: entry + 2) == 2, let textLength = apple.u32(at: entry + 4).flatMap({ Int(exactly: $0) }),
            (1...256).contains(textLength)
        else { return nil }
        let textStart = textLength <= 4 ? entry + 8 : apple.u32(at: entry + 8).flatMap { Int(exactly: $0) }
        guard let textStart, textStart <= makerNote.count, textLength <= makerNote.count - textStart else {
            return nil
        }
        return LiveIdentifier.clean(makerNote[textStart..<(textStart + textLength)])
    }
}

/// Bounds-checked reads of a TIFF-structured block in its declared byte order.
struct TIFFReader {
    let bytes: [UInt8]
    let bigEndian: Bool

    /// A block that starts with a TIFF header (`II*\0` or `MM\0*`) at `headerAt`.
    init?(_ bytes: [UInt8], headerAt offset: Int) {
        guard offset >= 0, bytes.count >= offset + 8 else { return nil }
        self.init(bytes, orderAt: offset)
        guard u16(at: offset + 2) == 42 else { return nil }
    }

    /// A block whose byte-order mark (`II` or `MM`) is at `orderAt`.
    init?(_ bytes: [UInt8], orderAt offset: Int) {
        guard offset >= 0, bytes.count >= offset + 2 else { return nil }
        switch (bytes[offset], bytes[offset + 1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        self.bytes = bytes
    }

    func u16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        let (a, b) = (UInt16(bytes[offset]), UInt16(bytes[offset + 1]))
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func u32(at offset: Int) -> UInt32? {
        guard let first = u16(at: offset), let second = u16(at: offset + 2) else { return nil }
        return bigEndian ? UInt32(first) << 16 | UInt32(second) : UInt32(second) << 16 | UInt32(first)
    }

    /// The offset of the 12-byte entry for `tag` in the IFD at `offset`; nil when the IFD or the tag is not
    /// there.
    func entry(_ tag: UInt16, inIFDAt offset: Int) -> Int? {
        guard let count = u16(at: offset) else { return nil }
        for index in 0..<min(Int(count), AppleMakerNote.maximumEntries) {
            let entry = offset + 2 + index * 12
            guard let found = u16(at: entry) else { return nil }
            if found == tag { return entry }
        }
        return nil
    }
}
