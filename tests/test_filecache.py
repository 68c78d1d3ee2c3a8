"""The embedded default's file cache counts its folder now and then, not on every write, and
still keeps it near MAX_ENTRIES."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.filecache import OccasionallyCulledFileCache


@pytest.fixture
def cache(tmp_path: Path, monkeypatch) -> OccasionallyCulledFileCache:
    monkeypatch.setattr(OccasionallyCulledFileCache, "next_cull", 0.0)
    options = {"MAX_ENTRIES": 10, "CULL_FREQUENCY": 2}
    return OccasionallyCulledFileCache(str(tmp_path), {"OPTIONS": options})


def entries(folder: Path) -> int:
    return len(list(folder.glob("*.djcache")))


def test_writes_between_counts_are_all_kept_and_read_back(cache, tmp_path):
    for number in range(20):
        cache.set(f"key{number}", number)

    assert entries(tmp_path) == 20
    assert [cache.get(f"key{number}") for number in range(20)] == list(range(20))


def test_the_next_count_trims_a_folder_past_its_most_entries(cache, tmp_path, monkeypatch):
    for number in range(20):
        cache.set(f"key{number}", number)
    monkeypatch.setattr(OccasionallyCulledFileCache, "next_cull", 0.0)  # the next count is due

    cache.set("after", "kept")

    # Half of the 20 (CULL_FREQUENCY 2) went, as Django's own cull does, then one was written.
    assert entries(tmp_path) == 11
    assert cache.get("after") == "kept"
