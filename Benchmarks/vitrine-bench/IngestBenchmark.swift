import Blobs
import Foundation
import Imaging
import Ingest
import Jobs
import Synchronization
import VitrineApp

/// `make bench`, ingest part: the whole import pipeline next to `vipsthumbnail -s 2048` on the same files,
/// in one run on one machine, plus the importer's peak memory on camera-sized photos.
@main
struct IngestBenchmark {
    static func main() async throws {
        // Absolute: vipsthumbnail resolves a relative output path against each input's folder.
        let work = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? ".build/bench").path
        let largeCount = Int(ProcessInfo.processInfo.environment["BENCH_LARGE_PHOTOS"] ?? "") ?? 8
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let demo = FileCollector.demoPhotos().filter { $0.hasSuffix(".jpg") && isPhotograph($0) }
        guard !demo.isEmpty else {
            print("no demo photographs: install plasma-workspace-wallpapers (make deps)")
            exit(1)
        }
        try Vips.start()
        guard Vips.vectorCode else {
            print("vitrine renders without ORC's vector code here (VIPS_NOVECTOR?), unlike vipsthumbnail")
            exit(1)
        }
        let large = try makeLargePhotos(from: demo, count: largeCount, in: work + "/inputs")
        let largeMB = large.map { Double(fileSize($0)) / 1e6 }
        print(
            "inputs: \(demo.count) demo photographs (2560×1600 JPEG), \(large.count) large 6000×4000 JPEG "
                + String(format: "(%.1f–%.1f MB)", largeMB.min() ?? 0, largeMB.max() ?? 0))

        // Warm the page cache and libvips so neither side pays first-touch costs.
        _ = try await runVipsthumbnail(demo.prefix(2).map { $0 }, out: work + "/warm")
        _ = await importAll(Array(demo.prefix(2)), concurrency: 1, library: work + "/warm-library")

        let vipsDemo = try await runVipsthumbnail(demo, out: work + "/vips-demo")
        let oursDemo = await importAll(demo, concurrency: 1, library: work + "/lib-demo-serial")
        let vipsLarge = try await runVipsthumbnail(large, out: work + "/vips-large")
        let vipsDemoScalar = try await runVipsthumbnail(demo, out: work + "/vips-demo-scalar", vector: false)
        let oursLarge = await importAll(large, concurrency: 1, library: work + "/lib-large-serial")
        let queuedDemo = await importAll(demo, concurrency: 1, library: work + "/lib-demo-queued", queued: true)
        let queuedLarge = await importAll(large, concurrency: 1, library: work + "/lib-large-queued", queued: true)

        let all = demo + large
        let vipsAllSeconds = vipsDemo + vipsLarge
        let concurrency = ImportOptions.defaultConcurrency
        let oursAllParallel = await importAll(all, concurrency: concurrency, library: work + "/lib-all-parallel")
        let vipsAllParallel = try await runVipsthumbnail(all, out: work + "/vips-all-parallel", lanes: concurrency)
        let oursDemoParallel = await importAll(demo, concurrency: concurrency, library: work + "/lib-demo-parallel")
        let oursLargeParallel = await importAll(large, concurrency: concurrency, library: work + "/lib-large-parallel")

        let peak = try peakRSSOfImport(large, library: work + "/lib-rss")

