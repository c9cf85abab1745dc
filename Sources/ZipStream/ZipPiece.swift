/// Bytes that can be looked at in place.
public protocol ZipBytes: Sendable {
    var byteCount: Int { get }
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}

extension ZipBytes {
    /// A copy of the bytes.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }
}

extension Array: ZipBytes where Element == UInt8 {
    public var byteCount: Int { count }
}

/// A piece of an archive as it is written: records the archive made (headers, descriptors, the central
/// directory), or an entry's contents as its source handed them over.
public enum ZipPiece<Chunk: ZipBytes>: ZipBytes {
    case records([UInt8])
    case contents(Chunk)

    public var byteCount: Int {
        switch self {
        case .records(let bytes): bytes.count
        case .contents(let chunk): chunk.byteCount
        }
    }

    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        switch self {
        case .records(let bytes): try bytes.withUnsafeBytes(body)
        case .contents(let chunk): try chunk.withUnsafeBytes(body)
        }
    }
}
