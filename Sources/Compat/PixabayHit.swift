/// Pixabay's answer, with its field names and JSON types exactly (clients decode every field as required):
/// image hits, or video hits.
struct PixabayResponse<Hit: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    var total: Int
    var totalHits: Int
    var hits: [Hit]
}

struct PixabayHit: Codable, Sendable, Equatable {
    var id: Int64
    var pageURL: String
    var type: String
    /// One string, comma-separated.
    var tags: String
    var previewURL: String
    var previewWidth: Int
    var previewHeight: Int
    var webformatURL: String
    var webformatWidth: Int
    var webformatHeight: Int
    var largeImageURL: String
    var imageWidth: Int
    var imageHeight: Int
    var imageSize: Int64
    var views: Int
    var downloads: Int
    var collections: Int
    /// The older name of `collections`, which PixabayCollections' model still requires.
    var favorites: Int
    var likes: Int
    var comments: Int
    var userId: Int
    var user: String
    var userImageURL: String

    enum CodingKeys: String, CodingKey {
        case id, pageURL, type, tags, previewURL, previewWidth, previewHeight, webformatURL, webformatWidth
        case webformatHeight, largeImageURL, imageWidth, imageHeight, imageSize, views, downloads, collections
        case favorites, likes, comments, user, userImageURL
        case userId = "user_id"
    }
}
