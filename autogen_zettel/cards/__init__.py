"""Cards and the links between them, as pure logic: the refiners, atomic facts, claims and their evidence weights, the link engine, the card graph."""
