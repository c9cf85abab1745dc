import Access
import Catalog
import Logging

extension AuthThrottle {
    /// The address's open window (nil when it has none); throws 429 when it has used up its failures.
    @discardableResult
    func check(_ address: String) async throws -> ThrottleWindow? {
        let window = try await self.window(address)
        if let wait = retryAfter(window) {
            throw APIError.tooManyRequests(
                "too many failed sign-in attempts from this address; try again later", retryAfter: wait)
        }
        return window
    }

    /// Counts an attempt before its credential is checked (`counted`); throws 429 when it is past the limit.
    func attempt(_ address: String, logger: Logger) async throws -> ThrottleWindow {
        let window = try await counted(address, logger: logger)
        if let wait = retryAfter(counted: window) {
            throw APIError.tooManyRequests(
                "too many failed sign-in attempts from this address; try again later", retryAfter: wait)
        }
        return window
    }
}
