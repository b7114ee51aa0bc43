import Foundation
import Testing
import TemplateLayout
import TestSupport

/// `Template.ambiguity(for:fonts:width:)`: the README's cell, pinned and not.
@Suite struct TemplateAmbiguityTests {
    struct Post: Encodable {
        var name: String
        var detail: String
    }

    static let posts = [Post(name: "Ada", detail: "First post"),
                        Post(name: "Grace", detail: "A longer post that wraps onto a second line on a phone")]

    /// The README's feed cell (SPEC's without its dot), with or without the avatar's size pinned.
    static func feedCell(pinned: Bool) -> Template {
        var template = Fixtures.swiftFeedCell
        template.views.removeAll { $0.id == "dot" }
        if !pinned { template.constraints.removeAll { $0.hasPrefix("avatar.width") || $0.hasPrefix("avatar.height") } }
        return template
    }

    @Test func thePinnedCellIsDecidedAndTheUnpinnedOneIsNot() throws {
        let fonts = try Fonts.bundled
        for post in Self.posts {
            let pinned = try Self.feedCell(pinned: true).ambiguity(for: post, fonts: fonts, width: 375)
            #expect(!pinned.isAmbiguous, "\(post.name): \(pinned)")
            let unpinned = try Self.feedCell(pinned: false).ambiguity(for: post, fonts: fonts, width: 375)
            #expect(unpinned.attributes.contains("avatar.width"), "\(post.name): \(unpinned)")
            #expect(unpinned.attributes.contains("detail.width"), "\(post.name): \(unpinned)")
            #expect(unpinned.affectsHeight)
        }
    }

    @Test func withoutTheWidthPinAloneTheAvatarStaysSquareAndUntied() throws {
        // README: the height pin ties the width to the height, which nothing vertical pulls on.
        var template = Self.feedCell(pinned: true)
        template.constraints.removeAll { $0 == "avatar.width == 40" }
        #expect(template.constraints.contains("avatar.height == avatar.width"))
        let fonts = try Fonts.bundled
        for post in Self.posts {
            let ambiguity = try template.ambiguity(for: post, fonts: fonts, width: 375)
            #expect(!ambiguity.isAmbiguous, "\(post.name): \(ambiguity)")
        }
        let cache = try HeightCache(template: template, fonts: fonts, items: Self.posts, width: 375)
        #expect(try cache.height(for: IndexPath(row: 1, section: 0)) == 81)
    }

    @Test func theUnpinnedCellsHeightDependsOnTheRowsMeasuredBefore() throws {
        // docs/layout.md ("Ties") and README quote these numbers: a solver change that moves them
        // moves the example there too. Pinned, the order plays no part.
        let fonts = try Fonts.bundled
        for pinned in [false, true] {
            let template = Self.feedCell(pinned: pinned)
            let alone = try HeightCache(template: template, fonts: fonts, items: [Self.posts[1]], width: 375)
            let afterAda = try HeightCache(template: template, fonts: fonts, items: Self.posts, width: 375)
            _ = try afterAda.height(for: IndexPath(row: 0, section: 0))
            let heights = [try alone.height(for: IndexPath(row: 0, section: 0)),
                           try afterAda.height(for: IndexPath(row: 1, section: 0))]
            #expect(heights == (pinned ? [81, 81] : [81, 64.5]), "pinned: \(pinned)")
        }
    }

    @Test func aWidthNoListCanHaveIsRefusedBeforeTheItemIsRead() throws {
        #expect {
            try Self.feedCell(pinned: true).ambiguity(for: Self.posts[0], fonts: Fonts.bundled, width: 0)
        } throws: { error in
            guard case .invalidWidth(0)? = error as? HeightCacheError else { return false }
            return true
        }
    }

    @Test func anItemThatIsNoRowThrows() throws {
        #expect(throws: (any Error).self) {
            try Self.feedCell(pinned: true).ambiguity(for: ["not", "an", "object"], fonts: Fonts.bundled, width: 375)
        }
    }
}
