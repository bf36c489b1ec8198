#!/usr/bin/env python3
"""Reference timings of endplay/DDS on a JSONL file of deals (e.g. the oracle tables file).

Usage (inside the venv made by scripts/dds-oracle, or `scripts/dds-oracle bench ...`):
  bench_dds_reference.py [--threads T] [--limit N] [FILE]

Prints one JSON line:
  {"deals":N,"threads":T,"tables_seconds":x,"solve_seconds":y,"solve_batch_seconds":z,
   "endplay_version":"..."}
  tables_seconds      full 4x5 DD tables of all N deals with calc_all_tables (DDS CalcAllTables,
                      T threads; DDS accepts 40 tables per call, so the deals go in calls of 40)
  solve_seconds       N single solve_board calls (DDS SolveBoard, one thread): North declares NT,
                      East is on opening lead, all legal leads scored
  solve_batch_seconds the same N boards through solve_all_boards (SolveAllBoardsBin, T threads,
                      200 boards per call)
Lines without a "deal" key and the header line (it has "generator") are skipped. Wall-clock time.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import endplay
import endplay._dds as _dds
from endplay.dds import calc_all_tables, solve_all_boards, solve_board
from endplay.types import Deal, Denom, Player


def main() -> int:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    default = os.path.join(root, "crates", "tenace-dds", "tests", "data", "oracle_tables.jsonl")
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", nargs="?", default=default)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--limit", type=int, default=0, help="use only the first N deals (0 = all)")
    args = ap.parse_args()

    pbns = []
    with open(args.file) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            o = json.loads(line)
            if "deal" in o and "generator" not in o:
                pbns.append(o["deal"])
    if args.limit:
        pbns = pbns[: args.limit]

    _dds.SetMaxThreads(args.threads)
    deals = [Deal(p) for p in pbns]

    t0 = time.perf_counter()
    step = _dds.MAXNOOFTABLES
    n_tables = 0
    for i in range(0, len(deals), step):
        n_tables += len(calc_all_tables(deals[i : i + step]))
    tables_seconds = time.perf_counter() - t0
    assert n_tables == len(deals)

    boards = []
    for p in pbns:
        d = Deal(p, first=Player.east, trump=Denom.nt)
        boards.append(d)

    t0 = time.perf_counter()
    for d in boards:
        sum(1 for _ in solve_board(d))
    solve_seconds = time.perf_counter() - t0

    t0 = time.perf_counter()
    for i in range(0, len(boards), 200):
        solve_all_boards(boards[i : i + 200])
    solve_batch_seconds = time.perf_counter() - t0

    print(json.dumps({
        "deals": len(deals),
        "threads": args.threads,
        "tables_seconds": round(tables_seconds, 4),
        "solve_seconds": round(solve_seconds, 4),
        "solve_batch_seconds": round(solve_batch_seconds, 4),
        "endplay_version": endplay.__version__,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
