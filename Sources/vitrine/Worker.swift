import ArgumentParser
import Blobs
import Foundation
import Ingest
import Jobs

struct Worker: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run queued jobs (renders, sizes, backfills, trash purges, collections) until stopped.",
        discussion: """
            Any number of workers, on any number of machines, share the catalog's queue: give each the same \
            --catalog and --blobs. A worker stopped (SIGINT, SIGTERM) hands its running jobs back at once; one \
            killed leaves them to return when their leases lapse.
            """)

    @OptionGroup var library: LibraryOptions

    @Option(
        help: ArgumentHelp(
            """
            Jobs at once: N in all (renders up to N, one of each other kind), or KIND=N for one kind \
            (render-variants, sized-variant, backfill, purge-trash, collect-blobs, transcode-video; 0 leaves it \
            to other workers). Repeatable. Default: renders on half the cores, one transcode.
            """, valueName: "n|kind=n"))
    var concurrency: [String] = []

    @Option(help: "Days a deleted photo stays in the trash, for purges that do not say.")
    var trashDays = TrashPolicy.defaultDays

    @Option(
        help: """
            Seconds a job stays this worker's without a heartbeat (sent every third of it): how long a job of \
            a worker that died waits before another takes it.
            """)
    var leaseSeconds = 60

    func validate() throws {
        guard WorkerConfiguration.leaseSeconds.contains(leaseSeconds) else {
            throw ValidationError("--lease-seconds must be within \(WorkerConfiguration.leaseSeconds)")
        }
        guard TrashPolicy.allowedDays.contains(trashDays) else {
            throw ValidationError("--trash-days must be within \(TrashPolicy.allowedDays)")
        }
        do {
            _ = try workerConfiguration
        } catch let error as WorkerConfigurationError {
            throw ValidationError(error.description)
        }
    }

    var workerConfiguration: WorkerConfiguration {
        get throws {
            var configuration = try WorkerConfiguration.parsing(
                concurrency: concurrency, name: ProcessIdentity.current.record,
                cores: ProcessInfo.processInfo.activeProcessorCount)
            configuration.setLease(seconds: leaseSeconds)
            return configuration
        }
    }

    func run() async throws {
        let stop = StopSignals()
        defer { stop.cancel() }
        let opened = try await library.open()
        let configuration = try workerConfiguration
        let worker = opened.worker(configuration, trashDays: trashDays)
        let limits = configuration.limits.map { "\($0.key.rawValue)=\($0.value)" }.sorted().joined(separator: " ")
        print("worker \(configuration.name): \(limits), \(configuration.total) at once")
        let work = Task { await worker.run() }
        stop.onStop { work.cancel() }
        await work.value
        print("worker stopped after \(await worker.finished) jobs")
    }
}
