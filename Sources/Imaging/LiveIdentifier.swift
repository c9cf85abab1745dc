/// The identifier that ties a Live Photo's still to its clip, as both parts store it.
public enum LiveIdentifier {
    /// Longest identifier kept: Apple's are UUIDs of 36 characters.
    public static let maximumLength = 128

    /// Printable ASCII without spaces, 1 to `maximumLength` characters once trailing NULs and spaces are
    /// trimmed, uppercased (both parts write the same UUID; case is not part of it); else nil.
    public static func clean<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        var text = Array(bytes.prefix(maximumLength + 8))
        while let last = text.last, last == 0 || last == 0x20 { text.removeLast() }
        while let first = text.first, first == 0x20 { text.removeFirst() }
        guard (1...maximumLength).contains(text.count), text.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            return nil
        }
        return String(decoding: text, as: UTF8.self).uppercased()
    }

    public static func clean(_ text: String) -> String? { clean(Array(text.utf8)) }
}
