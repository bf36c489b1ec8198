#!/usr/bin/env python3
"""Generate double-dummy ORACLE test data for crates/tenace-dds with `endplay` (bundles DDS).

Writes (paths relative to the repository root, overridable with --out-dir):
  crates/tenace-dds/tests/data/oracle_tables.jsonl     DD tables + par, hand-made edge cases first
  crates/tenace-dds/tests/data/oracle_positions.jsonl  per-card DD values of mid-play positions

Run through `scripts/dds-oracle`, which sets up the virtual environment.
Field semantics are documented in scripts/README-oracle.md and in each file's header line.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

import endplay
import endplay._dds as _dds
from endplay.dds import calc_all_tables, calc_dd_table, par, solve_board
from endplay.types import Card, Deal, Denom, Player, Vul

# ---------------------------------------------------------------------------
# Canonical spellings
# ---------------------------------------------------------------------------
SEATS = "NESW"  # clockwise; index == endplay Player value
SUITS = "SHDC"  # index == endplay Denom value for suits (spades=0 .. clubs=3)
RANKS = "AKQJT98765432"
STRAINS = ["NT", "S", "H", "D", "C"]  # key order in "tricks"
STRAIN_DENOM = {"NT": Denom.nt, "S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}
VULS = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}
PLAYER = {s: Player(i) for i, s in enumerate(SEATS)}
# DDS par result (contractType) encodings
PAR_DENOM = {0: "NT", 1: "S", 2: "H", 3: "D", 4: "C"}
PAR_SEATS = {0: "N", 1: "E", 2: "S", 3: "W", 4: "NS", 5: "EW"}
FULL_DECK = [s + r for s in SUITS for r in RANKS]

GENERATOR = (
    "python3 random.Random(seed): deck ordered SA,SK,..,S2,HA,..,C2; for every random deal "
    "rng.shuffle(deck), N,E,S,W = deck[0:13],[13:26],[26:39],[39:52]; tables use seed, "
    "positions use Random(seed+1) (scripts/dds_oracle.py)"
)
CONTRACT_SPELLING = (
    "<level><C|D|H|S|NT>[X]-<N|E|S|W|NS|EW>; X iff DDS reports a (doubled) sacrifice; "
    "NS/EW = either player of the side; overtricks are not encoded"
)


def seat_of(p) -> str:
    return SEATS[int(p)]


def lho(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def card_key(c: str) -> tuple[int, int]:
    return (SUITS.index(c[0]), RANKS.index(c[1]))


def card_name(card: Card) -> str:
    # endplay Denom/Rank -> "SA", "H2", ...
    s = SUITS[int(card.suit)]
    r = card.rank.name  # e.g. "R2", "RT", "RA"
    return s + r[1:]


def hands_to_pbn(hands: list[list[str]]) -> str:
    out = []
    for h in hands:
        parts = []
        for s in SUITS:
            parts.append("".join(c[1] for c in sorted((c for c in h if c[0] == s), key=card_key)))
        out.append(".".join(parts))
    return "N:" + " ".join(out)


def pbn_to_hands(pbn: str) -> list[list[str]]:
    assert pbn.startswith("N:")
    hands = []
    for h in pbn[2:].split(" "):
        suits = h.split(".")
        assert len(suits) == 4
        hands.append([SUITS[i] + r for i, s in enumerate(suits) for r in s])
    all_cards = sorted(c for h in hands for c in h)
    assert all_cards == sorted(FULL_DECK) and all(len(h) == 13 for h in hands), pbn
    return hands


def random_deal(rng: random.Random) -> str:
    deck = FULL_DECK[:]
    rng.shuffle(deck)
    return hands_to_pbn([deck[13 * i : 13 * i + 13] for i in range(4)])


# ---------------------------------------------------------------------------
# DD tables and par
# ---------------------------------------------------------------------------
def table_to_json(table) -> dict:
    # endplay's DDTable[denom, player] == DDS resTable[strain][hand] == tricks taken by
    # declarer `player` (opening lead by the player's LHO); verified in self_checks().
    return {s: {st: int(table[STRAIN_DENOM[st], PLAYER[s]]) for st in STRAINS} for s in SEATS}


def par_contract_strings(plist) -> list[str]:
    # Read DDS's raw parResultsMaster: endplay's ParList iterator mutates `seats` in place
    # when it expands NS/EW into single seats, so never iterate it before reading.
    m = plist._data
    out = []
    for i in range(m.number):
        c = m.contracts[i]
        x = "X" if c.underTricks > 0 else ""
        out.append(f"{c.level}{PAR_DENOM[c.denom]}{x}-{PAR_SEATS[c.seats]}")
    return out


def par_details(plist) -> list[tuple]:
    m = plist._data
    return [(m.contracts[i].level, PAR_DENOM[m.contracts[i].denom], m.contracts[i].underTricks,
             m.contracts[i].overTricks, PAR_SEATS[m.contracts[i].seats]) for i in range(m.number)]


def score_ns(level: int, strain: str, doubled: bool, declarer: str, tricks: int, vul: str) -> int:
    """Duplicate score of one contract from North-South's point of view (independent check)."""
    side_ns = declarer in "NS"
    vulnerable = vul == "All" or (vul == "NS" and side_ns) or (vul == "EW" and not side_ns)
    need = level + 6
    if tricks >= need:
        per = 20 if strain in ("C", "D") else 30
        trick_pts = per * level + (10 if strain == "NT" else 0)
        if doubled:
            trick_pts *= 2
        s = trick_pts
        s += (500 if vulnerable else 300) if trick_pts >= 100 else 50
        if level == 6:
            s += 750 if vulnerable else 500
        if level == 7:
            s += 1500 if vulnerable else 1000
        over = tricks - need
        if doubled:
            s += 50 + over * (200 if vulnerable else 100)
        else:
            s += over * per
    else:
        down = need - tricks
        if not doubled:
            s = -(100 if vulnerable else 50) * down
        elif vulnerable:
            s = -(200 + 300 * (down - 1))
        else:
            s = -(100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0))
    return s if side_ns else -s


