import Blobs
import Foundation
import Imaging

/// Chooses, from a file's first bytes, who renders it: libvips for an image, ffprobe and ffmpeg then libvips
/// for a video, whose poster frame is written to this process's temporary folder and removed after.
enum MediaRenderer {
    static func render(path: String, options: RenderOptions, temporaries: TemporaryArea) throws -> RenderedPhoto {
        guard let format = VideoFormat.sniff(path: path) else {
            return try PhotoRenderer.render(path: path, options: options)
        }
        let (fd, poster) = try temporaries.create(prefix: "poster-")
        close(fd)
        defer { unlink(poster) }
        return try VideoRenderer.render(path: path, format: format, posterPath: poster, options: options)
    }

    static func describe(path: String, options: RenderOptions) throws -> DescribedPhoto {
        guard let format = VideoFormat.sniff(path: path) else {
            return try PhotoRenderer.describe(path: path, options: options)
        }
        return try VideoRenderer.describe(path: path, format: format, options: options)
    }
}
