/// Every error the API returns: `{"error": {"code": "…", "message": "…"}}`.
public struct APIErrorBody: Codable, Sendable, Equatable {
    public struct Detail: Codable, Sendable, Equatable {
        /// Stable and machine-readable, e.g. `bad_cursor`.
        public var code: String
        /// For people.
        public var message: String
    }

    public var error: Detail

    public init(code: String, message: String) {
        error = Detail(code: code, message: message)
    }
}
