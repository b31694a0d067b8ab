"""Writes the cube and Pyraminx definitions of this directory from a geometric model of
each puzzle, in both formats (ksolve+ `.def` and KPuzzle `.kpuzzle.json`): every
permutation and twist below comes from turning the model, not from a table typed in.

    python3 definitions/make.py

The tests check what the model gives against published God's algorithm counts
(tests/all/definitions.rs), so a mistake here shows there.
"""

import json
import math
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent

# The cube: unit vectors of the six faces.
FACES = {"U": (0, 1, 0), "D": (0, -1, 0), "R": (1, 0, 0), "L": (-1, 0, 0), "F": (0, 0, 1), "B": (0, 0, -1)}


def add(a, b):
    return tuple(x + y for x, y in zip(a, b))


def turn(v, axis):
    """v turned a quarter clockwise, seen from outside the face whose normal is `axis`."""
    x, y, z = v
    ax, ay, az = axis
    # Clockwise seen from +axis is a rotation by -90 degrees about +axis.
    if ax:
        s = ax
        return (x, s * z, -s * y)
    if ay:
        s = ay
        return (-s * z, y, s * x)
    s = az
    return (s * y, -s * x, z)


def cubie_positions(kind):
    """Corner or edge positions: sums of 3 or 2 face vectors, each with its faces."""
    out = []
    if kind == "corner":
        for a in "UD":
            for b in "FB":
                for c in "RL":
                    out.append((a, b, c))
    else:
        for a in "UD":
            for b in "FBRL":
                out.append((a, b))
        for b in "FB":
            for c in "RL":
                out.append((b, c))
    return [(tuple(f for f in faces), sum_of(faces)) for faces in out]


def sum_of(faces):
    v = (0, 0, 0)
    for f in faces:
        v = add(v, FACES[f])
    return v


def face_of(vector):
    return next(f for f, n in FACES.items() if n == vector)


def cube_move(face, positions, reference):
    """For a quarter turn of `face`: each position's source and the twist a piece gets
    arriving there (its reference sticker's new place in the destination's order)."""
    axis = FACES[face]
    where = {p[1]: i for i, p in enumerate(positions)}
    n = len(positions)
    source = list(range(n))
    twist = [0] * n
    for i, (faces, v) in enumerate(positions):
        if sum(a * b for a, b in zip(v, axis)) <= 0:
            continue  # not in the turning layer
        j = where[turn(v, axis)]
        source[j] = i
        # The piece's reference sticker sits at position i's reference direction when
        # its orientation is 0; after the turn it points at turn(that direction).
        pointing = face_of(turn(FACES[reference(faces)], axis))
        order = stickers(positions[j][0], reference)
        twist[j] = order.index(pointing)
    return source, twist


def stickers(faces, reference):
    """A position's sticker directions, the reference first, then clockwise around the
    piece (seen from outside)."""
    first = reference(faces)
    rest = [f for f in faces if f != first]
    if len(rest) == 2:
        # Clockwise order around a corner: the triple product decides.
        a, b, c = FACES[first], FACES[rest[0]], FACES[rest[1]]
        det = a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0])
        if det > 0:
            rest.reverse()
    return [first] + rest


def corner_reference(faces):
    return next(f for f in faces if f in "UD")


def edge_reference(faces):
    for group in ("UD", "FB"):
        for f in faces:
            if f in group:
                return f


def compose(a, b, modulus):
    """a, then b: position i gets the piece from a's source of b's source."""
    (sa, ta), (sb, tb) = a, b
    return [sa[sb[i]] for i in range(len(sa))], [(ta[sb[i]] + tb[i]) % modulus for i in range(len(sa))]


def kpuzzle(name, orbits, start, moves, extra=None):
    """A KPuzzle definition: orbits [(name, pieces, orientations)], start {orbit:
    (pieces, orientation)}, moves {name: {orbit: (source, twist)}} (twists by
    destination)."""
    definition = {
        "name": name,
        "orbits": [{"orbitName": o, "numPieces": n, "numOrientations": k} for o, n, k in orbits],
        "defaultPattern": {o: {"pieces": p, "orientation": t} for o, (p, t) in start.items()},
        "moves": {
            m: {o: {"permutation": s, "orientationDelta": t} for o, (s, t) in parts.items()}
            for m, parts in moves.items()
        },
    }
    definition.update(extra or {})
    text = json.dumps(definition, indent=1)
    # Lists of numbers (or nulls) on one line each.
    return re.sub(r"\[\s*([-\d,\snul]+?)\s*\]", lambda m: "[" + ", ".join(m.group(1).replace(",", " ").split()) + "]", text) + "\n"


