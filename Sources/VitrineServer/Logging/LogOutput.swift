import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif

/// Where `ServerLogHandler` writes: a file descriptor (standard error), through a buffer.
///
/// A server writes one line per request; a `write(2)` for each, with `StreamLogHandler`'s formatting, took
/// a fifth of a thumbnail 304's time. Lines at `info` and below are gathered and written at most every
/// `flushInterval` (or when `capacity` bytes wait, or at exit), as nginx buffers its access log; a notice,
/// warning or error is written at once with everything before it. What a SIGKILL can lose is the last
/// interval's request lines.
public final class LogOutput: Sendable {
    /// The process's standard error, flushed every 200 ms and at exit.
    public static let standardError: LogOutput = {
        let output = LogOutput(fileDescriptor: 2)
        output.startFlushing(every: .milliseconds(200))
        atexit { LogOutput.standardError.flush() }
        return output
    }()

    private let fileDescriptor: Int32
    private let capacity: Int
    private let pending = Mutex<[UInt8]>([])
    /// Set once, by `startFlushing`, before the output is shared.
    nonisolated(unsafe) private var timer: (any DispatchSourceTimer)?

    public init(fileDescriptor: Int32, capacity: Int = 64 << 10) {
        self.fileDescriptor = fileDescriptor
        self.capacity = capacity
    }

    /// Appends a line; writes everything waiting when `urgent` or when the buffer is full.
    public func write(_ line: String, urgent: Bool) {
        let ready = pending.withLock { bytes -> [UInt8]? in
            bytes.append(contentsOf: line.utf8)
            guard urgent || bytes.count >= capacity else { return nil }
            defer { bytes.removeAll(keepingCapacity: true) }
            return bytes
        }
        if let ready { writeAll(ready) }
    }

    /// Writes everything waiting.
    public func flush() {
        let ready = pending.withLock { bytes -> [UInt8] in
            defer { bytes.removeAll(keepingCapacity: true) }
            return bytes
        }
        if !ready.isEmpty { writeAll(ready) }
    }

    func startFlushing(every interval: DispatchTimeInterval) {
        let source = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        source.schedule(deadline: .now() + interval, repeating: interval)
        source.setEventHandler { [weak self] in self?.flush() }
        source.resume()
        timer = source
    }

    /// `write(2)` until every byte is out, retrying interrupted and partial writes; a failing descriptor
    /// drops the rest (there is nowhere left to report it).
    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fileDescriptor, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
