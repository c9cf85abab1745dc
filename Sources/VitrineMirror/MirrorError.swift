import Foundation

/// Why a mirror, or one photo of it, failed.
enum MirrorError: Error, CustomStringConvertible, Equatable {
    /// The bytes' SHA-256 is not the content address their URL names.
    case hashMismatch(expected: String, actual: String)
    /// The server sent something that cannot become a file name (an id, an extension).
    case unsafeName(String)
    /// A variant URL that names no content address.
    case noContentAddress(String)
    /// The folder's state file is unreadable, or belongs to another server or mode.
    case badState(String)
    /// The server's answer was not a whole body.
    case badResponse(String)
    /// Another mirror is running in the folder.
    case busy(String)
    case io(String)

    var description: String {
        switch self {
        case .hashMismatch(let expected, let actual): "SHA-256 mismatch: expected \(expected), got \(actual)"
        case .unsafeName(let name): "refusing unsafe name from the server: \(name.debugDescription)"
        case .noContentAddress(let url): "no content address in \(url.debugDescription)"
        case .badState(let message): message
        case .badResponse(let message): message
        case .busy(let message): message
        case .io(let message): message
        }
    }
}
