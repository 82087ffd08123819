import Testing
import UniformTypeIdentifiers

/// The `UTType` stand-in: identifiers, extensions and conformance.
@Suite struct UTTypeTests {
    @Test func knownTypesConformToTheirParents() {
        #expect(UTType.utf8PlainText.conforms(to: .text))
        #expect(UTType.html.conforms(to: .content))
        #expect(!UTType.html.conforms(to: .plainText))
        #expect(UTType.text.identifier == "public.text")
        #expect(UTType.plainText.isSubtype(of: .text))
    }

    @Test func filenameExtensionsFindTheirTypes() throws {
        #expect(UTType(filenameExtension: "MD")?.identifier == "net.daringfireball.markdown")
        #expect(UTType(filenameExtension: "html") == .html)
        #expect(UTType(filenameExtension: "txt") == .plainText)
        #expect(UTType(filenameExtension: "md", conformingTo: .image) == nil)
        #expect(UTType(filenameExtension: "nope") == nil)
        #expect(UTType(mimeType: "text/html") == .html)
        #expect(try #require(UTType("com.example.note")).conforms(to: .item))
    }
}
