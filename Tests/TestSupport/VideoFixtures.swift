import Foundation

/// Video clips made by Debian's ffmpeg inside the tests (scripts/install-deps.sh installs it): small, fast to
/// encode, and each shaped for one case (a codec, a rotation, a place, a broken file).
public enum VideoFixtures {
    public enum Failure: Error, CustomStringConvertible {
        case ffmpeg(String)
        public var description: String {
            switch self {
            case .ffmpeg(let output): "ffmpeg failed: \(output)"
            }
        }
    }

    /// `ffmpeg -v error -y ARGUMENTS… PATH`; returns `path`.
    @discardableResult
    public static func ffmpeg(_ arguments: [String], to path: String) throws -> String {
        let (status, output) = try ChildProcess.run(
            "/usr/bin/ffmpeg", ["-nostdin", "-v", "error", "-y"] + arguments + [path])
        guard status == 0 else { throw Failure.ffmpeg(output) }
        return path
    }

    /// A test pattern clip: H.264 in MP4 by default.
    @discardableResult
    public static func clip(
        _ path: String, width: Int = 320, height: Int = 240, seconds: Double = 2, rate: Int = 30,
        codec: [String] = ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "ultrafast"],
        extra: [String] = []
    ) throws -> String {
        try ffmpeg(
            ["-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height):rate=\(rate)", "-t", "\(seconds)"] + codec + extra,
            to: path)
    }

    /// A WebM written as a browser's recorder writes one: live, so its header states no duration.
    @discardableResult
    public static func liveWebM(_ path: String, seconds: Double = 2) throws -> String {
        try clip(
            path, width: 160, height: 120, seconds: seconds, rate: 15,
            codec: ["-c:v", "libvpx", "-b:v", "200k", "-f", "webm", "-live", "1"])
    }

    /// An iPhone-like HEVC MOV (`hvc1`).
    @discardableResult
    public static func hevcMOV(_ path: String, width: Int = 320, height: Int = 240) throws -> String {
        try clip(
            path, width: width, height: height, seconds: 1,
            codec: ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1"])
    }

    /// A copy of `source` whose video stream says to turn it by `degrees` (the `rotate` tag, which ffmpeg 5.1
    /// writes as a display matrix).
    @discardableResult
    public static func rotated(_ source: String, degrees: Int, to path: String) throws -> String {
        try ffmpeg(["-i", source, "-c", "copy", "-metadata:s:v:0", "rotate=\(degrees)"], to: path)
    }

    /// A clip with `count` audio streams beside its video.
    @discardableResult
    public static func manyStreams(_ path: String, audioStreams count: Int) throws -> String {
        let maps = (0..<count).flatMap { _ in ["-map", "1:a:0"] }
        return try ffmpeg(
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=10", "-f", "lavfi", "-i",
                "sine=frequency=440:sample_rate=8000", "-t", "1", "-map", "0:v:0",
            ] + maps + ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"], to: path)
    }

    /// A copy of an MP4 or MOV whose movie header (`mvhd`, version 0) claims `seconds`: the container's
    /// duration, which ffprobe reports, while the stream itself stays short.
    @discardableResult
    public static func claimingDuration(_ source: String, seconds: UInt32, to path: String) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        guard let at = bytes.firstRange(of: Array("mvhd".utf8))?.lowerBound, bytes[at + 4] == 0 else {
            throw Failure.ffmpeg("no version 0 mvhd in \(source)")
        }
        let timescale = bytes[(at + 16)..<(at + 20)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let duration = timescale.multipliedReportingOverflow(by: seconds).partialValue
        for index in 0..<4 { bytes[at + 20 + index] = UInt8(truncatingIfNeeded: duration >> (24 - 8 * index)) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The first `fraction` of a file's bytes, as an interrupted copy leaves it.
    @discardableResult
    public static func truncated(_ source: String, keeping fraction: Double, to path: String) throws -> String {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        try bytes.prefix(Int(Double(bytes.count) * fraction)).write(to: URL(fileURLWithPath: path))
        return path
    }
}