def ksolve(name, comment, orbits, start, moves, extra_lines=""):
    """A ksolve+ definition of the same: numbers from 1, twists listed at the source."""
    lines = [f"Name {name}", ""] + [f"# {c}" for c in comment] + [""]
    for o, n, k in orbits:
        lines.append(f"Set {o} {n} {k}")
    lines.append("")
    lines.append(extra_lines) if extra_lines else None
    lines.append("Solved")
    for o, (pieces, orientation) in start.items():
        lines += [o, " ".join(str(p + 1) for p in pieces)]
        if any(orientation):
            lines.append(" ".join(map(str, orientation)))
    lines += ["End", ""]
    for m, parts in moves.items():
        lines.append(f"Move {m}")
        for o, (source, twist) in parts.items():
            lines += [o, " ".join(str(s + 1) for s in source)]
            by_source = [0] * len(source)
            for i, s in enumerate(source):
                by_source[s] = twist[i]
            if any(by_source):
                lines.append(" ".join(map(str, by_source)))
        lines += ["End", ""]
    return "\n".join(l for l in lines if l is not None) + "\n"


def write(stem, comment, orbits, start, moves, goals=None, powers=None):
    """Both files; `goals`, if given, the solved states (pieces None where any piece
    will do), and `powers` how powers are turns."""
    lines = []
    if powers:
        lines.append(f"Powers {powers}\n")
    text = ksolve(stem, comment, orbits, start, moves, "\n".join(lines))
    extra = {}
    if goals:
        # ksolve+: every solved state in full, `?N` where piece N is held but the goal
        # does not care, as a scramble file writes a position left out.
        blocks = []
        for goal in goals:
            block = ["Solved"]
            for o, (wanted, full) in goal.items():
                block += [o, " ".join(("" if w is not None else "?") + str(p + 1) for w, p in zip(wanted, full))]
            blocks.append("\n".join(block + ["End", ""]))
        first = text.index("Solved")
        end = text.index("End", first) + 4
        text = text[:first] + "\n".join(blocks) + text[end:]
        extra["tablesolveSolvedPatterns"] = [{o: {"pieces": p[0]} for o, p in goal.items()} for goal in goals]
    if powers:
        extra["tablesolvePowers"] = powers
    (HERE / f"{stem}.def").write_text(text)
    (HERE / f"{stem}.kpuzzle.json").write_text(kpuzzle(stem, orbits, start, moves, extra))


def cube():
    corners = cubie_positions("corner")
    edges = cubie_positions("edge")
    names = lambda ps: " ".join("".join(f) for f, _ in ps)
    quarter = {f: {"CORNERS": cube_move(f, corners, corner_reference), "EDGES": cube_move(f, edges, edge_reference)} for f in "URFDLB"}
    return corners, edges, names, quarter


def main():
    corners, edges, names, quarter = cube()
    ident = lambda n: (list(range(n)), [0] * n)

    # The 2x2x2: seven corners, the DBL corner fixed, so no whole-cube turn: moves U R F.
    fixed = [i for i, (f, _) in enumerate(corners) if set(f) == {"D", "B", "L"}][0]
    keep = [i for i in range(8) if i != fixed]
    at = {old: new for new, old in enumerate(keep)}
    small = {}
    for f in "URF":
        s, t = quarter[f]["CORNERS"]
        small[f] = {"CORNERS": ([at[s[i]] for i in keep], [t[i] for i in keep])}
    comment = ["The 2x2x2 cube, its DBL corner fixed (so only U, R and F turn)", "CORNERS: " + " ".join("".join(corners[i][0]) for i in keep), "orientation: where the U or D sticker points, 0 on U or D"]
    write("2x2x2", comment, [("CORNERS", 7, 3)], {"CORNERS": ident(7)}, small)

    # The full 3x3x3 (centres fixed): eight corners, twelve edges, six face turns.
    comment = ["The 3x3x3 cube, centres fixed: six face turns", "CORNERS: " + names(corners), "EDGES: " + names(edges), "orientation: corners by the U/D sticker, edges by the U/D (else F/B) sticker"]
    write("3x3x3", comment, [("CORNERS", 8, 3), ("EDGES", 12, 2)], {"CORNERS": ident(8), "EDGES": ident(12)}, quarter)

    # The squares group <U2, D2, R2, L2, F2, B2>: half turns, which twist nothing.
    halves = {}
    for f in "URFDLB":
        parts = {}
        for orbit in ("CORNERS", "EDGES"):
            s, t = quarter[f][orbit]
            parts[orbit] = (compose((s, t), (s, t), 3)[0], [0] * len(s))
        halves[f + "2"] = parts
    comment = ["The 3x3x3 cube's squares group: half turns only (663,552 states)", "CORNERS: " + names(corners), "EDGES: " + names(edges)]
    write("cube-squares", comment, [("CORNERS", 8, 1), ("EDGES", 12, 1)], {"CORNERS": ident(8), "EDGES": ident(12)}, halves)

    # Kociemba's first phase as a puzzle: corners all alike, edges of two kinds (the
    # E slice and the rest), orientations counted: 2,217,093,120 states.
    slice_edges = [0 if set(f) <= set("FBRL") else 1 for f, _ in edges]
    comment = ["The 3x3x3 cube seen by Kociemba's first phase: orientations and the E slice", "corners alike, edges alike but for the four E-slice edges (2,217,093,120 states)", "EDGES: " + names(edges)]
    start = {"CORNERS": ([0] * 8, [0] * 8), "EDGES": (slice_edges, [0] * 12)}
    write("cube-orientations", comment, [("CORNERS", 8, 3), ("EDGES", 12, 2)], start, quarter)
    pyraminx()
    rotation_game()


