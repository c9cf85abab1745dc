import Testing

@testable import VitrineMirror

/// What comes from the server is checked before it names a file.
@Suite struct MirrorNamesTests {
    @Test func aLivePhotosClipIsNamedForItsPhotoAndNothingElse() {
        #expect(MirrorNames.isSafeMotionFile("01J9ZK3T7QH0Z8Y5.motion.mov"))
        for bad in [
            "a.motion", "a.mov", "a.motion.mov.x", "../a.motion.mov", "a.other.mov", ".motion.mov", "a.motion.",
        ] {
            #expect(!MirrorNames.isSafeMotionFile(bad), "\(bad)")
        }
    }

    @Test func idsThatCouldEscapeTheFolderAreRefused() {
        #expect(MirrorNames.isSafeID("01J9ZK3T7QH0Z8Y5"))
        #expect(MirrorNames.isSafeID("-a_b-c"))
        for bad in [
            "", "..", ".", "../x", "a/b", "a\\b", ".hidden", "a b", "é", String(repeating: "a", count: 129),
        ] {
            #expect(!MirrorNames.isSafeID(bad), "\(bad)")
        }
    }

    @Test func contentAddressesComeFromAssetURLs() throws {
        let hex = String(repeating: "ab", count: 32)
        let local = try #require(MirrorNames.contentAddress(of: "/assets/\(hex).jpg"))
        #expect(local.sha256 == hex && local.ext == "jpg")
        let bucket = try #require(MirrorNames.contentAddress(of: "https://cdn.example/p/ab/ab/\(hex)"))
        #expect(bucket.sha256 == hex && bucket.ext == nil)
        #expect(MirrorNames.contentAddress(of: "/assets/\(hex.uppercased()).HEIC")?.ext == "heic")
        #expect(MirrorNames.contentAddress(of: "/assets/\(hex).j/pg") == nil)
        #expect(MirrorNames.contentAddress(of: "/assets/\(hex).a.b") == nil)
        #expect(MirrorNames.contentAddress(of: "/assets/\(hex.dropLast()).jpg") == nil)
        #expect(MirrorNames.contentAddress(of: "/assets/\(hex.dropLast())g.jpg") == nil)
        #expect(MirrorNames.contentAddress(of: "") == nil)
        #expect(MirrorNames.fallbackExtension(format: "JPEG") == "jpg")
        #expect(MirrorNames.fallbackExtension(format: "../x") == "bin")
    }
}
