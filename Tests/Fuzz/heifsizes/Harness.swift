/// Fuzzes the walk of a HEIF `meta` box for the sizes its images announce: whatever the bytes, it ends, it
/// never reads past them, and each size it finds is two 32-bit integers that came from an `ispe` box.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    let sizes = HEIFAnnouncedSizes.sizes(inMeta: bytes)
    // Each `ispe` takes at least 20 bytes, after the 4 of `meta`'s version and flags and two box headers.
    precondition(sizes.count <= max(0, size - 20) / 20, "more sizes than the bytes can hold")
    for found in sizes {
        precondition((0...0xFFFF_FFFF).contains(found.width) && (0...0xFFFF_FFFF).contains(found.height), "a side")
        _ = found.pixels
    }
    var total = 0
    for box in HEIFAnnouncedSizes.boxes(in: bytes[...]) {
        precondition(box.body.startIndex >= 8 && box.body.endIndex <= size, "a box outside its parent")
        total += box.body.count + 8
    }
    precondition(total <= size, "boxes overlap")
    return 0
}
