import Foundation
import TestSupport
import Testing
import VitrineAPI

/// `JSONWriter` output against `JSONEncoder`'s for the same values: both decode to the same value, and to
/// the same JSON object (so a key omitted by one is omitted by the other, and `null` stays `null`).
@Suite struct JSONWriterTests {
    /// Text that exercises escaping: quotes, backslashes, every C0 control, slashes, and multi-byte scalars.
    static let awkward = [
        "", "plain", "quote \" inside", "back\\slash", "tab\tnew\nline\rcarriage", "\u{0}\u{1}\u{1F}\u{7F}",
        "slash / and </script>", "naïve café", "日本語", "👩‍👩‍👧 family", "e\u{301}", "\u{2028}\u{2029}",
    ]

    struct Generator: RandomNumberGenerator {
        var seeded: SeededGenerator
        init(state: UInt64) { seeded = SeededGenerator(seed: state) }
        mutating func next() -> UInt64 { seeded.next() }
        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
        mutating func text() -> String {
            (0..<int(0...3)).map { _ in JSONWriterTests.awkward.randomElement(using: &self)! }.joined()
        }
        mutating func maybe<T>(_ make: (inout Generator) -> T) -> T? { int(0...1) == 0 ? nil : make(&self) }
        mutating func double() -> Double {
            [0, -0.0, 1, 0.1, 1e-5, 1.0 / 3, 123_456.789, 1e300, -2.5e-308, Double(int(-1000...1000)) / 7]
                .randomElement(using: &self)!
        }
        /// A point on the globe (a `GeoPoint` is never off it), poles and antimeridian included.
        mutating func location() -> GeoPoint {
            let degrees: [Double] = [0, -0.0, 1.0 / 3, -33.865, 48.858333, 90, -90, 180, -180, 1e-300]
            let latitude = degrees.filter { abs($0) <= 90 }.randomElement(using: &self)!
            return GeoPoint(latitude: latitude, longitude: degrees.randomElement(using: &self)!)!
        }
        mutating func variant() -> VariantInfo {
            VariantInfo(
                url: text(), width: int(0...10_000), height: int(Int.min...Int.max), jpegUrl: maybe { $0.text() })
        }
        mutating func placeholder() -> Placeholder { Placeholder(thumbHash: text(), averageColor: text()) }
        mutating func summary() -> PhotoSummary {
            PhotoSummary(
                id: text(), width: int(0...100_000), height: int(-5...5), title: text(), takenAt: text(),
                placeholder: placeholder(), thumb: variant(), small: maybe { $0.variant() }, preview: variant(),
                original: variant())
        }
        mutating func detail() -> PhotoDetail {
            PhotoDetail(
                id: text(), width: int(0...9), height: int(0...9), title: maybe { $0.text() }, originalName: text(),
                format: text(), mimeType: text(), byteSize: [Int64.min, -1, 0, Int64.max][int(0...3)], takenAt: text(),
                takenAtOffset: maybe { $0.int(-1439...1439) }, takenAtSource: text(),
                camera: CameraSettings(
                    make: maybe { $0.text() }, model: maybe { $0.text() }, lens: maybe { $0.text() },
                    exposureTime: maybe { $0.double() }, fNumber: maybe { $0.double() },
                    iso: maybe { $0.int(0...100_000) }, focalLength: maybe { $0.double() }),
                location: maybe { $0.location() },
                tags: (0..<int(0...4)).map { _ in text() }, placeholder: placeholder(), thumb: variant(),
                preview: variant(), original: variant(), importedAt: text())
        }
    }

    func sameDocument(_ written: [UInt8], _ encoded: Data) throws {
        let ours = try JSONSerialization.jsonObject(with: Data(written), options: [.fragmentsAllowed])
        let theirs = try JSONSerialization.jsonObject(with: encoded, options: [.fragmentsAllowed])
        #expect((ours as? NSObject)?.isEqual(theirs) == true, "\(String(decoding: written, as: UTF8.self))")
    }

