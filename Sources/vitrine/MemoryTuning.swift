#if canImport(Glibc)
    import Glibc
#endif

/// How freed memory goes back to the system.
enum MemoryTuning {
    /// Free memory at the top of a malloc heap, in bytes, that stays with the process.
    ///
    /// Why: a stream (a zip, an original) reads into a fresh 64 KiB buffer per chunk and frees it once
    /// the socket took it. With glibc's default (128 KiB), the freed top of the heap went back to the
    /// system at once and every next chunk faulted its pages in again: a zip download spent nearly as long
    /// in page faults as on its checksums. What stays is bounded by this, per heap.
    static let retainedHeapTop: Int32 = 32 << 20

    /// Applied at start, before any thread allocates.
    static func apply() {
        #if canImport(Glibc)
            // `mallopt` is in <malloc.h>, which Swift's Glibc module leaves out; looked up by name, it is
            // called with C's convention. `M_TRIM_THRESHOLD` is −1 in glibc's ABI.
            typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            _ = unsafeBitCast(symbol, to: MallOpt.self)(-1, retainedHeapTop)
        #endif
    }
}
