"""Text in any script: tokens and stems (lexical), dates and due dates anchored to when they were said, end-of-chat phrases."""
