"""Computer players. They decide from seat views only (engine.view)."""