def pyraminx():
    """The Pyraminx without its tips: six edges (two orientations), four axial centres
    (three), each move a third turn of the layer at one vertex, clockwise seen from
    outside that vertex."""
    vertices = {"U": (1, 1, 1), "L": (1, -1, -1), "R": (-1, 1, -1), "B": (-1, -1, 1)}
    names = list(vertices)
    edges = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]

    def rotated(v, axis):
        # A third turn clockwise seen from outside: -120 degrees about `axis`.
        n = math.sqrt(sum(a * a for a in axis))
        k = [a / n for a in axis]
        t = -2 * math.pi / 3
        c, s_ = math.cos(t), math.sin(t)
        dot = sum(a * b for a, b in zip(k, v))
        cross = (k[1] * v[2] - k[2] * v[1], k[2] * v[0] - k[0] * v[2], k[0] * v[1] - k[1] * v[0])
        return tuple(v[i] * c + cross[i] * s_ + k[i] * dot * (1 - c) for i in range(3))

    def image(name, axis):
        r = rotated(vertices[name], axis)
        return min(names, key=lambda m: sum((a - b) ** 2 for a, b in zip(vertices[m], r)))

    def reference(edge):
        # Each sticker of an edge lies on the face of its two vertices and a third: the
        # reference sticker is the one whose third vertex comes first.
        return min(m for m in names if m not in edge)

    moves = {}
    for v in names:
        sigma = {m: image(m, vertices[v]) for m in names}
        source = list(range(6))
        twist = [0] * 6
        for i, e in enumerate(edges):
            if v not in e:
                continue
            j = next(k for k, f in enumerate(edges) if set(f) == {sigma[e[0]], sigma[e[1]]})
            source[j] = i
            twist[j] = 0 if sigma[reference(e)] == reference(edges[j]) else 1
        centre_twist = [1 if m == v else 0 for m in names]
        moves[v] = {"EDGES": (source, twist), "CENTRES": (list(range(4)), centre_twist)}
    comment = ["The Pyraminx without its tips: a layer at each vertex turns a third", "EDGES: " + " ".join("".join(e) for e in edges), "CENTRES: the axial pieces under " + " ".join(names)]
    start = {"EDGES": (list(range(6)), [0] * 6), "CENTRES": (list(range(4)), [0] * 4)}
    write("pyraminx", comment, [("EDGES", 6, 2), ("CENTRES", 4, 3)], start, moves)


def rotation_game():
    """The Rotation Game (UVA 1343) as a permutation puzzle: 24 cells holding eight 1s,
    2s and 3s, each move a line of seven cells shifted one place (SPEC section 1);
    solved with any digit filling the centre, the other cells as they may be."""
    lines = {
        "A": [0, 2, 6, 11, 15, 20, 22], "B": [1, 3, 8, 12, 17, 21, 23],
        "C": [10, 9, 8, 7, 6, 5, 4], "D": [19, 18, 17, 16, 15, 14, 13],
        "E": [23, 21, 17, 12, 8, 3, 1], "F": [22, 20, 15, 11, 6, 2, 0],
        "G": [13, 14, 15, 16, 17, 18, 19], "H": [4, 5, 6, 7, 8, 9, 10],
    }
    centre = [6, 7, 8, 11, 12, 15, 16, 17]
    moves = {}
    for m, line in lines.items():
        source = list(range(24))
        for k in range(7):
            source[line[k]] = line[(k + 1) % 7]
        moves[m] = {"CELLS": (source, [0] * 24)}
    goals = []
    for digit in range(3):
        others = [d for d in range(3) if d != digit]
        rest = iter([others[0]] * 8 + [others[1]] * 8)
        full = [digit if c in centre else next(rest) for c in range(24)]
        wanted = [digit if c in centre else None for c in range(24)]
        goals.append({"CELLS": (wanted, full)})
    start = {"CELLS": (goals[0]["CELLS"][1], [0] * 24)}
    comment = ["The Rotation Game (UVA 1343): cells in reading order, digits 1 2 3", "each move shifts a line of seven cells one place; solved: one digit fills the centre"]
    write("rotation", comment, [("CELLS", 24, 1)], start, moves, goals=goals, powers="none")


if __name__ == "__main__":
    main()
