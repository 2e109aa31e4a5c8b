"""Views: what a table shows, built once from the engine's rankings and the arbiter's data, without words (numbers,
start numbers, places and result kinds). Every face renders them: the text, CSV, JSON, HTML and PDF downloads, the
event's website and the live screen."""
