/// Bounds a video must keep, checked on ffprobe's answer before a frame is decoded, and the time each tool
/// may take. A phone's longest clips are minutes long at up to 8K; a file past these is refused.
public struct VideoLimits: Sendable, Equatable {
    public var maxDurationSeconds: Double = 3 * 3600
    /// 8K's long edge.
    public var maxLongEdge = 7680
    /// A clip has a video, an audio or two and a few metadata tracks.
    public var maxStreams = 16
    /// Three hours at 120 frames a second.
    public var maxFrames = 3 * 3600 * 120
    public var probeTimeoutSeconds: Double = 20
    public var posterTimeoutSeconds: Double = 60

    public init() {}

    /// Throws `.videoOverLimit` naming the first bound the probe passes.
    public func check(_ probe: VideoProbe) throws(ImagingError) {
        try checkShape(probe)
        guard let duration = probe.duration else {
            throw .videoOverLimit("its duration is not stated, so it cannot be checked against the limit")
        }
        guard duration <= maxDurationSeconds else {
            throw .videoOverLimit(
                "it lasts \(Self.seconds(duration)) s, over the limit of \(Self.seconds(maxDurationSeconds)) s")
        }
        if let frames = probe.frameCount, frames > maxFrames {
            throw .videoOverLimit("it has \(frames) frames, over the limit of \(maxFrames)")
        }
    }

    /// The bounds the container's header settles alone: its streams and its picture's size. Checked before
    /// a clip without a stated duration is read through to measure one.
    func checkShape(_ probe: VideoProbe) throws(ImagingError) {
        guard probe.streamCount <= maxStreams else {
            throw .videoOverLimit("it has \(probe.streamCount) streams, over the limit of \(maxStreams)")
        }
        let longEdge = max(probe.storedWidth, probe.storedHeight)
        guard longEdge <= maxLongEdge else {
            throw .videoOverLimit(
                "it is \(probe.storedWidth)×\(probe.storedHeight), over the limit of \(maxLongEdge) px on the long edge"
            )
        }
    }

    /// Whole seconds for messages; the value is finite and non-negative here.
    static func seconds(_ value: Double) -> String {
        String(Int(exactly: min(value, 1e15).rounded()) ?? 0)
    }
}
