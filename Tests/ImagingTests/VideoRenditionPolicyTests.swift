import Testing
import VitrineCore

@testable import Imaging

/// When a clip needs a web rendition, and the rendition's size and bounds, whatever numbers the probe holds.
@Suite struct VideoRenditionPolicyTests {
    func probe(
        _ codec: String?, audio: String? = "aac", format: VideoFormat = .mp4, width: Int = 1920, height: Int = 1080,
        rotation: Int = 0, duration: Double = 10
    ) -> VideoProbe {
        VideoProbe(
            format: format, duration: duration, storedWidth: width, storedHeight: height, rotation: rotation,
            frameRate: 30, frameCount: 300, videoCodec: codec, audioCodec: audio, streamCount: 2,
            metadata: PhotoMetadata())
    }

    @Test func whatPlaysEverywhereAndWhatDoesNot() {
        let rendition = VideoRendition()
        let mb = Int64(1_000_000)
        #expect(rendition.reason(for: probe("h264"), byteSize: 10 * mb) == nil)
        #expect(rendition.reason(for: probe("h264", audio: nil, format: .mov), byteSize: 10 * mb) == nil)
        #expect(rendition.reason(for: probe("h264", width: 1920, height: 1080, rotation: 90), byteSize: mb) == nil)
        #expect(rendition.reason(for: probe("hevc"), byteSize: mb)?.contains("hevc") == true)
        #expect(rendition.reason(for: probe(nil), byteSize: mb) != nil)
        #expect(rendition.reason(for: probe("vp9", format: .webm), byteSize: mb) != nil)
        #expect(rendition.reason(for: probe("h264", format: .mkv), byteSize: mb)?.contains("MKV") == true)
        #expect(rendition.reason(for: probe("h264", audio: "pcm_s16le"), byteSize: mb)?.contains("pcm") == true)
        #expect(rendition.reason(for: probe("h264", width: 3840, height: 2160), byteSize: mb) != nil)
        // 60 MB over 10 s is 48 Mbps: a phone's 4K rate, too much to stream.
        #expect(rendition.reason(for: probe("h264"), byteSize: 60 * mb)?.contains("48 Mbps") == true)
    }

    @Test func sizesAndBoundsStayInRangeWhateverTheProbeSays() {
        let rendition = VideoRendition()
        #expect(rendition.size(for: probe("hevc", width: 3840, height: 2160)) == (1920, 1080))
        #expect(rendition.size(for: probe("hevc", width: 3840, height: 2160, rotation: 90)) == (1080, 1920))
        #expect(rendition.size(for: probe("hevc", width: 641, height: 361)) == (640, 360))
        #expect(rendition.size(for: probe("hevc", width: 0, height: 0)) == (2, 2))
        #expect(rendition.size(for: probe("hevc", width: 7680, height: 2)) == (1920, 2))
        #expect(rendition.outputBound(duration: .infinity) > 0 && rendition.outputBound(duration: -5) > 0)
        #expect(rendition.outputBound(duration: .nan) > 0)
        #expect(rendition.timeoutSeconds(duration: .nan) == rendition.minimumTimeoutSeconds)
        #expect(rendition.timeoutSeconds(duration: 1e300) == rendition.maximumTimeoutSeconds)
    }
}
