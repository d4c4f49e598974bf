"""A game in words: narration for tables and logs, typed moves, and the terminal game."""
