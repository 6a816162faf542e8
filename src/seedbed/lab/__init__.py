"""The designer's lab: balance reports and variant comparisons
(``seedbed report`` and ``seedbed compare``)."""

#: The default ladder of agents for the skill section, weakest first: two ISMCTS
#: budgets small enough for a report to take minutes, not hours (an ISMCTS decision
#: costs about a millisecond an iteration).
DEFAULT_LADDER = ("random", "heuristic", "ismcts:iterations=10", "ismcts:iterations=40")
