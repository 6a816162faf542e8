"""Simulation: parallel reproducible game runs, statistics, reports, benchmarks."""
