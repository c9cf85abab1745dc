import CZlib

/// The zip checksum (CRC-32, as in gzip and PNG), through the system zlib, whose table-driven code
/// runs at memory speed.
public struct CRC32: Sendable, Equatable {
    public private(set) var value: UInt32 = 0

    public init() {}

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes
        // zlib takes a 32-bit length.
        while !rest.isEmpty {
            let n = Swift.min(rest.count, 1 << 30)
            value = UInt32(
                truncatingIfNeeded: crc32(
                    uLong(value), rest.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(n)))
            rest = UnsafeRawBufferPointer(rebasing: rest[n...])
        }
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }
}
