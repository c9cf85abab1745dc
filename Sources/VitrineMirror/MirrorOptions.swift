import ArgumentParser
import Foundation
import VitrineKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `vitrine mirror URL DIR` (also `vitrine-mirror URL DIR`): a local, verified copy of a remote gallery,
/// built on VitrineKit alone. The arguments and the run, which both commands share.
public struct MirrorOptions: ParsableArguments {
    public static let abstract = "Keep a local, verified copy of a remote Vitrine gallery."
    public static let discussion = """
        Writes each original as DIR/<id>.<ext> (checked against its SHA-256) and its detail as \
        DIR/<id>.json, reading the details 200 photos a request. Re-runs fetch only what is missing \
        and write again the details of photos edited since; photos deleted on the server move to \
        DIR/.deleted/, and leave it once purged from the server's trash (read with the token; without \
        it, DIR/.deleted/ is kept whole). A killed mirror leaves no partial file under a final name and the next run \
        finishes; after a power cut, the next run checks again what was written since the last flush.
        """

    public init() {}

    @Argument(help: "The gallery's URL, e.g. http://photos.local:8080/")
    var url: String

    @Argument(help: "The folder to mirror into (created if missing).")
    var directory: String

    @Option(help: "Downloads at once (1–64).")
    var parallel: Int = 8

    @Option(help: "The admin token, for private galleries (default: $VITRINE_TOKEN).")
    var token: String?

    @Flag(help: "Mirror previews (JPEG) instead of originals.")
    var previews = false

    @Flag(help: "After the sync, keep the folder in sync from the change feed until SIGINT or SIGTERM.")
    var follow = false

    public func validate() throws {
        guard (1...64).contains(parallel) else { throw ValidationError("--parallel must be between 1 and 64") }
    }

    /// An absolute http(s) URL with a host, ending in "/".
    static func baseURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil
        else { return nil }
        return text.hasSuffix("/") ? url : URL(string: text + "/")
    }

    /// Mirrors once (and follows, with `--follow`); exits 1 when a photo failed or the mirror could not run.
    public func run() async throws {
        guard let baseURL = Self.baseURL(url) else {
            FileHandle.standardError.write(
                Data("vitrine mirror: \(url.debugDescription) is not an http(s) URL with a host\n".utf8))
            throw ExitCode(1)
        }
        let token = token ?? ProcessInfo.processInfo.environment["VITRINE_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        let progress = MirrorProgress()
        let engine = MirrorEngine(
            client: VitrineClient(baseURL: baseURL, token: token),
            directory: URL(fileURLWithPath: directory, isDirectory: true), parallel: parallel, previews: previews,
            progress: progress)
        let follow = follow
        let work = Task { try await engine.run(follow: follow) }
        let signals = Self.cancelOnSignals(work)
        let bar = isatty(STDERR_FILENO) == 1 ? Self.showBar(progress) : nil
        let result = await work.result
        signals.forEach { $0.cancel() }
        bar?.cancel()
        _ = await bar?.result
        if bar != nil { FileHandle.standardError.write(Data((progress.barLine() + "\n").utf8)) }
        for failure in progress.failureMessages { FileHandle.standardError.write(Data("failed \(failure)\n".utf8)) }
        print(progress.summaryLine())
        switch result {
        case .success(let counts):
            if counts.failed > 0 { throw ExitCode(1) }
        case .failure(is CancellationError):
            if progress.snapshot.failed > 0 { throw ExitCode(1) }
        case .failure(let error):
            FileHandle.standardError.write(Data("vitrine mirror: \(Self.explain(error, url: baseURL))\n".utf8))
            throw ExitCode(1)
        }
    }

    /// A failure that stops the mirror, in words a user can act on.
    static func explain(_ error: any Error, url: URL) -> String {
        switch error {
        case VitrineError.offline(let detail): "cannot reach \(url.absoluteString): \(detail)"
        case VitrineError.timeout: "\(url.absoluteString) did not answer in time"
        case VitrineError.http(status: 401, _, _):
            "\(url.absoluteString) refused access (401): a private gallery needs the admin token (--token or VITRINE_TOKEN)"
        case VitrineError.http(let status, let code, let message):
            "\(url.absoluteString) answered \(status)\(code.map { " \($0)" } ?? "")\(message.map { ": \($0)" } ?? "")"
        case VitrineError.decoding(let detail): "\(url.absoluteString) is not a Vitrine server? \(detail)"
        default: "\(error)"
        }
    }

    /// SIGINT and SIGTERM cancel the mirror, which then saves its state and prints its summary.
    static func cancelOnSignals(_ task: Task<MirrorProgress.Counts, any Error>) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { task.cancel() }
            source.resume()
            return source
        }
    }

    /// Redraws the progress bar on stderr four times a second until cancelled.
    static func showBar(_ progress: MirrorProgress) -> Task<Void, Never> {
        Task.detached {
            while !Task.isCancelled {
                FileHandle.standardError.write(Data(progress.barLine().utf8))
                try? await Task.sleep(for: .milliseconds(250))
            }
        }
    }
}
