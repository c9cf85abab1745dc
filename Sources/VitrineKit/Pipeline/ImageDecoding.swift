import Foundation

/// Turns downloaded bytes into what an app displays. Runs off the caller's task, once per download.
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