def check_par(tricks: dict, vul: str, score: int, details: list[tuple]) -> None:
    if not details:
        assert score == 0, (score, details)
        return
    for level, strain, under, over, seats in details:
        for seat in seats:
            t = tricks[seat][strain]
            got = score_ns(level, strain, under > 0, seat, t, vul)
            # DDS reports the result the contract gets double dummy from the best seat
            # of the side; for a two-seat entry both seats score the same.
            assert got == score, (tricks, vul, score, details, seat, got)
            if under > 0:
                assert t == level + 6 - under, (details, t)
            else:
                assert t == level + 6 + over, (details, t)


def par_json(table, tricks: dict) -> dict:
    out = {}
    for vname, vul in VULS.items():
        per_dealer = {}
        for dseat in SEATS:
            pl = par(table, vul, PLAYER[dseat])
            score = int(pl.score)
            det = par_details(pl)
            check_par(tricks, vname, score, det)
            per_dealer[dseat] = {"score": score, "contracts": par_contract_strings(pl)}
        out[vname] = per_dealer
    return out


def tables_batch(pbns: list[str]) -> list:
    out = []
    # DDS CalcAllTables takes at most MAXNOOFBOARDS (200) deal x strain boards per call,
    # i.e. MAXNOOFTABLES (40) full tables.
    step = _dds.MAXNOOFTABLES
    for i in range(0, len(pbns), step):
        res = calc_all_tables([Deal(p) for p in pbns[i : i + step]])
        out.extend(res[j] for j in range(len(res)))
    return out


# ---------------------------------------------------------------------------
# Hand-made edge cases (expected values come from endplay, never hand-computed)
# ---------------------------------------------------------------------------
def flat_4333() -> str:
    # Deal the deck round-robin suit by suit so every hand is 4-3-3-3 with the long suit
    # rotating: N 4 spades, E 4 hearts, S 4 diamonds, W 4 clubs.
    hands = [[], [], [], []]
    for si, s in enumerate(SUITS):
        for ri, r in enumerate(RANKS):
            # rank 13 (the 2) goes to the hand whose long suit this is
            seat = (ri + si) % 4 if ri < 12 else si
            hands[seat].append(s + r)
    return hands_to_pbn(hands)


