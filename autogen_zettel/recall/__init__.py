"""Progressive recall: immediate search (dense + lexical, fused), re-weighing, unlocking along links, the query map, and the finished recall block an adapter puts before a reply."""
