"""The designer's lab: balance reports and variant comparisons
(``seedbed report`` and ``seedbed compare``)."""
