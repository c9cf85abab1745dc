/// Where an archive's entries' bytes come from (a blob store, in the server).
public protocol ZipContents: Sendable {
    /// What a read hands over: the source's own buffers, which the archive passes on to its sink as they
    /// are, so the bytes are not copied on their way from the source to the sink.
    associatedtype Chunk: ZipBytes

    /// Hands bytes `range` of entry `index` to `body`, in order, in chunks of any size. It must hand
    /// exactly that many bytes; `ZipArchive` checks, and fails the archive rather than write a wrong one.
    func read(entry index: Int, range: Range<UInt64>, into body: (Chunk) async throws -> Void) async throws

    /// Entry `index`'s CRC-32 if the source knows it from an earlier archive: the directory then needs no
    /// read of an entry a range left out.
    func knownChecksum(entry index: Int) -> UInt32?

    /// Entry `index`'s CRC-32, as a whole read of it gave, for the source to keep.
    func remember(checksum: UInt32, entry index: Int)
}

extension ZipContents {
    public func knownChecksum(entry index: Int) -> UInt32? { nil }
    public func remember(checksum: UInt32, entry index: Int) {}
}

public enum ZipError: Error, Equatable, Sendable {
    /// An entry's source held more or fewer bytes than its planned size.
    case sizeMismatch(entry: Int)
    /// A range outside the archive.
    case badRange
}
