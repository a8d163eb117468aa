"""trionfi: the triumph family of trick-taking card games (Briscola, Trijumf, Triomphe, Trionfetti, Troccas).

>>> import trionfi
>>> game = trionfi.load("briscola", players=2)
>>> state = game.deal(seed=7)
>>> state.current_player
0
>>> len(state.hand(0))
3
"""

from .cards import Card, card, cards
from .comanda import Ranking, parse_comanda
from .engine import Action, Game, State
from .errors import CardError, ComandaError, DeckError, IllegalAction, OptionError, RecordError, TrionfiError
from .games.briscola import Briscola
from .games.briscola_chiamata import BriscolaChiamata
from .games.trijumf import Trijumf
from .games.triomphe import Triomphe
from .games.trionfetti import Trionfetti
from .games.troccas import Troccas
from .match import Match
from .records import replay
from .registry import games, load, register

register(Briscola)
register(BriscolaChiamata)
register(Trijumf)
register(Triomphe)
register(Trionfetti)
register(Troccas)

__all__ = [
    "Action",
    "Card",
    "CardError",
    "ComandaError",
    "DeckError",
    "Game",
    "IllegalAction",
    "Match",
    "OptionError",
    "Ranking",
    "RecordError",
    "State",
    "TrionfiError",
    "card",
    "cards",
    "games",
    "load",
    "parse_comanda",
    "replay",
]
__version__ = "0.1.0"
