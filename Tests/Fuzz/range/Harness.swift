import HTTPParsing

/// Fuzzes `Range` header resolution.
///
/// Input: 8 bytes of file size (any `Int64`, negative included), then the header text. A partial range
/// must lie inside the file, and an unsatisfiable one needs a real size.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let input = Array(UnsafeRawBufferPointer(start: data, count: size))
    guard input.count >= 8 else { return 0 }
    let fileSize = input[0..<8].reduce(Int64(0)) { $0 << 8 | Int64($1) }
    let header = String(decoding: input[8...], as: UTF8.self)
    for size in [fileSize, fileSize & 0xFFFF, Int64.max] {
        switch ByteRange(header: header, size: size) {
        case .whole: break
        case .partial(let range):
            precondition(range.lowerBound >= 0 && range.upperBound < size, "\(range) outside a file of \(size)")
        case .unsatisfiable:
            precondition(size >= 0, "unsatisfiable for an impossible size")
        }
    }
    return 0
}
