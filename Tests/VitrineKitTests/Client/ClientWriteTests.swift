import Foundation
import Testing
import VitrineAPI
import VitrineKit

@Suite struct ClientWriteTests {
    @Test func aFileUploadReportsProgressToItsSizeAndAgainIsADuplicate() async throws {
        try await LiveVitrine.with(photos: 1) { server async throws in
            let file = try server.newPhoto("upload.jpg", seed: 77, width: 1600)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)
            let progress = ProgressLog()
            let result = try await server.client.upload(
                .file(file), options: .init(title: "Fresh", tags: ["new"]), progress: { progress.add($0) })
            #expect(!result.duplicate)
            #expect(result.photo.title == "Fresh")
            #expect(result.photo.tags == ["new"])
            #expect(result.photo.originalName == "upload.jpg")
            #expect(result.photo.byteSize == size.int64Value)
            let reported = progress.values
            #expect(reported.last == size.int64Value)
            #expect(reported == reported.sorted(), "progress only grows")

            let again = try await server.client.upload(.data(try Data(contentsOf: file)))
            #expect(again.duplicate)
            #expect(again.photo.id == result.photo.id)
            #expect(try await server.client.photos().total == 2)
        }
    }

    @Test func editSetsAndClearsThenDeleteRemoves() async throws {
        try await LiveVitrine.with(photos: 2) { server async throws in
            let client = server.client
            let id = server.ids[0]
            let titled = try await client.edit(id: id, PhotoEdit(title: "Kite", tags: ["sky", "wind"]))
            #expect(titled.title == "Kite")
            #expect(Set(titled.tags) == ["sky", "wind"])
            let retagged = try await client.edit(id: id, PhotoEdit(tags: ["sky"]))
            #expect(retagged.title == "Kite", "an edit without a title keeps it")
            #expect(retagged.tags == ["sky"])
            let cleared = try await client.edit(id: id, PhotoEdit(title: .some(nil)))
            #expect(cleared.title == nil)
            #expect(try await client.photo(id: id).title == nil)

            try await client.delete(id: id)
            let error = await #expect(throws: VitrineError.self) { _ = try await client.photo(id: id) }
            guard case .http(404, "not_found", _)? = error else {
                Issue.record("a deleted photo is not found: \(String(describing: error))")
                return
            }
            #expect(try await client.photos().items.map(\.id) == [server.ids[1]])
        }
    }

    @Test func writesNeedTheToken() async throws {
        try await LiveVitrine.with(photos: 1) { server async throws in
            let error = await #expect(throws: VitrineError.self) {
                _ = try await server.anonymous.edit(id: server.ids[0], PhotoEdit(title: "x"))
            }
            guard case .http(401, "unauthorized", _)? = error else {
                Issue.record("expected 401: \(String(describing: error))")
                return
            }
        }
    }
}

/// Values a callback reports from any thread, in order.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var log: [Int64] = []
    func add(_ value: Int64) { lock.withLock { log.append(value) } }
    var values: [Int64] { lock.withLock { log } }
}
