import Foundation
import VitrineAPI

extension ImageRequest {
    /// The request for one of a photo's variants as the API lists it (`PhotoSummary.thumb`, `.preview`…):
    /// its URL on `client`'s server (or the asset base URL it names) and its pixel size.
    public init(
        _ variant: VariantInfo, client: VitrineClient, priority: ImagePriority = .normal, targetSize: PixelSize? = nil
    ) {
        let size =
            variant.width > 0 && variant.height > 0 ? PixelSize(width: variant.width, height: variant.height) : nil
        self.init(url: client.resolve(variant.url), priority: priority, pixelSize: size, targetSize: targetSize)
    }
}
