"""Typed errors of the engine. Each carries one sentence a player can read."""


class SkatError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(SkatError):
    """An action that the rules do not allow in the current state; the state is unchanged."""


class InvalidContract(IllegalAction):
    """A declaration the rule profile does not allow (e.g. Hand after picking up the skat)."""


class InvalidRecord(SkatError):
    """A game record or scenario that cannot be read or does not replay."""
