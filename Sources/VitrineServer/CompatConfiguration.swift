import Foundation

/// What the Pixabay- and Parse-compatible APIs need to know about this instance.
public struct CompatConfiguration: Sendable {
    /// The instance's owner, reported as every photo's Pixabay `user`.
    public struct Owner: Sendable, Equatable {
        public var name: String
        public var id: Int
        public var imageURL: String

        public init(name: String = "vitrine", id: Int = 1, imageURL: String = "") {
            self.name = name
            self.id = id
            self.imageURL = imageURL
        }
    }

    /// The absolute URL clients reach this server at (`serve --public-url`), already validated; nil derives
    /// it from each request's `Host` header, or from `fallbackAuthority` when that header is unusable.
    public var publicURL: String?
    /// `host:port` the server listens on: the last resort for absolute URLs.
    public var fallbackAuthority: String
    public var owner: Owner
    /// The `X-Parse-Application-Id` Parse clients must send.
    public var parseApplicationId: String
    /// Requests each API key may make per window.
    public var rateLimit: Int
    public var rateWindowSeconds: Int
    /// Seconds since some fixed origin; injectable so tests can move time.
    public var clock: @Sendable () -> Double

    public init(
        publicURL: String? = nil, fallbackAuthority: String = "127.0.0.1:8080", owner: Owner = Owner(),
        parseApplicationId: String = "vitrine", rateLimit: Int = 100, rateWindowSeconds: Int = 60,
        clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        self.publicURL = publicURL
        self.fallbackAuthority = fallbackAuthority
        self.owner = owner
        self.parseApplicationId = parseApplicationId
        self.rateLimit = rateLimit
        self.rateWindowSeconds = rateWindowSeconds
        self.clock = clock
    }
}
