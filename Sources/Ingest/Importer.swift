import Blobs
import Catalog
import Foundation
import Imaging
import Logging
import Scheduling
import VitrineCore

/// Turns files into catalogued photos: hash, dedupe, decode once, store variants durably, then insert the row.
///
/// Ordering is the crash-safety argument (see `LeasedWrite`): blobs are acknowledged durably before the
/// single catalog transaction that makes the photo visible, so a kill at any instant leaves either no row
/// (and orphaned blobs a re-run reuses) or a complete photo.
public final class Importer: Sendable {
    public let catalog: any PhotoCatalog
    public let blobs: any BlobStore
    public let options: ImportOptions
    /// Where hashing and libvips run: `options.concurrency` at once, off Swift's cooperative threads.
    let renders: BoundedExecutor
    let logger: Logger
    /// Test seam: runs after the blobs are written and before the catalog insert.
    let beforeCatalogInsert: (@Sendable (String) async throws -> Void)?
    /// Told of each file's end, for metrics.
    let observer: (any ImportObserver)?
    /// Where a video's poster frame is written while it renders.
    let temporaries: TemporaryArea

    public init(
        catalog: any PhotoCatalog, blobs: any BlobStore, options: ImportOptions = ImportOptions(),
        logger: Logger = Logger(label: "vitrine.ingest"),
        beforeCatalogInsert: (@Sendable (String) async throws -> Void)? = nil, observer: (any ImportObserver)? = nil,
        temporaries: TemporaryArea? = nil
    ) {
        self.observer = observer
        // Without a library's own `tmp/` (an importer made alone), the system's temporary folder.
        self.temporaries = temporaries ?? TemporaryArea(root: NSTemporaryDirectory() + "vitrine")
        self.catalog = catalog
        self.blobs = blobs
        self.options = options
        self.logger = logger
        self.beforeCatalogInsert = beforeCatalogInsert
        renders = BoundedExecutor(
            label: "vitrine.ingest", width: options.concurrency, queueLimit: options.queueLimit,
            refusal: "too many photos are being imported; try again shortly", retryAfterSeconds: 2)
    }

    /// Imports files with at most `options.concurrency` in flight, reporting progress after each file.
    public func importFiles(
        _ paths: [String], progress: @Sendable (ImportProgress) -> Void = { _ in }
    ) async -> ImportSummary {
        await importItems(paths.map { ImportItem(path: $0) }, progress: progress)
    }

    /// Imports files with their tags; see `importFiles`.
    public func importItems(
        _ items: [ImportItem], progress: @Sendable (ImportProgress) -> Void = { _ in }
    ) async -> ImportSummary {
        var summary = ImportSummary()
        var done = 0
        await withTaskGroup(of: ImportOutcome.self) { group in
            var next = 0
            func startNext() {
                guard next < items.count else { return }
                let item = items[next]
                next += 1
                group.addTask { await self.importFile(at: item.path, tags: item.tags) }
            }
            for _ in 0..<min(options.concurrency, items.count) { startNext() }
            while let outcome = await group.next() {
                done += 1
                summary.record(outcome)
                progress(ImportProgress(done: done, total: items.count, latest: outcome))
                startNext()
            }
        }
        return summary
    }

    /// Imports one file. Never throws: every problem becomes a `.failed` outcome with a reason.
    public func importFile(at path: String, originalName: String? = nil, tags: [String] = []) async -> ImportOutcome {
        do {
            return try await importFileThrowing(at: path, originalName: originalName, tags: tags)
        } catch let error as ImagingError {
            return .failed(path: path, reason: error.description)
        } catch let error as ImportError {
            return .failed(path: path, reason: error.description)
        } catch let error as BlobStoreError {
            return .failed(path: path, reason: error.description)
        } catch {
            return .failed(path: path, reason: String(describing: error))
        }
    }