        let rows: [[String]] = [
            ["metric", "vitrine", "comparison", "ratio", "target"],
            perPhoto("ms/photo, demo 2560×1600, whole ingest (serial)", oursDemo, vipsDemo, count: demo.count),
            perPhoto("  the same through the queue (vitrine import)", queuedDemo, vipsDemo, count: demo.count),
            perPhoto("ms/photo, large 6000×4000, whole ingest (serial)", oursLarge, vipsLarge, count: large.count),
            perPhoto("  the same through the queue (vitrine import)", queuedLarge, vipsLarge, count: large.count),
            [
                "  vipsthumbnail itself without ORC's vector code", ms(vipsDemoScalar / Double(demo.count)),
                "with: " + ms(vipsDemo / Double(demo.count)), ratio(vipsDemoScalar / vipsDemo), "",
            ],
            [
                "photos/s, all \(all.count), concurrency \(concurrency)", rate(Double(all.count) / oursAllParallel),
                "serial vipsthumbnail: " + rate(Double(all.count) / vipsAllSeconds),
                ratio(vipsAllSeconds / oursAllParallel), verdict(vipsAllSeconds / oursAllParallel >= 1.5, "≥ 1.5×"),
            ],
            [
                "  vipsthumbnail itself, \(concurrency) at once: this machine's ceiling",
                rate(Double(all.count) / vipsAllParallel),
                "serial vipsthumbnail: " + rate(Double(all.count) / vipsAllSeconds),
                ratio(vipsAllSeconds / vipsAllParallel), "",
            ],
            [
                "  of which demo \(demo.count)", rate(Double(demo.count) / oursDemoParallel),
                "serial vipsthumbnail: " + rate(Double(demo.count) / vipsDemo), ratio(vipsDemo / oursDemoParallel), "",
            ],
            [
                "  of which large \(large.count)", rate(Double(large.count) / oursLargeParallel),
                "serial vipsthumbnail: " + rate(Double(large.count) / vipsLarge), ratio(vipsLarge / oursLargeParallel),
                "",
            ],
            [
                "peak RSS importing \(large.count) large photos", String(format: "%.0f MB", peak), "—", "—",
                verdict(peak < 300, "< 300 MB"),
            ],
        ]
        print(Table.render(rows))
        print(
            """
            vipsthumbnail runs once per file (process start-up included), as it is normally used, with ORC's vector
            code as vitrine renders (the row without shows what vector code gives it); it writes one baseline JPEG. vitrine
            writes a progressive preview, a WebP and a JPEG thumb, a small JPEG thumb, a ThumbHash, hashes and
            copies the original, and fsyncs every blob before one SQLite transaction.
            """)
        guard ProcessInfo.processInfo.environment["BENCH_VIDEO"] != "0" else { return }
        let video = try await VideoBenchmark.run(work: work)
        print(Table.render([["metric", "vitrine", "comparison", "ratio", "target"]] + video))
    }

    /// The 11 photographs among the wallpapers carry camera EXIF or are known photos; illustrations are PNG or huge.
    static func isPhotograph(_ path: String) -> Bool {
        let photos = [
            "BytheWater", "ColdRipple", "ColorfulCups", "DarkestHour", "EveningGlow", "FallenLeaf", "Grey", "Kite",
            "OneStandsOut", "Path", "summer_1am",
        ]
        return photos.contains { path.contains("/\($0)/") }
    }

    static func makeLargePhotos(from demo: [String], count: Int, in folder: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try (0..<count).map { index in
            let source = demo[index % demo.count]
            let name = "\(folder)/large-\(index).jpg"
            if !FileManager.default.fileExists(atPath: name) {
                // Grain makes a 6000×4000 upscale compress like a camera file (~8–9 MB at Q=92).
                try ImageWriter.enlargeWithGrain(
                    from: source, to: name + "[Q=92]", width: 6000, height: 4000, sigma: 6 + Double(index % 3))
            }
            return name
        }
    }

    /// Seconds for the whole import of `paths` into a fresh library: rendered by the importer itself, or
    /// `queued` as `vitrine import` does it (recorded with its render queued, rendered by a worker in the
    /// same process, ended when every render has).
    static func importAll(_ paths: [String], concurrency: Int, library: String, queued: Bool = false) async -> Double {
        try? FileManager.default.removeItem(atPath: library)
        let opened = try! await openLibrary(StorageConfiguration(dataDirectory: library))
        let options = ImportOptions(concurrency: concurrency)
        let start = ContinuousClock.now
        let summary =
            queued
            ? await opened.importThroughQueue(
                paths.map { ImportItem(path: $0) }, options: options,
                worker: .importing(name: ProcessIdentity.current.record, jobs: concurrency))
            : await opened.importer(options: options).importFiles(paths)
        let elapsed = seconds(ContinuousClock.now - start)
        if !summary.failures.isEmpty { print("import failures: \(summary.failures)") }
        try? FileManager.default.removeItem(atPath: library)
        return elapsed
    }

    /// A per-photo row: `ours` and `vips` are seconds for the same `count` files (target ≤ 1.1×).
    static func perPhoto(_ label: String, _ ours: Double, _ vips: Double, count: Int) -> [String] {
        [
            label, ms(ours / Double(count)), "vipsthumbnail -s 2048: " + ms(vips / Double(count)), ratio(ours / vips),
            verdict(ours / vips <= 1.1, "≤ 1.1×"),
        ]
    }

    /// Seconds for `vipsthumbnail -s 2048` run once per file, one after another (the usual way it is used).
    /// With ORC's vector code unless `vector` is false: vipsthumbnail as a user runs it, and as vitrine renders
    /// (`Vips.vectorCode`).
    /// With `lanes` above 1, that many run at once, each over every `lanes`-th file.
    static func runVipsthumbnail(
        _ paths: [String], out: String, vector: Bool = true, lanes: Int = 1
    ) async throws -> Double {
        try? FileManager.default.removeItem(atPath: out)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let start = ContinuousClock.now
        let failure = Mutex<String?>(nil)
        DispatchQueue.concurrentPerform(iterations: max(1, lanes)) { lane in
            for index in stride(from: lane, to: paths.count, by: max(1, lanes)) {
                do {
                    try runVipsthumbnail(paths[index], to: out + "/\(index).jpg[Q=82]", vector: vector)
                } catch {
                    failure.withLock { $0 = paths[index] }
                }
            }
        }
        if let path = failure.withLock({ $0 }) { throw BenchError.vipsthumbnailFailed(path) }
        let written = (try? FileManager.default.contentsOfDirectory(atPath: out).count) ?? 0
        guard written == paths.count else {
            throw BenchError.vipsthumbnailFailed("\(written) of \(paths.count) written")
        }
        return seconds(ContinuousClock.now - start)
    }

    /// One `vipsthumbnail -s 2048` of `path` into `output`.
    static func runVipsthumbnail(_ path: String, to output: String, vector: Bool) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/vipsthumbnail")
        // Inputs share base names (every wallpaper is 2560x1600.jpg), so outputs are numbered.
        process.arguments = ["-s", "2048", "-o", output, path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["VIPS_NOVECTOR"] = vector ? nil : "1"
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError.vipsthumbnailFailed(path) }
    }

    /// Imports in a child `vitrine import` process and reads its peak resident set from the kernel.
    static func peakRSSOfImport(_ paths: [String], library: String) throws -> Double {
        try? FileManager.default.removeItem(atPath: library)
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("vitrine").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["import", "--data", library] + paths
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        try? FileManager.default.removeItem(atPath: library)
        return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
    }

    enum BenchError: Error { case vipsthumbnailFailed(String) }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
    }
    static func ms(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }
    static func rate(_ value: Double) -> String { String(format: "%.2f /s", value) }
    static func ratio(_ value: Double) -> String { String(format: "%.2f×", value) }
    static func verdict(_ ok: Bool, _ target: String) -> String { target + (ok ? " ✓" : " ✗") }
}

/// A plain text table with aligned columns.
enum Table {
    static func render(_ rows: [[String]]) -> String {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines: [String] = []
        for (index, row) in rows.enumerated() {
            let cells = row.enumerated().map {
                $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0)
            }
            lines.append("| " + cells.joined(separator: " | ") + " |")
            if index == 0 {
                lines.append("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
            }
        }
        return lines.joined(separator: "\n")
    }
}
