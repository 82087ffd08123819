import Foundation
import Synchronization
import Testing
@testable import FoundationModelsCore
import TestSupport

/// A tool that records which image the session let it read.
struct ImageNameTool: AttachmentReadingTool {
    let name = "describeImage"
    let description = "Describes an attached image."
    let seen = HookLog()

    @Generable struct Arguments {
        var imageLabel: String
    }

    func call(arguments: Arguments) async throws -> String {
        let image = ToolAttachments.current.image(labeled: arguments.imageLabel)
        seen.add(image?.url?.lastPathComponent ?? "none")
        return image == nil ? "No such image." : "A trail sign."
    }
}

/// Images for a model without vision, read by a tool (an extra of this implementation): the
/// request is accepted, its first round calls a tool, and the tool finds the image by its label.
@Suite struct AttachmentReadingToolTests {
    static func call(_ label: String) -> LanguageModelExecutorGenerationChannel.Event {
        .toolCalls(action: .toolCall(id: UUID().uuidString, name: "describeImage", action: .appendArguments(#"{"imageLabel":"\#(label)"}"#, tokenCount: 4)))
    }

    @Test func aTextModelWithAnAttachmentToolReadsTheImageThroughIt() async throws {
        let tool = ImageNameTool()
        let model = EventScriptModel(
            [.init(events: [Self.call("Sign-Photo")]), .init(events: [SessionOS27Tests.text("A sign.")])], capabilities: [.toolCalling])
        let session = LanguageModelSession(model: model, tools: [tool])
        let response = try await session.respond {
            "What does the sign say?"
            Attachment(imageURL: URL(fileURLWithPath: "/tmp/other.png")).label("other")
            Attachment(imageURL: URL(fileURLWithPath: "/tmp/sign.png")).label("sign-photo")
        }
        #expect(response.content == "A sign.")
        // The label matched ignoring case; outside the call nothing is attached.
        #expect(tool.seen.all == ["sign.png"])
        #expect(ToolAttachments.current.segments.isEmpty)
        // Two images: the round after the first read stays free, to read the other one.
        let modes = model.recorder.requests.withLock { $0.map(\.generationOptions.toolCallingMode) }
        #expect(modes == [.required, nil])
    }

    @Test func withOneImageAndOnlyReadersTheRoundAfterTheReadAnswers() async throws {
        let model = EventScriptModel(
            [.init(events: [Self.call("sign-photo")]), .init(events: [SessionOS27Tests.text("A sign.")])], capabilities: [.toolCalling])
        let session = LanguageModelSession(model: model, tools: [ImageNameTool()])
        let response = try await session.respond {
            "What does the sign say?"
            Attachment(imageURL: URL(fileURLWithPath: "/tmp/sign.png")).label("sign-photo")
        }
        #expect(response.content == "A sign.")
        // Nothing is left for a tool to do: the answer round has tools turned off (the tool's text
        // is folded into the prompt).
        #expect(model.recorder.requests.withLock { $0.map(\.generationOptions.toolCallingMode) } == [.required, .disallowed])
    }

    @Test func withAnotherToolBesideItTheAnswerRoundMayStillCallTools() async throws {
        let model = EventScriptModel(
            [.init(events: [Self.call("sign-photo")]), .init(events: [SessionOS27Tests.text("A sign.")])], capabilities: [.toolCalling])
        let session = LanguageModelSession(model: model, tools: [ImageNameTool(), TagLookupTool()])
        _ = try await session.respond {
            "Tag this sign."
            Attachment(imageURL: URL(fileURLWithPath: "/tmp/sign.png")).label("sign-photo")
        }
        #expect(model.recorder.requests.withLock { $0.map(\.generationOptions.toolCallingMode) } == [.required, nil])
    }

    /// The model reads an image as its label: the URL (folders and file names that a small model
    /// copies into its answer, and the host's paths) stays out of the prompt.
    @Test func thePromptNamesAnImageByItsLabelOnly() {
        let url = URL(fileURLWithPath: "/home/someone/Resources/sign-photos/sign-38.jpg")
        let labelled = Transcript.AttachmentSegment(content: .image(.init(imageURL: url)), label: "sign-photo")
        let unlabelled = Transcript.AttachmentSegment(content: .image(.init(imageURL: url)))
        let text: [Transcript.Segment] = [.text(.init(content: "Summarise this sign.")), .attachment(labelled), .attachment(unlabelled)]
        #expect(text.joinedText == "Summarise this sign.\n[image \"sign-photo\"]\n[image]")
        // The segment's description, for people, keeps the URL.
        #expect(labelled.description.contains("sign-38.jpg"))
    }

    @Test func aModeTheRequestSetsIsKept() async throws {
        let model = EventScriptModel([.init(events: [SessionOS27Tests.text("I cannot see it.")])], capabilities: [.toolCalling])
        let session = LanguageModelSession(model: model, tools: [ImageNameTool()])
        _ = try await session.respond(options: GenerationOptions(toolCallingMode: .disallowed)) {
            "What is this?"
            Attachment(imageURL: URL(fileURLWithPath: "/tmp/sign.png"))
        }
        #expect(model.recorder.requests.withLock { $0.map(\.generationOptions.toolCallingMode) } == [.disallowed])
    }

    @Test func withoutSuchAToolAnImageIsStillRefused() async throws {
        let model = EventScriptModel([.init(events: [SessionOS27Tests.text("No.")])], capabilities: [.toolCalling])
        let session = LanguageModelSession(model: model, tools: [TagLookupTool()])
        await #expect {
            try await session.respond {
                "What is this?"
                Attachment(imageURL: URL(fileURLWithPath: "/tmp/sign.png"))
            }
        } throws: { error in
            if case LanguageModelError.unsupportedCapability(let info) = error { return info.capability == .vision }
            return false
        }
    }

    @Test func labelsResolveExactlyThenLooselyAndTheNewestImageWins() {
        let old = Transcript.AttachmentSegment(content: .image(.init(imageURL: URL(fileURLWithPath: "/tmp/a.png"))), label: "photo")
        let new = Transcript.AttachmentSegment(content: .image(.init(imageURL: URL(fileURLWithPath: "/tmp/b.png"))), label: "photo")
        let other = Transcript.AttachmentSegment(content: .image(.init(imageURL: URL(fileURLWithPath: "/tmp/c.png"))), label: "Receipt")
        let attachments = ToolAttachments([old, new, other])
        #expect(attachments.image(labeled: "photo")?.url?.lastPathComponent == "b.png")
        #expect(attachments.image(labeled: " \"receipt\" ")?.url?.lastPathComponent == "c.png")
        #expect(attachments.image(labeled: nil)?.url?.lastPathComponent == "c.png")
        #expect(attachments.image(labeled: "map") == nil)
        #expect(attachments.imageLabels == ["photo", "photo", "Receipt"])
    }
}
