import VitrineAPI

extension FirstScreen {
    /// A photo as the index page carries it inline: what the first screen draws and lays out, and
    /// nothing it does not. Its preview's and original's content-addressed URLs and its ThumbHash, about
    /// 80 gzipped bytes a photo that no compressor shortens, are the viewer's: the client reads the
    /// photos' pages again, in full, before the viewer opens (Web/core/first-screen.js `complete`). The
    /// keys are `PhotoSummary`'s, so the client reads either the same way.
    struct InlinePhoto: Codable, Equatable {
        var id: String
        var width: Int
        var height: Int
        var title: String
        var takenAt: String
        var placeholder: Color
        var thumb: VariantInfo
        var small: VariantInfo?
        var status: String?
        var kind: String?
        var duration: Double?
        var video: VideoVariant?
        var motion: VideoVariant?

        /// The placeholder's average colour, painted under the thumbnail.
        struct Color: Codable, Equatable {
            var averageColor: String
        }

        init(_ s: PhotoSummary) {
            id = s.id
            width = s.width
            height = s.height
            title = s.title
            takenAt = s.takenAt
            placeholder = Color(averageColor: s.placeholder.averageColor)
            thumb = s.thumb
            small = s.small
            status = s.status
            kind = s.kind
            duration = s.duration
            video = s.video
            motion = s.motion
        }
    }

    /// The inline page: `PhotoPage`'s cursor and total, with its photos as `InlinePhoto`s.
    struct InlinePage: Codable, Equatable {
        var items: [InlinePhoto]
        var nextCursor: String?
        var total: Int

        init(_ page: PhotoPage) {
            items = page.items.map(InlinePhoto.init)
            nextCursor = page.nextCursor
            total = page.total
        }
    }
}
