"""Compare the engine with the FIDE reference checker's values stored beside the corpus TRFs
(``*.ref-2024.tsv``, ``*.ref-2026.tsv``, ``*.ref-2026-u1000.tsv``; see ../shared/corpus/REFERENCE-VALUES.md).

Used by the test-suite and runnable by hand: ``python tests/refcompare.py [--verbose] [FILTER]``.
"""

from __future__ import annotations

import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from sources import CORPUS

ROOT = Path(__file__).resolve().parents[1]
LIST = "PTS,DE,WIN,WON,BPG,BWG,PS,PS/C1,REP,STD,BH,BH/C1,BH/C2,BH/M1,BH/M2,FB,FB/C1,SB,SB/C1,AOB,KS,ARO,ARO/C1,TPR,PTP,APRO,APPO"
RANK_LIKE = {"DE"}


def reference_files(filter_: str = "") -> list[Path]:
    return sorted(p for p in CORPUS.rglob("*.ref-*.tsv") if filter_ in str(p))


def variant_options(ref: Path) -> dict:
    variant = ref.name.split(".ref-")[1][:-4]
    return {"2024": {"rules": "fide-2024"}, "2026": {"rules": "fide-2026"},
            "2026-u1000": {"rules": "fide-2026", "unrated_rating": 1000}}[variant]


def read_ref(ref: Path):
    lines = [line.rstrip("\n").split("\t") for line in ref.read_text(encoding="utf-8").splitlines() if line.strip()]
    head, rows = lines[0], lines[1:]
    return head[2:], {int(r[1]): (int(r[0]), r[2:]) for r in rows}


def matches(ref_text: str, value) -> bool:
    if ref_text in ("-0", ""):
        return value is None
    if value is None:
        return False
    places = len(ref_text.split(".")[1]) if "." in ref_text else 0
    v = Decimal(value.numerator) / Decimal(value.denominator)
    return v.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP) == Decimal(ref_text)


def trf_beside(ref: Path) -> Path:
    return ref.with_name(ref.name.split(".ref-")[0] + ".trf")


def compare(ref: Path, trf_path: Path | None = None, **options):
    """Return (differences, value count, pair-order differences) for one reference file."""
    from tiebreak import compute_standings
    from tiebreak.formats import trf

    codes, ref_rows = read_ref(ref)
    trf_path = trf_path or trf_beside(ref)
    t = trf.load(trf_path)
    opts = variant_options(ref) | options
    s = compute_standings(t, ",".join(codes), lots=False, **opts)
    {r.start_no: pos for pos, r in enumerate(s.rows)}
    rank = {r.start_no: r.rank for r in s.rows}
    diffs, total = [], 0
    for sno, (_rrank, values) in sorted(ref_rows.items()):
        row = s.row(sno)
        for code, text in zip(codes, values):
            if code in RANK_LIKE:
                continue
            total += 1
            got = row.values[code]
            if not matches(text, got):
                diffs.append((sno, code, text, got))
    order = []
    for a, (ra, _) in ref_rows.items():
        for b, (rb, _) in ref_rows.items():
            if ra < rb and not rank[a] < rank[b]:
                order.append((a, b))
    return diffs, total, order


def main(argv: list[str]) -> int:
    verbose = "--verbose" in argv
    args = [a for a in argv if not a.startswith("--")]
    ok = total = bad_order = 0
    for ref in reference_files(args[0] if args else ""):
        diffs, n, order = compare(ref)
        ok += n - len(diffs)
        total += n
        bad_order += len(order)
        if diffs or order or verbose:
            rel = ref.relative_to(CORPUS)
            shown = "; ".join(f"#{s} {c}: ref {r} got {g if g is None else float(g):g}" for s, c, r, g in diffs[:6])
            print(f"{rel}: {n - len(diffs)}/{n} order-diffs {len(order)} {shown}")
    print(f"values {ok}/{total}, order differences {bad_order}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main(sys.argv[1:]))
