/// A HEIF file edited box by box, for what libvips cannot write: a rotation (`irot`, as phones store a portrait
/// photo), a primary image other than the first, and a header that announces another size (`ispe`).
///
/// Only what libvips and exiftool write is handled: 32-bit box sizes, item data in `mdat` after `meta`.
public struct HEIFBoxes {
    public private(set) var bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public enum Malformed: Error { case missing(String), unsupported(String) }

    struct Box {
        var offset: Int
        var size: Int
        var type: String
        /// Where the children or the fields start: after the header, and after version and flags in a full box.
        var body: Int
        var end: Int { offset + size }
    }

    /// The image items (`hvc1`, `av01`), in the order `iinf` lists them.
    public func imageItems() throws -> [Int] { try items(ofTypes: ["hvc1", "av01"]) }

    /// The items of `types`, in the order `iinf` lists them.
    public func items(ofTypes types: Set<String>) throws -> [Int] {
        let info = try box(path: ["meta", "iinf"])
        let version = bytes[info.offset + 8]
        var children: [Box] = []
        var cursor = info.body + (version == 0 ? 2 : 4)
        while cursor + 8 <= info.end {
            let child = try box(at: cursor)
            children.append(child)
            cursor = child.end
        }
        return children.compactMap { entry -> Int? in
            guard entry.type == "infe" else { return nil }
            let entryVersion = bytes[entry.offset + 8]
            let id = entryVersion >= 3 ? u32(entry.body) : u16(entry.body)
            let typeAt = entry.body + (entryVersion >= 3 ? 4 : 2) + 2
            let type = String(decoding: bytes[typeAt..<typeAt + 4], as: UTF8.self)
            return types.contains(type) ? id : nil
        }
    }

    /// The primary item (`pitm`).
    public func primaryItem() throws -> Int { u16(try box(path: ["meta", "pitm"]).body) }

    /// Makes `item` the primary image.
    public mutating func setPrimaryItem(_ item: Int) throws {
        let pitm = try box(path: ["meta", "pitm"])
        guard bytes[pitm.offset + 8] == 0 else { throw Malformed.unsupported("pitm version") }
        set16(pitm.body, item)
    }

    /// Sets every `ispe` (the size each image announces) to `width`×`height`, the pixels left as they are.
    public mutating func announceSize(width: Int, height: Int) throws {
        for property in try children(of: box(path: ["meta", "iprp", "ipco"])) where property.type == "ispe" {
            set32(property.body, width)
            set32(property.body + 4, height)
        }
    }

    /// Whether the images carry an ICC profile (a `colr` property of type `prof` or `rICC`).
    public func hasColourProfile() throws -> Bool {
        try children(of: box(path: ["meta", "iprp", "ipco"])).contains { property in
            property.type == "colr"
                && ["prof", "rICC"].contains(String(decoding: bytes[property.body..<property.body + 4], as: UTF8.self))
        }
    }

    /// Adds an `irot` of `quarterTurns` anticlockwise to the primary image, as a phone does for a photo taken
    /// in portrait (EXIF orientation 6 is `irot` 3). The item data after `meta` moves by the bytes added, so
    /// `iloc`'s offsets follow.
    public mutating func rotatePrimary(quarterTurnsAnticlockwise quarterTurns: Int) throws {
        let primary = try primaryItem()
        let ipco = try box(path: ["meta", "iprp", "ipco"])
        let index = try children(of: ipco).count + 1
        let ipma = try box(path: ["meta", "iprp", "ipma"])
        let version = bytes[ipma.offset + 8]
        let wideIndices = bytes[ipma.offset + 11] & 1 == 1
        guard index < 128, !wideIndices else { throw Malformed.unsupported("ipma layout") }
        // The association goes after the primary's others: insert it first, it lies after `ipco`.
        var cursor = ipma.body + 4
        var inserted = false
        for _ in 0..<u32(ipma.body) {
            let id = version < 1 ? u16(cursor) : u32(cursor)
            cursor += version < 1 ? 2 : 4
            let count = Int(bytes[cursor])
            if id == primary {
                bytes[cursor] = UInt8(count + 1)
                bytes.insert(0x80 | UInt8(index), at: cursor + 1 + count)
                inserted = true
                break
            }
            cursor += 1 + count
        }
        guard inserted else { throw Malformed.missing("the primary's properties") }
        bytes.insert(contentsOf: [0, 0, 0, 9] + Array("irot".utf8) + [UInt8(quarterTurns & 3)], at: ipco.end)
        let added = 10
        for (type, grows) in [("meta", added), ("iprp", added), ("ipco", 9), ("ipma", 1)] {
            let grown = try box(path: type == "meta" ? ["meta"] : ["meta", "iprp"] + (type == "iprp" ? [] : [type]))
            set32(grown.offset, grown.size + grows)
        }
        try shiftItemData(after: ipco.end, by: added)
    }

