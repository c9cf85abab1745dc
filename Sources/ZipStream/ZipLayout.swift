/// Where every byte of an archive goes, fixed by its entries alone: each entry's local header, its
/// contents stored as they are (no compression: photos and videos are compressed already), and a data
/// descriptor with its checksum; then the central directory and the end records.
///
/// The same entries always give the same bytes, so a download resumed with `Range` continues the very
/// archive it started, and the length is known before anything is read. Zip64 fields are written where
/// they are needed (an entry of 4 GiB or more, an offset past 4 GiB, 65 535 entries or more) and
/// nowhere else, so small archives stay readable by the oldest tools.
public struct ZipLayout: Sendable {
    public let entries: [ZipEntry]
    /// The offset of each entry's local header.
    let headerOffsets: [UInt64]
    public let centralDirectoryOffset: UInt64
    public let centralDirectorySize: UInt64
    /// The archive's length in bytes.
    public let length: UInt64
    /// Whether the end needs the zip64 end record and its locator.
    let hasZip64End: Bool

    public init(entries: [ZipEntry]) {
        self.entries = entries
        var offsets: [UInt64] = []
        offsets.reserveCapacity(entries.count)
        var at: UInt64 = 0
        var directory: UInt64 = 0
        for entry in entries {
            offsets.append(at)
            directory += Self.directoryRecordLength(entry, headerOffset: at)
            at += Self.headerLength(entry) + entry.size + Self.descriptorLength(entry)
        }
        headerOffsets = offsets
        centralDirectoryOffset = at
        centralDirectorySize = directory
        hasZip64End =
            entries.count >= 0xFFFF || at >= 0xFFFF_FFFF || directory >= 0xFFFF_FFFF
        length = at + directory + (hasZip64End ? Self.zip64EndLength + Self.zip64LocatorLength : 0) + Self.endLength
    }

    // MARK: Record lengths

    static let localHeaderFixed: UInt64 = 30
    static let directoryFixed: UInt64 = 46
    static let zip64EndLength: UInt64 = 56
    static let zip64LocatorLength: UInt64 = 20
    static let endLength: UInt64 = 22

    static func headerLength(_ entry: ZipEntry) -> UInt64 {
        localHeaderFixed + UInt64(entry.name.count) + (entry.isZip64 ? 20 : 0)
    }

    /// Signature, checksum and both sizes: 4-byte sizes, or 8-byte ones for a zip64 entry.
    static func descriptorLength(_ entry: ZipEntry) -> UInt64 { entry.isZip64 ? 24 : 16 }

    /// How many 8-byte zip64 fields the entry's central record carries: both sizes for a large entry,
    /// and its header's offset when that is past 4 GiB.
    static func zip64Fields(_ entry: ZipEntry, headerOffset: UInt64) -> UInt64 {
        (entry.isZip64 ? 2 : 0) + (headerOffset >= 0xFFFF_FFFF ? 1 : 0)
    }

    static func directoryRecordLength(_ entry: ZipEntry, headerOffset: UInt64) -> UInt64 {
        let fields = zip64Fields(entry, headerOffset: headerOffset)
        return directoryFixed + UInt64(entry.name.count) + (fields > 0 ? 4 + 8 * fields : 0)
    }

    // MARK: Finding a byte

    /// The offset where entry `index`'s contents start.
    public func dataOffset(of index: Int) -> UInt64 { headerOffsets[index] + Self.headerLength(entries[index]) }

    /// The entry whose header, contents or descriptor hold byte `offset` (below the central directory).
    func entry(containing offset: UInt64) -> Int {
        var low = 0
        var high = headerOffsets.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if headerOffsets[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
