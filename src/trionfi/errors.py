"""The exceptions trionfi raises. Every one is a ``ValueError``: bad input is a value problem."""

import reprlib


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


class ComandaError(TrionfiError):
    """A Trionfetti comanda (spoken card ranking) that cannot be read or breaks the ranking restrictions.

    ``word`` is the word that could not be used (None when the whole command is at fault), ``position`` its
    character offset in the text, ``index`` its word number (1-based) and ``suggestions`` the closest known words.
    """

    def __init__(
        self,
        message: str,
        *,
        word: str | None = None,
        position: int | None = None,
        index: int | None = None,
        suggestions: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message)
        self.word, self.position, self.index, self.suggestions = word, position, index, tuple(suggestions)


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` for an error message, cut short: a hostile value (a text of a million characters, a list
    nested a thousand deep) must not make the message itself unreadable or fail."""
    brief = reprlib.Repr()
    brief.maxlevel, brief.maxstring, brief.maxlong, brief.maxother = 3, limit, limit, limit
    brief.maxlist = brief.maxtuple = brief.maxdict = brief.maxset = 6
    brief.repr_int = _short_int  # type: ignore[attr-defined]
    return brief.repr(value)


def _short_int(value: int, level: int) -> str:
    if value.bit_length() > 200:  # repr() refuses ints of more than 4300 digits
        return f"<a whole number of about {int(value.bit_length() * 0.30103)} digits>"
    return repr(value)