EDGE_CASES = [
    ("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
     "13-0 splits: N all spades, E all hearts, S all diamonds, W all clubs; NT is 0 for "
     "every declarer (the opening leader runs 13 tricks)"),
    ("N:AKQJ.32.AKQ.5432 T98..JT98.QJT987 5432.54.5432.AK6 76.AKQJT9876.76.",
     "opening leader matters: N declarer in NT (E leads, E has no heart) takes 9; S declarer "
     "in NT (W leads hearts) takes 4"),
    ("N:AJ.5432.AKQ.7654 7654.76.JT98765. 32.AQ.32.AKQJT98 KQT98.KJT98.4.32",
     "simple squeeze: S declarer in NT has 12 top tricks (SA HA DAKQ C x7); W guards spades "
     "(KQ vs N's AJ) and hearts (K vs S's AQ); double dummy 13"),
    ("N:KJT9.A54.A43.AQ2 543.QJT.JT9.KJT9 AQ876.K32.KQ.543 2.9876.87652.876",
     "elimination and throw-in: S declarer in spades, CK offside with E; draw trumps, strip "
     "diamonds, exit on the third heart and E must lead a club into CAQ: 12 unless W's "
     "opening lead is a club (11 double dummy); N declarer (E leads) 12"),
    (flat_4333(), "all four hands 4-3-3-3"),
]


def edge_case_asserts(rows: dict) -> None:
    t = rows[0]
    assert t["N"]["S"] == 13 and t["S"]["S"] == 13 and t["N"]["NT"] == 0 and t["E"]["H"] == 13
    assert all(t[s]["NT"] == 0 for s in SEATS)
    t = rows[1]
    assert t["N"]["NT"] >= 9 and t["S"]["NT"] < 9, t
    t = rows[2]
    assert t["S"]["NT"] == 13, t
    t = rows[3]
    assert t["S"]["S"] == 11 and t["N"]["S"] == 12, t


# ---------------------------------------------------------------------------
# Mid-play positions
# ---------------------------------------------------------------------------
def trick_winner(trick: list[tuple[str, str]], trump: str) -> str:
    led = trick[0][1][0]
    best = trick[0]
    for seat, c in trick[1:]:
        b = best[1]
        if c[0] == b[0]:
            if RANKS.index(c[1]) < RANKS.index(b[1]):
                best = (seat, c)
        elif c[0] == trump and b[0] != trump:
            best = (seat, c)
        # else: discard, cannot win
    del led
    return best[0]


def solve_cards(pbn: str, strain: str, declarer: str, played: list[str]) -> tuple[str, dict]:
    """Independent play tracking (own trick logic) + endplay solve_board on the result."""
    hands = {s: set(h) for s, h in zip(SEATS, pbn_to_hands(pbn))}
    trump = strain if strain != "NT" else None
    d = Deal(pbn, first=PLAYER[lho(declarer)], trump=STRAIN_DENOM[strain])
    to_play = lho(declarer)
    trick: list[tuple[str, str]] = []
    for c in played:
        assert seat_of(d.curplayer) == to_play, (played, c)
        h = hands[to_play]
        assert c in h
        if trick and any(x[0] == trick[0][1][0] for x in h):
            assert c[0] == trick[0][1][0], "must follow suit"
        h.remove(c)
        trick.append((to_play, c))
        d.play(Card(c))
        if len(trick) == 4:
            to_play = trick_winner(trick, trump)
            trick = []
        else:
            to_play = lho(to_play)
    assert seat_of(d.curplayer) == to_play
    assert [card_name(c) for c in d.curtrick] == [c for _, c in trick]
    h = hands[to_play]
    if trick:
        led = trick[0][1][0]
        legal = {c for c in h if c[0] == led} or set(h)
    else:
        legal = set(h)
    sb = solve_board(d)
    cards = {}
    for card, score in sb:
        cards[card_name(card)] = int(score)
    assert set(cards) == legal, (pbn, played, sorted(cards), sorted(legal))
    remaining = 13 - len(played) // 4
    assert all(0 <= v <= remaining for v in cards.values())
    return to_play, {c: cards[c] for c in sorted(cards, key=card_key)}


