"""Shared foundations: records, errors, config and file schemas, clock, worker, prompts, LLM plumbing."""
