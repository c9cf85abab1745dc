import Foundation

/// Where a Motion Photo's clip sits, as its XMP says: Google's `GCamera:MicroVideoOffset` (the clip is the
/// file's last N bytes) or the `Container:Directory` of `GCamera:MotionPhoto` (items appended after the
/// primary image in order, each `Item:Length` bytes long; the `MotionPhoto` one is the clip).
///
/// What the XMP claims is only a claim: the importer checks it against the file (`MotionPhotoClip`).
public struct MotionPhotoClaim: Sendable, Equatable {
    /// Where the clip starts, counted back from the end of the file.
    public var fromEnd: Int64
    /// How long the clip is; at most `fromEnd`.
    public var length: Int64

    public init(fromEnd: Int64, length: Int64) {
        self.fromEnd = fromEnd
        self.length = length
    }
}

extension MotionPhotoClaim {
    /// Container items read at most.
    static let maximumItems = 16

    /// The claim in an XMP packet; nil when it makes none, or one that is not a positive size.
    static func read(xmp: String) -> MotionPhotoClaim? {
        if let items = containerItems(in: xmp) { return items }
        guard flag("GCamera:MicroVideo", in: xmp) || flag("GCamera:MotionPhoto", in: xmp),
            let offset = value("GCamera:MicroVideoOffset", in: xmp).flatMap(Self.size)
        else { return nil }
        return MotionPhotoClaim(fromEnd: offset, length: offset)
    }

    /// The `Container:Directory` form: the clip's offset from the end is its own length plus every later
    /// item's.
    static func containerItems(in xmp: String) -> MotionPhotoClaim? {
        guard let directory = xmp.range(of: "Container:Directory") else { return nil }
        var items: [(semantic: String?, length: Int64?)] = []
        var cursor = directory.upperBound
        while items.count < maximumItems, let start = xmp.range(of: "<Container:Item", range: cursor..<xmp.endIndex) {
            let next = xmp.range(of: "<Container:Item", range: start.upperBound..<xmp.endIndex)
            let end = xmp.range(of: "</rdf:Seq>", range: start.upperBound..<xmp.endIndex)
            let stop = [next?.lowerBound, end?.lowerBound].compactMap { $0 }.min() ?? xmp.endIndex
            let body = String(xmp[start.upperBound..<stop])
            items.append((value("Item:Semantic", in: body), value("Item:Length", in: body).flatMap(Self.size)))
            cursor = start.upperBound
        }
        guard let clip = items.firstIndex(where: { $0.semantic == "MotionPhoto" }), let length = items[clip].length
        else { return nil }
        var fromEnd: Int64 = 0
        for item in items[clip...] {
            guard let add = item.length else { return nil }
            let (sum, overflow) = fromEnd.addingReportingOverflow(add)
            guard !overflow else { return nil }
            fromEnd = sum
        }
        return MotionPhotoClaim(fromEnd: fromEnd, length: length)
    }

    /// A positive whole number of bytes, below 2^53.
    static func size(_ text: String) -> Int64? {
        guard let value = Int64(text), value > 0, value < 1 << 53 else { return nil }
        return value
    }

    static func flag(_ name: String, in xmp: String) -> Bool { value(name, in: xmp) == "1" }

    /// A property's text, written as an attribute (`name="value"`) or as an element
    /// (`<name>value</name>`); nil when neither is there or it is empty.
    static func value(_ name: String, in xmp: String) -> String? {
        if let attribute = xmp.range(of: name + "=\"") {
            let rest = xmp[attribute.upperBound...]
            guard let close = rest.firstIndex(of: "\"") else { return nil }
            return clean(rest[..<close])
        }
        if let element = xmp.range(of: "<" + name + ">") {
            let rest = xmp[element.upperBound...]
            guard let close = rest.range(of: "</" + name + ">") else { return nil }
            return clean(rest[..<close.lowerBound])
        }
        return nil
    }

    static func clean(_ text: Substring) -> String? {
        let value = String(text.prefix(64)).trimmingASCIISpaces()
        return value.isEmpty ? nil : value
    }
}
