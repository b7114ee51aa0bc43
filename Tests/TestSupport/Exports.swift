// Every target that imports TestSupport also gets the shared seeded generator.
@_exported import TestCommons
