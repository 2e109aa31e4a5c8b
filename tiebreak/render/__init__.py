"""What people read: text, CSV, JSON, HTML and PDF standings, explanations, and the en/ru/uk words."""
