"""The evolving persona: traits, evidence, mining, behaviour modules, prompt stack, profile."""
