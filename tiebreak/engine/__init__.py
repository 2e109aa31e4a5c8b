"""The engine: the tournament model, rule sets, the tie-break catalogue and its functions, ranking and standings.

Pure: no files, no network, no printing; nothing outside this subpackage is imported here."""
