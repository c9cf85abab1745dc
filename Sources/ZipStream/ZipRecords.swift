/// The zip records as bytes (APPNOTE 6.3.10, little-endian), for `ZipLayout`'s entries.
struct ZipRecords {
    var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func u16(_ v: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: v))
        bytes.append(UInt8(truncatingIfNeeded: v >> 8))
    }

    mutating func u32(_ v: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: v >> UInt32(shift))) }
    }

    mutating func u64(_ v: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: v >> UInt64(shift))) }
    }

    /// A 32-bit field, or its zip64 marker when the value needs 64 bits.
    mutating func u32OrMarker(_ v: UInt64, zip64: Bool) { u32(zip64 ? 0xFFFF_FFFF : UInt32(v)) }

    /// 4.5 for zip64 fields, 2.0 (stored, no extras) otherwise.
    static func versionNeeded(_ zip64: Bool) -> UInt16 { zip64 ? 45 : 20 }
    /// Bit 3: the checksum follows the contents, in the descriptor. Bit 11: names are UTF-8.
    static let flags: UInt16 = 1 << 3 | 1 << 11
    static let stored: UInt16 = 0

    /// The local header. The checksum is left to the descriptor (bit 3), so a header is written before
    /// its contents are read; the sizes are given all the same, for readers that stream from the start.
    mutating func localHeader(_ e: ZipEntry) {
        u32(0x0403_4B50)
        u16(Self.versionNeeded(e.isZip64))
        u16(Self.flags)
        u16(Self.stored)
        u16(e.modified.time)
        u16(e.modified.date)
        u32(0)
        u32OrMarker(e.size, zip64: e.isZip64)
        u32OrMarker(e.size, zip64: e.isZip64)
        u16(UInt16(e.name.count))
        u16(e.isZip64 ? 20 : 0)
        bytes += e.name
        if e.isZip64 {
            u16(0x0001)
            u16(16)
            u64(e.size)
            u64(e.size)
        }
    }

    mutating func descriptor(_ e: ZipEntry, crc: UInt32) {
        u32(0x0807_4B50)
        u32(crc)
        if e.isZip64 {
            u64(e.size)
            u64(e.size)
        } else {
            u32(UInt32(e.size))
            u32(UInt32(e.size))
        }
    }

    mutating func directoryRecord(_ e: ZipEntry, crc: UInt32, headerOffset: UInt64) {
        let farOffset = headerOffset >= 0xFFFF_FFFF
        let fields = ZipLayout.zip64Fields(e, headerOffset: headerOffset)
        u32(0x0201_4B50)
        // Made by: version 4.5 on Unix (3), so that the external attributes are read as a mode.
        u16(3 << 8 | 45)
        u16(Self.versionNeeded(fields > 0))
        u16(Self.flags)
        u16(Self.stored)
        u16(e.modified.time)
        u16(e.modified.date)
        u32(crc)
        u32OrMarker(e.size, zip64: e.isZip64)
        u32OrMarker(e.size, zip64: e.isZip64)
        u16(UInt16(e.name.count))
        u16(fields > 0 ? UInt16(4 + 8 * fields) : 0)
        u16(0)  // comment
        u16(0)  // disk
        u16(0)  // internal attributes
        u32(0o100644 << 16)  // a regular file, rw-r--r--
        u32OrMarker(headerOffset, zip64: farOffset)
        bytes += e.name
        if fields > 0 {
            u16(0x0001)
            u16(UInt16(8 * fields))
            if e.isZip64 {
                u64(e.size)
                u64(e.size)
            }
            if farOffset { u64(headerOffset) }
        }
    }

    mutating func end(_ layout: ZipLayout) {
        let count = UInt64(layout.entries.count)
        if layout.hasZip64End {
            let zip64EndOffset = layout.centralDirectoryOffset + layout.centralDirectorySize
            u32(0x0606_4B50)
            u64(ZipLayout.zip64EndLength - 12)
            u16(3 << 8 | 45)
            u16(45)
            u32(0)
            u32(0)
            u64(count)
            u64(count)
            u64(layout.centralDirectorySize)
            u64(layout.centralDirectoryOffset)
            u32(0x0706_4B50)
            u32(0)
            u64(zip64EndOffset)
            u32(1)
        }
        u32(0x0605_4B50)
        u16(0)
        u16(0)
        u16(count >= 0xFFFF ? 0xFFFF : UInt16(count))
        u16(count >= 0xFFFF ? 0xFFFF : UInt16(count))
        u32OrMarker(layout.centralDirectorySize, zip64: layout.centralDirectorySize >= 0xFFFF_FFFF)
        u32OrMarker(layout.centralDirectoryOffset, zip64: layout.centralDirectoryOffset >= 0xFFFF_FFFF)
        u16(0)
    }
}
