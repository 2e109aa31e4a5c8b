"""The history schema's migrations (Alembic): ``versions/`` holds one module per schema change, oldest first."""
