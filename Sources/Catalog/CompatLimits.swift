/// The published bounds of the Pixabay- and Parse-compatible queries: the Compat module enforces them and
/// the server's OpenAPI document states them, so both read them here.
public enum PixabayLimits {
    public static let perPageRange = 3...200
    /// Pixabay's limit is 100 characters; counted in Unicode scalars (as Pixabay's Python counts them), it
    /// also bounds `q` to 400 UTF-8 bytes, whatever the script.
    public static let maximumQueryScalars = 100
    /// Pixabay gives API clients at most this many hits of any search.
    public static let maximumHits = 500
}

/// See `PixabayLimits`.
public enum ParseLimits {
    public static let defaultLimit = 100
    /// Parse Server's own default `maxLimit` is unbounded; a larger request is clamped to this.
    public static let maximumLimit = 1000
    public static let maximumSkip = 10_000_000
    /// `where` is at most this many UTF-8 bytes once decoded.
    public static let maximumWhereBytes = 10_000
}