    /// Like `importFile`, but throws the error (e.g. `ImagingError`, `BusyError`) for callers that map it to
    /// a status. Returns `.imported` or `.duplicate`.
    public func importFileThrowing(
        at path: String, originalName: String? = nil, tags: [String] = []
    ) async throws -> ImportOutcome {
        guard let observer else {
            return try await importFileUnobserved(at: path, originalName: originalName, tags: tags)
        }
        let start = ContinuousClock.now
        do {
            let outcome = try await importFileUnobserved(at: path, originalName: originalName, tags: tags)
            observer.importEnded(.success(outcome), duration: start.duration(to: .now))
            return outcome
        } catch {
            observer.importEnded(.failure(error), duration: start.duration(to: .now))
            throw error
        }
    }

    func importFileUnobserved(at path: String, originalName: String?, tags: [String]) async throws -> ImportOutcome {
        let name = originalName ?? (path as NSString).lastPathComponent
        var outcome = try await importOrThrow(path: path, originalName: name, tags: tags)
        // A duplicate of a photo deleted meanwhile is no duplicate: import it after all, so the bytes the
        // caller handed over are never lost to a deletion that finished first.
        for _ in 0..<3 {
            guard case .duplicate(_, let existing) = outcome, try await catalog.photo(id: existing) == nil else {
                break
            }
            outcome = try await importOrThrow(path: path, originalName: name, tags: tags)
        }
        return outcome
    }

    /// The tags a file's own keywords give, as `ImportOptions.keepsKeywords` says.
    func keywords(_ metadata: PhotoMetadata) -> [String] {
        options.keepsKeywords ? metadata.keywords : []
    }

    func importOrThrow(path: String, originalName: String, tags: [String]) async throws -> ImportOutcome {
        let (file, hash, size) = try await renders.run { () throws -> (FileInfo, BlobKey, Int64) in
            let file = try FileInfo(path: path)
            guard file.isRegularFile else { throw ImportError.notAFile }
            guard file.size > 0 else { throw ImagingError.emptyFile }
            let (hash, size) = try FileHasher.sha256(path: path)
            return (file, hash, size)
        }
        if let existing = try await catalog.photo(contentHash: hash.hex) {
            return .duplicate(path: path, existingID: existing.id)
        }
        if let still = try await catalog.stillHolding(motion: hash) {
            return .duplicate(path: path, existingID: still)
        }
        if let priority = options.queuedRenderPriority {
            return try await importQueued(
                path: path, originalName: originalName, tags: tags, file: file, hash: hash, size: size,
                priority: priority)
        }
        let (options, temporaries) = (options, temporaries)
        let rendered = try await renders.run {
            try MediaRenderer.render(path: path, options: options.render, temporaries: temporaries)
        }
        let motion = await motionClip(path: path, metadata: rendered.metadata)
        defer { if let motion { unlink(motion.path) } }
        let encoded = [rendered.preview, rendered.thumbWebP, rendered.thumbJPEG, rendered.smallThumb]
        let original = PendingBlob.file(at: path, key: hash, contentType: rendered.mimeType)
        let variants = encoded.map { PendingBlob.bytes($0.bytes, contentType: $0.mimeType) }
        let motionBlob = motion.map { PendingBlob.file(at: $0.path, key: $0.key, contentType: $0.mimeType) }
        do {
            let outcome = try await LeasedWrite(catalog: catalog, blobs: blobs).run(
                [original] + variants + (motionBlob.map { [$0] } ?? []), purpose: "import"
            ) {
                owner in
                try await beforeCatalogInsert?(path)
                let id = PhotoID.make()
                let photo = Self.record(
                    id: id, hash: hash, size: size, originalName: originalName, rendered: rendered, file: file)
                var rows = [
                    VariantRecord(
                        photoId: id, kind: .original, blobKey: hash, mimeType: rendered.mimeType,
                        width: rendered.width, height: rendered.height, byteSize: size)
                ]
                for (kind, (blob, variant)) in zip(Self.renderedKinds, zip(variants, encoded)) {
                    rows.append(
                        VariantRecord(
                            photoId: id, kind: kind, blobKey: blob.key, mimeType: variant.mimeType,
                            width: variant.width, height: variant.height, byteSize: Int64(variant.bytes.count)))
                }
                if let motion { rows.append(Self.motionVariant(motion, photoId: id)) }
                try await catalog.insert(
                    photo, variants: rows, tags: tags + keywords(rendered.metadata), leaseOwner: owner,
                    jobs: renditionJobs(
                        photoId: id, probe: rendered.video ?? motion?.probe, byteSize: motion?.size ?? size),
                    now: EpochMilliseconds.now)
                logger.debug("imported", metadata: ["path": .string(path), "id": .string(id)])
                return ImportOutcome.imported(path: path, photoID: id)
            }
            guard case .imported(_, let id) = outcome else { return outcome }
            recordClip(probe: rendered.video ?? motion?.probe, byteSize: motion?.size ?? size)
            let shown = await pairLivePart(
                photoId: id, metadata: rendered.metadata, isClip: rendered.video != nil)
            return .imported(path: path, photoID: shown)
        } catch CatalogError.duplicate(let existingID) {
            // Another worker imported the same bytes first; its blobs are ours too (same content, same keys).
            return .duplicate(path: path, existingID: existingID)
        }
    }

