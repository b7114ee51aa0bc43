// The Cassowary-style constraint solver lives here (issue 3).
