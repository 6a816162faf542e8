"""The Harvest heuristic, on positions (docs/rules/harvest.md): it reads only the
seat's compact view and legal moves, and plays what its docstring promises."""

from __future__ import annotations

import random

import seedbed
from seedbed.agents.heuristic.harvest import choose, choose_sharp
from seedbed.core.protocol import State


class Seat:
    """An observation with nothing but what the policy may read: no JSON view, no
    notation."""

    def __init__(self, state: State) -> None:
        player = state.current_player()
        assert player is not None
        self.player = player
        self._legal = state.legal_actions()
        self._compact = state.compact_view(player)

    def legal_actions(self) -> list[int]:
        return list(self._legal)

    def compact_view(self) -> tuple[int, ...]:
        return self._compact


def decide(
    text: str, players: int = 2, option: str = "table", seed: int = 0, sharp: bool = False
) -> str:
    """The heuristic's move, in notation, in position ``text`` (``sharp``: the sharper
    policy's)."""
    state = seedbed.load("harvest", players=players, harvest_cards_played=option).from_position(
        text
    )
    policy = choose_sharp if sharp else choose
    return state.action_to_string(policy(Seat(state), random.Random(seed)))  # type: ignore[arg-type]


ACTION = "dealer=1 phase=action houses=2C/- village=7C hands={}/2D,3D,4D,5D,6D,7D,8D fields={}/-"


def test_harvest_before_tending_before_planting() -> None:
    """A harvest completes a field and scores it: it comes first, then a tend, then a
    plant."""
    assert decide(ACTION.format("QS,8H,3C,TD,KD", "AS,6S,2H")) == "harvest QS"
    assert decide(ACTION.format("8H,3C,TD,KD,JC", "AS,2H")) == "tend 8H"
    assert decide(ACTION.format("3C,TD,KD,JC,QH", "AS,6S")) == "plant 3C"


def test_the_assistant_fetches_what_the_hand_lacks() -> None:
    """No card of the hand fits a field, but a village card does: a Joker fetches it."""
    text = ACTION.format("JK,TD,KD,JC,QH", "AS,6S").replace("village=7C", "village=7C,KS")
    assert decide(text) == "assistant: JK takes KS -> harvest"


def test_the_house_keeps_the_next_step_of_a_field() -> None:
    """Keep in the house the card that fits a field next turn: this turn's play will
    be the harvest QH, so the tend 7S is kept for the next."""
    text = "dealer=1 hands=QH,7S,2C,9C,KC,3C,8C/3H,4D,5D,6D,2S,9D,TD fields=AH,6H,AS/-"
    assert decide(text) == "house 7S"


def test_every_seat_count_and_phase_gives_a_legal_move() -> None:
    """Through whole games at every player count the policy, fed only the compact view,
    picks a legal move."""
    for players in (2, 3, 4):
        state = seedbed.load("harvest", players=players).new_state(players)
        rng = random.Random(players)
        while not state.is_terminal():
            move = choose(Seat(state), rng)  # type: ignore[arg-type]
            assert move in state.legal_actions()
            state.apply_action(move)


# Two players, nobody has a complete field: JS and QS lie in the village.
ZERO = "dealer=1 phase=village hands=KS,2H,7D,9C/2D,3D,4D,5D,6D houses=3C/- village=JS,QS"


def test_it_does_not_end_the_game_to_share_nothing() -> None:
    """Ruling 8 (b): showing KS would put the spades' J, Q and K face up in the village
    and end the game at 0-0 when the turn ends: it shows another card, though the King
    is the card it needs least."""
    assert decide(ZERO) == "village 7D"


def test_it_does_not_end_the_game_behind() -> None:
    """Ruling 8 (b): nor when the others have more points than it would."""
    text = ZERO.replace("village=JS,QS", "village=JS,QS fields=-/AH,6H,JH")
    assert decide(text) == "village 7D"


def test_it_may_end_the_game_ahead() -> None:
    """Ending the game while ahead is fine: with a field of 18 to nothing it shows the
    King it does not need, as before."""
    text = ZERO.replace("village=JS,QS", "village=JS,QS fields=AH,6H,JH/-")
    text = text.replace("hands=KS,2H,7D,9C/", "hands=KS,2C,7D,9C/")
    assert decide(text) == "village KS"


def test_the_village_counts_only_under_its_option() -> None:
    """With ``harvest_cards_played="fields"`` the village ends nothing: KS goes there."""
    assert decide(ZERO, option="fields") == "village KS"


def test_it_ends_the_game_if_every_move_does() -> None:
    """When every card it may show ends the game, one of them it must show."""
    text = "dealer=1 phase=village hands=KS,KH/2D,3D,4D houses=3C/- village=JS,QS,JH,QH"
    assert decide(text) in ("village KS", "village KH")


def test_it_keeps_in_the_house_the_card_it_could_not_help_showing() -> None:
    """On the last turn of a round two of its three cards go face up: the King that
    would complete the spades' J, Q and K at 0-0 goes into the house."""
    text = "dealer=1 hands=KS,2H,7D/2D,3D,4D village=JS,QS"
    assert decide(text) == "house KS"


def test_the_sharp_policy_shows_the_card_the_rival_wants() -> None:
    """The rest of the hand goes to the rival: the sharp policy shows the 7D that the
    rival's planted diamonds want (so the rival does not get it), where the plain one
    shows the card it needs least itself, as it always has with two players."""
    text = "dealer=1 phase=village hands=2H,7D,QS,9C/2S,3S,4S,5S,6S houses=3C/- fields=-/AD"
    assert decide(text) == "village QS"
    assert decide(text, sharp=True) == "village 7D"


def test_the_sharp_policy_ends_the_game_when_that_wins_it() -> None:
    """Ruling 8 (b): showing KS puts the spades' J, Q and K face up and ends the game at
    the turn's end, 18 to 0. The sharp policy takes the win; the plain one shows a
    heart it no longer needs (its hearts field is harvested)."""
    text = (
        "dealer=1 phase=village hands=KS,2H,7H,9H/2D,3D,4D,5D,6D houses=3C/- "
        "village=JS,QS fields=AH,6H,JH/-"
    )
    assert decide(text) == "village 7H"
    assert decide(text, sharp=True) == "village KS"


def test_the_sharp_policy_still_does_not_end_the_game_behind() -> None:
    """Ending the game while behind stays the last resort in the sharp policy too."""
    text = ZERO.replace("village=JS,QS", "village=JS,QS fields=-/AH,6H,JH")
    assert decide(text, sharp=True) != "village KS"
