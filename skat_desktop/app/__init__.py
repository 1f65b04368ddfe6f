"""Qt-free orchestration: series of deals, seats and players, self-play."""
