/// Why a file could not become a photo. Each case carries a message a person can act on.
public enum ImagingError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyFile
    case notAnImage
    case unsupportedFormat(String)
    case tooManyPixels(width: Int, height: Int, limit: Int)
    case corrupt(String)
    case encodeFailed(String)
    /// A video whose probe announces more than a bound allows (duration, size, streams, frames): refused
    /// before a frame is decoded. The text says which bound and by how much.
    case videoOverLimit(String)
    case corruptVideo(String)
    /// libvips could not be loaded: the machine, not the file, is at fault.
    case unavailable(String)

    public var description: String {
        switch self {
        case .emptyFile: "empty file (0 bytes)"
        case .notAnImage: "not an image"
        case .unsupportedFormat(let format): "unsupported format: \(format)"
        case .tooManyPixels(let width, let height, let limit):
            "image is \(width)×\(height) (\(Self.pixels(width, height)) pixels), over the limit of \(limit) pixels"
        case .corrupt(let detail): "corrupt or truncated image: \(detail)"
        case .encodeFailed(let detail): "could not encode variant: \(detail)"
        case .videoOverLimit(let detail): "video refused: \(detail)"
        case .corruptVideo(let detail): "corrupt or truncated video: \(detail)"
        case .unavailable(let detail): "image processing is unavailable: \(detail)"
        }
    }

    /// `width`×`height` as text; a header may announce sides whose product is past `Int.max`.
    static func pixels(_ width: Int, _ height: Int) -> String {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? "over \(Int.max)" : String(product)
    }

    /// A short stable identifier for APIs and logs.
    public var code: String {
        switch self {
        case .emptyFile: "empty_file"
        case .notAnImage: "not_an_image"
        case .unsupportedFormat: "unsupported_format"
        case .tooManyPixels: "too_many_pixels"
        case .corrupt: "corrupt_image"
        case .encodeFailed: "encode_failed"
        case .videoOverLimit: "video_over_limit"
        case .corruptVideo: "corrupt_video"
        case .unavailable: "imaging_unavailable"
        }
    }
}
