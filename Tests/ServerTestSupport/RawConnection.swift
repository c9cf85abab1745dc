import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A bare TCP connection to a live test server, for what an HTTP client library hides: reading a response
/// that never ends (Server-Sent Events) and hanging up in the middle of a request body.
package final class RawConnection: @unchecked Sendable {
    package let fd: Int32
    private var pending: [UInt8] = []

    /// `receiveBuffer` (bytes), set before connecting, keeps the window the server sees that small: a
    /// client that reads nothing then holds a response's body back after a few kilobytes.
    package init(port: Int, timeoutSeconds: Int = 30, receiveBuffer: Int32? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var bytes = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &bytes, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            // Through `close()`, so the deinit (which runs for an initializer that throws once every
            // property is set) does not close the number again: by then another thread may own it.
            close()
            throw POSIXError(.ECONNREFUSED)
        }
    }

    private var isOpen = true

    deinit { close() }

    /// Hangs up (without a FIN-then-wait: the server sees the connection end mid-request).
    package func close() {
        guard isOpen else { return }
        isOpen = false
        Glibc.close(fd)
    }

    package func send(_ text: String) throws { try send(Array(text.utf8)) }

    package func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { throw POSIXError(.EPIPE) }
            offset += written
        }
    }

    /// Reads until `delimiter` has arrived and returns everything before it; nil on timeout or close.
    package func read(until delimiter: String) -> String? {
        let needle = Array(delimiter.utf8)
        while true {
            if let range = find(needle) {
                let text = String(decoding: pending[..<range], as: UTF8.self)
                pending.removeSubrange(..<(range + needle.count))
                return text
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            pending += buffer[0..<count]
        }
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard pending.count >= needle.count else { return nil }
        for start in 0...(pending.count - needle.count)
        where pending[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    /// `readEvent` on a thread of its own: a blocking read on Swift's small cooperative pool would starve the
    /// in-process server it is waiting for.
    package func nextEvent() async -> [String: String]? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: self.readEvent()) }
        }
    }

    /// Parsed SSE: reads the response head, then one event (fields joined) per call.
    package func readEvent() -> [String: String]? {
        while true {
            guard let block = read(until: "\n\n") else { return nil }
            var fields: [String: String] = [:]
            for line in block.split(separator: "\n", omittingEmptySubsequences: true) {
                if line.hasPrefix(":") { continue }
                // A chunked body puts chunk-size lines between events; they have no colon-space field.
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = String(line[..<colon])
                var value = line[line.index(after: colon)...]
                if value.hasPrefix(" ") { value = value.dropFirst() }
                fields[name.split(separator: "\r\n").last.map(String.init) ?? name] = String(value)
            }
            if fields["data"] != nil || fields["event"] != nil { return fields }
        }
    }
}
