import CZlib

/// One-shot gzip (RFC 1952) through the system zlib: the web client's files are compressed once, at
/// start-up, so each request only picks the encoding.
package enum Gzip {
    /// Nil if zlib fails, which only happens when it cannot allocate.
    package static func compress(_ input: [UInt8], level: Int32 = 9) -> [UInt8]? {
        var stream = z_stream()
        // windowBits 15 + 16 asks deflate for the gzip wrapper instead of zlib's.
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 32)
        let status = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
    }
}
