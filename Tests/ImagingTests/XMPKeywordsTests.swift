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

    @Test func malformedPacketsGiveNoKeywords() {
        #expect(XMPKeywords.subjects(in: "") == [])
        #expect(XMPKeywords.subjects(in: "<dc:subject><rdf:li>unterminated") == [])
    }
}
