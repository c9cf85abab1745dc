import HTTPTypes

extension HTTPField.Name {
    /// Pixabay's rate-limit announcement headers.
    static let rateLimitLimit = Self("X-RateLimit-Limit")!
    static let rateLimitRemaining = Self("X-RateLimit-Remaining")!
    static let rateLimitReset = Self("X-RateLimit-Reset")!
    static let contentTypeOptions = Self("X-Content-Type-Options")!
    static let parseApplicationId = Self("X-Parse-Application-Id")!
    static let parseRESTAPIKey = Self("X-Parse-REST-API-Key")!
}
