import Blobs
import Catalog
import Dispatch
import Foundation
import Imaging
import Logging

/// Turns files into catalogued photos: hash, dedupe, decode once, write variants durably, then insert the row.
///
/// Ordering is the crash-safety argument: blobs are durable (fsync + rename) before the single catalog
/// transaction that makes the photo visible, so a kill at any instant leaves either no row (and orphaned
/// blobs a re-run reuses) or a complete photo.
public final class Importer: Sendable {
    public let catalog: PhotoCatalog
    public let blobs: any BlobStore
    public let options: ImportOptions
    let logger: Logger
    /// Test seam: runs after the blobs are written and before the catalog insert.
    let beforeCatalogInsert: (@Sendable (String) async throws -> Void)?

    public init(
        catalog: PhotoCatalog, blobs: any BlobStore, options: ImportOptions = ImportOptions(),
        logger: Logger = Logger(label: "vitrine.ingest"),
        beforeCatalogInsert: (@Sendable (String) async throws -> Void)? = nil
    ) {
        self.catalog = catalog
        self.blobs = blobs
        self.options = options
        self.logger = logger
        self.beforeCatalogInsert = beforeCatalogInsert
    }

    /// Imports files with at most `options.concurrency` in flight, on threads outside Swift's cooperative
    /// pool (libvips and fsync block), reporting progress after each file.
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
                group.addTask { await self.importOnWorker(item) }
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

    func importOnWorker(_ item: ImportItem) async -> ImportOutcome {
        await importFile(at: item.path, tags: item.tags)
    }

    static let workers = DispatchQueue(label: "vitrine.ingest", attributes: .concurrent)

    /// Runs blocking work (hashing, libvips, fsync) on `workers`, off Swift's cooperative pool.
    static func onWorker<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            workers.async { continuation.resume(with: Result { try work() }) }
        }
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

    /// Like `importFile`, but throws the error (e.g. `ImagingError`) for callers that map it to a status.
    /// Returns `.imported` or `.duplicate`.
    public func importFileThrowing(
        at path: String, originalName: String? = nil, tags: [String] = []
    ) async throws -> ImportOutcome {
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

    func importOrThrow(path: String, originalName: String, tags: [String]) async throws -> ImportOutcome {
        let attributes = try FileInfo(path: path)
        guard attributes.isRegularFile else { throw ImportError.notAFile }
        guard attributes.size > 0 else { throw ImagingError.emptyFile }

        let (hash, size) = try await Self.onWorker { try FileHasher.sha256(path: path) }
        if let existing = try await catalog.photo(contentHash: hash.hex) {
            return .duplicate(path: path, existingID: existing.id)
        }

        let render = options.render
        let rendered = try await Self.onWorker { try PhotoRenderer.render(path: path, options: render) }

        // Lease before writing, so a deletion collecting the same blobs meanwhile either runs first (and
        // the writes below put the files back) or leaves them alone.
        let leaseOwner = "import-" + PhotoID.make()
        let renderedKeys = [rendered.preview, rendered.thumbWebP, rendered.thumbJPEG, rendered.smallThumb].map {
            BlobKey.of($0.bytes)
        }
        try await catalog.lease([hash] + renderedKeys, owner: leaseOwner)
        do {
            return try await store(
                path: path, originalName: originalName, tags: tags, hash: hash, size: size, rendered: rendered,
                attributes: attributes, leaseOwner: leaseOwner)
        } catch {
            try? await catalog.releaseLeases(owner: leaseOwner)
            throw error
        }
    }

    /// Writes the blobs `leaseOwner` leased, then records the photo (which drops the leases).
    func store(
        path: String, originalName: String, tags: [String], hash: BlobKey, size: Int64, rendered: RenderedPhoto,
        attributes: FileInfo, leaseOwner: String
    ) async throws -> ImportOutcome {
        let blobs = self.blobs
        let (original, preview, thumbWebP, thumbJPEG, smallThumb) = try await Self.onWorker {
            (
                try blobs.writeFile(at: path, expected: hash), try blobs.write(rendered.preview.bytes),
                try blobs.write(rendered.thumbWebP.bytes), try blobs.write(rendered.thumbJPEG.bytes),
                try blobs.write(rendered.smallThumb.bytes)
            )
        }

        try await beforeCatalogInsert?(path)

        let id = PhotoID.make()
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let taken = TakenDate(
            metadata: rendered.metadata, fileModified: attributes.modifiedMilliseconds, importedAt: now)
        let meta = rendered.metadata
        let photo = PhotoRecord(
            id: id, contentHash: hash.hex, originalName: originalName, title: meta.title,
            format: rendered.format.rawValue, mimeType: rendered.format.mimeType, byteSize: size,
            width: rendered.width, height: rendered.height,
            takenAt: taken.milliseconds, takenAtOffset: taken.offsetMinutes, takenAtSource: taken.source,
            cameraMake: meta.cameraMake, cameraModel: meta.cameraModel, lens: meta.lens,
            exposureTime: meta.exposureTime, fNumber: meta.fNumber, iso: meta.iso, focalLength: meta.focalLength,
            latitude: meta.latitude, longitude: meta.longitude,
            thumbHash: Data(rendered.thumbHash), averageColor: rendered.averageColor,
            importedAt: now, updatedAt: now, colorfulness: rendered.colorfulness)
        func variant(_ kind: VariantKind, _ key: BlobKey, _ encoded: EncodedVariant) -> VariantRecord {
            VariantRecord(
                photoId: id, kind: kind, blobKey: key, mimeType: encoded.mimeType,
                width: encoded.width, height: encoded.height, byteSize: Int64(encoded.bytes.count))
        }
        let variants = [
            VariantRecord(
                photoId: id, kind: .original, blobKey: original.key, mimeType: rendered.format.mimeType,
                width: rendered.width, height: rendered.height, byteSize: original.size),
            variant(.preview, preview, rendered.preview),
            variant(.thumbWebP, thumbWebP, rendered.thumbWebP),
            variant(.thumbJPEG, thumbJPEG, rendered.thumbJPEG),
            variant(.smallThumb, smallThumb, rendered.smallThumb),
        ]
        do {
            try await catalog.insert(
                photo, variants: variants, tags: tags + rendered.metadata.keywords, leaseOwner: leaseOwner)
        } catch CatalogError.duplicate(let existingID) {
            // Another worker imported the same bytes first; its blobs are ours too (same content, same keys).
            try? await catalog.releaseLeases(owner: leaseOwner)
            return .duplicate(path: path, existingID: existingID)
        }
        logger.debug("imported", metadata: ["path": .string(path), "id": .string(id)])
        return .imported(path: path, photoID: id)
    }
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
