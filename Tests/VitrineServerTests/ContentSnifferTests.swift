import Testing

@testable import VitrineApp

/// The content types `blobs migrate` gives blobs no catalog row describes, from their first bytes.
@Suite struct ContentSnifferTests {
    @Test(
        arguments: [
            ([0xFF, 0xD8, 0xFF, 0xE0], "image/jpeg"),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], "image/png"),
            (Array("RIFF\u{1}\u{2}\u{3}\u{4}WEBPVP8 ".utf8), "image/webp"),
            (Array("GIF89a".utf8), "image/gif"),
            ([0x49, 0x49, 0x2A, 0x00, 8], "image/tiff"),
            ([0, 0, 0, 0x18] + Array("ftypavif".utf8), "image/avif"),
            ([0, 0, 0, 0x18] + Array("ftypheic".utf8), "image/heic"),
            ([0, 0, 0, 0x18] + Array("ftypisom".utf8), "video/mp4"),
            ([0, 0, 0, 0x18] + Array("ftypqt  ".utf8), "video/quicktime"),
            ([0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x82, 0x84] + Array("webm".utf8), "video/webm"),
            ([0, 0, 0, 0x18] + Array("ftypcrx ".utf8), "application/octet-stream"),
            ([0xFF, 0xD8], "application/octet-stream"),
            ([], "application/octet-stream"),
            (Array("RIFF".utf8), "application/octet-stream"),
        ] as [([UInt8], String)])
    func sniffs(_ head: [UInt8], _ expected: String) {
        #expect(ContentSniffer.mimeType(of: head) == expected)
    }
}
