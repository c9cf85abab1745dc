import Foundation
import Imaging
import TestSupport
import Testing

@testable import Ingest

/// A HEIC over the limits is refused with the reason a JPEG gets, before its pixels are decoded.
extension ImporterBadInputTests {
    @Test func aHEICAnnouncingTooManyPixelsIsRefusedFromItsHeader() async throws {
        let path = try Fixtures.writeHEIC(fixture.inputs.file("bomb.heic"))
        try Fixtures.editHEIF(path) { try $0.announceSize(width: 20_000, height: 20_000) }
        try await expectRejected(path, because: "over the limit of 100000000 pixels")
    }

    @Test func thePixelLimitIsConfigurableForHEICAsForJPEG() async throws {
        var render = RenderOptions()
        render.maxPixels = 500_000
        for name in ["fine.heic", "fine.jpg"] {
            let path =
                name.hasSuffix(".heic")
                ? try Fixtures.writeHEIC(fixture.inputs.file(name), width: 900, height: 600)
                : try Fixtures.write(fixture.inputs.file(name), width: 900, height: 600)
            try await expectRejected(
                path, render: render, because: "900×600 (540000 pixels), over the limit of 500000 pixels")
        }
    }

    @Test func aTruncatedHEICIsRejected() async throws {
        let whole = try Fixtures.writeHEIC(fixture.inputs.file("whole.heic"), width: 600, height: 400)
        try await expectRejected(truncated(whole, to: "cut.heic"), because: "corrupt or truncated")
    }

    /// The first 60 % of `whole`, saved as `name`; `whole` is removed (only the cut file may be imported).
    func truncated(_ whole: String, to name: String) throws -> String {
        let bytes = Fixtures.bytes(of: whole)
        let cut = fixture.inputs.write(Array(bytes.prefix(bytes.count * 6 / 10)), to: name)
        try FileManager.default.removeItem(atPath: whole)
        return cut
    }
}
