import Foundation

/// Turns downloaded bytes into what an app displays. Runs on the pipeline's decoding queue, never on a
/// thread of the cooperative pool, once per download or disk-cache hit.
public protocol ImageDecoding: Sendable {
    func decode(_ data: Data, request: ImageRequest) throws -> ImageContainer
}

/// The decoder where nothing can decode images (Linux): the bytes as they came, with the pixel size the
/// API gave for them.
public struct PassthroughImageDecoder: ImageDecoding {
    public init() {}

    public func decode(_ data: Data, request: ImageRequest) throws -> ImageContainer {
        ImageContainer(data: data, pixelSize: request.pixelSize)
    }
}