    @Test func pagesDecodeToTheSameValueAndDocumentAsJSONEncoders() throws {
        var generator = Generator(state: 19)
        for round in 0..<300 {
            let page = PhotoPage(
                items: (0..<generator.int(0...5)).map { _ in generator.summary() },
                nextCursor: round % 3 == 0 ? nil : generator.text(),
                previousCursor: round % 4 < 2 ? nil : generator.text(), total: generator.int(Int.min...Int.max),
                position: round % 5 < 3
                    ? nil
                    : PhotoPage.Position(
                        year: generator.int(Int.min...Int.max), month: generator.int(1...12),
                        offset: generator.int(0...Int.max)))
            let written = page.jsonBytes()
            #expect(try JSONDecoder().decode(PhotoPage.self, from: Data(written)) == page)
            try sameDocument(written, try JSONEncoder().encode(page))
        }
    }

    @Test func detailsDecodeToTheSameValueAndDocumentAsJSONEncoders() throws {
        var generator = Generator(state: 20)
        for _ in 0..<300 {
            let detail = generator.detail()
            let written = detail.jsonBytes()
            #expect(try JSONDecoder().decode(PhotoDetail.self, from: Data(written)) == detail)
            try sameDocument(written, try JSONEncoder().encode(detail))
        }
    }

    @Test func detailPagesDecodeToTheSameValueAndDocumentAsJSONEncoders() throws {
        var generator = Generator(state: 22)
        for round in 0..<100 {
            let page = PhotoDetailPage(
                items: (0..<generator.int(0...4)).map { _ in generator.detail() },
                nextCursor: round % 3 == 0 ? nil : generator.text(), total: generator.int(Int.min...Int.max))
            let written = page.jsonBytes()
            #expect(try JSONDecoder().decode(PhotoDetailPage.self, from: Data(written)) == page)
            try sameDocument(written, try JSONEncoder().encode(page))
        }
        #expect(
            String(decoding: PhotoDetailPage(items: [], nextCursor: nil, total: 0).jsonBytes(), as: UTF8.self)
                == #"{"items":[],"nextCursor":null,"total":0}"#)
    }

    @Test func timelinesDecodeToTheSameValueAndDocumentAsJSONEncoders() throws {
        var generator = Generator(state: 21)
        for _ in 0..<100 {
            let timeline = Timeline(
                months: (0..<generator.int(0...30)).map { _ in
                    Timeline.Month(
                        year: generator.int(Int.min...Int.max), month: generator.int(1...12),
                        count: generator.int(0...Int.max))
                }, total: generator.int(0...Int.max))
            let written = timeline.jsonBytes()
            #expect(try JSONDecoder().decode(Timeline.self, from: Data(written)) == timeline)
            try sameDocument(written, try JSONEncoder().encode(timeline))
        }
        #expect(
            String(
                decoding: Timeline(months: [.init(year: 2025, month: 11, count: 3)], total: 3).jsonBytes(),
                as: UTF8.self)
                == #"{"months":[{"year":2025,"month":11,"count":3}],"total":3}"#)
    }

    @Test func aPositionIsWrittenAsAnObjectAfterThePreviousCursor() {
        let page = PhotoPage(
            items: [], nextCursor: nil, previousCursor: "p", total: 40,
            position: PhotoPage.Position(year: 2019, month: 3, offset: 17))
        #expect(
            String(decoding: page.jsonBytes(), as: UTF8.self)
                == #"{"items":[],"nextCursor":null,"previousCursor":"p","position":{"year":2019,"month":3,"offset":17},"total":40}"#
        )
    }

    @Test func aLastPageWritesANullCursorAndAnEmptyList() {
        let page = PhotoPage(items: [], nextCursor: nil, total: 0)
        #expect(String(decoding: page.jsonBytes(), as: UTF8.self) == #"{"items":[],"nextCursor":null,"total":0}"#)
    }

    @Test func integersAtTheirLimitsAndEscapesAreWrittenExactly() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.int64(.min)
        writer.int64(.max)
        writer.int(0)
        writer.string("a\"b\\c\n\u{1}")
        writer.double(.nan)
        writer.double(.infinity)
        writer.endArray()
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"[-9223372036854775808,9223372036854775807,0,"a\"b\\c\n\u0001",null,null]"#)
    }
}
