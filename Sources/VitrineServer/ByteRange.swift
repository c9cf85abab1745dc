import Foundation

/// A single `Range: bytes=…` request, resolved against a known size.
///
/// Only one range is honoured; a multi-range request is answered with the whole file (RFC 9110 allows it).
enum ByteRange: Equatable {
    /// No usable Range header: send everything.
    case whole
    case partial(ClosedRange<Int64>)
    /// Syntactically fine but outside the file: 416.
    case unsatisfiable

    init(header: String?, size: Int64) {
        guard let header else {
            self = .whole
            return
        }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes="), !trimmed.contains(",") else {
            self = .whole
            return
        }
        let spec = trimmed.dropFirst(6).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            self = .whole
            return
        }
        let first = parts[0].trimmingCharacters(in: .whitespaces)
        let last = parts[1].trimmingCharacters(in: .whitespaces)
        if first.isEmpty {
            // Suffix range: the last N bytes.
            guard let count = Int64(last), count >= 0 else {
                self = .whole
                return
            }
            guard count > 0, size > 0 else {
                self = .unsatisfiable
                return
            }
            self = .partial(max(0, size - count)...(size - 1))
            return
        }
        guard let start = Int64(first), start >= 0 else {
            self = .whole
            return
        }
        var end = size - 1
        if !last.isEmpty {
            guard let parsed = Int64(last), parsed >= start else {
                self = .whole
                return
            }
            end = min(parsed, size - 1)
        }
        guard start < size else {
            self = .unsatisfiable
            return
        }
        self = .partial(start...end)
    }
}
