import Foundation
import GRDB
import ServerTestSupport
import TestSupport
import Testing
import VitrineApp

/// `vitrine gc` deletes files no photo uses; it purges the trash only when told how long the trash keeps a
/// photo, since the servers purge it themselves with their own `--trash-days`, which `gc` cannot know.
@Suite struct CollectCommandTests {
    @Test func gcLeavesTheTrashToTheServersUnlessGivenItsDays() async throws {
        let data = TemporaryDirectory("gc-trash")
        let inputs = TemporaryDirectory("gc-trash-inputs")
        let library = try await openLibrary(StorageConfiguration(dataDirectory: data.path))
        let path = try Fixtures.write(inputs.file("kept.jpg"), width: 320, height: 240, seed: 8)
        guard case .imported(_, let id) = await library.importer().importFile(at: path) else {
            Issue.record("not imported")
            return
        }
        #expect(try await library.trashPhoto(id: id))
        // Trashed 40 days ago: past the default retention, within a server's `--trash-days 90`.
        let queue = try DatabaseQueue(path: data.file("catalog.sqlite"))
        try await queue.write { db in
            try db.execute(
                sql: "UPDATE trashedPhoto SET trashedAt = trashedAt - ? WHERE id = ?", arguments: [40 * 86_400_000, id])
        }
        let plain = try VitrineProcess.run(["gc", "--data", data.path])
        #expect(plain.status == 0, "\(plain.output)")
        #expect(try await library.catalog.trashedPhoto(id: id) != nil, "still restorable")
        let told = try VitrineProcess.run(["gc", "--data", data.path, "--trash-days", "30"])
        #expect(told.output.contains("purged"), "\(told.output)")
        #expect(try await library.catalog.trashedPhoto(id: id) == nil)
    }
}
