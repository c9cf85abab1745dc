import Blobs
import Catalog

/// Not yet written: each method is replaced by its real implementation in its own file.
extension PostgresCatalog: PhotoReading, PhotoWriting, ChangeFeed {
    public func photo(id: String) async throws -> PhotoWithVariants? { fatalError("pending") }
    public func photo(contentHash: String) async throws -> PhotoRecord? { fatalError("pending") }
    public func photos(ids: [String]) async throws -> [String: PhotoWithVariants] { fatalError("pending") }
    public func count() async throws -> Int { fatalError("pending") }
    public func count(of kind: VariantKind) async throws -> Int { fatalError("pending") }
    public func page(after cursor: PageCursor?, limit: Int, filter: PhotoFilter) async throws -> CatalogPage {
        fatalError("pending")
    }
    public func relevancePage(
        after cursor: RelevanceCursor?, limit: Int, filter: PhotoFilter
    ) async throws -> RelevancePage { fatalError("pending") }
    public func variant(blobKey: BlobKey) async throws -> VariantRecord? { fatalError("pending") }
    public func variant(photoId: String, kind: VariantKind) async throws -> VariantRecord? { fatalError("pending") }
    public func sizedVariant(photoId: String, edge: Int) async throws -> SizedVariantRecord? { fatalError("pending") }
    public func tagCounts() async throws -> [TagCount] { fatalError("pending") }
    public func tags(of photoId: String) async throws -> [String] { fatalError("pending") }
    public func counters(photoId: String) async throws -> (views: Int, downloads: Int)? { fatalError("pending") }
    public func photos(
        missing kind: VariantKind, after cursor: PageCursor?, limit: Int
    ) async throws -> [PhotoWithVariants] { fatalError("pending") }
    public func insert(
        _ photo: PhotoRecord, variants: [VariantRecord], tags: [String], leaseOwner: String?
    ) async throws { fatalError("pending") }
    public func insertMany(_ photos: [(photo: PhotoRecord, variants: [VariantRecord], tags: [String])]) async throws {
        fatalError("pending")
    }
    public func update(id: String, _ edit: CatalogEdit) async throws -> PhotoWithVariants? { fatalError("pending") }
    public func delete(id: String) async throws -> [BlobKey]? { fatalError("pending") }
    public func addVariant(_ record: VariantRecord, leaseOwner: String) async throws -> Bool { fatalError("pending") }
    public func insertSizedVariant(_ record: SizedVariantRecord, leaseOwner: String) async throws -> SizedVariantRecord?
    { fatalError("pending") }
    @discardableResult public func increment(_ counter: PhotoCounter, photoId: String) async throws -> Bool {
        fatalError("pending")
    }
    public func latestChangeSeq() async throws -> Int64 { fatalError("pending") }
    public func changes(after seq: Int64, limit: Int) async throws -> [ChangeEvent]? { fatalError("pending") }
    public func observeChanges(_ onChange: @escaping @Sendable () -> Void) async throws -> ChangeObservation {
        fatalError("pending")
    }
}
