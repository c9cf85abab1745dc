import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Imaging

/// A HEIF file's announced sizes come from its own boxes, bounded by their parents, whatever the boxes say;
/// the pixel limit refuses a bomb by them even while other threads fill libvips' shared error buffer.
@Suite struct HEIFAnnouncedSizesTests {
    let folder = TemporaryDirectory("heif-sizes")

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] { u32(8 + body.count) + Array(type.utf8) + body }
    static func fullBox(_ type: String, _ body: [UInt8]) -> [UInt8] { box(type, [0, 0, 0, 0] + body) }
    static func u32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    static func ispe(_ width: Int, _ height: Int) -> [UInt8] { fullBox("ispe", u32(width) + u32(height)) }
    /// A `meta` body (version and flags, then children) holding `properties` in `iprp/ipco`.
    static func meta(_ properties: [UInt8]) -> [UInt8] {
        [0, 0, 0, 0] + fullBox("hdlr", Array(repeating: 0, count: 20)) + box("iprp", box("ipco", properties))
    }

    @Test func readsEveryImagesSizeFromTheProperties() {
        let sizes = HEIFAnnouncedSizes.sizes(
            inMeta: Self.meta(Self.ispe(4032, 3024) + Self.box("colr", [1, 2]) + Self.ispe(512, 512)))
        #expect(sizes == [.init(width: 4032, height: 3024), .init(width: 512, height: 512)])
    }

    @Test func aBoxRunningPastItsParentEndsTheWalkWithWhatCameBefore() {
        var properties = Self.ispe(100, 50) + Self.ispe(7, 7)
        properties.replaceSubrange(20..<24, with: Self.u32(4000))  // the second box's size, past `ipco`
        #expect(HEIFAnnouncedSizes.sizes(inMeta: Self.meta(properties)) == [.init(width: 100, height: 50)])
    }

    @Test(arguments: [
        [UInt8](), [0, 0], [0, 0, 0, 0] + box("iprp", []), [0, 0, 0, 0] + u32(3) + Array("iprp".utf8),
        meta(box("ispe", [0, 0, 0, 0, 0, 0])), meta(u32(1) + Array("ispe".utf8) + u32(0xFFFF_FFFF) + u32(0)),
    ])
    func malformedBoxesAnnounceNothing(_ meta: [UInt8]) {
        #expect(HEIFAnnouncedSizes.sizes(inMeta: meta).isEmpty)
    }

    @Test func sizesOfSixtyFourAndZeroAreUnderstood() {
        let wide =
            Self.u32(1) + Array("ispe".utf8) + Self.u32(0) + Self.u32(28) + [0, 0, 0, 0] + Self.u32(9) + Self.u32(8)
        let rest = Self.u32(0) + Array("ispe".utf8) + [0, 0, 0, 0] + Self.u32(3) + Self.u32(2)
        #expect(
            HEIFAnnouncedSizes.sizes(inMeta: Self.meta(wide + rest)) == [
                .init(width: 9, height: 8), .init(width: 3, height: 2),
            ])
    }

    @Test func theLargestSizeOverflowingIntIsOverAnyLimit() throws {
        let huge = HEIFAnnouncedSizes.Size(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF)
        #expect(huge.pixels == nil)
        #expect(
            ImagingError.tooManyPixels(width: huge.width, height: huge.height, limit: 10).description.contains("over"))
    }

    @Test func aRealFilesSizeIsFoundAfterItsFtyp() throws {
        let path = try TestSupport.Fixtures.writeHEIC(folder.file("real.heic"), width: 640, height: 480)
        #expect(HEIFAnnouncedSizes.largest(path: path) == .init(width: 640, height: 480))
        let text = folder.file("text.heic")
        try Data("not boxes at all".utf8).write(to: URL(fileURLWithPath: text))
        #expect(HEIFAnnouncedSizes.largest(path: text) == nil)
    }

    /// libvips keeps one error buffer for the process: a refusal read from its text would be cleared or
    /// mixed up by any other thread failing at the same moment.
    @Test func aBombIsRefusedByItsSizeWhileOtherThreadsFail() throws {
        let bomb = try TestSupport.Fixtures.writeHEIC(folder.file("bomb.heic"))
        try TestSupport.Fixtures.editHEIF(bomb) { try $0.announceSize(width: 20_000, height: 20_000) }
        let whole = try TestSupport.Fixtures.write(folder.file("whole.jpg"), width: 200, height: 100)
        let broken = folder.file("broken.jpg")
        try Data(TestSupport.Fixtures.bytes(of: whole).prefix(40)).write(to: URL(fileURLWithPath: broken))
        let wrong = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { lane in
            for _ in 0..<60 {
                do throws(ImagingError) {
                    _ = try ImageHeader.read(path: lane == 0 ? bomb : broken, maxPixels: 100_000_000)
                    wrong.withLock { $0.append("lane \(lane) read a header") }
                } catch {
                    let expected =
                        lane == 0
                        ? error == .tooManyPixels(width: 20_000, height: 20_000, limit: 100_000_000)
                        : error.code == "corrupt_image"
                    if !expected { wrong.withLock { $0.append("lane \(lane): \(error)") } }
                }
            }
        }
        #expect(wrong.withLock { $0 }.isEmpty, "\(wrong.withLock { $0.prefix(3) })")
    }
}
