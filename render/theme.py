"""Colours of the pictures. Telegram shows a picture on the chat's own background, so each
theme matches one kind of chat: `light` for day themes, `dark` for night themes."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    name: str
    background: RGB  # around the cards of a hand, and the score sheet
    text: RGB
    muted: RGB  # secondary text and rules
    card: RGB  # a card's face
    card_edge: RGB
    red: RGB  # hearts, diamonds, the big joker
    black: RGB  # spades, clubs, the small joker
    accent: RGB  # picked cards and whose turn it is
    badge: RGB  # count badges
    badge_text: RGB
    mark: RGB  # the 3s' "last" tag and exposed cards
    felt: RGB  # the table picture
    felt_edge: RGB
    panel: RGB  # a seat on the table picture
    teams: tuple[RGB, RGB]
    good: RGB  # positive scores
    bad: RGB  # negative scores


THEMES: dict[str, Theme] = {
    "light": Theme(
        name="light",
        background=(244, 241, 234),
        text=(33, 33, 33),
        muted=(120, 117, 110),
        card=(255, 255, 255),
        card_edge=(150, 150, 150),
        red=(206, 32, 41),
        black=(28, 28, 30),
        accent=(255, 153, 0),
        badge=(45, 62, 80),
        badge_text=(255, 255, 255),
        mark=(124, 58, 237),
        felt=(38, 110, 72),
        felt_edge=(24, 78, 50),
        panel=(250, 250, 247),
        teams=((214, 69, 65), (41, 121, 209)),
        good=(30, 132, 73),
        bad=(192, 57, 43),
    ),
    "dark": Theme(
        name="dark",
        background=(24, 28, 33),
        text=(232, 234, 237),
        muted=(150, 156, 164),
        card=(43, 48, 56),
        card_edge=(96, 104, 116),
        red=(255, 107, 107),
        black=(236, 238, 241),
        accent=(255, 183, 77),
        badge=(236, 238, 241),
        badge_text=(24, 28, 33),
        mark=(179, 136, 255),
        felt=(22, 63, 45),
        felt_edge=(12, 40, 28),
        panel=(36, 41, 48),
        teams=((239, 108, 104), (100, 168, 246)),
        good=(102, 204, 140),
        bad=(255, 120, 110),
    ),
}


def theme(name: str) -> Theme:
    try:
        return THEMES[name]
    except KeyError:
        raise ValueError(f"unknown theme {name!r}; choose one of {', '.join(THEMES)}") from None
