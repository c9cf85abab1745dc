// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Vitrine",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "vitrine", targets: ["vitrine"]),
        .executable(name: "vitrine-mirror", targets: ["vitrine-mirror"]),
        .library(name: "GalleryEngine", targets: ["GalleryEngine"]),
        .library(name: "VitrineAPI", targets: ["VitrineAPI"]),
        .library(name: "VitrineKit", targets: ["VitrineKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        // Pure Swift, no Foundation: compiled natively and to WebAssembly with Embedded Swift.
        .target(name: "GalleryEngine"),
        // Values every layer speaks (content addresses, months, instants, hex), with no dependencies at all.
        .target(name: "VitrineCore"),
        .target(name: "VitrineAPI", dependencies: ["VitrineCore"]),
        // Bounded thread pools for blocking work (SQLite, file system, libvips), shared by the stores and the server.
        .target(name: "Scheduling"),
        // libvips, opened with dlopen on first use (see Sources/CVips/include/CVips.h), so commands that never
        // touch an image do not load it.
        // Every executable that links it exports liborc's compile and free from Sources/CVips/OrcGuard.c,
        // so libvips' calls reach their lock.
        .target(
            name: "CVips",
            linkerSettings: [
                .linkedLibrary("dl", .when(platforms: [.linux])),
                .unsafeFlags(
                    [
                        "-Xlinker", "--export-dynamic-symbol=orc_program_compile",
                        "-Xlinker", "--export-dynamic-symbol=orc_program_free",
                    ], .when(platforms: [.linux])),
            ]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "Imaging",
            dependencies: ["CVips", "VitrineCore"]
        ),
        .target(
            name: "Catalog",
            dependencies: ["VitrineCore"]
        ),
        // The catalog in SQLite: every GRDB call and every SQL statement of the app.
        .target(
            name: "CatalogSQLite",
            dependencies: [
                "Catalog", "Scheduling", "VitrineCore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "CatalogPostgres",
            dependencies: [
                "Catalog", "VitrineCore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The blob store's contract (`BlobStore`) and what every store shares: hashing, temporaries, durable folders.
        .target(
            name: "Blobs",
            dependencies: [
                "VitrineCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // The blob store on this machine's disk.
        .target(
            name: "FileBlobs",
            dependencies: [
                "Blobs", "Scheduling", "VitrineCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // The S3 blob store: SigV4 signing, a retrying client over AsyncHTTPClient, the BlobStore over a bucket.
        .target(
            name: "S3",
            dependencies: [
                "Blobs", "Scheduling", "VitrineCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "Ingest",
            dependencies: [
                "Imaging", "Catalog", "Blobs", "Scheduling", "VitrineCore",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The job queue's worker runtime: claims with per-kind limits, heartbeats, retries, and the handlers
        // of every kind over a library (through Ingest's write paths).
        .target(
            name: "Jobs",
            dependencies: [
                "Catalog", "Ingest", "Imaging", "Scheduling", "VitrineCore",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The parsers of what a request carries (multipart bodies, form queries, byte ranges): pure Swift, no
        // HTTP server, so the fuzz harnesses below build on them alone.
        .target(name: "HTTPParsing"),
        // Credentials: the admin token, API keys, sign-in sessions and the failed-credential throttle, over the
        // catalog's records. No HTTP: the server and the CLI both use it.
        .target(
            name: "Access",
            dependencies: [
                "Catalog", "VitrineCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Metrics without HTTP: one Prometheus registry per application, the decorators that count the catalog's
        // and the blob store's calls, the import observer.
        .target(
            name: "Metering",
            dependencies: [
                "Catalog", "Blobs", "Ingest", "Imaging", "Jobs", "Scheduling", "VitrineCore",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .target(
            name: "VitrineServer",
            dependencies: [
                "Access", "HTTPParsing", "VitrineAPI", "VitrineCore", "Catalog", "Blobs", "Ingest", "Imaging",
                "Scheduling", "Metering", "WebPackaging", "GalleryEngine", "ZipStream",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The web client's files as served: minified, bundled, gzipped and versioned once, when the server
        // starts. No HTTP: the server's web routes serve what this packs.
        .target(
            name: "WebPackaging",
            dependencies: [
                "CZlib", "VitrineCore",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Zip archives written as they stream, any byte range of them, with zip64 where needed: the layout is
        // fixed by the entries alone, so a download has a length in advance and resumes with Range.
        .target(name: "ZipStream", dependencies: ["CZlib"]),
        // The Pixabay- and Parse-compatible routes, mounted on the server's router by the composition root.
        .target(
            name: "Compat",
            dependencies: [
                "VitrineServer", "Access", "HTTPParsing", "VitrineAPI", "VitrineCore", "Catalog", "Blobs", "Ingest",
                "Imaging",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // The composition root: the only code that names the concrete stores and catalog.
        .target(
            name: "VitrineApp",
            dependencies: [
                "VitrineServer", "Compat", "Ingest", "Imaging", "Catalog", "CatalogSQLite", "CatalogPostgres", "Blobs",
                "FileBlobs", "S3", "Scheduling", "VitrineCore", "Metering", "Jobs",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The SDK for native clients: the API client, the image pipeline, the launch controller and the
        // gallery store. Foundation, never UIKit or AppKit; builds and is tested on Linux.
        .target(
            name: "VitrineKit",
            dependencies: [
                "VitrineAPI", "VitrineCore", "GalleryEngine",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // `vitrine mirror`: a local copy of a remote gallery, on VitrineKit alone, run by `vitrine mirror` and by
        // `vitrine-mirror`, a binary that links none of the server.
        .target(
            name: "VitrineMirror",
            dependencies: [
                "VitrineKit", "VitrineAPI", "VitrineCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "vitrine-mirror",
            dependencies: [
                "VitrineMirror",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "vitrine",
            dependencies: [
                "Access", "Compat", "VitrineApp", "VitrineServer", "Ingest", "Imaging", "Blobs", "VitrineMirror",
                "Jobs", "Catalog", "VitrineCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "vitrine-bench",
            dependencies: ["VitrineApp", "Ingest", "Imaging", "Jobs", "Blobs"],
            path: "Benchmarks/vitrine-bench"
        ),
        // The job queue's own cost per job, on SQLite and PostgreSQL, for `make bench`.
        .executableTarget(
            name: "jobs-bench",
            dependencies: ["Catalog", "CatalogSQLite", "CatalogPostgres"],
            path: "Benchmarks/jobs-bench"
        ),
        .executableTarget(
            name: "vitrinekit-bench",
            dependencies: [
                "VitrineKit",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Benchmarks/vitrinekit-bench"
        ),
        // A minimal Hummingbird router answering one constant body: the framework's ceiling in the server bench.
        .executableTarget(
            name: "hummingbird-ceiling",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "Benchmarks/hummingbird-ceiling"
        ),
        // Makes large synthetic catalogs that reuse real assets, for browser benchmarks.
        .executableTarget(
            name: "vitrine-fixture",
            dependencies: ["VitrineApp", "Ingest", "Catalog"],
            path: "Benchmarks/vitrine-fixture"
        ),
        // Runs fixed engine scenarios and prints their outputs, for the native/wasm parity test.
        .executableTarget(
            name: "engine-parity",
            dependencies: ["GalleryEngine"],
            path: "Tests/EngineParity/native"
        ),
        .executableTarget(
            name: "engine-bench",
            dependencies: ["GalleryEngine"],
            path: "Benchmarks/engine-bench"
        ),
        .testTarget(
            name: "GalleryEngineTests",
            dependencies: [
                "GalleryEngine",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // Fixture images and temporary folders shared by the test targets.
        .target(name: "TestSupport", dependencies: ["Catalog", "Imaging"], path: "Tests/TestSupport"),
        .testTarget(
            name: "ImagingTests", dependencies: ["Imaging", "TestSupport", "VitrineCore"], exclude: ["Fixtures"]),
        // Every catalog implementation against the same behaviours.
        .testTarget(
            name: "CatalogContractTests",
            dependencies: [
                "Catalog", "CatalogSQLite", "CatalogPostgres", "Blobs", "TestSupport", "VitrineAPI", "VitrineCore",
            ]
        ),
        // What only PostgreSQL has: URLs, opening and migrating, outages, leases and
        // collections racing from separate connections.
        .testTarget(
            name: "CatalogPostgresTests",
            dependencies: [
                "Catalog", "CatalogPostgres", "Blobs", "FileBlobs", "TestSupport", "VitrineAPI", "VitrineCore",
            ]
        ),
        // What only SQLite has: query plans, the file itself, migrations from older schemas.
        .testTarget(
            name: "CatalogSQLiteTests",
            dependencies: [
                "Catalog", "CatalogSQLite", "Blobs", "Scheduling", "TestSupport", "VitrineAPI", "VitrineCore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(name: "BlobsTests", dependencies: ["Blobs", "TestSupport"]),
        .testTarget(name: "SchedulingTests", dependencies: ["Scheduling"]),
        .testTarget(name: "FileBlobsTests", dependencies: ["FileBlobs", "Blobs", "TestSupport", "VitrineCore"]),
        .testTarget(
            name: "S3Tests",
            dependencies: [
                "S3", "Blobs", "Scheduling", "TestSupport", "VitrineCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "AccessTests",
            dependencies: [
                "Access", "Catalog", "CatalogSQLite", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "HTTPParsingTests", dependencies: ["HTTPParsing"]),
        // The worker on real libraries (SQLite and PostgreSQL catalogs, a file blob store, libvips).
        .testTarget(
            name: "JobsTests",
            dependencies: [
                "Jobs", "Ingest", "Imaging", "Catalog", "CatalogPostgres", "Blobs", "Scheduling", "VitrineApp",
                "VitrineCore", "TestSupport", "ServerTestSupport",
            ]
        ),
        // libFuzzer harnesses (Tests/Fuzz/NAME/Harness.swift): built here like any target, and with
        // `-sanitize=fuzzer,address` into fuzz binaries by scripts/fuzz.sh.
        .target(
            name: "fuzz-formquery", dependencies: ["HTTPParsing"], path: "Tests/Fuzz/formquery", exclude: ["corpus"]),
        .target(
            name: "fuzz-multipart", dependencies: ["HTTPParsing"], path: "Tests/Fuzz/multipart", exclude: ["corpus"]),
        .target(
            name: "fuzz-range", dependencies: ["HTTPParsing"], path: "Tests/Fuzz/range", exclude: ["corpus"]),
        .testTarget(name: "WebPackagingTests", dependencies: ["WebPackaging", "TestSupport"]),
        .testTarget(name: "ZipStreamTests", dependencies: ["ZipStream", "TestSupport"]),
        .testTarget(name: "VitrineCoreTests", dependencies: ["VitrineCore", "TestSupport"]),
        .testTarget(name: "VitrineAPITests", dependencies: ["VitrineAPI", "TestSupport"]),
        .testTarget(
            name: "IngestTests",
            dependencies: [
                "VitrineApp", "Ingest", "Imaging", "Catalog", "CatalogSQLite", "Blobs", "Scheduling", "TestSupport",
                "VitrineCore", "Jobs",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // One suite of behaviours run against every `BlobStore` implementation.
        .testTarget(
            name: "BlobStoreContractTests",
            dependencies: [
                "Blobs", "FileBlobs", "S3", "Scheduling", "TestSupport", "VitrineCore",
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // Several real `vitrine serve` processes on one PostgreSQL database and one S3 bucket.
        .testTarget(
            name: "ClusterTests",
            dependencies: [
                "Catalog", "CatalogPostgres", "Blobs", "VitrineAPI", "VitrineCore", "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // VitrineKit against a real server on loopback, and its pipeline against a small HTTP server the
        // tests control.
        .testTarget(
            name: "VitrineKitTests",
            dependencies: [
                "Access", "GalleryEngine", "VitrineKit", "VitrineApp", "VitrineServer", "VitrineAPI", "Ingest", "Blobs",
                "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // `vitrine mirror`'s engine against a real server on loopback, and its binaries as child processes.
        .testTarget(
            name: "VitrineMirrorTests",
            dependencies: [
                "Access", "VitrineMirror", "VitrineKit", "VitrineAPI", "VitrineApp", "VitrineServer", "Ingest", "Blobs",
                "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        // The metering decorators on real stores, read back through the exposition.
        .testTarget(
            name: "MeteringTests",
            dependencies: [
                "Metering", "VitrineApp", "VitrineCore", "Ingest", "Catalog", "Blobs", "FileBlobs", "TestSupport",
            ]
        ),
        // What the server and Compat suites share: a served library, the real binary, a raw socket.
        .target(
            name: "ServerTestSupport",
            dependencies: [
                "Access", "Blobs", "Catalog", "Compat", "Imaging", "Ingest", "TestSupport", "VitrineAPI", "VitrineApp",
                "VitrineServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            path: "Tests/ServerTestSupport"
        ),
        .testTarget(
            name: "CompatTests",
            dependencies: [
                "Compat", "ServerTestSupport", "Access", "VitrineServer", "VitrineCore", "HTTPParsing", "Ingest",
                "Imaging", "Catalog", "CatalogSQLite", "Blobs", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "VitrineServerTests",
            dependencies: [
                "Compat", "ServerTestSupport", "Access", "VitrineApp", "VitrineServer", "VitrineAPI", "VitrineCore",
                "HTTPParsing", "Ingest", "WebPackaging", "GalleryEngine",
                "Imaging", "Catalog", "CatalogSQLite", "Blobs", "Scheduling", "Metering", "Jobs", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ]
)
