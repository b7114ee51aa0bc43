// Worked examples of every front end: `swift run FrontEndExamples` from the package root.
// Each builds a list the way its iOS library's README does, measures it through a HeightCache,
// changes it through the front end and shows that the cache still answers right.
import TemplateLayout

guard let fonts = BundledFonts.defaultFonts() else {
    print("FrontEndExamples: the bundled Fonts folder was not found; run from the package root")
    exitWithFailure()
}

do {
    try sectionMakerExample(fonts: fonts)
    try configFileExample(fonts: fonts)
    try rowObjectsExample(fonts: fonts)
    try dataDrivenExample(fonts: fonts)
    try gridExample(fonts: fonts)
} catch {
    print("FrontEndExamples failed: \(error)")
    exitWithFailure()
}
