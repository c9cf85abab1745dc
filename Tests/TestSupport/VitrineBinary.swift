import Foundation

/// The `vitrine` executable that tests run as a child process: `VITRINE_BINARY`, or the one built beside
/// the test bundle.
public enum VitrineBinary {
    public static var path: String? { executable("vitrine", environment: "VITRINE_BINARY") }

    /// `vitrine-mirror`: `VITRINE_MIRROR_BINARY`, else the one beside `path`, else the one built beside the
    /// test bundle.
    public static var mirrorPath: String? {
        if let path = ProcessInfo.processInfo.environment["VITRINE_MIRROR_BINARY"] { return path }
        if let vitrine = path {
            let sibling = URL(fileURLWithPath: vitrine).deletingLastPathComponent().appendingPathComponent(
                "vitrine-mirror"
            ).path
            if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        }
        return executable("vitrine-mirror", environment: nil)
    }

    private static func executable(_ name: String, environment variable: String?) -> String? {
        if let variable, let path = ProcessInfo.processInfo.environment[variable] { return path }
        var url = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = url.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            url.deleteLastPathComponent()
        }
        return nil
    }
}
