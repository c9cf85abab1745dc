import Foundation

extension Fixtures {
    /// Gives the JPEG at `path` an XMP packet naming `keywords` as its Dublin Core subjects, as photo
    /// managers write them; returns `path`.
    @discardableResult
    public static func addKeywords(_ keywords: [String], to path: String) throws -> String {
        let items = keywords.map { "<rdf:li>\($0)</rdf:li>" }.joined()
        let packet = """
            <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">\
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" \
            xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:subject><rdf:Bag>\(items)</rdf:Bag></dc:subject>\
            </rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>
            """
        try LivePhotoFixtures.insertSegment(
            LivePhotoFixtures.app1(prefix: Array("http://ns.adobe.com/xap/1.0/\0".utf8), body: Array(packet.utf8)),
            into: path)
        return path
    }
}
