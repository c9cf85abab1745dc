import Synchronization

/// Bytes received by one download, shared by every task waiting on it.
final class DownloadProgress: Sendable {
    private let value = Mutex(ImageTask.Progress(completed: 0, total: nil))

    var current: ImageTask.Progress { value.withLock { $0 } }

    func update(completed: Int, total: Int?) {
        value.withLock { $0 = ImageTask.Progress(completed: Int64(completed), total: total.map(Int64.init)) }
    }
}
