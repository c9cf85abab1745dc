import GRDB

/// Keeps a change-feed observation alive; dropping it (or calling `cancel`) stops the callbacks.
public final class ChangeObservation: @unchecked Sendable {
    private let cancellable: AnyDatabaseCancellable

    init(_ cancellable: AnyDatabaseCancellable) { self.cancellable = cancellable }

    public func cancel() { cancellable.cancel() }
}

extension PhotoCatalog {
    /// Calls `onChange` after each transaction of this process that appended to the change feed. Other
    /// processes' writes (a CLI import) are invisible to it: readers poll as well.
    public func observeChanges(_ onChange: @escaping @Sendable () -> Void) throws -> ChangeObservation {
        let observation = DatabaseRegionObservation(tracking: Table("changeEvent"))
        return ChangeObservation(observation.start(in: writer, onError: { _ in }, onChange: { _ in onChange() }))
    }

    /// Photos by id, with their variants, for announcing changes; ids that no longer exist are absent.
    public func photos(ids: [String]) throws -> [String: PhotoWithVariants] {
        guard !ids.isEmpty else { return [:] }
        return try writer.read { db in
            let photos = try PhotoRecord.filter(keys: ids).fetchAll(db)
            let variants = try Self.variants(of: photos.map(\.id), in: db)
            return Dictionary(
                uniqueKeysWithValues: photos.map {
                    ($0.id, PhotoWithVariants(photo: $0, variants: variants[$0.id] ?? [:]))
                })
        }
    }
}
