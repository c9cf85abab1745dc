import Testing
import VitrineCore

@testable import Imaging

/// ffprobe's answer read defensively: every number from the file is checked before use, so a hostile or
/// broken container yields no value at all rather than a trap or a NaN.
@Suite struct VideoProbeTests {
    func probe(_ json: String, sniffed: VideoFormat = .mp4) throws -> VideoProbe {
        try VideoProbe.parse(Array(json.utf8), sniffed: sniffed)
    }

    static let phone = #"""
        {"streams": [
          {"codec_type": "video", "codec_name": "hevc", "width": 1920, "height": 1080, "avg_frame_rate": "30000/1001",
           "nb_frames": "300", "side_data_list": [{"side_data_type": "Display Matrix", "rotation": -90}]},
          {"codec_type": "audio", "codec_name": "aac"},
          {"codec_type": "video", "codec_name": "mjpeg", "width": 9000, "height": 9000, "disposition": {"attached_pic": 1}}
         ],
         "format": {"nb_streams": 3, "duration": "10.010000", "tags": {
           "major_brand": "qt  ", "com.apple.quicktime.make": "Apple", "com.apple.quicktime.model": "iPhone 15 Pro",
           "com.apple.quicktime.location.ISO6709": "+35.6586+139.7454+040.000/",
           "com.apple.quicktime.creationdate": "2024-05-01T19:00:00+0900", "creation_time": "2024-05-01T10:00:00Z"}}}
        """#

    @Test func aPhonesClipIsReadWhole() throws {
        let probe = try probe(Self.phone)
        #expect(probe.format == .mov && probe.videoCodec == "hevc" && probe.audioCodec == "aac")
        #expect(probe.storedWidth == 1920 && probe.rotation == 90 && probe.width == 1080 && probe.height == 1920)
        #expect(probe.duration == 10.01 && probe.frameCount == 300 && probe.streamCount == 3)
        #expect(abs((probe.frameRate ?? 0) - 29.97) < 0.01)
        #expect(probe.metadata.camera.make == "Apple" && probe.metadata.camera.model == "iPhone 15 Pro")
        #expect(probe.metadata.location == GeoPoint(latitude: 35.6586, longitude: 139.7454))
        #expect(
            probe.metadata.dateTimeOriginal
                == ExifDateTime(year: 2024, month: 5, day: 1, hour: 19, minute: 0, second: 0))
        #expect(probe.metadata.utcOffsetMinutes == 540, "Apple's date keeps the zone it was shot in")
    }

    @Test func hostileNumbersBecomeNoValue() throws {
        let json = #"""
            {"streams": [{"codec_type": "video", "width": 64, "height": 48, "avg_frame_rate": "1/0",
              "r_frame_rate": "nan", "nb_frames": "1e300", "duration": "inf",
              "tags": {"rotate": "1e308"}}],
             "format": {"duration": "NaN", "nb_streams": "-5"}}
            """#
        let probe = try probe(json)
        #expect(probe.duration == nil && probe.frameRate == nil && probe.frameCount == nil)
        #expect(probe.rotation == 0 && probe.streamCount == 1)
        #expect(throws: ImagingError.self) { try VideoLimits().check(probe) }
    }

    @Test func aFrameCountIsEstimatedWhenNotStated() throws {
        let json = #"""
            {"streams": [{"codec_type": "video", "width": 64, "height": 48, "r_frame_rate": "25/1"}],
             "format": {"duration": "4.0"}}
            """#
        #expect(try probe(json, sniffed: .webm).frameCount == 100)
        #expect(try probe(json, sniffed: .webm).format == .webm, "Matroska's family keeps what its bytes said")
    }

    @Test(arguments: [
        #"{}"#, #"[1, 2]"#, "not json", #"{"streams": [{"codec_type": "audio"}]}"#,
        #"{"streams": [{"codec_type": "video", "width": 0, "height": 10}]}"#,
        #"{"streams": [{"codec_type": "video", "width": 1e30, "height": 10}]}"#,
        #"{"streams": [{"codec_type": "video", "width": "wide", "height": 10}]}"#,
    ])
    func answersWithoutAPictureAreRefused(_ json: String) {
        #expect(throws: ImagingError.self) { try probe(json) }
    }

    @Test func rotationsSnapToQuarterTurns() {
        func rotation(_ matrix: Double?, tag: String? = nil) -> Int {
            var stream: [String: Any] = [:]
            if let matrix { stream["side_data_list"] = [["rotation": matrix]] }
            if let tag { stream["tags"] = ["rotate": tag] }
            return VideoProbe.rotation(of: stream)
        }
        #expect(rotation(-90) == 90 && rotation(90) == 270 && rotation(180) == 180 && rotation(-180) == 180)
        #expect(rotation(-89.6) == 90 && rotation(0) == 0 && rotation(nil) == 0 && rotation(-450) == 90)
        #expect(rotation(nil, tag: "90") == 90 && rotation(nil, tag: "270") == 270 && rotation(nil, tag: "x") == 0)
    }

    @Test func iso6709IsReadInEachOfItsForms() {
        #expect(VideoMetadata.parseISO6709("+48.8584+002.2945/") == GeoPoint(latitude: 48.8584, longitude: 2.2945))
        #expect(
            VideoMetadata.parseISO6709("-33.8688+151.2093+010.0/") == GeoPoint(latitude: -33.8688, longitude: 151.2093))
        let minutes = VideoMetadata.parseISO6709("+4851.5-00217.7/")
        #expect(abs((minutes?.latitude ?? 0) - 48.858333) < 1e-5 && abs((minutes?.longitude ?? 0) + 2.295) < 1e-5)
        let seconds = VideoMetadata.parseISO6709("+485130+0021742/")
        #expect(abs((seconds?.latitude ?? 0) - 48.858333) < 1e-5 && abs((seconds?.longitude ?? 0) - 2.295) < 1e-5)
        for bad in ["", "48.8+2.2/", "+91.0+000.0/", "+00.0+181.0/", "+1e999+0/", "+12", "+12.0", "+inf+nan/"] {
            #expect(VideoMetadata.parseISO6709(bad) == nil, "\(bad)")
        }
    }

    @Test func timestampsKeepTheirZoneAndAnUnsetClockIsNoDate() {
        let noon = ExifDateTime(year: 2024, month: 5, day: 1, hour: 12, minute: 0, second: 0)
        #expect(VideoMetadata.parseTimestamp("2024-05-01T12:00:00.000000Z")?.offsetMinutes == 0)
        #expect(VideoMetadata.parseTimestamp("2024-05-01T12:00:00+0200")?.dateTime == noon)
        #expect(VideoMetadata.parseTimestamp("2024-05-01T12:00:00-05:30")?.offsetMinutes == -330)
        #expect(VideoMetadata.parseTimestamp("2024-05-01 12:00:00")?.offsetMinutes == nil)
        for bad in ["1904-01-01T00:00:00Z", "1970-01-01T00:00:00Z", "2024-13-01T00:00:00Z", "2024-05-01", "x"] {
            #expect(VideoMetadata.parseTimestamp(bad) == nil, "\(bad)")
        }
    }

    @Test func containersAreToldApartByTheirFirstBytes() {
        func head(_ atom: String, _ brand: String) -> [UInt8] { [0, 0, 0, 24] + Array((atom + brand).utf8) }
        #expect(VideoFormat.sniff(head("ftyp", "isom")) == .mp4)
        #expect(VideoFormat.sniff(head("ftyp", "qt  ")) == .mov)
        #expect(VideoFormat.sniff(head("ftyp", "M4V ")) == .m4v)
        #expect(VideoFormat.sniff(head("ftyp", "3gp5")) == .threeGP)
        #expect(VideoFormat.sniff(head("ftyp", "heic")) == nil && VideoFormat.sniff(head("ftyp", "avif")) == nil)
        #expect(VideoFormat.sniff(head("mdat", "")) == .mov)
        let ebml: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]
        #expect(VideoFormat.sniff(ebml + Array("webm".utf8)) == .webm)
        #expect(VideoFormat.sniff(ebml + Array("matroska".utf8)) == .mkv)
        #expect(VideoFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == nil && VideoFormat.sniff([]) == nil)
    }

    @Test func aReadThroughsProgressIsReadDefensively() {
        let report = """
            frame=12
            out_time_us=480000
            progress=continue
            frame=30
            out_time_us=1933000
            progress=end
            """
        let reached = VideoProbe.progress(Array(report.utf8))
        #expect(reached.seconds == 1.933 && reached.frames == 30)
        for hostile in [
            "out_time_us=N/A\nframe=-3", "out_time_us=-5\nframe=1e300", "out_time_us=99999999999999999999999",
            "frame", "=", "",
        ] {
            let read = VideoProbe.progress(Array(hostile.utf8))
            #expect(read.seconds == nil && read.frames == nil, "\(hostile)")
        }
    }
}
