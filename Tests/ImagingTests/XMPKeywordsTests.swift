import Testing

@testable import Imaging

@Suite struct XMPKeywordsTests {
    @Test func readsDublinCoreSubjects() {
        let xmp = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description>
            <dc:subject><rdf:Bag><rdf:li>Lyon</rdf:li><rdf:li xml:lang="x-default">caf&amp;é</rdf:li>
            <rdf:li></rdf:li><rdf:li> holiday </rdf:li></rdf:Bag></dc:subject>
            <dc:creator><rdf:Seq><rdf:li>Not a keyword</rdf:li></rdf:Seq></dc:creator>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        #expect(XMPKeywords.subjects(in: xmp) == ["Lyon", "caf&é", "holiday"])
    }

    @Test func keywordsAreBoundedInNumberAndLengthAndLoseControlCharacters() {
        let many = (0..<150).map { "<rdf:li>k\($0)</rdf:li>" }.joined()
        let keywords = XMPKeywords.subjects(in: "<dc:subject><rdf:Bag>\(many)</rdf:Bag></dc:subject>")
        #expect(keywords.count == XMPKeywords.maximumKeywords && keywords.first == "k0")
        let long = String(repeating: "x", count: XMPKeywords.maximumKeywordBytes + 1)
        let xmp = "<dc:subject><rdf:li>\(long)</rdf:li><rdf:li>a\u{0}b\u{1b}[31m</rdf:li></dc:subject>"
        #expect(XMPKeywords.subjects(in: xmp) == ["ab[31m"])
    }

    @Test func malformedPacketsGiveNoKeywords() {
        #expect(XMPKeywords.subjects(in: "") == [])
        #expect(XMPKeywords.subjects(in: "<dc:subject><rdf:li>unterminated") == [])
    }
}
