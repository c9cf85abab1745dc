import Catalog
import Foundation
import Imaging
import VitrineAPI
import VitrineCore

/// Catalog records → wire types. Asset URLs are content-addressed; `AssetURLs` says where they point.
package enum WireMapping {
    static func placeholder(_ photo: PhotoRecord) -> Placeholder {
        Placeholder(thumbHash: photo.thumbHash.base64EncodedString(), averageColor: photo.averageColor)
    }

    static func takenAt(_ photo: PhotoRecord) -> String {
        TimestampFormatter.string(
            milliseconds: photo.takenAt, offsetMinutes: photo.takenAtOffset,
            floating: photo.takenAtSource == "exif")
    }

    // A row is trusted to be well-formed, not to be in range: an older version, a hand edit or a bug may
    // have stored any number. What the API answers must always encode, so doubles are checked here too
    // (`TimestampFormatter` clamps times itself).

    /// A finite value, or nil: JSON has no infinity or NaN, and `JSONEncoder` throws on them.
    static func finite(_ value: Double?) -> Double? { value.flatMap { $0.isFinite ? $0 : nil } }

    /// The place, when both coordinates are on the globe (a range holds no NaN or infinity).
    static func location(_ photo: PhotoRecord) -> PhotoDetail.Location? {
        guard let latitude = photo.latitude, PhotoMetadata.latitudeRange.contains(latitude),
            let longitude = photo.longitude, PhotoMetadata.longitudeRange.contains(longitude)
        else { return nil }
        return PhotoDetail.Location(latitude: latitude, longitude: longitude)
    }

    static func summary(_ item: PhotoWithVariants, assets: AssetURLs) -> PhotoSummary {
        let photo = item.photo
        return PhotoSummary(
            id: photo.id, width: photo.width, height: photo.height, title: photo.title ?? photo.originalName,
            takenAt: takenAt(photo), placeholder: placeholder(photo),
            thumb: assets.thumb(item.variants), small: item.variants[.smallThumb].map(assets.info),
            preview: assets.info(item.variants[.preview]), original: assets.info(item.variants[.original]))
    }

    static func detail(_ item: PhotoWithVariants, tags: [String], assets: AssetURLs) -> PhotoDetail {
        let photo = item.photo
        return PhotoDetail(
            id: photo.id, width: photo.width, height: photo.height, title: photo.title,
            originalName: photo.originalName, format: photo.format, mimeType: photo.mimeType,
            byteSize: photo.byteSize, takenAt: takenAt(photo), takenAtOffset: photo.takenAtOffset,
            takenAtSource: photo.takenAtSource, cameraMake: photo.cameraMake, cameraModel: photo.cameraModel,
            lens: photo.lens, exposureTime: finite(photo.exposureTime), fNumber: finite(photo.fNumber), iso: photo.iso,
            focalLength: finite(photo.focalLength), location: location(photo), tags: tags,
            placeholder: placeholder(photo),
            thumb: assets.thumb(item.variants), preview: assets.info(item.variants[.preview]),
            original: assets.info(item.variants[.original]),
            importedAt: TimestampFormatter.string(milliseconds: photo.importedAt, offsetMinutes: 0))
    }

    package static func fileExtension(mimeType: String) -> String {
        switch mimeType {
        case "image/jpeg": "jpg"
        case "image/png": "png"
        case "image/webp": "webp"
        case "image/tiff": "tif"
        case "image/gif": "gif"
        case "image/heic": "heic"
        case "image/avif": "avif"
        case "image/jxl": "jxl"
        default: "bin"
        }
    }
}
