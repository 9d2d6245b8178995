"""Research simulations: multi-session scenarios in YAML, the simulator and its reports."""
