"""The arbiter's tools around the standings: Berger and Varma tables, play-offs, prizes, ratings and performance."""
