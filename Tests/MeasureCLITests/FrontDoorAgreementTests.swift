import Foundation
import Testing
import TemplateLayout
import TestSupport

/// The front door's heights are measure-cli's: a cache over Swift values with a template written
/// in Swift gives, row for row, what measure-cli prints for a document holding the same template
/// in cells.json and the same values as `JSONEncoder` writes them.
@Suite struct FrontDoorAgreementTests {
    struct Post: Encodable {
        var key: String
        var name: String
        var detail: String
        var unread: Bool
    }

    static let feedJSON = """
        {"views":[{"id":"avatar","image":{"width":40,"height":40}},
                  {"id":"name","label":{"text":"${name}","font":"bold","size":15,"lines":1}},
                  {"id":"detail","label":{"text":"${detail}","size":14,"lines":0}},
                  {"id":"dot","view":{"width":8,"height":8},"hidden":"!unread"}],
         "constraints":["avatar.leading == super.leading + 16","avatar.top == super.top + 12",
                        "avatar.width == 40","avatar.height == avatar.width",
                        "name.leading == avatar.trailing + 10","name.trailing <= super.trailing - 16",
                        "name.top == avatar.top","detail.leading == name.leading",
                        "detail.trailing == super.trailing - 16","detail.top == name.bottom + 6",
                        "super.bottom >= avatar.bottom + 12","super.bottom >= detail.bottom + 12"]}
        """

    @Test func aCacheOverSwiftValuesGivesMeasureCLIsHeights() throws {
        let template = Fixtures.swiftFeedCell
        let details = ["", "Short", "A post long enough to wrap onto a second line and then a third one on a phone screen",
                       "混合 text with 中文 and emoji 🎉🎉", "Line one\nLine two\nLine three"]
        let posts = details.enumerated().map { i, text in
            Post(key: "p\(i)", name: "Author \(i)", detail: text, unread: i % 2 == 0)
        }
        let rows = String(decoding: try JSONEncoder().encode(posts), as: UTF8.self)
        let document = """
            {"list":{"width":320},"templates":{"FeedCell":\(Self.feedJSON)},
             "sections":[{"template":"FeedCell","autoHeight":true,"rows":\(rows)}]}
            """
        let folder = try CLIRunner.temporaryFolder()
        let file = try CLIRunner.write(document, to: "posts.json", in: folder)
        let outcome = try CLIRunner.run([file.path], in: folder)
        try #require(outcome.status == 0, "\(outcome.stderr)")
        let printed = try outcome.lines.map { line -> Double? in
            guard case .number(let height)? = try JSONParser().parse(line)["height"] else { return nil }
            return height
        }
        let cache = try HeightCache(template: template, fonts: Fonts.bundled, items: posts, width: 320)
        let cached: [Double?] = try posts.indices.map { try cache.height(for: .init(row: $0, section: 0)) }
        #expect(cached == printed)
    }
}
