import CVips
import Foundation

/// Process-wide libvips set-up and error reporting.
public enum Vips {
    private static let started: Bool = {
        // libvips prints warnings (e.g. unknown EXIF units) to stderr unless told not to.
        setenv("VIPS_WARNING", "0", 0)
        // No ORC vector code: liborc 0.4.33 (Debian 12) crashed inside its own code with a bad pointer while
        // several threads rendered at once (imports, sized variants and the backfill run side by side), so
        // libvips uses its plain C loops, which are correct under any concurrency.
        setenv("VIPS_NOVECTOR", "1", 1)
        vt_limit_malloc_arenas(2)
        guard vt_init("vitrine") == 0 else { return false }
        // Operation caching keeps decoded images alive between files; an importer never reuses them.
        vips_cache_set_max(0)
        vips_cache_set_max_mem(0)
        return true
    }()

    /// Starts libvips once; safe to call from any thread, any number of times.
    public static func start() {
        precondition(started, "libvips failed to start: \(takeError())")
    }

    /// Reads and clears libvips' per-thread error buffer.
    static func takeError() -> String {
        guard let buffer = vips_error_buffer() else { return "unknown libvips error" }
        let message = String(cString: buffer).trimmingCharacters(in: .whitespacesAndNewlines)
        vips_error_clear()
        return message.isEmpty ? "unknown libvips error" : message.replacingOccurrences(of: "\n", with: "; ")
    }
}
