import VitrineCore

/// Fuzzes page and relevance cursor parsing.
///
/// The input is tried both as the cursor text a client sends and as the bytes inside the base64url, so
/// the fuzzer reaches the number parsing directly. A cursor that parses must encode back to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    for text in [String(decoding: bytes, as: UTF8.self), Base64URL.encode(bytes)] {
        if let decoded = Base64URL.decode(text) {
            precondition(Base64URL.decode(Base64URL.encode(decoded)) == decoded, "base64url does not round-trip")
        }
        if let cursor = PageCursor(encoded: text) {
            precondition(PhotoID.isValid(cursor.id), "a page cursor with a malformed id")
            precondition(PageCursor(encoded: cursor.encoded) == cursor, "a page cursor does not round-trip")
        }
        if let cursor = RelevanceCursor(encoded: text) {
            precondition((0...RelevanceCursor.maximumOffset).contains(cursor.offset), "offset out of range")
            precondition(RelevanceCursor(encoded: cursor.encoded) == cursor, "a relevance cursor does not round-trip")
        }
    }
    return 0
}
