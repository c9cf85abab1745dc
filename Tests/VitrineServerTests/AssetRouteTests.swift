import Foundation
import HTTPParsing
import Hummingbird
import HummingbirdTesting
import Imaging
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

@Suite struct AssetRouteTests {
    func summary(_ fixture: ServerFixture, _ client: some TestClientProtocol) async throws -> PhotoSummary {
        try await client.execute(uri: "/api/v1/photos?limit=1", method: .get) { response in
            try #require(try response.decode(PhotoPage.self).items.first)
        }
    }

    @Test func originalsAreServedByteForByteWithImmutableCaching() async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await fixture.makeApp().test(.router) { client in
            let item = try await summary(fixture, client)
            let sourcePath = try #require(fixture.sources[item.id])
            let source = Fixtures.bytes(of: sourcePath)
            let expectedTag = try sha256Hex(sourcePath)
            try await client.execute(uri: item.original.url, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.bytes == source)
                #expect(response.headers[.contentType] == "image/jpeg")
                #expect(response.headers[.contentLength] == String(source.count))
                #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(response.headers[.eTag] == "\"\(expectedTag)\"")
                #expect(response.headers[.acceptRanges] == "bytes")
            }
        }
    }

    @Test func ifNoneMatchGives304() async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await fixture.makeApp().test(.router) { client in
            let item = try await summary(fixture, client)
            let etag = try await client.execute(uri: item.preview.url, method: .get) { $0.headers[.eTag] }
            let tag = try #require(etag)
            for header in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
                try await client.execute(uri: item.preview.url, method: .get, headers: [.ifNoneMatch: header]) {
                    #expect($0.status == .notModified, "\(header)")
                    #expect($0.body.readableBytes == 0)
                }
            }
            try await client.execute(uri: item.preview.url, method: .get, headers: [.ifNoneMatch: "\"stale\""]) {
                #expect($0.status == .ok)
            }
        }
    }

    @Test func rangesGive206WithTheRightSlice() async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await fixture.makeApp().test(.router) { client in
            let item = try await summary(fixture, client)
            let source = Fixtures.bytes(of: try #require(fixture.sources[item.id]))
            let size = source.count
            let cases: [(String, Range<Int>)] = [
                ("bytes=0-99", 0..<100), ("bytes=100-", 100..<size), ("bytes=-50", (size - 50)..<size),
                ("bytes=10-\(size + 1000)", 10..<size),
            ]
            for (header, slice) in cases {
                try await client.execute(uri: item.original.url, method: .get, headers: [.range: header]) {
                    #expect($0.status == .partialContent, "\(header)")
                    #expect($0.headers[.contentRange] == "bytes \(slice.lowerBound)-\(slice.upperBound - 1)/\(size)")
                    #expect($0.headers[.contentLength] == String(slice.count))
                    #expect($0.bytes == Array(source[slice]))
                }
            }
            try await client.execute(uri: item.original.url, method: .get, headers: [.range: "bytes=\(size)-"]) {
                #expect($0.status == .rangeNotSatisfiable)
                #expect($0.headers[.contentRange] == "bytes */\(size)")
            }
            try await client.execute(uri: item.original.url, method: .get, headers: [.range: "bytes=0-1,5-6"]) {
                #expect($0.status == .ok, "multiple ranges fall back to the whole file")
                #expect($0.bytes.count == size)
            }
        }
    }

    @Test func thumbsNegotiateWebPOrJPEGByAccept() async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await fixture.makeApp().test(.router) { client in
            let item = try await summary(fixture, client)
            let webp = try await client.execute(
                uri: item.thumb.url, method: .get, headers: [.accept: "image/avif,image/webp,*/*;q=0.8"]
            ) { response in
                #expect(response.headers[.contentType] == "image/webp")
                #expect(response.headers[.vary] == "Accept")
                #expect(Array(response.bytes[8..<12]) == Array("WEBP".utf8))
                return response.headers[.eTag]
            }
            for accept in [nil, "image/jpeg,*/*", "image/webp;q=0"] as [String?] {
                var headers = HTTPFields()
                if let accept { headers[.accept] = accept }
                try await client.execute(uri: item.thumb.url, method: .get, headers: headers) { response in
                    #expect(response.headers[.contentType] == "image/jpeg", "\(accept ?? "no Accept")")
                    #expect(response.headers[.vary] == "Accept")
                    #expect(Array(response.bytes.prefix(2)) == [0xFF, 0xD8])
                    #expect(response.headers[.eTag] != webp, "each representation has its own ETag")
                }
            }
        }
    }

    @Test func theSmallThumbIsTheSameJPEGForEveryClient() async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await fixture.makeApp().test(.router) { client in
            let item = try await summary(fixture, client)
            let small = try #require(item.small)
            #expect(small.height == 204 && small.width < item.thumb.width)
            for accept in ["image/webp,*/*", "image/jpeg"] {
                try await client.execute(uri: small.url, method: .get, headers: [.accept: accept]) {
                    (response: TestResponse) async throws in
                    #expect(response.headers[.contentType] == "image/jpeg")
                    #expect(response.headers[.vary] == nil)
                    #expect(try DecodedImage(encoded: Array(response.bytes)).height == 204)
                }
            }
        }
    }

    @Test func headAnswersHeadersOnly() async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await fixture.makeApp().test(.router) { client in
            let item = try await summary(fixture, client)
            try await client.execute(uri: item.preview.url, method: .head) { response in
                #expect(response.status == .ok)
                #expect(Int(response.headers[.contentLength] ?? "") ?? 0 > 0)
                #expect(response.body.readableBytes == 0)
            }
        }
    }

    /// Over a real socket, a blob many read chunks long arrives whole, and ranges straddling chunk boundaries
    /// arrive exact: the body streams from the store as the client reads it.
    @Test func aLargeOriginalStreamsWholeAndInRangesAcrossChunks() async throws {
        let fixture = try await ServerFixture(photos: 0)
        let path = try Fixtures.write(fixture.inputs.file("large.jpg[Q=98]"), width: 2400, height: 1600, seed: 9)
        let source = Fixtures.bytes(of: path)
        try #require(source.count > 4 * 64 * 1024, "the original spans several read chunks")
        guard case .imported = await fixture.library.importer().importFile(at: path) else {
            Issue.record("the import failed")
            return
        }
        let url = "/assets/" + (try sha256Hex(path))
        try await fixture.makeApp().test(.live) { client in
            try await client.execute(uri: url, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.bytes == source)
            }
            let last = source.count - 1
            for (lower, upper) in [(65_535, 65_536), (1, last - 1), (last, last), (100_000, 300_000)] {
                try await client.execute(uri: url, method: .get, headers: [.range: "bytes=\(lower)-\(upper)"]) {
                    #expect($0.status == .partialContent)
                    #expect($0.bytes == Array(source[lower...upper]), "\(lower)-\(upper)")
                }
            }
        }
    }

    @Test func byteRangeParsing() {
        #expect(ByteRange(header: nil, size: 10) == .whole)
        #expect(ByteRange(header: "bytes=2-4", size: 10) == .partial(2...4))
        #expect(ByteRange(header: "bytes=-3", size: 10) == .partial(7...9))
        #expect(ByteRange(header: "bytes=-30", size: 10) == .partial(0...9))
        #expect(ByteRange(header: "bytes=9-", size: 10) == .partial(9...9))
        #expect(ByteRange(header: "bytes=10-", size: 10) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-0", size: 10) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=5-2", size: 10) == .whole)
        #expect(ByteRange(header: "items=0-1", size: 10) == .whole)
        #expect(ByteRange(header: "bytes=abc", size: 10) == .whole)
        #expect(ByteRange(header: "bytes=-9999999999999999999999", size: 10) == .whole)
    }
}
