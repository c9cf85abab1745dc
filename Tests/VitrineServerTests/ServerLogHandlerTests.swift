import Foundation
import Logging
import Testing

@testable import VitrineServer

/// `ServerLogHandler` writes `StreamLogHandler`'s line format through a `LogOutput`, which holds request lines
/// until a flush and writes a warning at once with everything before it.
@Suite struct ServerLogHandlerTests {
    /// A pipe's read end, and a `LogOutput` on its write end.
    func pipeOutput() throws -> (FileHandle, LogOutput, Pipe) {
        let pipe = Pipe()
        return (pipe.fileHandleForReading, LogOutput(fileDescriptor: pipe.fileHandleForWriting.fileDescriptor), pipe)
    }

    func available(_ handle: FileHandle) -> String {
        let flags = fcntl(handle.fileDescriptor, F_GETFL)
        _ = fcntl(handle.fileDescriptor, F_SETFL, flags | O_NONBLOCK)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(handle.fileDescriptor, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func requestLinesWaitForAFlushAndAWarningTakesThemAlong() throws {
        let (reader, output, pipe) = try pipeOutput()
        defer { withExtendedLifetime(pipe) {} }
        var logger = Logger(label: "vitrine") { ServerLogHandler(label: $0, output: output) }
        logger[metadataKey: "hb.request.id"] = "abc"
        logger.info("GET /api/v1/photos 200 0.4ms")
        logger.debug("not at info")
        #expect(available(reader).isEmpty, "held until a flush")
        output.flush()
        let first = available(reader)
        #expect(
            first.range(
                of:
                    #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} info vitrine: hb.request.id=abc \[VitrineServerTests\] GET /api/v1/photos 200 0.4ms\n$"#,
                options: .regularExpression) != nil, "\(first)")
        logger.info("first")
        logger.warning("second", metadata: ["b": "2", "a": "1"])
        let both = available(reader)
        #expect(both.contains(" info vitrine: hb.request.id=abc [VitrineServerTests] first\n"), "\(both)")
        #expect(both.contains(" warning vitrine: a=1 b=2 hb.request.id=abc [VitrineServerTests] second\n"), "\(both)")
    }

    @Test func aFullBufferIsWrittenWithoutAFlush() throws {
        let (reader, _, pipe) = try pipeOutput()
        let output = LogOutput(fileDescriptor: pipe.fileHandleForWriting.fileDescriptor, capacity: 100)
        let logger = Logger(label: "vitrine") { ServerLogHandler(label: $0, output: output) }
        for n in 0..<3 { logger.info("line \(n) with enough text to pass the capacity") }
        #expect(available(reader).contains("line 1"))
    }
}
