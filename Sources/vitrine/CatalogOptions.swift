import ArgumentParser
import Foundation
import VitrineApp

/// Where a library's catalog lives: `catalog.sqlite` in the data folder (the default) or a PostgreSQL database.
struct CatalogOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            """
            Keep the catalog in PostgreSQL instead of the data folder's catalog.sqlite: \
            postgres://USER[:PASS]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require|verify-full\
            &statement_timeout=MS&pool_size=N&connect_timeout=S]. Default: VITRINE_CATALOG_URL, else \
            catalog.sqlite. Prefer the environment variable for a URL holding a password (a command line is \
            visible to other users).
            """, valueName: "url"))
    var catalog: String?

    /// The URL given with `--catalog`, else `VITRINE_CATALOG_URL`; nil when neither is set (or the variable is
    /// empty).
    var url: String? {
        if let catalog { return catalog }
        let variable = ProcessInfo.processInfo.environment["VITRINE_CATALOG_URL"] ?? ""
        return variable.isEmpty ? nil : variable
    }

    /// Checked before anything is opened. The message never repeats the URL: it may hold a password.
    func validate() throws { _ = try location }

    var location: CatalogLocation {
        get throws {
            guard let url else { return .dataDirectory }
            do {
                return try .postgres(url: url)
            } catch {
                throw ValidationError("--catalog: \(error)")
            }
        }
    }
}
