import Blobs
import Catalog
import Imaging
import Scheduling
import VitrineCore

/// Makes a photo's AVIF thumb and preview when a client that accepts AVIF first asks for them, in the
/// background, then keeps each as a variant (blob and catalog row, through `LeasedWrite`), so it is made once
/// for every process and client. An AVIF is kept only when it is smaller than the WebP thumb or the JPEG
/// preview it stands in for; one that is not is remembered here and not tried again by this process.
///
/// Not at import: an AVIF takes about ten times a WebP's encode (Benchmarks/avif), which would make every
/// import several times slower for clients that may never ask.
public actor AVIFVariantMaker {
    let library: Library
    let renders: BoundedExecutor
    let options: RenderOptions
    private var inFlight: [Job: Task<Void, Never>] = [:]
    /// Jobs whose AVIF came out no smaller, bounded: forgotten all at once past `notSmallerLimit`.
    private var notSmaller: Set<Job> = []
    let notSmallerLimit = 100_000
    /// How many renders ran: lets tests prove each AVIF is made once.
    public private(set) var renderCount = 0

    struct Job: Hashable, Sendable {
        var photoId: String
        var kind: VariantKind
    }

    public init(library: Library, renders: BoundedExecutor, options: RenderOptions = RenderOptions()) {
        self.library = library
        self.renders = renders
        self.options = options
    }

    /// The variant an AVIF of `kind` stands in for: the WebP thumb or the JPEG preview.
    public static func reference(of kind: VariantKind) -> VariantKind? {
        switch kind {
        case .thumbAVIF: .thumbWebP
        case .previewAVIF: .preview
        default: nil
        }
    }

    /// Starts making the photo's AVIF of `kind` (`thumbAVIF` or `previewAVIF`) unless it is being made or is
    /// known to be no smaller. True when it is on its way; the caller answers with what exists meanwhile.
    @discardableResult
    public func request(photoId: String, kind: VariantKind) -> Bool {
        let job = Job(photoId: photoId, kind: kind)
        guard Self.reference(of: kind) != nil, !notSmaller.contains(job) else { return false }
        guard inFlight[job] == nil else { return true }
        renderCount += 1
        let (library, renders, options) = (library, renders, options)
        inFlight[job] = Task {
            let kept = await Self.render(job, library: library, renders: renders, options: options)
            self.finish(job, kept: kept)
        }
        return true
    }

    /// Waits for every AVIF being made (tests, and a graceful stop).
    public func settle() async {
        while let task = inFlight.values.first { await task.value }
    }

    private func finish(_ job: Job, kept: Bool?) {
        inFlight[job] = nil
        guard kept == false else { return }
        if notSmaller.count >= notSmallerLimit { notSmaller.removeAll() }
        notSmaller.insert(job)
    }

    /// Renders from the original and records the AVIF when it is smaller: true when kept, false when no
    /// smaller or the original cannot be rendered, nil when it could not be made now (the photo is gone, the render pool is full, a store
    /// failed), which a later request retries.
    static func render(
        _ job: Job, library: Library, renders: BoundedExecutor, options: RenderOptions
    ) async
        -> Bool?
    {
        let catalog = library.catalog
        do {
            guard let referenceKind = reference(of: job.kind),
                let original = try await catalog.variant(photoId: job.photoId, kind: .original),
                let reference = try await catalog.variant(photoId: job.photoId, kind: referenceKind)
            else { return nil }
            let target: AVIFTarget = job.kind == .thumbAVIF ? .thumb : .preview
            // Refused before the original is fetched (a whole file from a bucket), not after.
            try renders.checkRoom()
            let encoded = try await library.blobs.withLocalFile(original.blobKey) { path in
                try await renders.run { try PhotoRenderer.avif(path: path, for: target, options: options) }
            }
            guard Int64(encoded.bytes.count) < reference.byteSize else { return false }
            let record = VariantRecord(
                photoId: job.photoId, kind: job.kind, blobKey: BlobKey.of(encoded.bytes), mimeType: encoded.mimeType,
                width: encoded.width, height: encoded.height, byteSize: Int64(encoded.bytes.count))
            _ = try await library.leasedWrite.run(
                [.bytes(encoded.bytes, contentType: encoded.mimeType)], purpose: "avif"
            ) { owner in
                // Unannounced: the thumb's and the preview's URLs negotiate AVIF, so no client sees a change,
                // and an update would make filtered views query their timeline again.
                try await catalog.addVariant(record, leaseOwner: owner, announces: false)
            }
            return true
        } catch is ImagingError {
            return false
        } catch {
            return nil
        }
    }
}
