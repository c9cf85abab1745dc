import Foundation

/// What ffprobe says about a video file, read without decoding a frame. Every number comes from the file,
/// so each is checked here (finite, in range, never through a trapping conversion) before anything uses it.
public struct VideoProbe: Sendable, Equatable {
    public var format: VideoFormat
    /// Seconds; nil when neither the container nor the video stream states it.
    public var duration: Double?
    /// Size as stored, before rotation.
    public var storedWidth: Int
    public var storedHeight: Int
    /// Clockwise degrees the player turns the picture: 0, 90, 180 or 270.
    public var rotation: Int
    /// Frames per second; nil when not stated or not plausible.
    public var frameRate: Double?
    /// The video stream's frame count as stated, else estimated from the duration and the frame rate.
    public var frameCount: Int?
    public var videoCodec: String?
    public var audioCodec: String?
    public var streamCount: Int
    public var metadata: PhotoMetadata

    /// Size as displayed, after rotation.
    public var width: Int { rotation == 90 || rotation == 270 ? storedHeight : storedWidth }
    public var height: Int { rotation == 90 || rotation == 270 ? storedWidth : storedHeight }
}

extension VideoProbe {
    /// Parses `ffprobe -print_format json -show_format -show_streams`; `sniffed` is what the first bytes
    /// said, refined by the brand the container declares.
    static func parse(_ json: [UInt8], sniffed: VideoFormat) throws(ImagingError) -> VideoProbe {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json)), let root = object as? [String: Any]
        else { throw .corruptVideo("ffprobe's answer is not JSON") }
        let container = root["format"] as? [String: Any] ?? [:]
        let streams = (root["streams"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
        let isCoverArt = { (stream: [String: Any]) in
            Self.integer((stream["disposition"] as? [String: Any])?["attached_pic"]) == 1
        }
        guard let video = streams.first(where: { $0["codec_type"] as? String == "video" && !isCoverArt($0) }) else {
            throw .corruptVideo("no video stream")
        }
        guard let width = integer(video["width"]), let height = integer(video["height"]), width > 0, height > 0
        else { throw .corruptVideo("the video stream has no size") }

        let duration = [container["duration"], video["duration"]].lazy.compactMap(Self.number)
            .first { $0 >= 0 }
        let frameRate = [video["avg_frame_rate"], video["r_frame_rate"]].lazy.compactMap(Self.ratio)
            .first { $0 > 0 && $0 <= 10_000 }
        var frameCount = integer(video["nb_frames"]).flatMap { $0 >= 0 ? $0 : nil }
        if frameCount == nil, let duration, let frameRate {
            frameCount = integer(min(duration * frameRate, 1e15))
        }
        let tags = Self.tags(container["tags"]).merging(Self.tags(video["tags"])) { first, _ in first }
        var format = sniffed
        if sniffed != .webm, sniffed != .mkv, let brand = tags["major_brand"], brand.utf8.count == 4 {
            format = VideoFormat.fromBrand(brand)
        }
        let audio = streams.first { $0["codec_type"] as? String == "audio" }
        return VideoProbe(
            format: format, duration: duration, storedWidth: width, storedHeight: height,
            rotation: rotation(of: video), frameRate: frameRate, frameCount: frameCount,
            videoCodec: text(video["codec_name"]), audioCodec: text(audio?["codec_name"]),
            streamCount: max(streams.count, integer(container["nb_streams"]) ?? 0),
            metadata: VideoMetadata.metadata(from: tags))
    }

    /// The display matrix's rotation when the stream has one, else the older `rotate` tag; snapped to a
    /// quarter turn, as players do. ffprobe states the matrix anticlockwise and the tag clockwise.
    static func rotation(of stream: [String: Any]) -> Int {
        let sideData = (stream["side_data_list"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
        let degrees: Double
        if let matrix = sideData.lazy.compactMap({ number($0["rotation"]) }).first {
            degrees = -matrix
        } else if let tag = number(tags(stream["tags"])["rotate"]) {
            degrees = tag
        } else {
            return 0
        }
        guard degrees.isFinite, abs(degrees) < 1e9 else { return 0 }
        let quarter = Int((degrees / 90).rounded())
        return ((quarter % 4) + 4) % 4 * 90
    }

    /// A number ffprobe wrote as JSON number or as text; nil unless finite.
    static func number(_ value: Any?) -> Double? {
        let number: Double? =
            switch value {
            case let number as Double: number
            case let number as Int: Double(number)
            case let number as NSNumber: number.doubleValue
            case let text as String: Double(text.trimmingASCIISpaces())
            default: nil
            }
        return number.flatMap { $0.isFinite ? $0 : nil }
    }

    /// A whole number within ±10^15 (far inside `Int`), else nil.
    static func integer(_ value: Any?) -> Int? {
        guard let number = number(value), abs(number) <= 1e15 else { return nil }
        return Int(exactly: number.rounded(.towardZero))
    }

    /// `30000/1001` as a number; nil for a zero denominator or anything not finite.
    static func ratio(_ value: Any?) -> Double? {
        guard let text = value as? String else { return number(value) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let top = Double(parts[0]), let bottom = Double(parts[1]), bottom != 0 else {
            return number(text)
        }
        let value = top / bottom
        return value.isFinite ? value : nil
    }

    static func text(_ value: Any?) -> String? {
        guard let text = value as? String else { return nil }
        let clean = String(text.removingControlCharacters().trimmingASCIISpaces().prefix(64))
        return clean.isEmpty ? nil : clean
    }

    /// Tags with lowercase keys and text values; anything else is dropped.
    static func tags(_ value: Any?) -> [String: String] {
        guard let dictionary = value as? [String: Any] else { return [:] }
        var tags: [String: String] = [:]
        for (key, value) in dictionary {
            guard let text = value as? String else { continue }
            tags[key.lowercased()] = text
        }
        return tags
    }
}

extension VideoProbe {
    /// The last `out_time_us` and `frame` of ffmpeg's `-progress` report (`key=value` lines): the time and
    /// frames a read-through reached. Each is nil unless it is a whole number in range.
    static func progress(_ output: [UInt8]) -> (seconds: Double?, frames: Int?) {
        var (seconds, frames): (Double?, Int?) = (nil, nil)
        for line in String(decoding: output.prefix(1 << 20), as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            switch parts[0] {
            case "out_time_us":
                if let us = Int64(value), us > 0, us < 1_000_000 * 1_000_000 { seconds = Double(us) / 1_000_000 }
            case "frame":
                if let count = Int(value), count > 0, count < 1 << 40 { frames = count }
            default: continue
            }
        }
        return (seconds, frames)
    }
}
