"""Many matches: ``simulate``, ``tournament``, their statistics, and recorded trajectories."""
