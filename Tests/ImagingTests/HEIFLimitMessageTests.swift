import Testing

@testable import Imaging

/// libheif's refusal of an oversized image becomes a size; any other message, or a size out of bounds, does not.
@Suite struct HEIFLimitMessageTests {
    @Test func readsTheQuotedSize() {
        let message =
            "bomb.heic: heif: Memory allocation error: Security limit exceeded: Image size 20000x30000 exceeds the maximum image size 16384x16384;  (6.1000)"
        let size = ImageHeader.sizeOverHEIFLimit(in: message)
        #expect(size?.width == 20_000 && size?.height == 30_000)
    }

    @Test(arguments: [
        "heif: Invalid input: No 'ftyp' box",
        "Image size 99999999999999999999x2 exceeds the maximum image size 16384x16384",
        "Image size 4294967296x4294967296 exceeds the maximum image size",
        "Image size x200 exceeds", "Image size 200x exceeds", "Image size 200x300", "Image size 200y300 exceeds",
    ])
    func ignoresAnythingElse(_ message: String) {
        #expect(ImageHeader.sizeOverHEIFLimit(in: message) == nil)
    }
}
