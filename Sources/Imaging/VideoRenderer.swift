/// A video becomes a photo's variants through its poster frame: ffprobe reads the container and its limits
/// are checked before anything is decoded, ffmpeg decodes one frame (turned as the player would turn it),
/// and that frame takes the same libvips path as any photo.
public enum VideoRenderer {
    /// Probes `path` with ffprobe and checks the probe against `limits`. `format` is what the first bytes
    /// said (`VideoFormat.sniff`).
    public static func probe(
        path: String, format: VideoFormat, limits: VideoLimits
    ) throws(ImagingError)
        -> VideoProbe
    {
        let result = try runTool(
            "ffprobe",
            ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", "--", path],
            timeoutSeconds: limits.probeTimeoutSeconds)
        guard result.status == 0 else {
            throw .corruptVideo(result.errorText.isEmpty ? "ffprobe could not read it" : result.errorText)
        }
        var probe = try VideoProbe.parse(result.output, sniffed: format)
        if probe.duration == nil {
            try limits.checkShape(probe)
            probe = try measured(probe, path: path, timeoutSeconds: limits.probeTimeoutSeconds)
        }
        try limits.check(probe)
        return probe
    }

    /// A clip whose container states no duration (a WebM a browser recorded, a stream cut off) read
    /// through, without decoding, to its last timestamp: ffmpeg copies the video stream to nowhere and
    /// reports the time and frames it reached. Within the probe's time limit; a clip it cannot measure
    /// keeps no duration, which the limits refuse.
    static func measured(
        _ probe: VideoProbe, path: String, timeoutSeconds: Double
    ) throws(ImagingError) -> VideoProbe {
        let result = try runTool(
            "ffmpeg",
            [
                "-nostdin", "-v", "error", "-nostats", "-i", path, "-map", "0:v:0", "-c", "copy", "-f", "null",
                "-progress", "pipe:1", "-",
            ], timeoutSeconds: timeoutSeconds)
        guard result.status == 0 else { return probe }
        var measured = probe
        let reached = VideoProbe.progress(result.output)
        measured.duration = reached.seconds
        if measured.frameCount == nil { measured.frameCount = reached.frames }
        return measured
    }

    /// The probe as a photo's description, so an upload can be recorded before its poster exists.
    public static func describe(
        path: String, format: VideoFormat, options: RenderOptions = RenderOptions()
    )
        throws(ImagingError) -> DescribedPhoto
    {
        let probe = try probe(path: path, format: format, limits: options.video)
        return DescribedPhoto(
            format: .png, width: probe.width, height: probe.height, metadata: probe.metadata, video: probe)
    }

    /// Probes, checks the limits, writes the poster frame to `posterPath` (a PNG; the caller owns and removes
    /// the file) and renders it as a photo.
    public static func render(
        path: String, format: VideoFormat, posterPath: String, options: RenderOptions = RenderOptions()
    ) throws(ImagingError) -> RenderedPhoto {
        let probe = try probe(path: path, format: format, limits: options.video)
        try writePoster(of: path, probe: probe, to: posterPath, timeoutSeconds: options.video.posterTimeoutSeconds)
        var rendered = try PhotoRenderer.render(path: posterPath, options: options)
        rendered.metadata = probe.metadata
        rendered.video = probe
        rendered.width = probe.width
        rendered.height = probe.height
        return rendered
    }

    /// One frame a second in (or halfway through a shorter clip): the first frame is often black.
    static func posterTime(of probe: VideoProbe) -> Double {
        min(1, max(0, (probe.duration ?? 0) / 2))
    }

    static func writePoster(
        of path: String, probe: VideoProbe, to posterPath: String, timeoutSeconds: Double
    )
        throws(ImagingError)
    {
        let time = String(posterTime(of: probe))
        // `-ss` before `-i` seeks in the container rather than decoding up to the time; ffmpeg turns the
        // frame by the display matrix itself. PNG keeps the frame lossless until libvips encodes it.
        let result = try runTool(
            "ffmpeg",
            [
                "-nostdin", "-v", "error", "-y", "-ss", time, "-i", path, "-map", "0:v:0", "-frames:v", "1",
                "-an", "-sn", "-dn", "-update", "1", "-c:v", "png", "-compression_level", "1", "-f", "image2",
                posterPath,
            ], timeoutSeconds: timeoutSeconds)
        guard result.status == 0, let size = FileHead.size(path: posterPath), size > 0 else {
            let detail = result.errorText
            throw .corruptVideo(detail.isEmpty ? "ffmpeg decoded no frame" : detail)
        }
    }

    static func runTool(
        _ tool: String, _ arguments: [String], timeoutSeconds: Double, cancelled: @Sendable () -> Bool = { false }
    ) throws(ImagingError)
        -> ToolProcess.Result
    {
        do {
            return try ToolProcess.run(tool, arguments, timeoutSeconds: timeoutSeconds, cancelled: cancelled)
        } catch {
            switch error {
            case .notFound(let name): throw .unavailable("\(name) is not installed (Debian package ffmpeg)")
            case .timedOut(let name, let seconds):
                throw .corruptVideo("\(name) took longer than \(VideoLimits.seconds(seconds)) s")
            case .outputTooLarge(let name, let limit): throw .corruptVideo("\(name) wrote more than \(limit) bytes")
            case .cancelled(let name): throw .unavailable("\(name) was stopped: its work was given up")
            case .system(let detail): throw .unavailable(detail)
            }
        }
    }
}
