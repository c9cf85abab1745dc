import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `vitrine serve`'s log lines, in `StreamLogHandler`'s format
/// (`2026-11-24T07:00:00+0000 info vitrine: key=value [Module] message`), written through a `LogOutput`.
///
/// It formats less per line than `StreamLogHandler`: the timestamp is made once a second, and metadata is
/// sorted only when a line has more than one entry.
public struct ServerLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let output: LogOutput

    public init(label: String, output: LogOutput = .standardError) {
        self.label = label
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let explicit = event.metadata { merged.merge(explicit) { _, new in new } }
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        var line = Self.timestamps.current()
        line += " \(event.level) \(label):"
        if merged.count == 1, let (key, value) = merged.first {
            line += " \(key)=\(value)"
        } else {
            for (key, value) in merged.sorted(by: { $0.key < $1.key }) { line += " \(key)=\(value)" }
        }
        line += " [\(event.source)] \(event.message)\n"
        output.write(line, urgent: event.level > .info)
    }

    static let timestamps = SecondTimestamps()
}

/// Local time to the second (`%Y-%m-%dT%H:%M:%S%z`), formatted once per second.
final class SecondTimestamps: Sendable {
    private let last = Mutex<(second: time_t, text: String)>((-1, ""))

    func current() -> String {
        let now = time(nil)
        if let kept = last.withLock({ $0.second == now ? $0.text : nil }) { return kept }
        var moment = now
        var parts = tm()
        var buffer = [Int8](repeating: 0, count: 64)
        guard localtime_r(&moment, &parts) != nil,
            strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts) > 0
        else { return "" }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        last.withLock { $0 = (now, text) }
        return text
    }
}
