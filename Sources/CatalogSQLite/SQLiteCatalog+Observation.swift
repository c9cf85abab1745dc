import Catalog
import GRDB

extension SQLiteCatalog {
    /// Calls `onChange` after each transaction of this process that appended to the change feed. Other
    /// processes' writes (a CLI import) are invisible to it: readers poll as well.
    public func observeChanges(_ onChange: @escaping @Sendable () -> Void) async throws -> ChangeObservation {
        let observation = DatabaseRegionObservation(tracking: Table("changeEvent"))
        let cancellable = observation.start(in: writer, onError: { _ in }, onChange: { _ in onChange() })
        return ChangeObservation(token: cancellable) { cancellable.cancel() }
    }

    /// Photos by id, with their variants, for announcing changes; ids that no longer exist are absent.
    public func photos(ids: [String]) async throws -> [String: PhotoWithVariants] {
        guard !ids.isEmpty else { return [:] }
        return try await read { db in
            let photos = try PhotoRecord.filter(keys: ids).fetchAll(db)
            let variants = try Self.variants(of: photos.map(\.id), in: db)
            return Dictionary(
                uniqueKeysWithValues: photos.map {
                    ($0.id, PhotoWithVariants(photo: $0, variants: variants[$0.id] ?? [:]))
                })
        }
    }
}
