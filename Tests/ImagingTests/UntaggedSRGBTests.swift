import Foundation
import Imaging
import TestSupport
import Testing

/// An 8-bit sRGB or greyscale file with no embedded profile skips the colour transform it would not change;
/// anything with a profile, or in another space or depth, still goes through it.
@Suite struct UntaggedSRGBTests {
    let folder = TemporaryDirectory("untagged-srgb")

    func header(_ path: String) throws -> ImageHeader { try ImageHeader.read(path: path, maxPixels: 100_000_000) }

    @Test func onlyUntaggedEightBitRGBAndGreySkipTheTransform() async throws {
        let rgb = try TestSupport.Fixtures.write(folder.file("rgb.jpg"), width: 400, height: 300)
        let grey = try TestSupport.Fixtures.write(folder.file("grey.jpg"), width: 400, height: 300, bands: 1)
        let png = try TestSupport.Fixtures.write(folder.file("rgba.png"), width: 400, height: 300, bands: 4)
        #expect(try header(rgb).isUntaggedSRGB && header(grey).isUntaggedSRGB && header(png).isUntaggedSRGB)

        let p3 = try await TestSupport.Fixtures.convert(rgb, toProfile: "p3", target: folder.file("p3.jpg[Q=95]"))
        let cmyk = try await TestSupport.Fixtures.convert(
            rgb, toProfile: "cmyk", target: folder.file("cmyk.jpg[Q=95]"))
        let deep = try TestSupport.Fixtures.write16BitPNG(folder.file("deep.png"))
        #expect(try !header(p3).isUntaggedSRGB, "a profile is honoured")
        #expect(try !header(cmyk).isUntaggedSRGB && !header(deep).isUntaggedSRGB)
    }

    @Test func anUntaggedPhotoKeepsItsNumbers() throws {
        // One flat colour: a resize keeps it, and any colour round trip would have to as well.
        let path = folder.file("flat.png")
        let (width, height) = (600, 400)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for i in stride(from: 0, to: pixels.count, by: 3) { (pixels[i], pixels[i + 1], pixels[i + 2]) = (200, 30, 90) }
        try ImageWriter.write(pixels: pixels, width: width, height: height, bands: 3, to: path)
        #expect(try header(path).isUntaggedSRGB)
        let rendered = try PhotoRenderer.render(path: path)
        #expect(rendered.averageColor.lowercased() == "#c81e5a", "\(rendered.averageColor)")
    }
}
