import VitrineCore

/// The collection loop every catalog runs (`BlobLeases.collectGarbage`), around its own marking: the
/// candidates, deduplicated and sorted, go in batches of `CatalogPolicy.collectionBatchSize`; each batch is
/// marked by the catalog in one transaction, deleted through `delete` outside any transaction, and
/// unmarked whether or not the delete succeeded.
public enum BlobCollection {
    public static func run(
        candidates: [BlobKey],
        mark: (_ batch: [BlobKey], _ collector: String) async throws -> [BlobKey],
        clearMarks: (_ collector: String) async -> Void,
        delete: ([BlobKey]) async throws -> Void
    ) async throws -> [BlobKey] {
        let keys = Set(candidates).sorted()
        let collector = "collector-" + PhotoID.make()
        var deleted: [BlobKey] = []
        var start = 0
        // At least one pass, even without candidates: it drops dead holders' leases and marks (`gc` right
        // after a killed import, with nothing to delete, must still clear what that import held).
        repeat {
            let batch = Array(keys[start..<min(start + CatalogPolicy.collectionBatchSize, keys.count)])
            start += batch.count
            let marked = try await mark(batch, collector)
            guard !marked.isEmpty else { continue }
            do {
                try await delete(marked)
            } catch {
                await clearMarks(collector)
                throw error
            }
            await clearMarks(collector)
            deleted += marked
        } while start < keys.count
        return deleted
    }
}
