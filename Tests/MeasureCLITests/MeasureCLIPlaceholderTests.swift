import Testing
@testable import TemplateLayout
