import TestSupport
import Testing

@testable import Imaging

/// What ties a Live Photo's parts together, and where a Motion Photo says its clip is, read from bytes a
/// file controls: every offset, count and number is checked, and a malformed block reads as nothing.
@Suite struct LivePhotoMetadataTests {
    static let identifier = "8F3D6A2C-1B4E-4C7A-9D2F-5E6B7C8D9E0F"

    @Test func theContentIdentifierIsReadFromApplesMakerNote() {
        let exif = LivePhotoFixtures.exifWithAppleMakerNote(Self.identifier.lowercased())
        #expect(AppleMakerNote.contentIdentifier(exif: exif) == Self.identifier, "uppercased")
        #expect(AppleMakerNote.contentIdentifier(exif: Array("Exif\0\0".utf8) + exif) == Self.identifier)
    }

    @Test func everyTruncationAndCorruptionReadsAsNothingWithoutTrapping() {
        let exif = LivePhotoFixtures.exifWithAppleMakerNote(Self.identifier)
        for length in 0..<exif.count {
            #expect(AppleMakerNote.contentIdentifier(exif: Array(exif.prefix(length))) == nil, "\(length) bytes")
        }
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<2000 {
            var bytes = exif
            for _ in 0..<3 {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = AppleMakerNote.contentIdentifier(exif: bytes)
        }
        // Each offset and count at its largest: far past the block.
        for offset in [18, 32, 36, 64, 68] {
            var huge = exif
            huge.replaceSubrange(offset..<(offset + 4), with: [0xFF, 0xFF, 0xFF, 0xFF])
            #expect(AppleMakerNote.contentIdentifier(exif: huge) == nil, "\(offset)")
        }
    }

    @Test func anotherMakersNoteOrAnIdentifierWithSpacesIsNone() {
        var other = LivePhotoFixtures.exifWithAppleMakerNote(Self.identifier)
        let start = 8 + 18 + 18
        other.replaceSubrange(start..<(start + 5), with: Array("Nikon".utf8))
        #expect(AppleMakerNote.contentIdentifier(exif: other) == nil)
        #expect(AppleMakerNote.contentIdentifier(exif: LivePhotoFixtures.exifWithAppleMakerNote("a b")) == nil)
        #expect(LiveIdentifier.clean(String(repeating: "A", count: 129)) == nil)
        #expect(LiveIdentifier.clean("  abc\0\0") == "ABC")
    }

    @Test func motionPhotoClaimsInBothFormsAndBothSpellings() {
        #expect(
            MotionPhotoClaim.read(xmp: #"<d GCamera:MicroVideo="1" GCamera:MicroVideoOffset="1234"/>"#)
                == MotionPhotoClaim(fromEnd: 1234, length: 1234))
        #expect(
            MotionPhotoClaim.read(
                xmp:
                    "<GCamera:MotionPhoto>1</GCamera:MotionPhoto><GCamera:MicroVideoOffset>99</GCamera:MicroVideoOffset>"
            )
                == MotionPhotoClaim(fromEnd: 99, length: 99))
        let container = """
            <Container:Directory><rdf:Seq>
            <rdf:li><Container:Item Item:Semantic="Primary" Item:Length="0"/></rdf:li>
            <rdf:li><Container:Item Item:Semantic="MotionPhoto" Item:Length="500"/></rdf:li>
            <rdf:li><Container:Item><Item:Semantic>Depth</Item:Semantic><Item:Length>20</Item:Length></Container:Item></rdf:li>
            </rdf:Seq></Container:Directory>
            """
        #expect(MotionPhotoClaim.read(xmp: container) == MotionPhotoClaim(fromEnd: 520, length: 500))
    }

    @Test(arguments: ["-5", "0", "9007199254740993", "12ab", "", "1e3"])
    func aClaimThatIsNotASizeIsNone(offset: String) {
        #expect(MotionPhotoClaim.read(xmp: #"GCamera:MicroVideo="1" GCamera:MicroVideoOffset="\#(offset)""#) == nil)
        let container = #"Container:Directory <Container:Item Item:Semantic="MotionPhoto" Item:Length="\#(offset)"/>"#
        #expect(MotionPhotoClaim.read(xmp: container) == nil)
    }

    @Test func theLargestLengthsAddUpWithoutTrapping() {
        let big: Int64 = 9_007_199_254_740_000
        let container = """
            Container:Directory <Container:Item Item:Semantic="MotionPhoto" Item:Length="\(big)"/>
            \(String(repeating: #"<Container:Item Item:Semantic="X" Item:Length="\#(big)"/>"#, count: 30))
            """
        #expect(MotionPhotoClaim.read(xmp: container) == MotionPhotoClaim(fromEnd: big * 16, length: big))
        #expect(MotionPhotoClaim.read(xmp: "<x:xmpmeta><dc:subject/></x:xmpmeta>") == nil)
    }
}
