import Catalog

extension MeteredCatalog {
    public func compatSearch(_ search: CompatSearch) async throws -> CompatPage {
        try await metered(.compatSearch) { try await base.compatSearch(search) }
    }

    public func resources(_ query: ResourceQuery, counting: Bool) async throws -> (items: [CompatPhoto], total: Int?) {
        try await metered(.resources) { try await base.resources(query, counting: counting) }
    }

    public func compatPhoto(objectId: String) async throws -> CompatPhoto? {
        try await metered(.compatPhoto) { try await base.compatPhoto(objectId: objectId) }
    }

    public func insertAPIKey(_ key: APIKeyRecord) async throws -> APIKeyRecord {
        try await metered(.insertAPIKey) { try await base.insertAPIKey(key) }
    }

    public func apiKeys() async throws -> [APIKeyRecord] {
        try await metered(.apiKeys) { try await base.apiKeys() }
    }

    public func activeAPIKey(digest: String) async throws -> APIKeyRecord? {
        try await metered(.activeAPIKey) { try await base.activeAPIKey(digest: digest) }
    }

    public func revokeAPIKey(id: Int64) async throws -> Bool {
        try await metered(.revokeAPIKey) { try await base.revokeAPIKey(id: id) }
    }

    public func insertSession(_ session: SessionRecord) async throws {
        try await metered(.insertSession) { try await base.insertSession(session) }
    }

    public func session(digest: String, now: Int64) async throws -> SessionRecord? {
        try await metered(.session) { try await base.session(digest: digest, now: now) }
    }

    public func sessions() async throws -> [SessionRecord] {
        try await metered(.sessions) { try await base.sessions() }
    }

    @discardableResult public func deleteSession(digest: String) async throws -> Bool {
        try await metered(.deleteSession) { try await base.deleteSession(digest: digest) }
    }

    @discardableResult public func deleteAllSessions() async throws -> Int {
        try await metered(.deleteAllSessions) { try await base.deleteAllSessions() }
    }

    public func adminTokenDigest() async throws -> String? {
        try await metered(.adminTokenDigest) { try await base.adminTokenDigest() }
    }

    public func adminTokenDigest(settingIfAbsent digest: String) async throws -> String {
        try await metered(.setAdminTokenDigest) { try await base.adminTokenDigest(settingIfAbsent: digest) }
    }

    public func replaceAdminTokenDigest(_ digest: String) async throws {
        try await metered(.replaceAdminTokenDigest) { try await base.replaceAdminTokenDigest(digest) }
    }

    @discardableResult
    public func recordFailure(
        key: String, repeatKey: String?, now: Int64, windowSeconds: Int64
    ) async throws -> ThrottleWindow {
        try await metered(.recordFailure) {
            try await base.recordFailure(key: key, repeatKey: repeatKey, now: now, windowSeconds: windowSeconds)
        }
    }

    public func forgiveFailure(key: String, start: Int64) async throws {
        try await metered(.forgiveFailure) { try await base.forgiveFailure(key: key, start: start) }
    }

    public func throttleWindow(key: String, now: Int64, windowSeconds: Int64) async throws -> ThrottleWindow? {
        try await metered(.throttleWindow) {
            try await base.throttleWindow(key: key, now: now, windowSeconds: windowSeconds)
        }
    }

    public func pruneThrottleWindows(now: Int64, windowSeconds: Int64) async throws {
        try await metered(.pruneThrottleWindows) {
            try await base.pruneThrottleWindows(now: now, windowSeconds: windowSeconds)
        }
    }
}
