// What is on offer: the ingredient row and the deck, the adventurer, the artifacts,
// the grants, and the sale (bids, guarantees) while one is on.
import { ARTIFACTS, GUARANTEES, POTIONS, POTION_NAMES, potion } from "./art.js";
import { area, game, ingredientCard, token } from "./parts.js";
import { bindPotion } from "./binds.js";

function row(b) {
  const g = game(b);
  const cards = (g.row || []).map((id, i) => b.piece(ingredientCard(b, id, `row:${i}:${id}`), "Forage", { take: id }));
  const deck = b.piece(b.el("div", { class: "al-card al-back", "data-key": "deck" },
    b.el("span", { class: "al-name", text: "Deck" }), b.el("span", { class: "al-many", text: `${g.deck || 0} cards` })), "Forage", { take: "deck" });
  return b.el("div", { class: "al-row" }, b.el("h4", { text: "Ingredients" }),
    b.el("div", { class: "al-cards" }, cards.length ? cards : b.el("p", { class: "al-free", text: "the row is empty" }), deck),
    b.el("p", { class: "al-note", text: `discard pile ${g.discard || 0} · favor deck ${g.favor_deck || 0}` }));
}

function adventurer(b) {
  const a = game(b).adventurer;
  const left = Number(game(b).adventurers_left || 0);
  if (!a) return b.el("p", { class: "al-note", text: "No adventurer this round." });
  const wants = (a.wants || []).map((code) => b.piece(b.el("span", { class: "al-want", "data-key": `want:${code}` },
    potion(b, code), b.el("span", { text: POTION_NAMES[code] || code })), "SellPotion", { wanted: code }));
  return b.el("div", { class: "al-card al-adventurer", "data-key": `adventurer:${a.id}` },
    b.el("span", { class: "al-name", text: `Adventurer ${String(a.id).split("-").pop()}` }),
    b.el("span", { class: "al-note", text: "wants" }), b.el("div", { class: "al-wants" }, wants),
    b.el("span", { class: "al-note", text: `${left} more to come` }));
}

function artifacts(b) {
  const g = game(b);
  const cards = (g.artifact_row || []).map((id) => {
    const [cost, vp] = ARTIFACTS[id] || [null, null];
    return b.piece(b.el("div", { class: "al-card al-artifact", "data-key": `artifact:${id}` },
      b.el("span", { class: "al-name", text: b.label(id) }),
      cost !== null ? b.el("span", { class: "al-cost", text: `${cost} gold` }) : null,
      vp ? b.el("span", { class: "al-vp", text: `${vp} VP` }) : null), "BuyArtifact", { artifact: id });
  });
  const later = Object.entries(g.artifact_later || {}).map(([deck, ids]) => `deck ${deck === "2" ? "II" : deck === "3" ? "III" : deck}: ${ids.map((id) => b.label(id)).join(", ")}`);
  return b.el("div", { class: "al-arts" }, b.el("h4", { text: "Artifacts" }),
    b.el("div", { class: "al-cards" }, cards.length ? cards : b.el("p", { class: "al-free", text: "none on offer" })),
    later.length ? b.el("p", { class: "al-note", text: `Later: ${later.join(" · ")}` }) : null);
}

function grants(b) {
  const ids = game(b).grants || [];
  if (!ids.length) return null;
  const tiles = ids.map((id) => {
    const label = b.label(id);
    const m = /^(Grant \d+) \((.*); (\d+ VP)\)$/.exec(label);
    return b.piece(b.el("div", { class: "al-card al-grant", "data-key": `grant:${id}` },
      b.el("span", { class: "al-name", text: m ? m[1] : label }),
      m ? b.el("span", { class: "al-note", text: m[2].replace(/\//g, " · ") }) : null,
      m ? b.el("span", { class: "al-vp", text: m[3] }) : null), "ClaimGrant", { grant: id });
  });
  return b.el("div", { class: "al-grants" }, b.el("h4", { text: "Grants (publish theories of all three)" }), b.el("div", { class: "al-cards" }, tiles));
}

// the sale: who has bid (and the bids once shown), the bid cards and the guarantees
function sale(b) {
  const s = game(b).sale;
  const out = [];
  if (s) {
    const bids = s.bids || {};
    out.push(b.el("p", { class: "al-note" }, "Bids in: ", (s.bid || []).map((seat) => b.el("span", { class: "al-bid" }, token(b, seat),
      bids[String(seat)] !== undefined ? ` −${bids[String(seat)]}` : " (face down)")), (s.bid || []).length ? "" : "none yet"));
    if ((s.order || []).length) out.push(b.el("p", { class: "al-note" }, "Selling order: ", s.order.map((seat) => token(b, seat))));
  }
  if (b.can("Bid")) {
    out.push(b.el("div", { class: "al-cards" }, [0, 1, 2, 3].map((d) => b.piece(b.el("div", { class: "al-card al-bidcard", "data-key": `bid:${d}` },
      b.el("span", { class: "al-name", text: d ? `−${d}` : "0" }), b.el("span", { class: "al-note", text: `discount ${d}` })), "Bid", { discount: d }))));
  }
  if (b.can("SellPotion")) {
    out.push(b.el("div", { class: "al-cards" }, GUARANTEES.map(([id, text]) => b.piece(b.el("div", { class: "al-card al-guarantee", "data-key": `guarantee:${id}` },
      b.el("span", { class: "al-name", text }), b.el("span", { class: "al-note", text: "guarantee" })), "SellPotion", { guarantee: id }))));
  }
  return out.length ? b.el("div", { class: "al-sale" }, b.el("h4", { text: "Sale to the adventurer" }), out) : null;
}

// the seven potions: a legend, and the potion a move names (exhibit, master debunk)
export function potionLegend(b) {
  return b.el("ul", { class: "al-legend", "aria-label": "Potions" }, POTIONS.map((code) => b.el("li", {},
    bindPotion(b, b.el("span", { class: "al-potion-key", "data-key": `potion:${code}` }, potion(b, code), b.el("span", { text: POTION_NAMES[code] })), code))));
}

export function offer(b) {
  return area(b, "offer", "Market", b.el("div", { class: "al-market" }, row(b), adventurer(b)), sale(b), artifacts(b), grants(b));
}
