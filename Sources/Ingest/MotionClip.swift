import Blobs
import Foundation
import Imaging
import VitrineCore

/// A Motion Photo's clip, copied out of its JPEG into this process's temporary area, hashed and probed:
/// what the photo's `motion` variant stores. The caller removes `path`.
struct MotionClip: Sendable {
    let path: String
    let key: BlobKey
    let size: Int64
    let probe: VideoProbe

    var mimeType: String { probe.format.mimeType }

    /// The containers a Motion Photo embeds.
    static let formats: Set<VideoFormat> = [.mp4, .mov, .m4v, .threeGP]
    /// Bytes copied at a time.
    static let chunkSize = 1 << 20

    /// Checks the XMP's claim against the file: the clip lies inside it, after the image, and opens as an
    /// MP4 or QuickTime file within the video limits. Throws `ImagingError` saying why when it does not;
    /// the photo then imports as a still.
    static func extract(
        from path: String, claim: MotionPhotoClaim, options: RenderOptions, temporaries: TemporaryArea
    ) throws -> MotionClip {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ImportError.cannotRead(String(cString: strerror(errno))) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw ImportError.cannotRead(String(cString: strerror(errno))) }
        let fileSize = Int64(status.st_size)
        guard claim.fromEnd < fileSize, claim.length <= claim.fromEnd, claim.length >= 32 else {
            throw ImagingError.corruptVideo("the Motion Photo's clip is said to lie outside the file")
        }
        let start = fileSize - claim.fromEnd
        var head = [UInt8](repeating: 0, count: 32)
        guard pread(fd, &head, head.count, off_t(start)) == head.count, let format = VideoFormat.sniff(head),
            formats.contains(format)
        else { throw ImagingError.corruptVideo("no MP4 clip where the Motion Photo's XMP says") }

        let (out, clipPath) = try temporaries.create(prefix: "motion-")
        do {
            defer { close(out) }
            try copy(from: fd, offset: start, length: claim.length, to: out)
            let (key, size) = try FileHasher.sha256(path: clipPath)
            guard let probe = try VideoRenderer.describe(path: clipPath, format: format, options: options).video else {
                throw ImagingError.corruptVideo("the Motion Photo's clip has no video")
            }
            return MotionClip(path: clipPath, key: key, size: size, probe: probe)
        } catch {
            unlink(clipPath)
            throw error
        }
    }

    static func copy(from fd: Int32, offset: Int64, length: Int64, to out: Int32) throws {
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var done: Int64 = 0
        while done < length {
            let want = Int(min(Int64(chunkSize), length - done))
            let got = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, want, off_t(offset + done)) }
            guard got > 0 else { throw ImportError.cannotRead("the file ended inside its Motion Photo clip") }
            var written = 0
            while written < got {
                let wrote = buffer.withUnsafeBytes { write(out, $0.baseAddress! + written, got - written) }
                guard wrote > 0 else { throw ImportError.cannotRead(String(cString: strerror(errno))) }
                written += wrote
            }
            done += Int64(got)
        }
    }
}
