/// Fuzzes the XMP keyword scan: whatever the packet, the keywords are few, short, non-empty, trimmed and
/// free of control characters.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let packet = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
    let keywords = XMPKeywords.subjects(in: packet)
    precondition(keywords.count <= XMPKeywords.maximumKeywords, "too many keywords")
    for keyword in keywords {
        precondition(!keyword.isEmpty && keyword.utf8.count <= XMPKeywords.maximumKeywordBytes, "bad length")
        precondition(keyword.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7f }, "a control character")
        precondition(keyword.trimmingASCIISpaces() == keyword, "untrimmed")
    }
    return 0
}
