// A simple, readable policy: it only ever picks among the legal actions the server lists (or fills in
// a family the server describes, such as "discard n cards"). The same policy as the Python example.
//
// Priorities on its own turn: city > settlement > a road toward a free spot (when no free spot
// touches our roads) > development card (with 6+ cards) > a bank trade toward the goal (the cheaper
// to complete of a city and a settlement) > end the turn. Setup: the best-producing spot, and a road
// pointing at the best spot beyond it. Robber: the hex that hurts the opponents most.
import { EDGE_ENDS, HEX_CORNERS, NEIGHBOURS, pips, spotValue } from './board.mjs';

const RESOURCES = ['lumber', 'wool', 'grain', 'brick', 'ore'];
const COST = {
  settlement: { lumber: 1, brick: 1, wool: 1, grain: 1 },
  city: { grain: 2, ore: 3 },
};

const ofType = (legal, type) => legal.actions.filter((a) => a.type === type);
const myHand = (view) => view.players[view.seat].hand;
const maxBy = (items, score) => items.reduce((best, a) => (score(a) > score(best) ? a : best));

// No building on i or next to it (the distance rule).
function isFreeSpot(view, i) {
  const taken = (j) => String(j) in view.settlements || String(j) in view.cities;
  return !taken(i) && !NEIGHBOURS[i].some(taken);
}

// A road is worth the best free spot at its ends, or half the best one a step further.
function roadValue(view, edge) {
  const ends = EDGE_ENDS[edge];
  const here = ends.filter((i) => isFreeSpot(view, i)).map((i) => spotValue(view, i));
  const beyond = ends.flatMap((i) => NEIGHBOURS[i]).filter((n) => isFreeSpot(view, n)).map((n) => spotValue(view, n) / 2);
  return Math.max(0, ...here, ...beyond);
}

// Is there a free spot at the end of one of our roads (somewhere to build a settlement)?
function spotAtRoadEnd(view) {
  const mine = Object.entries(view.roads).filter(([, owner]) => owner === view.seat).map(([e]) => Number(e));
  return mine.some((e) => EDGE_ENDS[e].some((i) => isFreeSpot(view, i)));
}

// A settlement costs a road more while no free spot touches our roads.
function cost(view, what) {
  if (what === 'settlement' && !spotAtRoadEnd(view)) return { lumber: 2, brick: 2, wool: 1, grain: 1 };
  return COST[what];
}

function missing(view, what) {
  const hand = myHand(view);
  return Object.fromEntries(Object.entries(cost(view, what)).filter(([r, n]) => hand[r] < n).map(([r, n]) => [r, n - hand[r]]));
}

const total = (cards) => Object.values(cards).reduce((s, n) => s + n, 0);

// What to save for: the cheaper to complete of a city (if we have a settlement) and a settlement.
function goal(view) {
  const hasSettlement = Object.values(view.settlements).includes(view.seat);
  return hasSettlement && total(missing(view, 'city')) <= total(missing(view, 'settlement')) ? 'city' : 'settlement';
}

// Discard n cards, always from the biggest pile.
function chooseDiscard(view, n) {
  const hand = { ...myHand(view) }, cards = {};
  for (let k = 0; k < n; ++k) {
    const r = maxBy(RESOURCES, (x) => hand[x]);
    hand[r] -= 1;
    cards[r] = (cards[r] ?? 0) + 1;
  }
  return { type: 'discard', cards };
}

// The hex whose opponents' buildings produce most, then the victim with the most cards.
function chooseRobber(view, moves) {
  const harm = (hex) => {
    let total = 0;
    for (const i of HEX_CORNERS[hex]) {
      const owner = view.settlements[i] ?? view.cities[i];
      if (owner === undefined) continue;
      total += (String(i) in view.cities ? 2 : 1) * (owner === view.seat ? -3 : 1);
    }
    return total * pips(view.board.numbers[hex]);
  };
  const victimCards = (a) => (a.victim == null ? -1 : view.players[a.victim].resourceCount);
  return maxBy(moves, (a) => harm(a.hex) * 100 + victimCards(a));
}

// Accept a domestic offer when it gives a card we miss for our goal and takes one we have spare.
function answerOffer(view, legal) {
  const need = missing(view, goal(view)), keep = cost(view, goal(view)), hand = myHand(view);
  const { give: weGet, get: weGive } = view.offer;  // the offerer's give is what we get
  const useful = Object.keys(weGet).some((r) => r in need);
  const spare = Object.entries(weGive).every(([r, n]) => hand[r] - (keep[r] ?? 0) >= n);
  // The listed answers name the offer they answer ("offer": its id): send one of them as it is.
  if (useful && spare && ofType(legal, 'acceptOffer').length) return ofType(legal, 'acceptOffer')[0];
  return ofType(legal, 'rejectOffer')[0];
}

// A bank trade that gets a missing card for the goal with cards the goal does not need.
function chooseBankTrade(view, trades) {
  const need = missing(view, goal(view)), keep = cost(view, goal(view)), hand = myHand(view);
  return trades.find((t) => {
    const [[give, n]] = Object.entries(t.give), [[get]] = Object.entries(t.get);
    return get in need && hand[give] - n >= (keep[give] ?? 0);
  });
}

// Returns an intent, or null when there is nothing for us to do.
export function choose(view, legal, tradesThisTurn) {
  if (legal.discard > 0) return chooseDiscard(view, legal.discard);
  if (legal.actions.length === 0) return null;
  if (ofType(legal, 'acceptOffer').length || ofType(legal, 'rejectOffer').length) return answerOffer(view, legal);
  if (ofType(legal, 'withdrawOffer').length) return ofType(legal, 'withdrawOffer')[0];  // we never offer

  // Setup and building: the best spot / the most promising road.
  for (const type of ['placeSetupSettlement', 'buildCity', 'buildSettlement']) {
    const options = ofType(legal, type);
    if (options.length) return maxBy(options, (a) => spotValue(view, a.intersection));
  }
  const roads = [...ofType(legal, 'placeSetupRoad'), ...ofType(legal, 'buildRoad')];
  if (roads.length) {
    const best = maxBy(roads, (a) => roadValue(view, a.edge));
    const mustBuild = ['setupRoad', 'roadBuilding'].includes(view.phase);
    if (mustBuild || (!spotAtRoadEnd(view) && roadValue(view, best.edge) > 0)) return best;
  }
  const first = (type) => ofType(legal, type)[0];
  if (first('rollDice')) return first('rollDice');
  if (first('moveRobber')) return chooseRobber(view, ofType(legal, 'moveRobber'));
  if (first('buyDevCard') && view.players[view.seat].resourceCount >= 6) return first('buyDevCard');
  if (first('playKnight') && view.phase === 'main') return first('playKnight');
  const trade = tradesThisTurn < 4 ? chooseBankTrade(view, ofType(legal, 'bankTrade')) : undefined;
  if (trade) return trade;
  return first('endTurn') ?? legal.actions[0];  // anything else the rules force on us
}
