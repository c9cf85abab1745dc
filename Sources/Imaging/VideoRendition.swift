/// The clip a browser plays when the original would not play everywhere: H.264 High with AAC in an MP4 whose
/// index comes first (`faststart`, so playback starts before the download ends), at most 1080p, made at a
/// constant quality with a ceiling on its bitrate. The original is kept as it is; the rendition is only
/// what the web plays.
///
/// An original plays everywhere when it is H.264 in an MP4 or QuickTime file, with AAC or MP3 sound or none,
/// at most 1080p, and at a bitrate a home upload carries. Everything else gets a rendition: HEVC (what
/// iPhones record, which Chromium and Firefox do not play), VP9 and AV1 (not on older Safari), other audio,
/// larger pictures, and the 50 Mbps and more that phones record at 4K.
public struct VideoRendition: Sendable, Equatable {
    public var maxLongEdge = 1920
    public var maxShortEdge = 1080
    /// Originals above this play in the browser only on a fast network.
    public var maxOriginalBitsPerSecond: Double = 12_000_000
    /// x264's constant quality (lower is better); 23 is its default.
    public var crf = 23
    /// The ceiling on the rendition's video bitrate, so a noisy clip cannot balloon.
    public var maxVideoBitsPerSecond = 8_000_000
    public var audioBitsPerSecond = 128_000
    /// Room in the output bound for the container and a short clip's first frames.
    public var outputSlackBytes: Int64 = 1_000_000
    /// A transcode is stopped after this many seconds per second of clip, with `minimumTimeoutSeconds` at
    /// least and `maximumTimeoutSeconds` at most.
    public var timeoutPerClipSecond: Double = 10
    public var minimumTimeoutSeconds: Double = 60
    public var maximumTimeoutSeconds: Double = 4 * 3600

    public init() {}

    static let playableContainers: Set<VideoFormat> = [.mp4, .mov, .m4v]
    static let playableAudio: Set<String> = ["aac", "mp3"]

    /// Why the clip needs a rendition, or nil when its original plays everywhere.
    public func reason(for probe: VideoProbe, byteSize: Int64) -> String? {
        let codec = probe.videoCodec ?? "an unknown codec"
        guard probe.videoCodec == "h264" else { return "its video is \(codec), not H.264" }
        guard Self.playableContainers.contains(probe.format) else {
            return "it is in \(probe.format.rawValue.uppercased()), not MP4"
        }
        if let audio = probe.audioCodec, !Self.playableAudio.contains(audio) {
            return "its sound is \(audio), not AAC"
        }
        let (long, short) = (max(probe.width, probe.height), min(probe.width, probe.height))
        guard long <= maxLongEdge, short <= maxShortEdge else {
            return "it is \(probe.width)×\(probe.height), larger than 1080p"
        }
        if let duration = probe.duration, duration > 0 {
            let rate = Double(max(0, byteSize)) * 8 / duration
            if rate > maxOriginalBitsPerSecond {
                return "it streams at \(VideoLimits.seconds(rate / 1_000_000)) Mbps"
            }
        }
        return nil
    }

    /// The rendition's picture: the displayed size fitted within 1080p in its own orientation, never larger
    /// than the original, in even numbers (4:2:0 needs them).
    public func size(for probe: VideoProbe) -> (width: Int, height: Int) {
        let (width, height) = (max(2, probe.width), max(2, probe.height))
        let landscape = width >= height
        let (boxWidth, boxHeight) = landscape ? (maxLongEdge, maxShortEdge) : (maxShortEdge, maxLongEdge)
        let scale = min(1, min(Double(boxWidth) / Double(width), Double(boxHeight) / Double(height)))
        func even(_ value: Double) -> Int { max(2, Int(value.rounded(.down)) & ~1) }
        return (even(Double(width) * scale), even(Double(height) * scale))
    }

    /// The most bytes a rendition of `duration` seconds may take: its bitrates' worth with half again for
    /// the encoder's swings and the container. A transcode that reaches it is stopped and refused.
    public func outputBound(duration: Double) -> Int64 {
        let seconds = duration.isFinite ? min(max(duration, 1), 24 * 3600) : 1
        let bits = Double(maxVideoBitsPerSecond + audioBitsPerSecond) * seconds * 1.5
        return Int64(bits / 8) + max(0, outputSlackBytes)
    }

    public func timeoutSeconds(duration: Double) -> Double {
        let seconds = duration.isFinite ? min(max(duration, 0), 24 * 3600) : 0
        return min(maximumTimeoutSeconds, max(minimumTimeoutSeconds, seconds * timeoutPerClipSecond))
    }

    /// Transcodes `path` to `outputPath` (the caller owns and removes it) and returns the rendition's size;
    /// ffmpeg is stopped as soon as `cancelled` turns true. Blocks: call it off Swift's cooperative pool.
    public func make(
        from path: String, probe: VideoProbe, to outputPath: String, cancelled: @Sendable () -> Bool = { false }
    ) throws(ImagingError) -> (width: Int, height: Int, byteSize: Int64) {
        let (width, height) = size(for: probe)
        let duration = probe.duration ?? 0
        let bound = outputBound(duration: duration)
        // ffmpeg turns the picture by the display matrix before the scale; the rendition carries no
        // rotation, and no metadata (a share link's viewers get no place from it).
        let result = try VideoRenderer.runTool(
            "ffmpeg",
            [
                "-nostdin", "-v", "error", "-y", "-i", path, "-map", "0:v:0", "-map", "0:a:0?", "-sn", "-dn",
                "-map_metadata", "-1", "-vf", "scale=\(width):\(height),format=yuv420p",
                "-c:v", "libx264", "-profile:v", "high", "-preset", "veryfast", "-crf", String(crf),
                "-maxrate", String(maxVideoBitsPerSecond), "-bufsize", String(maxVideoBitsPerSecond * 2),
                "-c:a", "aac", "-b:a", String(audioBitsPerSecond), "-ac", "2",
                "-movflags", "+faststart", "-fs", String(bound), "-f", "mp4", outputPath,
            ], timeoutSeconds: timeoutSeconds(duration: duration), cancelled: cancelled)
        guard result.status == 0, let written = FileHead.size(path: outputPath), written > 0 else {
            let detail = result.errorText
            throw .encodeFailed("the web rendition: \(detail.isEmpty ? "ffmpeg wrote nothing" : detail)")
        }
        guard written < bound else {
            throw .encodeFailed("the web rendition reached its bound of \(bound) bytes and was stopped")
        }
        return (width, height, written)
    }
}