    /// The kinds of `RenderedPhoto`'s preview, thumbs and small thumb, in that order.
    static let renderedKinds: [VariantKind] = [.preview, .thumbWebP, .thumbJPEG, .smallThumb]

    static func record(
        id: String, hash: BlobKey, size: Int64, originalName: String, rendered: RenderedPhoto, file: FileInfo
    ) -> PhotoRecord {
        record(
            id: id, hash: hash, size: size, originalName: originalName,
            described: DescribedPhoto(
                format: rendered.format, width: rendered.width, height: rendered.height, metadata: rendered.metadata,
                video: rendered.video),
            appearance: PhotoAppearance(
                thumbHash: Data(rendered.thumbHash), averageColor: rendered.averageColor,
                colorfulness: rendered.colorfulness),
            file: file)
    }

    /// A photo's row from its header and metadata; without `appearance` (not rendered yet) it is
    /// `processing`, grey and without a placeholder.
    static func record(
        id: String, hash: BlobKey, size: Int64, originalName: String, described: DescribedPhoto,
        appearance: PhotoAppearance?, file: FileInfo
    ) -> PhotoRecord {
        let now = EpochMilliseconds.now
        let taken = TakenDate(metadata: described.metadata, fileModified: file.modifiedMilliseconds, importedAt: now)
        let meta = described.metadata
        return PhotoRecord(
            id: id, contentHash: hash.hex, originalName: originalName, title: meta.title,
            format: described.formatName, mimeType: described.mimeType, byteSize: size,
            width: described.width, height: described.height,
            takenAt: taken.milliseconds, takenAtOffset: taken.offsetMinutes, takenAtSource: taken.source,
            camera: meta.camera, location: meta.location,
            thumbHash: appearance?.thumbHash ?? Data(), averageColor: appearance?.averageColor ?? unrenderedColor,
            importedAt: now, updatedAt: now, colorfulness: appearance?.colorfulness,
            status: appearance == nil ? .processing : .ready,
            kind: described.video == nil ? .photo : .video, duration: described.video?.duration)
    }

    /// The colour of a photo not rendered yet: a neutral grey, and grey-scale to the colour search until
    /// its render measures it.
    static let unrenderedColor = "#808080"
}

public enum ImportError: Error, CustomStringConvertible {
    case notAFile
    case cannotRead(String)

    public var description: String {
        switch self {
        case .notAFile: "not a regular file"
        case .cannotRead(let detail): "cannot read file: \(detail)"
        }
    }
}
