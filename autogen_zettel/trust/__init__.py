"""Trust: privacy tiers and redaction, conflicts between claims, maintenance, forgetting."""
