import Catalog
import Foundation
import Imaging
import TestSupport
import Testing

@testable import Ingest

/// Every kind of bad file is reported with a reason, skipped, and leaves nothing behind.
@Suite struct ImporterBadInputTests {
    let fixture: IngestFixture
    init() async throws { fixture = try await IngestFixture() }

    func expectRejected(
        _ path: String, render: RenderOptions = RenderOptions(), because fragment: String
    ) async throws {
        let outcome = await fixture.importOne(path, render: render)
        guard case .failed(let failedPath, let reason) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(failedPath == path)
        #expect(reason.contains(fragment), "reason: \(reason)")
        #expect((try? await fixture.library.catalog.count()) == 0)
        #expect(try await fixture.blobCount() == 0, "a rejected file must not leave blobs")
        #expect(fixture.temporaryCount == 0)
    }

    @Test func zeroByteFile() async throws {
        try await expectRejected(fixture.inputs.write([], to: "empty.jpg"), because: "empty file")
    }

    @Test func notAnImage() async throws {
        let text = fixture.inputs.write(Array("just some notes, not pixels\n".utf8), to: "notes.jpg")
        try await expectRejected(text, because: "not an image")
    }

    @Test func truncatedJPEGIsRejectedNotImportedHalfGrey() async throws {
        let whole = try Fixtures.write(fixture.inputs.file("whole.jpg[Q=90]"), width: 1200, height: 800)
        try await expectRejected(truncated(whole, to: "cut.jpg"), because: "corrupt or truncated")
    }

    @Test func corruptPNG() async throws {
        let whole = try Fixtures.write(fixture.inputs.file("whole.png"), width: 400, height: 300)
        var bytes = Fixtures.bytes(of: whole)
        for index in stride(from: bytes.count / 3, to: bytes.count * 2 / 3, by: 7) { bytes[index] ^= 0x5A }
        let broken = fixture.inputs.write(bytes, to: "broken.png")
        try await expectRejected(broken, because: "corrupt or truncated")
    }

    @Test func decompressionBombIsRefusedFromItsHeader() async throws {
        let bomb = fixture.inputs.write(Fixtures.pngHeaderOnly(width: 30_000, height: 30_000), to: "bomb.png")
        try await expectRejected(bomb, because: "over the limit of 100000000 pixels")
    }

    @Test func thePixelLimitIsConfigurable() async throws {
        let path = try Fixtures.write(fixture.inputs.file("fine.jpg"), width: 900, height: 600)
        var render = RenderOptions()
        render.maxPixels = 500_000
        try await expectRejected(path, render: render, because: "over the limit of 500000 pixels")
    }

    @Test func svgIsNotAccepted() async throws {
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>"#
        try await expectRejected(
            fixture.inputs.write(Array(svg.utf8), to: "drawing.svg"), because: "unsupported format")
    }

    @Test func pdfIsNotAccepted() async throws {
        let pdf =
            "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
        let outcome = await fixture.importOne(fixture.inputs.write(Array(pdf.utf8), to: "doc.pdf"))
        guard case .failed(_, let reason) = outcome else {
            Issue.record("a PDF was imported: \(outcome)")
            return
        }
        // Debian's libvips may or may not have a PDF loader; either way the file is refused by content.
        #expect(reason.contains("unsupported format") || reason.contains("not an image"), "\(reason)")
        #expect(try await fixture.blobCount() == 0)
    }

    @Test func aFolderIsNotAFile() async throws {
        let folder = fixture.inputs.file("folder.jpg")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try await expectRejected(folder, because: "not a regular file")
    }

    @Test func theImportGoesOnAfterABadFile() async throws {
        let good1 = try Fixtures.write(fixture.inputs.file("a.jpg"), width: 300, height: 200, seed: 1)
        let bad = fixture.inputs.write([], to: "b.jpg")
        let good2 = try Fixtures.write(fixture.inputs.file("c.jpg"), width: 300, height: 200, seed: 2)
        let summary = await fixture.importer().importFiles([good1, bad, good2])
        #expect(summary.imported.count == 2)
        #expect(summary.failures.map(\.path) == [bad])
        #expect(try await fixture.library.catalog.count() == 2)
    }
}
