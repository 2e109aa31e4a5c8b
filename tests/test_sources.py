"""The bundled sources (tests/data/shared) are byte-for-byte copies of ../shared, so a bare clone tests the same data
CI does; every folder of the bundle is named in tests/data/README.md with its source and licence."""

from __future__ import annotations

from sources import BESIDE, BUNDLED, needs

BUNDLE = sorted(p for p in BUNDLED.rglob("*") if p.is_file())


def test_the_bundle_is_large_enough_for_hundreds_of_tests():
    assert len(BUNDLE) > 300


@needs(BESIDE)
def test_bundled_files_equal_their_source():
    differ = [str(p.relative_to(BUNDLED)) for p in BUNDLE
              if p.read_bytes() != (BESIDE / p.relative_to(BUNDLED)).read_bytes()]
    assert not differ


def test_every_bundled_folder_is_documented():
    readme = (BUNDLED.parent / "README.md").read_text(encoding="utf-8")
    folders = {p.relative_to(BUNDLED).parts[:2] for p in BUNDLE}
    assert all(f"`{'/'.join(parts)}" in readme for parts in folders), folders
