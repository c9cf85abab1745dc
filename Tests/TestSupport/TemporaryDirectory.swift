import Foundation

/// A fresh folder under the system temp directory, removed when the value is released.
public final class TemporaryDirectory: Sendable {
    public let path: String

    public init(_ label: String = "vitrine-test") {
        path = NSTemporaryDirectory() + "\(label)-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A path inside the folder (nothing is created).
    public func file(_ name: String) -> String { path + "/" + name }

    public func write(_ bytes: [UInt8], to name: String) -> String {
        let target = file(name)
        precondition(FileManager.default.createFile(atPath: target, contents: Data(bytes)), "cannot write \(target)")
        return target
    }

    public func read(_ name: String) -> [UInt8] {
        [UInt8](FileManager.default.contents(atPath: file(name)) ?? Data())
    }
}
