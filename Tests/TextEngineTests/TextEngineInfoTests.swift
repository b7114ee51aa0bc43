import Testing
@testable import TextEngine

@Suite struct TextEngineInfoTests {
    @Test func linksICUWithAVersion() {
        #expect(TextEngineInfo.icuVersion.split(separator: ".").count >= 2)
    }
}
