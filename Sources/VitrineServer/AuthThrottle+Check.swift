import Access
import Catalog

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
}