def random_position(rng: random.Random) -> dict:
    pbn = random_deal(rng)
    strain = rng.choice(STRAINS)
    declarer = rng.choice(SEATS)
    n = rng.randint(0, 40)
    hands = {s: set(h) for s, h in zip(SEATS, pbn_to_hands(pbn))}
    trump = strain if strain != "NT" else None
    to_play = lho(declarer)
    trick, played = [], []
    for _ in range(n):
        h = hands[to_play]
        legal = sorted(h, key=card_key)
        if trick:
            follow = [c for c in legal if c[0] == trick[0][1][0]]
            legal = follow or legal
        c = rng.choice(legal)
        h.remove(c)
        played.append(c)
        trick.append((to_play, c))
        if len(trick) == 4:
            to_play = trick_winner(trick, trump)
            trick = []
        else:
            to_play = lho(to_play)
    return {"deal": pbn, "strain": strain, "declarer": declarer, "played": played}


# ---------------------------------------------------------------------------
# Self checks of endplay semantics
# ---------------------------------------------------------------------------
def self_checks() -> None:
    # 1. DD table orientation: value is tricks for DECLARER, not for the leader.
    t = table_to_json(calc_dd_table(Deal(EDGE_CASES[0][0])))
    assert t["N"]["S"] == 13 and t["N"]["NT"] == 0 and t["E"]["H"] == 13 and t["E"]["S"] == 0, t
    t = table_to_json(calc_dd_table(Deal(EDGE_CASES[1][0])))
    assert t["N"]["NT"] == 9 and t["S"]["NT"] == 4, t  # leader E vs leader W
    # 2. solve_board: value = tricks the side to move takes from the remaining tricks,
    #    including the trick in progress (1-card and 2-card endings, NT).
    d = Deal("N:A... 2... 3... 4...", first=Player.west, trump=Denom.nt)
    assert {card_name(c): s for c, s in solve_board(d)} == {"S4": 0}
    d.play(Card("S4"))
    assert {card_name(c): s for c, s in solve_board(d)} == {"SA": 1}
    d.play(Card("SA"))
    assert {card_name(c): s for c, s in solve_board(d)} == {"S2": 0}
    d = Deal("N:A5.. 2.K.. 3.2.. 4.A..", first=Player.west, trump=Denom.nt)
    assert {card_name(c): s for c, s in solve_board(d)} == {"HA": 1, "S4": 0}
    d.play(Card("HA"))  # W's HA wins trick 1; NS win the spade trick
    assert {card_name(c): s for c, s in solve_board(d)} == {"SA": 1, "S5": 1}
    d.play(Card("S5"))
    assert {card_name(c): s for c, s in solve_board(d)} == {"HK": 1}  # EW: the current trick
    # 3. table == 13 - (best opening lead for the defence) per solve_board, checked on
    #    the edge cases in main() too.


def check_table_against_solver(pbn: str, tricks: dict) -> None:
    for decl in SEATS:
        for st in STRAINS:
            d = Deal(pbn, first=PLAYER[lho(decl)], trump=STRAIN_DENOM[st])
            best = max(s for _, s in solve_board(d))
            assert tricks[decl][st] == 13 - best, (pbn, decl, st, tricks[decl][st], best)


# ---------------------------------------------------------------------------
def dumps(o) -> str:
    return json.dumps(o, separators=(",", ":"))


