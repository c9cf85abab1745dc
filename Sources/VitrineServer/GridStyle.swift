import Hummingbird

/// The grid layout a visitor chose, kept in a cookie (Web/grid.js `setStyle`) so the index page is
/// rendered for it: the server's first-screen tiles are the 4:3 grid's, so a justified page gets none,
/// and the client reads its layout from the page instead of blocking the parser on a storage read.
enum GridStyle: String, Sendable, Hashable {
    case grid
    case justified

    static let cookie = "vitrine_layout"

    /// The grid unless the cookie names another style: a cookie is the visitor's to edit.
    init(_ request: Request) {
        self = request.cookies[Self.cookie].flatMap { GridStyle(rawValue: $0.value) } ?? .grid
    }
}
