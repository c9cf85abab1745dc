/// A hit of Pixabay's video search (`/api/videos/`), with its field names and JSON types exactly.
struct PixabayVideoHit: Codable, Sendable, Equatable {
    var id: Int64
    var pageURL: String
    /// `film` (Pixabay's other type, `animation`, is never a phone's clip).
    var type: String
    var tags: String
    /// Whole seconds.
    var duration: Int
    var videos: Renditions
    var views: Int
    var downloads: Int
    var likes: Int
    var comments: Int
    var userId: Int
    var user: String
    var userImageURL: String

    /// Pixabay's four sizes. A size the clip does not have is an empty URL with zero size, as Pixabay
    /// answers for a video without a large version.
    struct Renditions: Codable, Sendable, Equatable {
        var large: Rendition
        var medium: Rendition
        var small: Rendition
        var tiny: Rendition
    }

    struct Rendition: Codable, Sendable, Equatable {
        var url: String
        var width: Int
        var height: Int
        var size: Int64
        /// A still of the clip (its poster frame).
        var thumbnail: String

        static let none = Rendition(url: "", width: 0, height: 0, size: 0, thumbnail: "")
    }

    enum CodingKeys: String, CodingKey {
        case id, pageURL, type, tags, duration, videos, views, downloads, likes, comments, user, userImageURL
        case userId = "user_id"
    }
}
