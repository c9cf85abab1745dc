import Foundation
import Imaging

/// `make bench`, video part: a 60 s 4K HEVC clip (what an iPhone records) through the poster and the web
/// rendition Vitrine makes, each next to the tools alone doing the same: `ffmpeg -ss … -frames:v 1` then
/// `vipsthumbnail` for the poster, ffmpeg with the rendition's own settings for the rendition.
enum VideoBenchmark {
    static func run(work: String) async throws -> [[String]] {
        let folder = work + "/video"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let source = folder + "/4k-hevc-60s.mov"
        if !FileManager.default.fileExists(atPath: source) {
            print("making the 60 s 4K HEVC clip (once; kept in \(folder))…")
            try tool(
                "/usr/bin/ffmpeg",
                [
                    "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=3840x2160:rate=30:duration=60",
                    "-f", "lavfi", "-i", "sine=frequency=440:duration=60", "-c:v", "libx265", "-preset", "ultrafast",
                    "-x265-params", "log-level=error", "-tag:v", "hvc1", "-c:a", "aac", "-f", "mov", source,
                ])
        }
        let options = RenderOptions()
        let probe = try VideoRenderer.probe(path: source, format: .mov, limits: options.video)

        // The poster: probe, frame, and the preview, thumbs, small thumb and ThumbHash from it.
        let poster = folder + "/poster.png"
        let ours = try timed {
            _ = try VideoRenderer.render(path: source, format: .mov, posterPath: poster, options: options)
        }
        let tools = try timed {
            try tool(
                "/usr/bin/ffmpeg",
                ["-nostdin", "-v", "error", "-y", "-ss", "1", "-i", source, "-frames:v", "1", folder + "/frame.png"])
            try tool(
                "/usr/bin/vipsthumbnail",
                ["-s", "2048", "-o", folder + "/frame-thumb.jpg[Q=82]", folder + "/frame.png"])
        }

        // The rendition: Vitrine's (probe, policy, ffmpeg, checks) and ffmpeg alone with the same arguments.
        let rendition = options.rendition
        let oursOut = folder + "/ours.mp4"
        let oursRendition = try timed {
            let described = try VideoRenderer.describe(path: source, format: .mov, options: options)
            guard let clip = described.video, rendition.reason(for: clip, byteSize: fileSize(source)) != nil else {
                throw BenchmarkFailure("the clip would need no rendition")
            }
            _ = try rendition.make(from: source, probe: clip, to: oursOut)
        }
        let (width, height) = rendition.size(for: probe)
        let aloneRendition = try timed {
            try tool(
                "/usr/bin/ffmpeg",
                [
                    "-nostdin", "-v", "error", "-y", "-i", source, "-map", "0:v:0", "-map", "0:a:0?", "-sn", "-dn",
                    "-map_metadata", "-1", "-vf", "scale=\(width):\(height),format=yuv420p", "-c:v", "libx264",
                    "-profile:v", "high", "-preset", "veryfast", "-crf", String(rendition.crf), "-maxrate",
                    String(rendition.maxVideoBitsPerSecond), "-bufsize", String(rendition.maxVideoBitsPerSecond * 2),
                    "-c:a", "aac", "-b:a", String(rendition.audioBitsPerSecond), "-ac", "2", "-movflags",
                    "+faststart", "-f", "mp4", folder + "/alone.mp4",
                ])
        }
        let mb = { (path: String) in String(format: "%.0f MB", Double(fileSize(path)) / 1e6) }
        return [
            [
                "poster of a 60 s 4K HEVC clip (probe, frame, 4 variants, ThumbHash)", ms(ours),
                "ffmpeg -ss 1 -frames:v 1 + vipsthumbnail: " + ms(tools), ratio(ours / tools),
                verdict(ours / tools <= 1.1, "≤ 1.1×"),
            ],
            [
                "web rendition of it, H.264 \(width)×\(height) (\(mb(source)) → \(mb(oursOut)))", ms(oursRendition),
                "ffmpeg alone, same settings: " + ms(aloneRendition), ratio(oursRendition / aloneRendition),
                verdict(oursRendition / aloneRendition <= 1.1, "≤ 1.1×"),
            ],
        ]
    }

    struct BenchmarkFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func timed(_ body: () throws -> Void) throws -> Double {
        let start = ContinuousClock.now
        try body()
        return IngestBenchmark.seconds(ContinuousClock.now - start)
    }

    static func tool(_ path: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchmarkFailure("\(path) failed") }
    }

    static func fileSize(_ path: String) -> Int64 { Int64(IngestBenchmark.fileSize(path)) }
    static func ms(_ seconds: Double) -> String { IngestBenchmark.ms(seconds) }
    static func ratio(_ value: Double) -> String { IngestBenchmark.ratio(value) }
    static func verdict(_ ok: Bool, _ target: String) -> String { IngestBenchmark.verdict(ok, target) }
}
