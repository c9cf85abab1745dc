/// What a catalog refuses, whatever stores it.
public enum CatalogError: Error, Equatable {
    /// A photo with the same original bytes is already catalogued.
    case duplicate(existingID: String)
    /// The catalog cannot be reached now (its server restarts, the network dropped); the operation failed
    /// whole, as transactions do.
    /// Callers answer 503 and retry later.
    case unavailable(String)
    /// An album's cover must be one of its photos.
    case notInAlbum
}
