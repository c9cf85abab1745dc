import Catalog

extension WorkerConfiguration {
    /// The configuration `--concurrency` values give, over `standard`: `N` runs at most N jobs at once
    /// (renders up to N, one of each other kind), `KIND=N` sets one kind's limit (0 leaves the kind to other
    /// workers). Throws `WorkerConfigurationError` with what is wrong.
    public static func parsing(
        concurrency values: [String], name: String, cores: Int
    ) throws -> WorkerConfiguration {
        let standard = standard(name: name, cores: cores)
        guard !values.isEmpty else { return standard }
        var limits = standard.limits
        var total: Int?
        for value in values {
            let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let count = Int(parts.last ?? ""), (0...maximumConcurrency).contains(count) else {
                throw WorkerConfigurationError(
                    "--concurrency takes N or KIND=N with N from 0 to \(maximumConcurrency), not \(value.debugDescription)"
                )
            }
            if parts.count == 1 {
                guard count > 0 else { throw WorkerConfigurationError("--concurrency N needs N of at least 1") }
                total = count
                limits[.renderVariants] = count
            } else {
                guard let kind = JobKind(rawValue: String(parts[0])) else {
                    let known = JobKind.allCases.map(\.rawValue).joined(separator: ", ")
                    throw WorkerConfigurationError(
                        "--concurrency: unknown kind \(parts[0].debugDescription) (\(known))")
                }
                limits[kind] = count
            }
        }
        let sum = limits.values.reduce(0, +)
        guard sum > 0 else { throw WorkerConfigurationError("--concurrency leaves this worker no kind to run") }
        return WorkerConfiguration(name: name, limits: limits, total: min(total ?? sum, sum))
    }

    /// No worker runs more jobs of a kind at once than this.
    public static let maximumConcurrency = 256
}

/// A `--concurrency` value the worker cannot use.
public struct WorkerConfigurationError: Error, CustomStringConvertible, Equatable {
    public let description: String

    public init(_ description: String) { self.description = description }
}
