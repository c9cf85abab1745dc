import Catalog
import Jobs
import Testing

/// `--concurrency` (and `serve --workers`): N in all or KIND=N per kind, refused with a reason otherwise.
@Suite struct WorkerConfigurationTests {
    func parse(_ values: [String], cores: Int = 8) throws -> WorkerConfiguration {
        try WorkerConfiguration.parsing(concurrency: values, name: "w", cores: cores)
    }

    @Test func theDefaultRendersOnHalfTheCores() throws {
        let standard = try parse([])
        #expect(standard.limits[.renderVariants] == 4 && standard.limits[.collectBlobs] == 1 && standard.total == 7)
        #expect(standard.limits[.transcodeVideo] == 1, "a transcode has a slot of its own")
        #expect(try parse([], cores: 1).limits[.renderVariants] == 1)
    }

    @Test func aTotalAndPerKindLimits() throws {
        let total = try parse(["2"])
        #expect(total.total == 2 && total.limits[.renderVariants] == 2 && total.limits[.backfill] == 1)
        let kinds = try parse(["render-variants=3", "backfill=0", "purge-trash=0"])
        #expect(
            kinds.limits[.renderVariants] == 3 && kinds.limits[.backfill] == nil && kinds.limits[.purgeTrash] == nil)
        #expect(kinds.total == 3 + 1 + 1 + 1, "the sum of the kinds' limits")
        let only = try parse(
            [
                "render-variants=0", "sized-variant=0", "backfill=0", "purge-trash=0", "transcode-video=0",
                "collect-blobs=2",
            ])
        #expect(only.limits == [.collectBlobs: 2] && only.total == 2)
    }

    @Test(arguments: [
        "0", "-1", "x", "render-variants=", "render=2", "render-variants=999", "=3", "99999999999999999999",
    ])
    func badValuesAreRefused(_ value: String) {
        #expect(throws: WorkerConfigurationError.self) { try parse([value]) }
    }

    @Test func noKindLeftIsRefused() {
        let none = JobKind.allCases.map { "\($0.rawValue)=0" }
        #expect(throws: WorkerConfigurationError.self) { try parse(none) }
    }

    @Test func theLeaseSetsTheHeartbeat() {
        var configuration = WorkerConfiguration(name: "w", limits: [.backfill: 1], total: 1)
        configuration.setLease(seconds: 9)
        #expect(configuration.leaseMilliseconds == 9000 && configuration.heartbeat == .seconds(3))
        configuration.setLease(seconds: Int.max)
        #expect(configuration.leaseMilliseconds == 3_600_000, "within leaseSeconds")
    }
}
