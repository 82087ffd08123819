import Evaluations
import Foundation
import TestSupport
import Testing

/// The HTML report: what it shows, that it escapes what evaluations write, and that a parser we
/// did not write reads it as balanced HTML.
@Suite struct EvaluationReportTests {
    /// Python's own HTML parser, counting elements left open or closed without opening.
    static let checker = """
        import sys
        from html.parser import HTMLParser
        VOID = {"meta", "br", "img", "input", "link", "hr", "col", "wbr", "source", "area", "base", "track", "line", "rect"}
        class Check(HTMLParser):
            def __init__(self):
                super().__init__()
                self.stack, self.errors, self.tags = [], [], {}
            def handle_starttag(self, tag, attrs):
                self.tags[tag] = self.tags.get(tag, 0) + 1
                if tag not in VOID:
                    self.stack.append(tag)
            def handle_startendtag(self, tag, attrs):
                self.tags[tag] = self.tags.get(tag, 0) + 1
            def handle_endtag(self, tag):
                if tag in VOID:
                    return
                if not self.stack or self.stack[-1] != tag:
                    self.errors.append("unexpected </%s>" % tag)
                else:
                    self.stack.pop()
        check = Check()
        check.feed(open(sys.argv[1], encoding="utf-8").read())
        check.close()
        if check.stack or check.errors:
            print("unbalanced:", check.stack, check.errors[:5])
            sys.exit(1)
        print("svg=%d rect=%d tr=%d script=%d" % (check.tags.get("svg", 0), check.tags.get("rect", 0), check.tags.get("tr", 0), check.tags.get("script", 0)))
        """

    static func check(_ file: URL) async throws -> String {
        let outcome = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", checker, file.path])
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        return outcome.stdout
    }

    @Test func aSingleResultShowsItsStatisticsChartsAndRows() async throws {
        let evaluation = LengthEvaluation(prompts: [("abc", 3), ("<script>alert(1)</script>", 1), ("please fail", 2), ("ab", 2)])
        let result = try await evaluation.run(info: ["ModelName": "scripted & \"quoted\""])
        let file = try ScratchFolder.make("evaluations").appendingPathComponent("report.html")
        try EvaluationReport([result]).write(to: file)
        let html = try String(contentsOf: file, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("scripted &amp; &quot;quoted&quot;"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("<script>"))
        #expect(html.contains("Mean of Exact"))
        #expect(html.contains("66.7%"))
        #expect(html.contains("asked to fail"))
        #expect(html.contains("title=\"got 25\""))
        let counts = try await Self.check(file)
        #expect(counts.contains("script=0"))
        #expect(counts.contains("svg=2"))
        #expect(counts.contains("tr="))
    }

    @Test func twoResultsAreComparedSideBySide() async throws {
        let first = try await LengthEvaluation(prompts: [("abc", 3), ("abcd", 3)]).run(info: ["model": "model A"])
        let second = try await LengthEvaluation(prompts: [("abc", 3), ("abcd", 4)]).run(info: ["model": "model B"])
        let report = EvaluationReport([first, second])
        let html = report.html
        #expect(html.contains("<title>LengthEvaluation: model A vs model B</title>"))
        #expect(html.contains("Response: model A") && html.contains("Response: model B"))
        #expect(html.contains("<th>Difference</th>"))
        #expect(html.contains("+0.5"))
        let file = try ScratchFolder.make("evaluations").appendingPathComponent("compare.html")
        try report.write(to: file)
        _ = try await Self.check(file)
    }
}
