import Catalog
import CatalogPostgres
import CatalogSQLite
import Foundation

/// `make bench`, the job queue's own cost: with `--queued` jobs waiting, the time of one claim plus its
/// completion, on a SQLite file and on PostgreSQL, one job at a time and from a pool of workers.
///
/// Usage: `jobs-bench --sqlite PATH [--postgres URL] [--queued N] [--cycles N] [--workers N]`. Prints one
/// JSON object per catalog on its own line, for `Benchmarks/jobs/bench.py` to tabulate.
@main
struct JobQueueBenchmark {
    static func main() async throws {
        let options = Options(CommandLine.arguments.dropFirst())
        if let path = options.sqlite {
            try? FileManager.default.removeItem(atPath: path)
            let catalog = try SQLiteCatalog(path: path)
            try await measure("sqlite", catalog, options)
        }
        if let url = options.postgres {
            let catalog = try await PostgresCatalog.open(PostgresCatalogConfiguration(url: url))
            try await measure("postgresql", catalog, options)
            await catalog.close()
        }
    }

    /// Fills the queue to `queued` jobs, then times `cycles` claim-and-complete pairs: one worker in turn,
    /// then `workers` claiming at once. The queue is topped up between the two, so both see it full.
    static func measure(_ name: String, _ queue: some JobQueue, _ options: Options) async throws {
        let start = Date()
        try await fill(queue, to: options.queued, from: 0)
        let filled = Date().timeIntervalSince(start)

        var serial: [Double] = []
        serial.reserveCapacity(options.cycles)
        for _ in 0..<options.cycles {
            let begun = DispatchTime.now().uptimeNanoseconds
            guard let job = try await claim(queue, worker: "bench-0") else { break }
            try await queue.completeJob(job)
            serial.append(Double(DispatchTime.now().uptimeNanoseconds - begun) / 1e6)
        }
        try await fill(queue, to: options.cycles, from: options.queued)

        let perWorker = max(1, options.cycles / options.workers)
        let concurrentStart = DispatchTime.now().uptimeNanoseconds
        let done = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<options.workers {
                group.addTask {
                    var count = 0
                    for _ in 0..<perWorker {
                        guard let job = try await claim(queue, worker: "bench-\(worker + 1)") else { break }
                        if try await queue.completeJob(job) { count += 1 }
                    }
                    return count
                }
            }
            return try await group.reduce(0, +)
        }
        let concurrentSeconds = Double(DispatchTime.now().uptimeNanoseconds - concurrentStart) / 1e9
        let summary = try await queue.jobSummary()
        let left = summary.count(.waiting)

        serial.sort()
        let result: [String: Any] = [
            "catalog": name, "queued": options.queued, "fill_seconds": filled, "cycles": serial.count,
            "median_ms": percentile(serial, 0.5), "p99_ms": percentile(serial, 0.99),
            "mean_ms": serial.isEmpty ? 0 : serial.reduce(0, +) / Double(serial.count),
            "workers": options.workers, "concurrent_jobs": done,
            "concurrent_ms_per_job": done == 0 ? 0 : concurrentSeconds * 1000 / Double(done),
            "left_waiting": left,
        ]
        let data = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }

    static func claim(_ queue: some JobQueue, worker: String) async throws -> JobRecord? {
        try await queue.claimJob(
            kinds: Set(JobKind.allCases), worker: worker, leaseMilliseconds: 60_000,
            now: Int64(Date().timeIntervalSince1970 * 1000))
    }

    /// Enqueues `count` render jobs numbered from `first`, in batches of one transaction each.
    static func fill(_ queue: some JobQueue, to count: Int, from first: Int) async throws {
        let batch = 5_000
        var next = first
        while next < first + count {
            let upTo = min(first + count, next + batch)
            let requests = (next..<upTo).map {
                JobRequest(.renderVariants, payload: "bench-\($0)", priority: JobPriority.background)
            }
            try await queue.enqueue(requests, now: Int64(Date().timeIntervalSince1970 * 1000))
            next = upTo
        }
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
    }
}

struct Options {
    var sqlite: String?
    var postgres: String?
    var queued = 100_000
    var cycles = 2_000
    var workers = 4

    init(_ arguments: ArraySlice<String>) {
        var rest = arguments
        while let flag = rest.popFirst() {
            let value = rest.popFirst() ?? ""
            switch flag {
            case "--sqlite": sqlite = value
            case "--postgres": postgres = value
            case "--queued": queued = max(0, Int(value) ?? queued)
            case "--cycles": cycles = max(1, Int(value) ?? cycles)
            case "--workers": workers = max(1, Int(value) ?? workers)
            default:
                FileHandle.standardError.write(Data("unknown option \(flag)\n".utf8))
                exit(2)
            }
        }
    }
}
