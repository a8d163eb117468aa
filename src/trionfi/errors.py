"""The exceptions trionfi raises. Every one is a ``ValueError``: bad input is a value problem."""


class TrionfiError(ValueError):
    """Base class of trionfi's errors."""


class CardError(TrionfiError):
    """A text that is not a card code, or a card that is not in the game's deck."""


class DeckError(TrionfiError):
    """A stacked deck that is not exactly the game's deck."""


class OptionError(TrionfiError):
    """An unknown game, an unknown option or a value the option does not allow."""


class IllegalAction(TrionfiError):
    """An action that the rules do not allow now; the state is left unchanged."""


class RecordError(TrionfiError):
    """A malformed game record, or one whose actions do not replay."""
