import ArgumentParser
import Catalog
import Ingest
import VitrineCore

/// `vitrine jobs list|retry`: the queue as an admin sees it, from the command line.
struct JobsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jobs", abstract: "See the job queue and retry its failed jobs.",
        subcommands: [List.self, Retry.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Counts by kind and state, the oldest waiting job, and the failed jobs with their errors.")

        @OptionGroup var library: LibraryOptions

        func run() async throws {
            let summary = try await library.open().catalog.jobSummary()
            if summary.counts.isEmpty { print("no jobs") }
            for count in summary.counts {
                print("\(count.kindName)\t\(count.state.rawValue)\t\(count.count)")
            }
            if let oldest = summary.oldestWaiting {
                print(
                    "oldest waiting: #\(oldest.id) \(oldest.kindName) \(oldest.payload), enqueued \(Self.time(oldest.enqueuedAt))"
                )
            }
            for job in summary.failures {
                print(
                    "failed #\(job.id) \(job.kindName) \(job.payload) after \(job.attempts) attempts: \(job.lastError ?? "")"
                )
            }
        }

        static func time(_ milliseconds: Int64) -> String {
            TimestampFormatter.string(milliseconds: milliseconds, offsetMinutes: 0)
        }
    }

    struct Retry: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put failed jobs back in the queue with fresh attempts: those named, or all.")

        @OptionGroup var library: LibraryOptions

        @Argument(help: "Ids of failed jobs (as `jobs list` shows them); none retries every failed job.")
        var ids: [Int64] = []

        func run() async throws {
            let catalog = try await library.open().catalog
            let count = try await catalog.retryFailedJobs(ids: ids.isEmpty ? nil : ids, now: EpochMilliseconds.now)
            print("retried \(count) jobs")
        }
    }
}
