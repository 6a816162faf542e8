"""The designer's lab: balance reports and variant comparisons
(``seedbed report`` and ``seedbed compare``)."""

#: The default ladder of agents for the skill section, weakest first. Two ISMCTS
#: budgets above the heuristic's strength (fewer iterations than a decision has legal
#: moves play worse than the heuristic: 10 iterations lost all 15 Four Fields games
#: against it), small enough for the section to take minutes (an iteration costs
#: about a millisecond and a half).
DEFAULT_LADDER = ("random", "heuristic", "ismcts:iterations=100", "ismcts:iterations=300")
