import Testing

@testable import Imaging

/// Which saves go through libx265, and so take the writer's HEVC lock: a `.heic` or `.heif` target (HEVC
/// is libheif's default compression) or one that asks for HEVC; an AV1 HEIF and every other format do not.
@Suite struct ImageWriterHEVCTests {
    @Test(arguments: [
        "a.heic", "/tmp/B.HEIC[Q=80]", "c.heif", "d.heic[compression=hevc,Q=90,bitdepth=10]",
        "e.avif[compression=hevc]", "f.heic[page-height=200,compression=hevc]",
    ])
    func hevcSavesAreSerialised(_ path: String) {
        #expect(ImageWriter.writesHEVC(path))
    }

    @Test(arguments: [
        "a.jpg", "b.png[bitdepth=16]", "c.avif", "d.heif[compression=av1]", "e.webp[Q=80]", "heic.jpg",
        "f.jpg[heic=1]",
    ])
    func otherSavesAreNot(_ path: String) {
        #expect(!ImageWriter.writesHEVC(path))
    }
}
