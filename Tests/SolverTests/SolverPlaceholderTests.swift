import Testing
@testable import Solver
