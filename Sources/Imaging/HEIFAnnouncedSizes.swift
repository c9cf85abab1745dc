#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The sizes a HEIF or AVIF file's images announce in their `ispe` properties, read from the `meta` box
/// before libheif sees the file: a decompression bomb is then refused by the pixel limit from its own header,
/// as a JPEG is, and never by parsing libheif's refusal out of libvips' error buffer, which every thread in
/// the process shares.
///
/// Only boxes are walked (ISO/IEC 14496-12 §4.2, 23008-12 §6.5.3), each bounded by its parent; a file this
/// cannot read announces nothing and is left to libheif to accept or refuse.
enum HEIFAnnouncedSizes {
    /// The most of a `meta` box read: a phone's is a few KiB, a burst's a few hundred.
    static let maximumMetaBytes = 4 << 20
    /// The most top-level boxes looked through for `meta` (it normally follows `ftyp`).
    static let maximumTopLevelBoxes = 64

    struct Size: Equatable {
        var width: Int
        var height: Int
        /// Their product, or nil past `Int.max` (each side may be up to 2³²−1).
        var pixels: Int? {
            let (product, overflow) = width.multipliedReportingOverflow(by: height)
            return overflow ? nil : product
        }
    }

    /// The largest size any image in the file at `path` announces; nil when it announces none.
    static func largest(path: String) -> Size? {
        guard let meta = metaBox(path: path) else { return nil }
        return sizes(inMeta: meta).max { ($0.pixels ?? .max) < ($1.pixels ?? .max) }
    }

    /// Every `ispe` in `meta/iprp/ipco`, given the `meta` box's body (after its own header).
    static func sizes(inMeta meta: [UInt8]) -> [Size] {
        // `meta` is a full box: version and flags come before its children.
        guard meta.count >= 4, let iprp = child("iprp", of: meta[4...]), let ipco = child("ipco", of: iprp) else {
            return []
        }
        return boxes(in: ipco).compactMap { box in
            // `ispe` is a full box too: version and flags, then width and height, each a 32-bit integer.
            guard box.type == "ispe", box.body.count >= 12 else { return nil }
            let fields = box.body.startIndex + 4
            return Size(width: bigEndian(box.body, at: fields), height: bigEndian(box.body, at: fields + 4))
        }
    }

    struct Box {
        var type: String
        var body: ArraySlice<UInt8>
    }

    /// The boxes laid end to end in `bytes`; stops at the first that does not fit.
    static func boxes(in bytes: ArraySlice<UInt8>) -> [Box] {
        var found: [Box] = []
        var cursor = bytes.startIndex
        while bytes.endIndex - cursor >= 8 {
            let declared = bigEndian(bytes, at: cursor)
            let type = String(decoding: bytes[cursor + 4..<cursor + 8], as: UTF8.self)
            var header = 8
            var size = declared
            if declared == 1 {
                // A 64-bit size follows the type.
                guard bytes.endIndex - cursor >= 16 else { break }
                let high = bigEndian(bytes, at: cursor + 8)
                guard high == 0 else { break }  // over 4 GiB: larger than any parent this reads
                size = bigEndian(bytes, at: cursor + 12)
                header = 16
            } else if declared == 0 {
                size = bytes.endIndex - cursor  // to the end of its parent
            }
            guard size >= header, size <= bytes.endIndex - cursor else { break }
            found.append(Box(type: type, body: bytes[cursor + header..<cursor + size]))
            cursor += size
        }
        return found
    }

    static func child(_ type: String, of bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        boxes(in: bytes).first { $0.type == type }?.body
    }

    /// The 32-bit big-endian integer at `index`; the caller has checked four bytes are there.
    static func bigEndian(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int {
        (0..<4).reduce(0) { $0 << 8 | Int(bytes[index + $1]) }
    }

    /// The body of the file's top-level `meta` box, read with at most `maximumTopLevelBoxes` header reads.
    static func metaBox(path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var offset: Int64 = 0
        for _ in 0..<maximumTopLevelBoxes {
            guard let header = FileHead.read(fd, at: offset, count: 16), header.count >= 8 else { return nil }
            let slice = header[...]
            let declared = Int64(bigEndian(slice, at: 0))
            let type = String(decoding: header[4..<8], as: UTF8.self)
            var headerSize: Int64 = 8
            var size = declared
            if declared == 1 {
                guard header.count == 16 else { return nil }
                let high = Int64(bigEndian(slice, at: 8))
                guard high < 1 << 31 else { return nil }
                size = high << 32 | Int64(bigEndian(slice, at: 12))
                headerSize = 16
            } else if declared == 0 {
                return nil  // the last box runs to the end of the file and it is not a `meta` worth reading
            }
            guard size >= headerSize else { return nil }
            if type == "meta" {
                let bodySize = size - headerSize
                guard bodySize <= Int64(maximumMetaBytes),
                    let body = FileHead.read(fd, at: offset + headerSize, count: Int(bodySize)),
                    body.count == Int(bodySize)
                else { return nil }
                return body
            }
            let (next, overflow) = offset.addingReportingOverflow(size)
            guard !overflow else { return nil }
            offset = next
        }
        return nil
    }
}
