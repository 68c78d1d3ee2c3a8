"""WCAG contrast between two CSS colours as the browser computes them ('rgb(r, g, b)')."""

from __future__ import annotations

import re


def relative_luminance(rgb: str) -> float:
    red, green, blue = (int(part) / 255 for part in re.findall(r"\d+", rgb)[:3])

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.03928 else ((channel + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(one: str, other: str) -> float:
    light, dark = sorted((relative_luminance(one), relative_luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
