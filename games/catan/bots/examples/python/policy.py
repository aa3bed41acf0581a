"""A simple, readable policy: it only ever picks among the legal actions the server lists
(or fills in a family the server describes, such as "discard n cards").

Priorities on its own turn: city > settlement > a road toward a free spot (when no free spot
touches our roads) > development card (with 6+ cards) > a bank trade toward the goal (the cheaper
to complete of a city and a settlement) > end the turn. Setup: the best-producing spot, and a road
pointing at the best spot beyond it. Robber: the hex that hurts the opponents most.
"""
from board import EDGE_ENDS, HEX_CORNERS, NEIGHBOURS, pips, spot_value

RESOURCES = ["lumber", "wool", "grain", "brick", "ore"]
COST = {
    "settlement": {"lumber": 1, "brick": 1, "wool": 1, "grain": 1},
    "city": {"grain": 2, "ore": 3},
}


def of_type(legal, kind):
    return [a for a in legal["actions"] if a["type"] == kind]


def my_hand(view):
    return view["players"][view["seat"]]["hand"]


def is_free_spot(view, i):
    """No building on i or next to it (the distance rule)."""
    taken = set(view["settlements"]) | set(view["cities"])
    return str(i) not in taken and all(str(n) not in taken for n in NEIGHBOURS[i])


def road_value(view, edge):
    """A road is worth the best free spot at its ends, or half the best one a step further."""
    ends = EDGE_ENDS[edge]
    here = [spot_value(view, i) for i in ends if is_free_spot(view, i)]
    beyond = [spot_value(view, n) / 2 for i in ends for n in NEIGHBOURS[i] if is_free_spot(view, n)]
    return max(here + beyond, default=0)


def spot_at_road_end(view):
    """Is there a free spot at the end of one of our roads (somewhere to build a settlement)?"""
    mine = [int(e) for e, owner in view["roads"].items() if owner == view["seat"]]
    return any(is_free_spot(view, i) for e in mine for i in EDGE_ENDS[e])


def cost(view, what):
    """A settlement costs a road more while no free spot touches our roads."""
    if what == "settlement" and not spot_at_road_end(view):
        return {"lumber": 2, "brick": 2, "wool": 1, "grain": 1}
    return COST[what]


def missing(view, what):
    hand = my_hand(view)
    return {r: n - hand[r] for r, n in cost(view, what).items() if hand[r] < n}


def goal(view):
    """What to save for: the cheaper to complete of a city (if we have a settlement) and a settlement."""
    has_settlement = view["seat"] in view["settlements"].values()
    if has_settlement and sum(missing(view, "city").values()) <= sum(missing(view, "settlement").values()):
        return "city"
    return "settlement"


def choose_discard(view, n):
    """Discard n cards, always from the biggest pile."""
    hand, cards = dict(my_hand(view)), {}
    for _ in range(n):
        r = max(RESOURCES, key=lambda r: hand[r])
        hand[r] -= 1
        cards[r] = cards.get(r, 0) + 1
    return {"type": "discard", "cards": cards}


def choose_robber(view, moves):
    """The hex whose opponents' buildings produce most, then the victim with the most cards."""
    me = view["seat"]

    def harm(hex_id):
        total = 0
        for i in HEX_CORNERS[hex_id]:
            owner = view["settlements"].get(str(i), view["cities"].get(str(i)))
            if owner is None:
                continue
            weight = 2 if str(i) in view["cities"] else 1
            total += weight * (1 if owner != me else -3)
        return total * pips(view["board"]["numbers"][hex_id])

    def victim_cards(a):
        v = a.get("victim")
        return -1 if v is None else view["players"][v]["resourceCount"]

    return max(moves, key=lambda a: (harm(a["hex"]), victim_cards(a)))


def answer_offer(view, legal):
    """Accept a domestic offer when it gives a card we miss for our goal and takes one we have spare."""
    offer = view["offer"]
    need = missing(view, goal(view))
    gets, gives = offer["give"], offer["get"]  # the offerer's give is what we get
    hand = my_hand(view)
    useful = any(r in need for r in gets)
    spare = all(hand[r] - cost(view, goal(view)).get(r, 0) >= n for r, n in gives.items())
    # The listed answers name the offer they answer ("offer": its id): send one of them as it is.
    if useful and spare and of_type(legal, "acceptOffer"):
        return of_type(legal, "acceptOffer")[0]
    return of_type(legal, "rejectOffer")[0]


def choose_bank_trade(view, trades):
    """A bank trade that gets a missing card for the goal with cards the goal does not need."""
    need = missing(view, goal(view))
    keep = cost(view, goal(view))
    hand = my_hand(view)
    for t in trades:
        (give, n), = t["give"].items()
        (get, _), = t["get"].items()
        if get in need and hand[give] - n >= keep.get(give, 0):
            return t
    return None


def choose(view, legal, trades_this_turn):
    """Returns an intent (a dict), or None when there is nothing for us to do."""
    if legal["discard"] > 0:
        return choose_discard(view, legal["discard"])
    actions = legal["actions"]
    if not actions:
        return None
    if of_type(legal, "acceptOffer") or of_type(legal, "rejectOffer"):
        return answer_offer(view, legal)
    if of_type(legal, "withdrawOffer"):  # we never offer, but be safe
        return of_type(legal, "withdrawOffer")[0]

    # Setup and building: the best spot / the most promising road.
    for kind in ("placeSetupSettlement", "buildCity", "buildSettlement"):
        options = of_type(legal, kind)
        if options:
            return max(options, key=lambda a: spot_value(view, a["intersection"]))
    roads = of_type(legal, "placeSetupRoad") + of_type(legal, "buildRoad")
    must_build_road = view["phase"] in ("setupRoad", "roadBuilding")
    if roads:
        best = max(roads, key=lambda a: road_value(view, a["edge"]))
        if must_build_road or (not spot_at_road_end(view) and road_value(view, best["edge"]) > 0):
            return best

    if of_type(legal, "rollDice"):
        return of_type(legal, "rollDice")[0]
    if of_type(legal, "moveRobber"):
        return choose_robber(view, of_type(legal, "moveRobber"))
    if of_type(legal, "buyDevCard") and view["players"][view["seat"]]["resourceCount"] >= 6:
        return of_type(legal, "buyDevCard")[0]
    if of_type(legal, "playKnight") and view["phase"] == "main":
        return of_type(legal, "playKnight")[0]
    trade = choose_bank_trade(view, of_type(legal, "bankTrade")) if trades_this_turn < 4 else None
    if trade:
        return trade
    if of_type(legal, "endTurn"):
        return of_type(legal, "endTurn")[0]
    return actions[0]  # anything else the rules force on us
