/// Writes an archive, or any byte range of it, as it goes: a header, then the entry's contents as its
/// source hands them over, then the next. Memory holds one chunk and a checksum per entry, whatever the
/// archive's size.
///
/// An entry's checksum is taken from its contents as they pass. A range that starts past an entry's
/// first byte (a resumed download) and still needs the checksum, for the entry's descriptor or for the
/// central directory, reads that entry through once more, without writing it.
public struct ZipArchive<Contents: ZipContents>: Sendable {
    /// Takes each piece of the archive in order.
    public typealias Sink = (ZipPiece<Contents.Chunk>) async throws -> Void

    public let layout: ZipLayout
    let contents: Contents

    public init(entries: [ZipEntry], contents: Contents) {
        layout = ZipLayout(entries: entries)
        self.contents = contents
    }

    /// Writes the whole archive to `sink`.
    public func write(to sink: Sink) async throws {
        try await write(range: 0..<layout.length, to: sink)
    }

    /// Writes bytes `range` of the archive to `sink`.
    public func write(range: Range<UInt64>, to sink: Sink) async throws {
        guard range.upperBound <= layout.length else { throw ZipError.badRange }
        guard !range.isEmpty else { return }
        var checksums = [UInt32?](repeating: nil, count: layout.entries.count)
        var at = range.lowerBound
        if at < layout.centralDirectoryOffset {
            var index = layout.entry(containing: at)
            while index < layout.entries.count && at < range.upperBound {
                at = try await writeEntry(index, from: at, to: range.upperBound, checksums: &checksums, sink)
                index += 1
            }
        }
        if at < range.upperBound {
            try await writeDirectory(from: at, to: range.upperBound, checksums: &checksums, sink)
        }
    }

    /// Writes what of entry `index` (header, contents, descriptor) lies in `from..<to`; returns where
    /// the entry ends, or `to`.
    func writeEntry(
        _ index: Int, from: UInt64, to: UInt64, checksums: inout [UInt32?], _ sink: Sink
    ) async throws -> UInt64 {
        let entry = layout.entries[index]
        let headerStart = layout.headerOffsets[index]
        let dataStart = layout.dataOffset(of: index)
        let dataEnd = dataStart + entry.size
        let end = dataEnd + ZipLayout.descriptorLength(entry)
        if from < dataStart {
            var header = ZipRecords()
            header.localHeader(entry)
            try await Self.emit(header.bytes, at: headerStart, from: from, to: to, sink)
        }
        if from < dataEnd && to > dataStart {
            let lower = from > dataStart ? from - dataStart : 0
            let upper = (to < dataEnd ? to : dataEnd) - dataStart
            let whole = lower == 0 && upper == entry.size
            var crc = CRC32()
            var read: UInt64 = 0
            try await contents.read(entry: index, range: lower..<upper) { chunk in
                read += UInt64(chunk.byteCount)
                guard read <= upper - lower else { throw ZipError.sizeMismatch(entry: index) }
                // Handed on before the checksum is taken: the socket's side can write it meanwhile.
                try await sink(.contents(chunk))
                if whole { chunk.withUnsafeBytes { crc.update($0) } }
            }
            guard read == upper - lower else { throw ZipError.sizeMismatch(entry: index) }
            if whole {
                checksums[index] = crc.value
                contents.remember(checksum: crc.value, entry: index)
            }
        }
        if to > dataEnd {
            var descriptor = ZipRecords()
            descriptor.descriptor(entry, crc: try await checksum(index, &checksums))
            try await Self.emit(descriptor.bytes, at: dataEnd, from: from, to: to, sink)
        }
        return to < end ? to : end
    }

    /// Writes what of the central directory and the end records lies in `from..<to`, a batch of
    /// records at a time.
    func writeDirectory(
        from: UInt64, to: UInt64, checksums: inout [UInt32?], _ sink: Sink
    ) async throws {
        var at = layout.centralDirectoryOffset
        var batch = ZipRecords(capacity: 1 << 16)
        var batchStart = at
        for (index, entry) in layout.entries.enumerated() {
            let offset = layout.headerOffsets[index]
            let length = ZipLayout.directoryRecordLength(entry, headerOffset: offset)
            defer { at += length }
            if at + length <= from { continue }
            if at >= to { break }
            if batch.bytes.isEmpty { batchStart = at }
            batch.directoryRecord(entry, crc: try await checksum(index, &checksums), headerOffset: offset)
            if batch.bytes.count >= 1 << 16 {
                try await Self.emit(batch.bytes, at: batchStart, from: from, to: to, sink)
                batch.bytes.removeAll(keepingCapacity: true)
            }
        }
        if !batch.bytes.isEmpty { try await Self.emit(batch.bytes, at: batchStart, from: from, to: to, sink) }
        let endStart = layout.centralDirectoryOffset + layout.centralDirectorySize
        if to > endStart {
            var end = ZipRecords()
            end.end(layout)
            try await Self.emit(end.bytes, at: endStart, from: from, to: to, sink)
        }
    }

    /// Entry `index`'s checksum: the one its contents gave as they passed, the one its source kept, or one
    /// more read of them.
    func checksum(_ index: Int, _ checksums: inout [UInt32?]) async throws -> UInt32 {
        if let known = checksums[index] ?? contents.knownChecksum(entry: index) { return known }
        var crc = CRC32()
        var read: UInt64 = 0
        let size = layout.entries[index].size
        try await contents.read(entry: index, range: 0..<size) { chunk in
            read += UInt64(chunk.byteCount)
            guard read <= size else { throw ZipError.sizeMismatch(entry: index) }
            chunk.withUnsafeBytes { crc.update($0) }
        }
        guard read == size else { throw ZipError.sizeMismatch(entry: index) }
        checksums[index] = crc.value
        contents.remember(checksum: crc.value, entry: index)
        return crc.value
    }

    /// Writes the part of `bytes` (which sit at archive offset `start`) that lies in `from..<to`.
    static func emit(
        _ bytes: [UInt8], at start: UInt64, from: UInt64, to: UInt64, _ sink: Sink
    ) async throws {
        let end = start + UInt64(bytes.count)
        guard to > start, from < end else { return }
        let lower = Int(from > start ? from - start : 0)
        let upper = Int((to < end ? to : end) - start)
        if lower == 0 && upper == bytes.count {
            try await sink(.records(bytes))
        } else {
            try await sink(.records(Array(bytes[lower..<upper])))
        }
    }
}
