import Foundation

/// Where a PostgreSQL catalog lives and how to talk to it, from a libpq-style URL:
/// `postgres://USER:PASS@HOST:PORT/DB?sslmode=…&statement_timeout=MS&pool_size=N&connect_timeout=S`.
public struct PostgresCatalogConfiguration: Sendable, Equatable {
    /// libpq's `sslmode` values this client honours.
    public enum TLSMode: String, Sendable, Equatable {
        /// Plain TCP (loopback, a private network).
        case disable
        /// TLS when the server offers it, plain otherwise; certificates are not verified.
        case prefer
        /// TLS or no connection; certificates are not verified (libpq's `require`).
        case require
        /// TLS with the certificate verified against the system's roots and the host name.
        case verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    public var tls: TLSMode
    /// Milliseconds a statement may run before the server cancels it (`statement_timeout`).
    public var statementTimeoutMilliseconds: Int
    /// Connections the pool opens at most.
    public var poolSize: Int
    /// Seconds to wait for a connection to open.
    public var connectTimeoutSeconds: Int

    public static let defaultStatementTimeoutMilliseconds = 5_000
    public static let defaultPoolSize = 16
    public static let defaultConnectTimeoutSeconds = 5

    public init(
        host: String, port: Int = 5432, username: String, password: String? = nil, database: String,
        tls: TLSMode = .prefer, statementTimeoutMilliseconds: Int = Self.defaultStatementTimeoutMilliseconds,
        poolSize: Int = Self.defaultPoolSize, connectTimeoutSeconds: Int = Self.defaultConnectTimeoutSeconds
    ) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.tls = tls
        self.statementTimeoutMilliseconds = statementTimeoutMilliseconds
        self.poolSize = poolSize
        self.connectTimeoutSeconds = connectTimeoutSeconds
    }

    /// Parses `postgres://` or `postgresql://` URLs; anything it cannot honour is refused, not ignored.
    public init(url: String) throws {
        guard let components = URLComponents(string: url),
            let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql"
        else { throw PostgresConfigurationError("expected postgres://USER[:PASS]@HOST[:PORT]/DATABASE") }
        guard let host = components.host, !host.isEmpty else {
            throw PostgresConfigurationError("the URL names no host")
        }
        guard let username = components.user, !username.isEmpty else {
            throw PostgresConfigurationError("the URL names no user")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw PostgresConfigurationError("the URL names no database (…/DATABASE)")
        }
        let port = components.port ?? 5432
        guard (1...65_535).contains(port) else { throw PostgresConfigurationError("port \(port) is out of range") }
        self.init(
            host: host, port: port, username: username.removingPercentEncoding ?? username,
            password: components.password.map { $0.removingPercentEncoding ?? $0 },
            database: database.removingPercentEncoding ?? database)
        for item in components.queryItems ?? [] {
            let value = item.value ?? ""
            switch item.name {
            case "sslmode":
                guard let mode = TLSMode(rawValue: value) else {
                    throw PostgresConfigurationError("sslmode must be disable, prefer, require or verify-full")
                }
                tls = mode
            case "statement_timeout":
                statementTimeoutMilliseconds = try Self.integer(item.name, value, in: 1...3_600_000)
            case "pool_size":
                poolSize = try Self.integer(item.name, value, in: 1...1_000)
            case "connect_timeout":
                connectTimeoutSeconds = try Self.integer(item.name, value, in: 1...600)
            default:
                throw PostgresConfigurationError(
                    "unknown URL parameter \(item.name) (known: sslmode, statement_timeout, pool_size, connect_timeout)"
                )
            }
        }
    }

    /// The URL with the password hidden, for logs and error messages.
    public var redactedURL: String {
        let user = username.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? username
        let credentials = password == nil ? user : user + ":***"
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(credentials)@\(hostPart):\(port)/\(database)?sslmode=\(tls.rawValue)"
    }

    private static func integer(_ name: String, _ value: String, in range: ClosedRange<Int>) throws -> Int {
        guard let number = Int(value), range.contains(number) else {
            throw PostgresConfigurationError(
                "\(name) must be a whole number in \(range.lowerBound)…\(range.upperBound)")
        }
        return number
    }
}

/// A catalog URL that cannot be used, with what is wrong in words.
public struct PostgresConfigurationError: Error, CustomStringConvertible, Equatable {
    public let description: String
    init(_ description: String) { self.description = description }
}
