"""The printed parts of Buttons: the board sides (house data) and the button cards."""

from __future__ import annotations

# House data: the rulebook prints no board layouts. Four boards, two sides each; rows top to
# bottom match the white die 1-6, columns left to right the black dice 1-6.
# R red, Y yellow, G green, B blue; nine cells of each colour on every side.
LAYOUTS: dict[str, tuple[str, ...]] = {
    "1a": ("RRRBRB", "GBBBGY", "RBGRYY", "RYYBYG", "GRYRBG", "GGYGYB"),
    "1b": ("RRYYYY", "GBYGYR", "BRBRGR", "GBBBGG", "BYBRGY", "YGGRRB"),
    "2a": ("YGGBYR", "GYBYRG", "RYYRRR", "GBRYBY", "BBBRGG", "GBBYRG"),
    "2b": ("RYGGBR", "YGYRYR", "GGBYYB", "YRBGGG", "RRBYRB", "RGBBBY"),
    "3a": ("YYBYYR", "YGBGRB", "BBBGGR", "YGRGRR", "BBGGGY", "RYRYRB"),
    "3b": ("GBGYBY", "BRRRYR", "BRYYRG", "RGYGGB", "RGBBYG", "RGBYBY"),
    "4a": ("YRGGYG", "RYGGYB", "YGBGRB", "BBGRRG", "RYBYRY", "BRBBYR"),
    "4b": ("GGBBBY", "BYBGYY", "GYYRRB", "GBRRBG", "RRGYRG", "YGBRRY"),
}
COLOURS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
# The button cards, one per colour; a hand is kept in this order.
CARDS = ("red", "yellow", "green", "blue")
