"""Board geometry, computed from the rules in games/catan/docs/board.md (the view carries only terrain and numbers).

Hexes are pointy-topped in rows of 3, 4, 5, 4, 3. Hex (row r, position p) has its centre at
x = (5 - row length) + 2(p - 1) + 1, y = 3(r - 1) + 2; its corners, clockwise from the top, are at
offsets (0,-2) (1,-1) (1,1) (0,2) (-1,1) (-1,-1). Intersections are numbered by point, top to
bottom then left to right; edges by the sum of their two end points, the same way.
"""
ROWS = [3, 4, 5, 4, 3]
CORNER_OFFSETS = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)]


def _build():
    hex_points = []  # per hex: its 6 corner points, clockwise from the top
    for r, length in enumerate(ROWS, start=1):
        for p in range(1, length + 1):
            cx, cy = (5 - length) + 2 * (p - 1) + 1, 3 * (r - 1) + 2
            hex_points.append([(cx + dx, cy + dy) for dx, dy in CORNER_OFFSETS])
    points = sorted({pt for corners in hex_points for pt in corners}, key=lambda pt: (pt[1], pt[0]))
    index = {pt: i for i, pt in enumerate(points)}
    hex_corners = [[index[pt] for pt in corners] for corners in hex_points]
    sides = {tuple(sorted((c[k], c[(k + 1) % 6]))) for c in hex_corners for k in range(6)}

    def midpoint_key(e):
        (x1, y1), (x2, y2) = points[e[0]], points[e[1]]
        return (y1 + y2, x1 + x2)

    edge_ends = sorted(sides, key=midpoint_key)
    return hex_corners, edge_ends


HEX_CORNERS, EDGE_ENDS = _build()  # 19 hexes x 6 intersection ids; 72 edges x (a, b)
INTERSECTION_HEXES = [[h for h in range(19) if i in HEX_CORNERS[h]] for i in range(54)]
NEIGHBOURS = [[b if a == i else a for a, b in EDGE_ENDS if i in (a, b)] for i in range(54)]

assert len(EDGE_ENDS) == 72 and EDGE_ENDS[0] == (0, 3) and HEX_CORNERS[9] == [18, 24, 30, 35, 29, 23]


def pips(number):
    """How many of the 36 dice outcomes roll this number (0 for the desert)."""
    return 6 - abs(7 - number) if number else 0


def spot_value(view, intersection):
    """Sum of the pips of the hexes around an intersection (its expected production)."""
    numbers = view["board"]["numbers"]
    return sum(pips(numbers[h]) for h in INTERSECTION_HEXES[intersection])
