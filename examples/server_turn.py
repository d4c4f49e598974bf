"""How a game server handles one move from a client: untrusted JSON in, a new saved state out.

    python examples/server_turn.py

The server keeps each table as JSON (``to_json``), reads a client's move
with ``action_from_json`` and applies it; every kind of bad input is a
``CommerceError`` with a message fit to send back, and nothing is applied.
"""

from __future__ import annotations

from commerce_rules import (
    FOSTER,
    CommerceError,
    action_from_json,
    action_to_json,
    apply,
    legal_actions,
    new_game,
    observe,
    state_from_json,
    to_json,
)


def handle_move(saved_table: str, seat: int, move_json: str) -> tuple[str, str]:
    """Apply the client's move; return the table to save and the reply to send."""
    state = state_from_json(saved_table)
    try:
        action = action_from_json(move_json)
        if action.player != seat:
            return saved_table, f"refused: you are seat {seat}"
        state = apply(state, action)
    except CommerceError as error:  # SerializationError, IllegalActionError: all CommerceErrors
        return saved_table, f"refused: {error}"
    view = observe(state, seat)  # what this client may be told, and nothing more
    return to_json(state), f"ok: {len(view.hand)} cards in hand, {view.stock_count} in the stock"


def main() -> None:
    table = to_json(new_game(FOSTER, 3, seed=1))
    state = state_from_json(table)
    seat = state.to_act
    assert seat is not None
    good = action_to_json(legal_actions(state)[0])
    for move in ['{"type": "knock"}', '{"type": "knock", "player": 99}', good, good]:
        table, reply = handle_move(table, seat, move)
        print(f"{move} -> {reply}")


if __name__ == "__main__":
    main()
