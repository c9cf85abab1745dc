import HTTPParsing

/// libFuzzer target: any bytes as the query string of a Pixabay search. Checks that an accepted search keeps
/// every bound the catalog relies on.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: size)
    let raw = String(decoding: bytes, as: UTF8.self)
    guard let query = try? PixabayQuery(FormQuery(raw)) else { return 0 }
    precondition(PixabayQuery.perPageRange.contains(query.perPage))
    precondition(query.page >= 1)
    precondition(query.page == 1 || query.offset < PixabayQuery.maximumHits, "no page past the last hit")
    precondition(query.offset >= 0)
    precondition((query.text?.utf8.count ?? 0) <= 4 * PixabayQuery.maximumQueryScalars)
    precondition(PixabayQuery.dimensionRange.contains(query.minWidth))
    precondition(PixabayQuery.dimensionRange.contains(query.minHeight))
    precondition((query.number ?? 1) >= 1)
    if let callback = query.callback {
        precondition(callback.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "(") && $0 != UInt8(ascii: ";") })
    }
    return 0
}
