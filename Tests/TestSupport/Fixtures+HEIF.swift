import Foundation

extension Fixtures {
    /// The fixture's pixels as a HEIC (HEVC in HEIF, as libvips writes it), with EXIF `fields`; returns the path.
    @discardableResult
    public static func writeHEIC(
        _ path: String, width: Int = 300, height: Int = 200, seed: UInt32 = 1, orientation: Int? = nil,
        fields: [String: String] = [:]
    ) throws -> String {
        try write(
            path + "[compression=hevc,Q=80]", width: width, height: height, seed: seed, orientation: orientation,
            fields: fields)
    }

    /// Edits a HEIF file in place, box by box (`HEIFBoxes`).
    public static func editHEIF(_ path: String, _ edit: (inout HEIFBoxes) throws -> Void) throws {
        var boxes = HEIFBoxes(bytes(of: path))
        try edit(&boxes)
        try Data(boxes.bytes).write(to: URL(fileURLWithPath: path))
    }

    /// `source` converted by the `vips` command to the colour space of one of libvips' built-in profiles
    /// (`p3`, `cmyk`) with that profile embedded, saved to `target` (a libvips target with options); returns
    /// the path. The colours look the same; the numbers stored are the profile's.
    @discardableResult
    public static func convert(_ source: String, toProfile profile: String, target: String) async throws -> String {
        let result = try await onThread {
            try ChildProcess.run("/usr/bin/vips", ["icc_transform", source, target, profile])
        }
        guard result.status == 0 else { throw ProfileError(output: result.output) }
        return target.split(separator: "[").first.map(String.init) ?? target
    }

    public struct ProfileError: Error { public var output: String }
}
