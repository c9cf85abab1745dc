/// Fuzzes what ties a Live Photo's parts together and where a Motion Photo says its clip is: the raw EXIF
/// block's Apple MakerNote walk and the XMP claim scan. Whatever the bytes, nothing traps, an identifier is
/// clean, and a claim is a positive size that fits its own offset.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let identifier = AppleMakerNote.contentIdentifier(exif: bytes) {
        precondition(LiveIdentifier.clean(identifier) == identifier, "an identifier not as cleaned: \(identifier)")
        precondition((1...LiveIdentifier.maximumLength).contains(identifier.utf8.count), "an identifier's length")
    }
    if let claim = MotionPhotoClaim.read(xmp: String(decoding: bytes, as: UTF8.self)) {
        precondition(claim.length > 0 && claim.length <= claim.fromEnd, "a claim that does not fit: \(claim)")
    }
    return 0
}
