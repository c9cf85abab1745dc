import CatalogPostgres
import Testing

/// `--catalog` URLs: what is accepted, what is refused, and that logs never see the password.
@Suite struct PostgresCatalogConfigurationTests {
    @Test func parsesEveryPartAndParameter() throws {
        let configuration = try PostgresCatalogConfiguration(
            url: "postgres://vit%40rine:p%3Ass@db.example:6543/photos?sslmode=verify-full&statement_timeout=250"
                + "&pool_size=3&connect_timeout=7")
        #expect(configuration.host == "db.example" && configuration.port == 6543)
        #expect(configuration.username == "vit@rine" && configuration.password == "p:ss")
        #expect(configuration.database == "photos" && configuration.tls == .verifyFull)
        #expect(configuration.statementTimeoutMilliseconds == 250 && configuration.poolSize == 3)
        #expect(configuration.connectTimeoutSeconds == 7)
    }

    @Test func defaultsAndTheLongScheme() throws {
        let configuration = try PostgresCatalogConfiguration(url: "postgresql://me@localhost/lib")
        #expect(configuration.port == 5432 && configuration.password == nil && configuration.tls == .prefer)
        #expect(
            configuration.statementTimeoutMilliseconds
                == PostgresCatalogConfiguration.defaultStatementTimeoutMilliseconds)
        #expect(configuration.poolSize == PostgresCatalogConfiguration.defaultPoolSize)
        #expect(configuration.connectTimeoutSeconds == PostgresCatalogConfiguration.defaultConnectTimeoutSeconds)
    }

    @Test(arguments: [
        "mysql://u@h/db", "postgres://h/db", "postgres://u@/db", "postgres://u@h", "postgres://u@h/",
        "postgres://u@h/a/b",
        "postgres://u@h:0/db", "postgres://u@h/db?sslmode=allow", "postgres://u@h/db?pool_size=0",
        "postgres://u@h/db?pool_size=99999999999999999999", "postgres://u@h/db?statement_timeout=-1",
        "postgres://u@h/db?connect_timeout=x", "postgres://u@h/db?application_name=x", "not a url",
    ])
    func refusesWhatItCannotHonour(_ url: String) {
        #expect(throws: PostgresConfigurationError.self) { try PostgresCatalogConfiguration(url: url) }
    }

    @Test func theRedactedURLHidesThePassword() throws {
        let configuration = try PostgresCatalogConfiguration(url: "postgres://me:hunter2@h:5433/lib?sslmode=require")
        #expect(!configuration.redactedURL.contains("hunter2"))
        #expect(configuration.redactedURL == "postgres://me:***@h:5433/lib?sslmode=require")
        let refused = #expect(throws: PostgresConfigurationError.self) {
            try PostgresCatalogConfiguration(url: "postgres://me:hunter2@h/lib?sslmode=bad")
        }
        #expect(refused?.description.contains("hunter2") == false)
    }
}
