import CatalogSQLite
import Foundation
import Synchronization
import TestSupport

/// A fresh SQLite catalog in its own folder; the folder lives as long as the value.
struct ScratchCatalog {
    let folder = TemporaryDirectory("access")
    let catalog: SQLiteCatalog

    init() throws { catalog = try SQLiteCatalog(path: folder.file("catalog.sqlite")) }
}

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let seconds: Mutex<Double>

    init(_ seconds: Double) { self.seconds = Mutex(seconds) }

    var now: Double { seconds.withLock { $0 } }
    var date: Date { Date(timeIntervalSince1970: now) }

    func advance(_ delta: Double) { seconds.withLock { $0 += delta } }
}
