import Foundation
import Testing
import VitrineAPI

/// Keyset pages carry their position in the cursor, not in a server: a walk may hop between servers while
/// photos are added and still sees each photo once.
@Suite struct PageWalkTests {
    @Test func aWalkAlternatingServersWhilePhotosAreAddedNeitherSkipsNorRepeats() async throws {
        let cluster = try await ClusterLibrary("walk")
        let folder = cluster.scratch.file("initial")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 0..<24 {
            let day = String(format: "%02d", index % 28 + 1)
            let bytes = try cluster.photo(seed: UInt32(100 + index), takenAt: "2015:03:\(day) 12:00:00")
            try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(index).jpg"))
        }
        let imported = try await cluster.run(["import"], [folder])
        #expect(imported.status == 0, "\(imported.output)")

        let servers = [try await cluster.start("a"), try await cluster.start("b")]
        let token = try #require(servers[0].adminTokenFile, "server a wrote no admin token")
        let initial = Set(try await HTTP.allIDs(servers[0]))
        #expect(initial.count == 24)

        // Before each page after the first, the other server takes a photo: one taken long after every
        // photo (it sorts before the walk's position, so the walk must not see it) or long before (it sorts
        // after, so the walk must see it, once).
        var seen: [String] = []
        var older: Set<String> = []
        var newer: Set<String> = []
        var cursor: String?
        var step = 0
        repeat {
            let server = servers[step % 2]
            if step > 0 {
                let other = servers[(step + 1) % 2]
                let isOld = step % 2 == 0
                let bytes = try cluster.photo(
                    seed: UInt32(500 + step), takenAt: isOld ? "1990:01:01 00:00:0\(step % 10)" : "2040:01:01 00:00:00")
                let id = try await HTTP.upload(other, bytes, name: "added-\(step).jpg", token: token).photo.id
                if isOld { older.insert(id) } else { newer.insert(id) }
            }
            let page = try await HTTP.page(server, limit: 5, cursor: cursor)
            seen += page.items.map(\.id)
            cursor = page.nextCursor
            step += 1
        } while cursor != nil && step < 100

        #expect(step >= 5, "the walk took several pages")
        #expect(Set(seen).count == seen.count, "a photo came twice: \(seen)")
        #expect(initial.isSubset(of: Set(seen)), "skipped: \(initial.subtracting(seen))")
        #expect(older.isSubset(of: Set(seen)), "an older photo added during the walk was skipped")
        #expect(newer.isDisjoint(with: Set(seen)), "a newer photo appeared behind the walk's position")
        #expect(Set(seen) == initial.union(older))
    }
}