    /// Replaces the data of `item` with `payload`, stored in a `free` box appended to the file: its `iloc`
    /// entry, which must have one extent, then points there. What libvips cannot write into a HEIC's EXIF
    /// (an Apple MakerNote) goes in this way.
    public mutating func replaceData(of item: Int, with payload: [UInt8]) throws {
        let start = bytes.count + 8
        bytes += [0, 0, 0, 0] + Array("free".utf8) + payload
        set32(start - 8, payload.count + 8)
        let (layout, entries) = try itemLocations()
        guard let entry = entries.first(where: { $0.id == item }) else {
            throw Malformed.missing("item \(item) in iloc")
        }
        guard entry.extentCount == 1, layout.offsetSize >= 4, layout.lengthSize >= 4 else {
            throw Malformed.unsupported("iloc")
        }
        if layout.baseSize > 0 { write(entry.baseAt, size: layout.baseSize, 0) }
        let extent = entry.extentsAt + layout.indexSize
        write(extent, size: layout.offsetSize, start)
        write(extent + layout.offsetSize, size: layout.lengthSize, payload.count)
    }

    /// Adds `delta` to every `iloc` extent stored in the file at or after `point`.
    mutating func shiftItemData(after point: Int, by delta: Int) throws {
        let (layout, entries) = try itemLocations()
        for entry in entries where entry.method == 0 {
            let base = read(entry.baseAt, size: layout.baseSize)
            var moved = false
            for extent in 0..<entry.extentCount {
                let at = entry.extentsAt + extent * layout.extentSize + layout.indexSize
                let offset = read(at, size: layout.offsetSize)
                guard base + offset >= point else { continue }
                moved = true
                if layout.baseSize == 0 { write(at, size: layout.offsetSize, offset + delta) }
            }
            if moved, layout.baseSize > 0 { write(entry.baseAt, size: layout.baseSize, base + delta) }
        }
    }

    /// The field sizes `iloc` declares for every entry.
    struct ItemLocationLayout {
        var offsetSize: Int
        var lengthSize: Int
        var baseSize: Int
        var indexSize: Int
        var extentSize: Int { indexSize + offsetSize + lengthSize }
    }

    /// Where an item's `iloc` entry keeps its base offset and its extents.
    struct ItemLocation {
        var id: Int
        /// The construction method: 0 for data in the file at the offsets given.
        var method: Int
        var baseAt: Int
        var extentsAt: Int
        var extentCount: Int
    }

    /// Walks `iloc` (ISO/IEC 14496-12 §8.11.3), versions 0 to 2.
    func itemLocations() throws -> (ItemLocationLayout, [ItemLocation]) {
        let iloc = try box(path: ["meta", "iloc"])
        let version = bytes[iloc.offset + 8]
        let indexed = version == 1 || version == 2
        let layout = ItemLocationLayout(
            offsetSize: Int(bytes[iloc.body] >> 4), lengthSize: Int(bytes[iloc.body] & 15),
            baseSize: Int(bytes[iloc.body + 1] >> 4), indexSize: indexed ? Int(bytes[iloc.body + 1] & 15) : 0)
        var cursor = iloc.body + 2
        let idSize = version < 2 ? 2 : 4
        let itemCount = read(cursor, size: idSize)
        cursor += idSize
        var entries: [ItemLocation] = []
        for _ in 0..<itemCount {
            let id = read(cursor, size: idSize)
            cursor += idSize
            var method = 0
            if indexed {
                method = u16(cursor) & 15
                cursor += 2
            }
            cursor += 2  // the data reference index
            let baseAt = cursor
            cursor += layout.baseSize
            let extentCount = u16(cursor)
            cursor += 2
            entries.append(
                ItemLocation(id: id, method: method, baseAt: baseAt, extentsAt: cursor, extentCount: extentCount))
            cursor += extentCount * layout.extentSize
        }
        return (layout, entries)
    }

    func box(at offset: Int) throws -> Box {
        guard offset + 8 <= bytes.count else { throw Malformed.missing("a box at \(offset)") }
        let size = u32(offset)
        guard size >= 8, offset + size <= bytes.count else { throw Malformed.unsupported("box size \(size)") }
        let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
        let full = ["meta", "pitm", "iloc", "iinf", "infe", "ipma", "ispe", "hdlr"].contains(type)
        return Box(offset: offset, size: size, type: type, body: offset + (full ? 12 : 8))
    }

    func children(of parent: Box) throws -> [Box] {
        var found: [Box] = []
        var cursor = parent.body
        while cursor + 8 <= parent.end {
            let child = try box(at: cursor)
            found.append(child)
            cursor = child.end
        }
        return found
    }

    /// The box at `path`, each found by walking its parent's children only up to it (sizes after it may be
    /// mid-edit).
    func box(path: [String]) throws -> Box {
        var parent = Box(offset: 0, size: bytes.count, type: "", body: 0)
        for type in path {
            var cursor = parent.body
            var found: Box?
            while found == nil, cursor + 8 <= parent.end {
                let child = try box(at: cursor)
                if child.type == type { found = child }
                cursor = child.end
            }
            guard let found else { throw Malformed.missing(type) }
            parent = found
        }
        return parent
    }

    func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    func u32(_ at: Int) -> Int { read(at, size: 4) }
    func read(_ at: Int, size: Int) -> Int { (0..<size).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
    mutating func write(_ at: Int, size: Int, _ value: Int) {
        for index in 0..<size { bytes[at + index] = UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - index))) }
    }
    mutating func set16(_ at: Int, _ value: Int) { write(at, size: 2, value) }
    mutating func set32(_ at: Int, _ value: Int) { write(at, size: 4, value) }
}