def main() -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=20240611)
    ap.add_argument("--deals", type=int, default=1000, help="random deals in the tables file")
    ap.add_argument("--positions", type=int, default=300, help="random positions")
    ap.add_argument("--crosscheck", type=int, default=25,
                    help="random deals whose 20 table entries are re-derived with solve_board")
    ap.add_argument("--threads", type=int, default=0, help="DDS threads (0 = DDS default)")
    ap.add_argument("--out-dir", default=os.path.join(root, "crates", "tenace-dds", "tests", "data"))
    args = ap.parse_args()
    if args.threads:
        _dds.SetMaxThreads(args.threads)

    version = endplay.__version__
    self_checks()
    os.makedirs(args.out_dir, exist_ok=True)

    # ---------------- tables ----------------
    rng = random.Random(args.seed)
    edge = [(p, note) for p, note in EDGE_CASES]
    rand = [random_deal(rng) for _ in range(args.deals)]
    pbns = [p for p, _ in edge] + rand
    for p in pbns:
        pbn_to_hands(p)  # validates
        assert Deal(p).to_pbn() == p, (p, Deal(p).to_pbn())
    tables = tables_batch(pbns)
    rows = []
    for i, (pbn, table) in enumerate(zip(pbns, tables)):
        tricks = table_to_json(table)
        single = table_to_json(calc_dd_table(Deal(pbn))) if i < len(edge) + args.crosscheck else None
        if single is not None:
            assert single == tricks, (pbn, single, tricks)
            check_table_against_solver(pbn, tricks)
        for s in SEATS:
            for st in STRAINS:
                assert 0 <= tricks[s][st] <= 13
        row = {"deal": pbn, "tricks": tricks, "par": par_json(table, tricks)}
        if i < len(edge):
            row = {"note": edge[i][1], **row}
        rows.append(row)
    edge_case_asserts({i: rows[i]["tricks"] for i in range(len(edge))})

    header = {
        "generator": GENERATOR,
        "seed": args.seed,
        "endplay_version": version,
        "edge_cases": len(edge),
        "random_deals": len(rand),
        "fields": {
            "deal": "PBN 'N:' then N E S W hands, suits S.H.D.C, ranks AKQJT98765432",
            "tricks": "tricks[declarer][strain] = DD tricks taken by the declaring side when "
                      "`declarer` declares (opening lead by declarer's LHO)",
            "par": "par[vul][dealer] with vul in None,NS,EW,All: score from NS view (DDS "
                   "DealerParBin), contracts in DDS order, [] when passed out",
            "contract_spelling": CONTRACT_SPELLING,
        },
        "docs": "scripts/README-oracle.md",
    }
    tpath = os.path.join(args.out_dir, "oracle_tables.jsonl")
    with open(tpath, "w") as f:
        f.write(dumps(header) + "\n")
        for r in rows:
            f.write(dumps(r) + "\n")

    # ---------------- positions ----------------
    prng = random.Random(args.seed + 1)
    specs = [
        {"note": "throw-in deal, opening lead: only a club lead holds S to 11",
         "deal": EDGE_CASES[3][0], "strain": "S", "declarer": "S", "played": []},
        {"note": "leader-matters deal, opening lead vs N's NT",
         "deal": EDGE_CASES[1][0], "strain": "NT", "declarer": "N", "played": []},
        {"note": "squeeze deal, opening lead vs S's NT",
         "deal": EDGE_CASES[2][0], "strain": "NT", "declarer": "S", "played": []},
        {"note": "13-0 deal, spades by N: E led HA, S discarded DA, W to play, N will ruff (mid-trick)",
         "deal": EDGE_CASES[0][0], "strain": "S", "declarer": "N", "played": ["HA", "DA"]},
    ]
    n_edge_pos = len(specs)
    specs += [random_position(prng) for _ in range(args.positions)]
    ppath = os.path.join(args.out_dir, "oracle_positions.jsonl")
    pheader = {
        "generator": GENERATOR,
        "seed": args.seed + 1,
        "endplay_version": version,
        "edge_cases": n_edge_pos,
        "random_positions": args.positions,
        "fields": {"cards": "opening leader = LHO of declarer; `played` = cards in play order from "
                     "the opening lead (suit then rank); cards[c] = tricks the side of `to_play` "
                     "takes from the remaining tricks, the trick in progress included, if "
                     "`to_play` plays c (endplay solve_board, all legal cards)"},
        "docs": "scripts/README-oracle.md",
    }
    with open(ppath, "w") as f:
        f.write(dumps(pheader) + "\n")
        for sp in specs:
            to_play, cards = solve_cards(sp["deal"], sp["strain"], sp["declarer"], sp["played"])
            row = dict(sp)
            row["to_play"] = to_play
            row["cards"] = cards
            f.write(dumps(row) + "\n")
    print(json.dumps({
        "endplay_version": version,
        "tables": tpath, "table_lines": len(rows) + 1, "tables_bytes": os.path.getsize(tpath),
        "positions": ppath, "position_lines": len(specs) + 1, "positions_bytes": os.path.getsize(ppath),
    }, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
