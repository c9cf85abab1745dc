import Foundation
import NIOCore

/// A file read in 256 KiB chunks as an upload body, reporting the bytes handed to the transport.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    static let chunkSize = 256 * 1024

    let url: URL
    let size: Int
    let progress: (@Sendable (Int64) -> Void)?

    init(url: URL, progress: (@Sendable (Int64) -> Void)?) throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        guard let size = (attributes[.size] as? NSNumber)?.intValue, size >= 0 else {
            throw VitrineError.decoding("no size for \(url.path)")
        }
        self.url = url
        self.size = size
        self.progress = progress
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let handle: FileHandle?
        let progress: (@Sendable (Int64) -> Void)?
        var sent: Int64 = 0

        mutating func next() async throws -> ByteBuffer? {
            guard let handle, let data = try handle.read(upToCount: FileChunks.chunkSize), !data.isEmpty else {
                try? handle?.close()
                return nil
            }
            sent += Int64(data.count)
            progress?(sent)
            return ByteBuffer(bytes: data)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(handle: try? FileHandle(forReadingFrom: url), progress: progress)
    }
}
