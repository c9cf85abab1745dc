import Testing

/// Archives read back by independent tools, for tests of what writes zips.
public enum ZipReaders {
    /// Python's `zipfile` opens the archive, `testzip()` checks every entry's checksum, and it prints one
    /// line per entry, tab-separated: name, size, date and time, and the SHA-256 of the contents when `digests`.
    public static func python(_ path: String, digests: Bool = true) async throws -> [String] {
        let script = """
            import hashlib, sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            bad = z.testzip()
            if bad is not None: sys.exit('bad entry: ' + bad)
            for i in z.infolist():
                d = hashlib.sha256(z.read(i)).hexdigest() if sys.argv[2] == '1' else '-'
                print(i.filename, i.file_size, '%04d-%02d-%02d %02d:%02d:%02d' % i.date_time, d, sep='\\t')
            """
        let result = try await onThread {
            try ChildProcess.run("/usr/bin/env", ["python3", "-c", script, path, digests ? "1" : "0"])
        }
        #expect(result.status == 0, "zipfile: \(result.output)")
        return result.output.split(separator: "\n").map(String.init)
    }

    /// Info-ZIP's `unzip -t`: every entry read back and its checksum checked.
    public static func unzip(_ path: String) async throws {
        let result = try await onThread { try ChildProcess.run("/usr/bin/env", ["unzip", "-tq", path]) }
        #expect(result.status == 0, "unzip -t: \(result.output)")
        #expect(result.output.contains("No errors detected"), "unzip -t: \(result.output)")
    }
}
