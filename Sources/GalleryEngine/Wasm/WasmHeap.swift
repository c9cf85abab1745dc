#if arch(wasm32)
    /// The memory allocator of the wasm build, in place of wasi-libc's dlmalloc,
    /// which was about a sixth of the module (10 KB).
    ///
    /// Why so simple? The engine allocates little and rarely: a few objects per
    /// layout or viewer, and columns that grow by half when a page of items
    /// arrives. Blocks come in power-of-two sizes, each size with its own free
    /// list, carved from the top of memory as it grows. A freed block is reused
    /// only for its size (no splitting or merging), which costs at most about
    /// twice the live memory and never walks a list.
    ///
    /// Every block starts with an 8-byte header just before the pointer handed
    /// out: the block's size class and the pointer's distance from the block's
    /// start (which alignment may have moved).
    enum WasmHeap {
        /// Block sizes are 2^5 ... 2^31 bytes.
        static let smallestClass = 5
        static let classCount = 32

        /// Memory comes from `sbrk` in steps of at least this (wasm pages are 64 KB).
        static let growthStep: UInt = 1 << 20

        static func allocate(size: Int, alignment: Int) -> UnsafeMutableRawPointer? {
            let align = UInt(alignment > 16 ? alignment : 16)
            // Sizes or alignments a wasm32 heap cannot hold are refused, not wrapped.
            guard size >= 0, size <= 1 << 30, align <= 1 << 16, align & (align &- 1) == 0 else { return nil }
            // The header and the alignment padding fit in `align` bytes.
            let needed = UInt(size) &+ align
            var k = UInt.bitWidth &- (needed &- 1).leadingZeroBitCount
            if k < smallestClass { k = smallestClass }
            guard let heads = freeListHeads ?? setUp() else { return nil }
            var start = heads[k]
            if start != 0 {
                heads[k] = UnsafePointer<UInt>(bitPattern: start).unsafelyUnwrapped.pointee
            } else {
                guard let fresh = carve(UInt(1) << UInt(k)) else { return nil }
                start = fresh
            }
            let payload = (start &+ 8 &+ align &- 1) & ~(align &- 1)
            let header = UnsafeMutablePointer<UInt32>(bitPattern: payload &- 8).unsafelyUnwrapped
            header[0] = UInt32(k)
            header[1] = UInt32(payload &- start)
            return UnsafeMutableRawPointer(bitPattern: payload)
        }

        static func free(_ pointer: UnsafeMutableRawPointer) {
            guard let heads = freeListHeads else { return }
            let payload = UInt(bitPattern: pointer)
            let header = UnsafePointer<UInt32>(bitPattern: payload &- 8).unsafelyUnwrapped
            let k = Int(header[0])
            let start = payload &- UInt(header[1])
            UnsafeMutablePointer<UInt>(bitPattern: start).unsafelyUnwrapped.pointee = heads[k]
            heads[k] = start
        }

        /// A block of `size` bytes (a power of two, at least 32) from the top of the heap,
        /// 16-byte aligned; grows memory when the top reaches its end.
        static func carve(_ size: UInt) -> UInt? {
            if end &- top < size {
                let wanted = size > growthStep ? size : growthStep
                let step = (wanted &+ 0xFFFF) & ~0xFFFF
                guard step >= wanted, let base = sbrk(Int(bitPattern: step)),
                    UInt(bitPattern: base) != UInt.max
                else { return nil }
                let fresh = UInt(bitPattern: base)
                // Memory only ever grows here, so new pages continue the old ones; the first
                // time, or if something else grew memory, the heap restarts at the new pages.
                if fresh != end { top = (fresh &+ 15) & ~15 }
                end = fresh &+ step
                if end &- top < size { return nil }
            }
            let block = top
            top &+= size
            return block
        }

        /// Takes the free-list heads (one word per size class) from the first memory grown.
        static func setUp() -> UnsafeMutablePointer<UInt>? {
            guard let block = carve(UInt(classCount * MemoryLayout<UInt>.stride)) else { return nil }
            let heads = UnsafeMutablePointer<UInt>(bitPattern: block).unsafelyUnwrapped
            heads.initialize(repeating: 0, count: classCount)
            freeListHeads = heads
            return heads
        }
    }

    nonisolated(unsafe) private var freeListHeads: UnsafeMutablePointer<UInt>? = nil
    nonisolated(unsafe) private var top: UInt = 0
    nonisolated(unsafe) private var end: UInt = 0

    /// wasi-libc's: grows memory by whole pages and returns the old end, or −1.
    @_extern(c, "sbrk") private func sbrk(_ increment: Int) -> UnsafeMutableRawPointer?

    /// `posix_memalign`, which Embedded Swift's runtime allocates with; the C
    /// names are defined in `scripts/wasm/heap-shim.c` (Swift reserves `free`).
    @_cdecl("vitrine_heap_allocate")
    func vitrineHeapAllocate(
        _ result: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ alignment: Int, _ size: Int
    ) -> Int32 {
        guard let p = WasmHeap.allocate(size: size, alignment: alignment) else { return 12 }  // ENOMEM
        result.pointee = p
        return 0
    }

    /// `free`.
    @_cdecl("vitrine_heap_free")
    func vitrineHeapFree(_ pointer: UnsafeMutableRawPointer?) {
        if let pointer { WasmHeap.free(pointer) }
    }
#endif
