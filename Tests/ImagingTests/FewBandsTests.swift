import Foundation
import Imaging
import TestSupport
import Testing

/// Files whose decoders give fewer colour bands than their colour space says render as grey photos, with every
/// variant and a placeholder, rather than reaching the placeholder encoder's precondition (which ended the
/// process, the server with it).
@Suite struct FewBandsTests {
    let folder = TemporaryDirectory("few-bands")

    /// A 16×16 baseline JPEG of two components, flat grey: libvips reads it as "sRGB" with two bands.
    static let twoComponentJPEG = Array(
        Data(
            base64Encoded:
                "/9j/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAAOCAAQABACAREAAhEA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACgIBAAIAAD8AKKKKKKKK/9k="
        )!)

    @Test func aTwoComponentJPEGRendersAsAGreyPhoto() throws {
        let path = folder.file("two.jpg")
        try Data(Self.twoComponentJPEG).write(to: URL(fileURLWithPath: path))
        let rendered = try PhotoRenderer.render(path: path)
        #expect(!rendered.thumbHash.isEmpty)
        #expect(rendered.colorfulness < 0.02, "grey: \(rendered.colorfulness)")
        #expect(rendered.width == 16 && rendered.height == 16)
        for variant in [rendered.thumbWebP, rendered.thumbJPEG, rendered.preview] {
            let decoded = try DecodedImage(encoded: variant.bytes)
            #expect(decoded.width > 0 && decoded.bands == 3, "\(variant.mimeType)")
        }
        let sized = try SizedRenderer.render(path: path, edge: 8)
        #expect(sized.width == 8)
        let avif = try PhotoRenderer.avif(path: path, for: .thumb)
        #expect(avif.mimeType == "image/avif" && !avif.bytes.isEmpty)
    }
}
