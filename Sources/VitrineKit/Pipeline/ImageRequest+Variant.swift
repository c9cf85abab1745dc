import Foundation
import VitrineAPI

extension ImageRequest {
    /// The request for one of a photo's variants as the API lists it (`PhotoSummary.thumb`, `.preview`…):
    /// its URL on `client`'s server (or the asset base URL it names) and its pixel size. A variant a photo
    /// still processing lacks (an empty URL) asks for `ImageRequest.unavailable`, which fails at once.
    public init(
        _ variant: VariantInfo, client: VitrineClient, priority: ImagePriority = .normal, targetSize: PixelSize? = nil
    ) {
        let size =
            variant.width > 0 && variant.height > 0 ? PixelSize(width: variant.width, height: variant.height) : nil
        let url = variant.url.isEmpty ? Self.unavailable : client.resolve(variant.url)
        self.init(url: url, priority: priority, pixelSize: size, targetSize: targetSize)
    }

    /// What a variant not made yet resolves to: no request is sent for it, and nothing is cached under it.
    static let unavailable = URL(fileURLWithPath: "/unavailable")
}
