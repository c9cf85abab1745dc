import CVips
import Foundation

/// Process-wide libvips set-up and error reporting.
///
/// libvips is loaded on the first call to `start()`, not when the process starts, so commands that never
/// touch an image (`mirror`, `--help`) do not pay the ~23 ms of CPU it and its libraries take to load.
public enum Vips {
    /// nil once libvips is loaded and started; otherwise why it could not be.
    private static let failure: String? = {
        // libvips prints warnings (e.g. unknown EXIF units) to stderr unless told not to.
        setenv("VIPS_WARNING", "0", 0)
        vt_limit_malloc_arenas(2)
        guard vt_load("vitrine") == 0 else { return String(cString: vt_load_error()) }
        // Operation caching keeps decoded images alive between files; an importer never reuses them.
        vt_cache_set_max(0)
        vt_cache_set_max_mem(0)
        return nil
    }()

    /// Whether libvips runs ORC's vector code: on unless this executable cannot serialise liborc's code
    /// generation (see Sources/CVips/OrcGuard.c) or `VIPS_NOVECTOR` is set.
    public static var vectorCode: Bool { failure == nil && vt_vector_enabled() != 0 }

    /// How many of liborc's compiles and frees have run under the lock that makes vector code safe.
    public static var serialisedCodeGenerations: Int { Int(vt_orc_guarded_calls()) }

    /// Caps the threads each libvips operation runs on (libvips' default is one per core). Takes effect
    /// only before libvips starts, and never over an operator's own `VIPS_CONCURRENCY`.
    public static func limitThreads(to count: Int) {
        setenv("VIPS_CONCURRENCY", String(min(max(1, count), 1024)), 0)
    }

    /// Loads and starts libvips once; safe to call from any thread, any number of times. Throws
    /// `.unavailable` when libvips is not installed (or not the ABI this was built for).
    public static func start() throws(ImagingError) {
        if let failure { throw .unavailable(failure) }
    }

    /// Reads and clears libvips' error buffer in one step. The buffer is the whole process's: a message
    /// says what went wrong for a person, and no decision is taken from its text.
    static func takeError() -> String {
        guard let buffer = vt_error_take() else { return "unknown libvips error" }
        defer { vt_free(buffer) }
        let message = String(cString: buffer).trimmingCharacters(in: .whitespacesAndNewlines)
        return message.isEmpty ? "unknown libvips error" : message.replacingOccurrences(of: "\n", with: "; ")
    }
}
