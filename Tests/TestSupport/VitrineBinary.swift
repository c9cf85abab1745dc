import Foundation

/// The `vitrine` executable that tests run as a child process: `VITRINE_BINARY`, or the one built beside
/// the test bundle.
public enum VitrineBinary {
    public static var path: String? {
        if let path = ProcessInfo.processInfo.environment["VITRINE_BINARY"] { return path }
        var url = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = url.appendingPathComponent("vitrine").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            url.deleteLastPathComponent()
        }
        return nil
    }
}
