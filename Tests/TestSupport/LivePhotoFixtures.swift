import Foundation

/// Live Photos and Motion Photos as phones write them, made inside the tests: Debian's exiftool cannot
/// write Apple's `ContentIdentifier`, so the still's MakerNote is written here, byte by byte; ffmpeg writes
/// the clip's QuickTime key.
public enum LivePhotoFixtures {
    /// A JPEG still whose EXIF carries Apple's MakerNote with `identifier` as tag 0x11.
    @discardableResult
    public static func still(_ path: String, identifier: String, seed: UInt32 = 1) throws -> String {
        try Fixtures.write(path, width: 600, height: 400, seed: seed)
        try insertSegment(app1(prefix: Array("Exif\0\0".utf8), body: exifWithAppleMakerNote(identifier)), into: path)
        return path
    }

    /// An HEIC still, as an iPhone writes one: its EXIF item holds Apple's MakerNote with `identifier`.
    @discardableResult
    public static func heicStill(_ path: String, identifier: String, seed: UInt32 = 1) throws -> String {
        try Fixtures.writeHEIC(path, width: 600, height: 400, seed: seed, fields: ["exif-ifd0-Make": "Apple"])
        try Fixtures.editHEIF(path) { boxes in
            let exif = try boxes.items(ofTypes: ["Exif"])
            guard let item = exif.first else { throw HEIFBoxes.Malformed.missing("an Exif item") }
            // The item's data: the offset to the TIFF header, then `Exif\0\0` and the TIFF block.
            try boxes.replaceData(
                of: item, with: [0, 0, 0, 6] + Array("Exif\0\0".utf8) + exifWithAppleMakerNote(identifier))
        }
        return path
    }

    /// A clip that names `identifier` as `com.apple.quicktime.content.identifier`: H.264 by default, HEVC as
    /// an iPhone records it with `hevc`.
    @discardableResult
    public static func clip(
        _ path: String, identifier: String, hevc: Bool = false, seconds: Double = 1.5
    ) throws
        -> String
    {
        let codec =
            hevc
            ? ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1"]
            : ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "ultrafast"]
        return try VideoFixtures.clip(
            path, width: 320, height: 240, seconds: seconds, codec: codec,
            extra: [
                "-movflags", "use_metadata_tags", "-metadata", "com.apple.quicktime.content.identifier=\(identifier)",
            ]
        )
    }

    /// How a Motion Photo's XMP locates its clip.
    public enum MotionForm: Sendable {
        /// `GCamera:MicroVideoOffset`, the older form.
        case microVideo
        /// `GCamera:MotionPhoto` with a `Container:Directory`.
        case container
    }

    /// A Google Motion Photo: a JPEG with `clip` appended, and XMP saying where it is. `claimedOffset`
    /// replaces the true distance from the end of the file (for a lying file).
    @discardableResult
    public static func motionPhoto(
        _ path: String, clip: String, form: MotionForm, claimedOffset: Int? = nil, seed: UInt32 = 2
    ) throws -> String {
        let video = Fixtures.bytes(of: clip)
        let offset = claimedOffset ?? video.count
        let description: String
        switch form {
        case .microVideo:
            description = """
                <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" \
                GCamera:MicroVideo="1" GCamera:MicroVideoVersion="1" GCamera:MicroVideoOffset="\(offset)" \
                GCamera:MicroVideoPresentationTimestampUs="500000"/>
                """
        case .container:
            description = """
                <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" \
                xmlns:Container="http://ns.google.com/photos/1.0/container/" \
                xmlns:Item="http://ns.google.com/photos/1.0/container/item/" \
                GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="500000">
                <Container:Directory><rdf:Seq>
                <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" \
                Item:Length="0" Item:Padding="0"/></rdf:li>
                <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" \
                Item:Length="\(offset)" Item:Padding="0"/></rdf:li>
                </rdf:Seq></Container:Directory>
                </rdf:Description>
                """
        }
        let packet = """
            <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">\
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\(description)</rdf:RDF>\
            </x:xmpmeta><?xpacket end="w"?>
            """
        try Fixtures.write(path, width: 600, height: 400, seed: seed)
        try insertSegment(
            app1(prefix: Array("http://ns.adobe.com/xap/1.0/\0".utf8), body: Array(packet.utf8)), into: path)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(video))
        return path
    }

    /// A big-endian TIFF block: IFD0 pointing at an Exif IFD whose only entry is Apple's MakerNote
    /// (`Apple iOS\0`, version 1, `MM`, then an IFD counted from the MakerNote's start with tag 0x11).
    public static func exifWithAppleMakerNote(_ identifier: String) -> [UInt8] {
        func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v) }
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] {
            be16(tag) + be16(type) + be32(count) + value
        }
        let text = Array(identifier.utf8) + [0]
        var note = Array("Apple iOS\0".utf8) + [0, 1] + Array("MM".utf8)
        note += be16(1) + entry(0x11, 2, text.count, be32(14 + 2 + 12 + 4)) + be32(0) + text
        let exifIFD = 8 + 2 + 12 + 4
        let noteOffset = exifIFD + 2 + 12 + 4
        var tiff = Array("MM".utf8) + be16(42) + be32(8)
        tiff += be16(1) + entry(0x8769, 4, 1, be32(exifIFD)) + be32(0)
        tiff += be16(1) + entry(0x927C, 7, note.count, be32(noteOffset)) + be32(0)
        return tiff + note
    }

    static func app1(prefix: [UInt8], body: [UInt8]) -> [UInt8] {
        let length = 2 + prefix.count + body.count
        return [0xFF, 0xE1, UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + prefix + body
    }

    /// Writes `segment` into the JPEG at `path`, right after its SOI marker.
    static func insertSegment(_ segment: [UInt8], into path: String) throws {
        let jpeg = Fixtures.bytes(of: path)
        precondition(jpeg.starts(with: [0xFF, 0xD8]), "not a JPEG")
        try Data([0xFF, 0xD8] + segment + jpeg.dropFirst(2)).write(to: URL(fileURLWithPath: path))
    }
}
