"""One module per schema change of the live history."""
