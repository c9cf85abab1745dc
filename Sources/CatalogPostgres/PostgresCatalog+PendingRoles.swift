import Blobs
import Catalog

/// Not yet written: each method is replaced by its real implementation in its own file.
extension PostgresCatalog: BlobLeases, CompatReading, AccessRecords, SharedSettings, ThrottleCounters {
    public func lease(_ keys: [BlobKey], owner: String) async throws { fatalError("pending") }
    public func releaseLeases(owner: String) async throws { fatalError("pending") }
    public func leases() async throws -> [BlobLease] { fatalError("pending") }
    public func referencedBlobKeys() async throws -> Set<BlobKey> { fatalError("pending") }
    public func retiredBlobCount() async throws -> Int { fatalError("pending") }
    @discardableResult public func collectGarbage(
        candidates: [BlobKey], delete: ([BlobKey]) async throws -> Void
    ) async throws -> [BlobKey] { fatalError("pending") }
    @discardableResult public func collectRetiredBlobs(
        delete: ([BlobKey]) async throws -> Void
    ) async throws -> [BlobKey] { fatalError("pending") }
    public func compatSearch(_ search: CompatSearch) async throws -> CompatPage { fatalError("pending") }
    public func resources(_ query: ResourceQuery, counting: Bool) async throws -> (items: [CompatPhoto], total: Int?) {
        fatalError("pending")
    }
    public func compatPhoto(objectId: String) async throws -> CompatPhoto? { fatalError("pending") }
    public func insertAPIKey(_ key: APIKeyRecord) async throws -> APIKeyRecord { fatalError("pending") }
    public func apiKeys() async throws -> [APIKeyRecord] { fatalError("pending") }
    public func activeAPIKey(digest: String) async throws -> APIKeyRecord? { fatalError("pending") }
    public func revokeAPIKey(id: Int64) async throws -> Bool { fatalError("pending") }
    public func insertSession(_ session: SessionRecord) async throws { fatalError("pending") }
    public func session(digest: String, now: Int64) async throws -> SessionRecord? { fatalError("pending") }
    public func sessions() async throws -> [SessionRecord] { fatalError("pending") }
    @discardableResult public func deleteSession(digest: String) async throws -> Bool { fatalError("pending") }
    @discardableResult public func deleteAllSessions() async throws -> Int { fatalError("pending") }
    public func adminTokenDigest() async throws -> String? { fatalError("pending") }
    public func replaceAdminTokenDigest(_ digest: String) async throws { fatalError("pending") }
    @discardableResult public func recordFailure(
        key: String, repeatKey: String?, now: Int64, windowSeconds: Int64
    ) async throws -> ThrottleWindow { fatalError("pending") }
    public func throttleWindow(key: String, now: Int64, windowSeconds: Int64) async throws -> ThrottleWindow? {
        fatalError("pending")
    }
    public func pruneThrottleWindows(now: Int64, windowSeconds: Int64) async throws { fatalError("pending") }
}
extension PostgresCatalog: PhotoCatalog {}
