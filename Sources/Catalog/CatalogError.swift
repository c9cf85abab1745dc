/// What a catalog refuses, whatever stores it.
public enum CatalogError: Error, Equatable {
    /// A photo with the same original bytes is already catalogued.
    case duplicate(existingID: String)
}
