extension String {
    /// Without leading and trailing spaces and NULs (EXIF pads fixed-size text with either).
    func trimmingASCIISpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\0" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\0" { slice = slice.dropLast() }
        return String(slice)
    }

    /// Without C0 control characters and DEL: text from a file becomes a label, never a line break or a NUL.
    func removingControlCharacters() -> String {
        String(String.UnicodeScalarView(unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }))
    }
}
