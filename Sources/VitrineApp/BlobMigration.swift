import Blobs
import Ingest
import Scheduling
import VitrineCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copies every blob of a library's disk store (`DATA/blobs/`) to another store (`blobs migrate --to`),
/// leaving the disk copies and the catalog as they are: after it, the library can be served from either.
///
/// Resumable: a key the destination already holds with the same size is skipped, so a run cut short is
/// finished by running it again. Verifying: each blob is uploaded with its name as the expected hash, so a
/// damaged disk copy is refused (a per-key failure) and never stored under a name it does not match.
/// Objects get the content type of the catalog's variant row that names them, else one sniffed from their
/// first bytes.
///
/// Blobs written to the disk store while a migration runs may be missed: run it with the server stopped,
/// or run it once more before switching to the new store.
public struct BlobMigration: Sendable {
    public let source: Library
    public let destination: any BlobStore
    /// Blobs copied at once.
    public let jobs: Int

    public static let defaultJobs = 4

    /// Opens the library in `dataDirectory` (its blobs on disk) and the store `destination` names.
    public init(dataDirectory: String, to destination: BlobLocation, jobs: Int = Self.defaultJobs) async throws {
        guard access(dataDirectory + "/catalog.sqlite", F_OK) == 0 else {
            throw MigrationError.noLibrary(dataDirectory)
        }
        guard destination != .dataDirectory else { throw MigrationError.sameStore }
        source = try await openLibrary(StorageConfiguration(dataDirectory: dataDirectory))
        let executor = BoundedExecutor(
            label: "vitrine.migration", width: max(1, jobs), queueLimit: 1024,
            refusal: "the migration's file work is busy")
        self.destination = try openBlobStore(destination, dataDirectory: dataDirectory, executor: executor)
        self.jobs = max(1, jobs)
    }

    /// Copies what the destination lacks, reporting after each blob; failures are listed in the summary, not
    /// thrown. Throws when the destination cannot be listed at all (a wrong bucket or credentials), before
    /// anything is copied.
    public func run(progress: @Sendable (BlobMigrationProgress) -> Void = { _ in }) async throws -> BlobMigrationSummary
    {
        _ = try await destination.keys(after: nil, limit: 1)
        let keys = try await source.blobs.allKeys()
        var summary = BlobMigrationSummary(total: keys.count)
        try await withThrowingTaskGroup(of: (BlobKey, BlobMigrationOutcome).self) { group in
            var pending = keys.makeIterator()
            func addNext() {
                guard let key = pending.next() else { return }
                group.addTask { (key, try await self.migrate(key)) }
            }
            for _ in 0..<jobs { addNext() }
            while let (key, outcome) = try await group.next() {
                summary.record(key, outcome)
                progress(summary.progress)
                addNext()
            }
        }
        summary.failures.sort { $0.key < $1.key }
        return summary
    }

    /// Copies one blob unless the destination has it; a failure of this blob alone is an outcome.
    func migrate(_ key: BlobKey) async throws -> BlobMigrationOutcome {
        do {
            guard let attributes = try await source.blobs.attributes(of: key) else {
                return .failed("no longer in the disk store (collected meanwhile?)")
            }
            if let there = try await destination.attributes(of: key), there.size == attributes.size {
                return .skipped(bytes: attributes.size)
            }
            let contentType = try await contentType(of: key, size: attributes.size)
            let stored = try await source.blobs.withLocalFile(key) { path in
                try await destination.putFile(at: path, expected: key, contentType: contentType)
            }
            return .copied(bytes: stored.size)
        } catch let error as BlobStoreError {
            if case .contentChanged(_, let actual) = error {
                return .failed("the disk copy is damaged (its bytes hash to \(actual.hex)); not copied")
            }
            return .failed(error.description)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return .failed(String(describing: error))
        }
    }

    /// The MIME type the catalog recorded for the blob, else the one its first bytes show.
    func contentType(of key: BlobKey, size: Int64) async throws -> String {
        if let recorded = try await source.catalog.variant(blobKey: key)?.mimeType { return recorded }
        guard size > 0 else { return ContentSniffer.fallback }
        var head: [UInt8] = []
        try await source.blobs.read(key, range: 0...(min(size, 64) - 1)) { head += $0.readableBytesView }
        return ContentSniffer.mimeType(of: head)
    }

    public enum MigrationError: Error, CustomStringConvertible {
        case noLibrary(String)
        case sameStore

        public var description: String {
            switch self {
            case .noLibrary(let path): "no library in \(path) (no catalog.sqlite there)"
            case .sameStore: "the destination is the data folder's own blobs/"
            }
        }
    }
}

/// What happened to one blob.
enum BlobMigrationOutcome: Sendable {
    case copied(bytes: Int64)
    case skipped(bytes: Int64)
    case failed(String)
}

/// Where a migration is: blobs handled of all, and bytes copied.
public struct BlobMigrationProgress: Sendable, Equatable {
    public var done: Int
    public var total: Int
    public var bytesCopied: Int64
}

/// What a migration did.
public struct BlobMigrationSummary: Sendable {
    public var total: Int
    public var copied = 0
    /// Already in the destination with the same size.
    public var skipped = 0
    public var bytesCopied: Int64 = 0
    public var failures: [(key: BlobKey, reason: String)] = []

    public var done: Int { copied + skipped + failures.count }
    public var progress: BlobMigrationProgress {
        BlobMigrationProgress(done: done, total: total, bytesCopied: bytesCopied)
    }

    mutating func record(_ key: BlobKey, _ outcome: BlobMigrationOutcome) {
        switch outcome {
        case .copied(let bytes):
            copied += 1
            bytesCopied = bytesCopied.addingReportingOverflow(bytes).partialValue
        case .skipped: skipped += 1
        case .failed(let reason): failures.append((key, reason))
        }
    }
}
