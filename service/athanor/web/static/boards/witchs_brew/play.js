// The play at the head of the board: the five role cards kept for the set (chosen by
// tapping cards), the role being played with who leads, holds the full action and
// answers, and the seat's answers on the card itself ("I am the …!", "So be it!", the
// full action); a Begging monk's victim's gift and a shelf addition are counted on chips.
import { ROLES, roleCard, roleName, dropIcon, coinIcon } from "./faces.js";
import { countNames, countValues } from "./binding.js";

const HAND = 5;

function button(b, text, cls) {
  return b.el("span", { class: `wb-act ${cls}`, "data-key": `act:${cls}`, text });
}

// the 12 role cards, five of them tapped to keep (a second tap puts one back)
function choosing(b) {
  const g = b.view.game;
  const chosen = (b.building && b.building.type === "ChooseRoles" && b.building.picks.roles) || [];
  const mine = g.choice && g.choice.answers ? g.choice.answers[String(b.seat)] : null;
  if (mine) {
    return b.el("div", { class: "wb-choose" }, b.el("h3", { text: "Your five role cards for this set" }),
      b.el("p", { class: "wb-note", text: "Kept in secret until you play them; waiting for the others to choose." }),
      b.el("div", { class: "wb-cards" }, mine.map((r) => roleCard(b, r, { key: `kept:${r}` }))));
  }
  if (!b.can("ChooseRoles")) return null;
  const heading = `Choose ${HAND} role cards to keep: ${chosen.length} of ${HAND} chosen`;
  return b.el("div", { class: "wb-choose" }, b.el("h3", { text: heading }),
    b.el("p", { class: "wb-note", text: "Tap a card to keep it, tap it again to put it back; then Confirm. Nobody sees your choice until you play a card." }),
    b.el("div", { class: "wb-cards" }, ROLES.map((r) => b.piece(roleCard(b, r, { key: `choose:${r}` }), "ChooseRoles", { roles: r }))));
}

const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function seatList(b, seats) {
  return seats.map((s) => b.name(s)).join(", ");
}

// who leads the role, holds the full action, answers now; what was taken
function playFacts(b, play) {
  const facts = [
    `led by ${b.name(play.leader)}`,
    `full action: ${b.name(play.holder)}`,
  ];
  if (play.answering) facts.push(`answering now: ${b.name(play.answering)}`);
  if (play.favors && play.favors.length) facts.push(`“So be it!”: ${seatList(b, play.favors)}`);
  if (play.claimants && play.claimants.length > 1) facts.push(`claimed by ${seatList(b, play.claimants)}`);
  if (play.stage === "give") facts.push("the Begging monk collects drops");
  if (play.stage === "add") facts.push(`${b.name(play.holder)} may add to the shelf`);
  return b.el("ul", { class: "wb-facts" }, facts.map((f) => b.el("li", { text: f })));
}

// the seat's answers to the role, on its card
function answers(b) {
  const out = [];
  if (b.can("Claim")) out.push(b.piece(button(b, `“I am the ${roleName(b, b.view.game.play.role)}!” (claim)`, "claim"), "Claim", {}));
  if (b.can("SoBeIt")) out.push(b.piece(button(b, "“So be it!” (take the favour)", "favor"), "SoBeIt", {}));
  if (b.can("FullAction")) out.push(b.piece(button(b, "Carry out the full action", "full"), "FullAction", {}));
  if (!out.length) return null;
  const hint = b.can("FullAction")
    ? "Your full action: tap the button, or what it acts on (a cauldron, your drops, the supply)."
    : "Your answer: claim the role, or say “So be it!” and take its favour at once.";
  return b.el("div", { class: "wb-acts" }, b.el("p", { class: "wb-ask", text: hint }), out);
}

// a count's chips: "give 0 1 2 red drops", "add 0 1 2 gold"
function countRow(b, type, name) {
  const kind = name.split(".")[1] || "gold";
  const values = countValues(b, type, name);
  const chips = values.map((n) => b.piece(b.el("span", { class: "wb-count", "data-key": `${type}:${name}:${n}` },
    String(n), b.el("span", { class: "visually-hidden", text: ` ${kind}` })), type, { [name]: n || null }));
  return b.el("div", { class: "wb-count-row" }, kind === "gold" ? coinIcon(b) : dropIcon(b, kind),
    b.el("span", { class: "wb-count-kind", text: kind }), chips);
}

function counting(b) {
  const out = [];
  const g = b.view.game;
  if (b.can("GiveDrops")) {
    const owed = (g.play.owed || {})[String(b.seat)];
    const share = owed ? `${owed} ${owed === 1 ? "drop" : "drops"}` : "your share of drops";
    out.push(b.el("p", { class: "wb-ask", text: `Give the Begging monk ${share}: tap how many of each kind` }));
    out.push(...countNames(b, "GiveDrops").map((n) => countRow(b, "GiveDrops", n)));
  }
  if (b.can("AddToShelf")) {
    out.push(b.el("p", { class: "wb-ask", text: "Add your own to the shelf (0 allowed): tap how many" }));
    const names = countNames(b, "AddToShelf");
    out.push(...names.map((n) => countRow(b, "AddToShelf", n)));
    if (!names.length) out.push(b.piece(button(b, "Add nothing", "add"), "AddToShelf", {}));
  }
  return out.length ? b.el("div", { class: "wb-counting" }, out) : null;
}

function current(b) {
  const g = b.view.game;
  const play = g.play;
  if (!play) {
    const last = g.last ? b.el("p", { class: "wb-note", text: `Last played: ${roleName(b, g.last.role)} (${b.name(g.last.seat)})` }) : null;
    const leads = g.phase === "play" ? b.el("p", { class: "wb-leads", text: b.can("LeadRole") ? "You lead: tap a card in your hand" : `${cap(b.name(g.leader))} leads the next role` }) : null;
    return leads || last ? b.el("div", { class: "wb-play" }, leads, last) : null;
  }
  return b.el("div", { class: "wb-play wb-playing" },
    roleCard(b, play.role, { key: `play:${play.role}`, cls: "wb-led" }),
    b.el("div", { class: "wb-play-side" }, playFacts(b, play), answers(b), counting(b)));
}

export function playArea(b) {
  const g = b.view.game;
  const playing = g.play ? `: the ${roleName(b, g.play.role)} is played` : "";
  const phase = g.phase === "choose" ? `Set ${g.set}: choosing role cards` : g.phase === "over" ? `Set ${g.set}: the game is over` : `Set ${g.set}${playing}`;
  return b.el("section", { class: "wb-center", "aria-label": "The role being played" },
    b.el("h3", { class: "wb-phase", text: phase }), choosing(b), current(b));
}
