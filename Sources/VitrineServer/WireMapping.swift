import Catalog
import Foundation
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

    static func summary(_ item: PhotoWithVariants, assets: AssetURLs) -> PhotoSummary {
        let photo = item.photo
        return PhotoSummary(
            id: photo.id, width: photo.width, height: photo.height, title: photo.title ?? photo.originalName,
            takenAt: takenAt(photo), placeholder: placeholder(photo),
            thumb: assets.thumb(item.variants), small: item.variants[.smallThumb].map(assets.info),
            preview: assets.info(item.variants[.preview]), original: assets.info(item.variants[.original]),
            status: status(photo), kind: kind(photo), duration: duration(photo), video: video(item, assets: assets),
            motion: motion(item, assets: assets))
    }

    /// `video` for a clip; left out for photos, so their answers are as they were.
    static func kind(_ photo: PhotoRecord) -> String? {
        photo.kind == .photo ? nil : photo.kind.rawValue
    }

    /// A clip's length; only finite numbers reach JSON (the record keeps no other, a row might).
    static func duration(_ photo: PhotoRecord) -> Double? {
        guard photo.kind == .video else { return nil }
        return photo.duration.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }

    /// What a browser plays for a clip, which `/assets` serves with `Range`: its web rendition once a worker
    /// made one, else its original (where `assets` serves originals).
    static func video(_ item: PhotoWithVariants, assets: AssetURLs) -> VideoVariant? {
        guard item.photo.kind == .video, let played = played(item, .webVideo, else: .original, assets: assets)
        else { return nil }
        return VideoVariant(
            url: assets.url(played), width: played.width, height: played.height, mimeType: played.mimeType)
    }

    /// What a browser plays while a Live or Motion Photo is held: its motion's web rendition once a worker
    /// made one, else the motion as it came (where `assets` serves it).
    static func motion(_ item: PhotoWithVariants, assets: AssetURLs) -> VideoVariant? {
        guard item.photo.kind == .photo, let played = played(item, .motionWeb, else: .motion, assets: assets)
        else { return nil }
        return VideoVariant(
            url: assets.url(played), width: played.width, height: played.height, mimeType: played.mimeType)
    }

    /// The `rendition`, else the file as it came where `assets` serves such files.
    static func played(
        _ item: PhotoWithVariants, _ rendition: VariantKind, else source: VariantKind, assets: AssetURLs
    ) -> VariantRecord? {
        item.variants[rendition] ?? (assets.servesAsItCame ? item.variants[source] : nil)
    }

    /// A photo's status on the wire: left out when ready, as every photo was before uploads were queued.
    static func status(_ photo: PhotoRecord) -> String? {
        photo.status == .ready ? nil : photo.status.rawValue
    }

    static func detail(_ item: PhotoWithVariants, tags: [String], assets: AssetURLs) -> PhotoDetail {
        let photo = item.photo
        var detail = PhotoDetail(
            id: photo.id, width: photo.width, height: photo.height, title: photo.title,
            originalName: photo.originalName, format: photo.format, mimeType: photo.mimeType,
            byteSize: photo.byteSize, takenAt: takenAt(photo), takenAtOffset: photo.takenAtOffset,
            takenAtSource: photo.takenAtSource,
            // A row is trusted to be well-formed, not to be in range: an older version, a hand edit or a bug may
            // have stored any number, and what the API answers must always encode. The location was checked
            // when the row was read; `TimestampFormatter` clamps times itself.
            camera: photo.camera.finite(), location: photo.location, tags: tags, placeholder: placeholder(photo),
            thumb: assets.thumb(item.variants), preview: assets.info(item.variants[.preview]),
            original: assets.info(item.variants[.original]),
            importedAt: TimestampFormatter.string(milliseconds: photo.importedAt, offsetMinutes: 0))
        detail.status = status(photo)
        detail.kind = kind(photo)
        detail.duration = duration(photo)
        detail.video = video(item, assets: assets)
        detail.motion = motion(item, assets: assets)
        if item.photo.kind == .photo, assets.servesAsItCame, let clip = item.variants[.motion] {
            detail.motionOriginal = VideoVariant(
                url: assets.url(clip), width: clip.width, height: clip.height, mimeType: clip.mimeType)
        }
        return detail
    }

    /// A detail's favourite flag and albums, left out when false or none.
    static func addSets(_ sets: (favorite: Bool, albums: [String]), to detail: inout PhotoDetail) {
        detail.favorite = sets.favorite ? true : nil
        detail.albums = sets.albums.isEmpty ? nil : sets.albums
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
        case "video/mp4": "mp4"
        case "video/quicktime": "mov"
        case "video/x-m4v": "m4v"
        case "video/webm": "webm"
        case "video/x-matroska": "mkv"
        case "video/3gpp": "3gp"
        default: "bin"
        }
    }
}
