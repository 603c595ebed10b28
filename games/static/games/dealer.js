// The dealer's screen: draws the hand from the API's state and offers only what the engine allows.
// Every event is posted with the hand's sequence and a fresh client event id (crypto.randomUUID);
// the response's state redraws the screen, a 409 reloads it. Between hands the chips panel (an htmx
// partial of the page) takes buy-ins, add-ons and rebuys. Every button names its keys (data-keys, the first
// shown on it); dealer_keys.js presses the buttons for the keyboard. Plain JS, no build step.
(function () {
  "use strict";
  // Django's JavaScript catalog (jsi18n) defines gettext/interpolate; English stands in without it.
  const gettext = window.gettext || ((text) => text);
  const interpolate = window.interpolate || ((fmt, obj) => fmt.replace(/%\(\w+\)s/g, (m) => String(obj[m.slice(2, -2)])));
  const root = document.getElementById("dealer");
  if (!root) return;
  const $ = (id) => document.getElementById(id);
  const csrf = (document.cookie.match(/csrftoken=([^;]+)/) || [])[1] || "";
  const RANKS = "AKQJT98765432", SUITS = "shdc";
  const url = (template, id) => template.replace(/\/0\//, "/" + id + "/");
  // amount: the bet or raise-to in minor units, as digits; fresh: it was proposed (the minimum, a preset), so the
  // first digit typed replaces it rather than being added to it.
  let state = null, names = {}, amount = "", fresh = true, chosen = [], pickerFor = null, busy = false;
  // The last bet or raise-to confirmed at this table, offered as a preset while it is legal; kept for the tab's
  // session so a reload keeps it.
  const LAST = "cardroom.dealer.last." + root.dataset.table;
  const store = (() => { try { return window.sessionStorage; } catch (e) { return null; } })();
  let lastSize = Number((store && store.getItem(LAST)) || 0);

  // Words for the engine's codes: streets (games.engine.state) and hand statuses (games.models.HandStatus).
  const STREETS = {
    preflop: gettext("Preflop"), flop: gettext("Flop"), turn: gettext("Turn"), river: gettext("River"),
    first_round: gettext("First betting round"), draw: gettext("Draw"), second_round: gettext("Second betting round"),
  };
  const STATUSES = {
    open: gettext("open"), complete: gettext("complete"), misdeal: gettext("misdeal"),
    voided: gettext("void"), superseded: gettext("superseded"),
  };

  // Money as config.money.format_money writes it (the page passes its separators): minor units in, text out.
  const money = { exp: Number(root.dataset.moneyExponent || 0), group: root.dataset.moneyGroup ?? ",", point: root.dataset.moneyDecimal || "." };
  function fmt(n) {
    const value = Math.round(Number(n) || 0);
    let digits = String(Math.abs(value)), fraction = "";
    if (money.exp) {
      digits = digits.padStart(money.exp + 1, "0");
      fraction = money.point + digits.slice(-money.exp); digits = digits.slice(0, -money.exp);
    }
    return (value < 0 ? "−" : "") + digits.replace(/\B(?=(\d{3})+(?!\d))/g, money.group) + fraction;
  }

  // The API answers and takes amounts as decimal strings of major units ("12.50"), as every amount of the API;
  // the screen counts in integers of the minor unit, read from the state once and written back when posted.
  function minor(text) {
    const [whole, fraction = ""] = String(text).split(".");
    return Number(whole + fraction.padEnd(money.exp, "0"));
  }
  function major(n) {
    const digits = String(Math.round(Number(n) || 0)).padStart(money.exp + 1, "0");
    return money.exp ? digits.slice(0, -money.exp) + "." + digits.slice(-money.exp) : digits;
  }
  function minorEach(rows, keys) { return rows.map((row) => { const out = { ...row }; keys.forEach((k) => { out[k] = minor(row[k]); }); return out; }); }
  function resultFromApi(r) {
    if (!r) return r;
    const stacks = {};
    Object.entries(r.final_stacks).forEach(([seat, chips]) => { stacks[seat] = minor(chips); });
    return {
      ...r, final_stacks: stacks, fees: minor(r.fees), carried_out: minor(r.carried_out || 0),
      pots: r.pots.map((p) => ({ ...p, amount: minor(p.amount), fee: minor(p.fee), shares: p.shares.map(minor) })),
      returned: r.returned.map(([seat, chips]) => [seat, minor(chips)]),
      replay: r.replay && { ...r.replay, carried: minor(r.replay.carried), banks: minorEach(r.replay.banks, ["amount"]) },
    };
  }
  function stateFromApi(data) {
    const legal = data.legal && { ...data.legal };
    if (legal) {
      ["call_amount", "min_to", "max_to", "all_in_to"].forEach((k) => { legal[k] = minor(legal[k]); });
      if (legal.presets) legal.presets = Object.fromEntries(Object.entries(legal.presets).map(([k, v]) => [k, minor(v)]));
    }
    return {
      ...data, legal, card_price: minor(data.card_price), pot_total: minor(data.pot_total),
      seats: minorEach(data.seats, ["start_stack", "stack", "bet", "committed"]),
      sitting_out: minorEach(data.sitting_out || [], ["stack"]),
      pots: minorEach(data.pots, ["amount"]), result: resultFromApi(data.result),
    };
  }

  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return "id-" + Date.now() + "-" + Math.random().toString(16).slice(2);
  }
  function say(text, error) { const m = $("message"); m.textContent = text || ""; m.className = error ? "error" : ""; }
  function cardsOf(text) { const out = []; for (let i = 0; i < (text || "").length; i += 2) out.push(text.slice(i, i + 2)); return out; }
  function face(card) {
    const span = document.createElement("span");
    span.className = "card-face" + (card === "??" ? " unknown" : /[hd]$/.test(card) ? " red" : "");
    span.textContent = card;
    return span;
  }
  // keys: the keys that press the button, space-separated, as dealer_keys.js names them ("f", "enter"); the first
  // is shown on the button (dealer.css draws data-hint) unless hint says otherwise.
  const KEY_NAMES = { enter: "↵", escape: "Esc", backspace: "⌫" };
  function button(label, keys, onClick, cls, hint) {
    const b = document.createElement("button");
    b.type = "button"; b.textContent = label; if (cls) b.className = cls;
    if (keys) {
      b.dataset.keys = keys;
      b.dataset.hint = hint || keys.split(" ").map((k) => KEY_NAMES[k] || k.toUpperCase())[0];
      b.setAttribute("aria-keyshortcuts", keys.split(" ").map((k) => KEY_NAMES[k] ? k[0].toUpperCase() + k.slice(1) : k.toUpperCase()).join(" "));
    }
    b.addEventListener("click", onClick);
    return b;
  }
  // Text that comes from the floor (players' names) is set as text nodes, never parsed as HTML.
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  async function call(method, target, body) {
    const response = await fetch(target, {
      method, credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf, Accept: "application/json" },
      body: body ? JSON.stringify(body) : undefined,
    });
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    return { status: response.status, data };
  }

  async function load(handId) {
    if (!handId) { state = null; draw(); return; }
    const { status, data } = await call("GET", url(root.dataset.handUrl, handId));
    if (status === 200) { learnNames(data); setState(data); }
    else say(data && data.error ? data.error.message : gettext("Could not load the hand"), true);
  }
  function learnNames(data) {
    names = {};
    data.seats.concat(data.sitting_out || []).forEach((s) => { names[s.seat] = s.name; });
  }
  function setState(data) {
    const wasOpen = state && state.status === "open";
    state = stateFromApi(data); amount = ""; fresh = true; chosen = []; pickerFor = null;
    root.dataset.hand = data.hand_id; draw();
    // The hand just ended: the chips panel comes back with the stacks the hand left.
    if (wasOpen && data.status !== "open") document.body.dispatchEvent(new Event("chips-refresh"));
  }

  async function start() {
    if (busy) return; busy = true;
    const { status, data } = await call("POST", root.dataset.startUrl, { table_id: Number(root.dataset.table) });
    busy = false;
    if (status === 201) { learnNames(data); setState(data); say(interpolate(gettext("Hand #%(number)s started"), { number: data.number }, true)); return; }
    say(data && data.error ? data.error.message : gettext("Refused"), true);
    // A seated player with no chips recorded: the buy-in is entered here, then the hand starts.
    if (data && data.error && data.error.code === "stack_unknown") offerBuyIn(data.error.details.seat);
  }
  function offerBuyIn(seat) {
    const chips = $("chips");
    if (!chips) return;
    chips.hidden = false;
    const form = $("chips-seat-" + seat);
    if (!form) return;
    form.classList.add("needs-buy-in");
    form.scrollIntoView({ block: "nearest" });
    const input = form.querySelector("input[name=amount]");
    if (input) input.focus();
  }

  async function send(event, undo) {
    if (busy || !state) return; busy = true;
    const body = undo ? { seq: state.seq, client_event_id: uuid(), reason: "" }
                      : { seq: state.seq, client_event_id: uuid(), event };
    const { status, data } = await call("POST", url(undo ? root.dataset.undoUrl : root.dataset.eventUrl, state.hand_id), body);
    busy = false;
    if (status === 201 || status === 200) {
      setState(data.state); say(data.state.status === "complete" ? gettext("Hand complete") : "");
      if (data.state.replay_hand_id) { say(gettext("Tie: replay hand opened")); await load(data.state.replay_hand_id); }
    } else if (status === 409 && data && data.error && data.error.code === "stale_sequence") {
      say(data.error.message, true); await load(state.hand_id);
    } else {
      say(data && data.error ? data.error.message : interpolate(gettext("Refused (%(status)s)"), { status }, true), true);
    }
  }

  // -- drawing ---------------------------------------------------------------
  function draw() {
    drawSeats(); drawCenter(); drawActions(); drawPicker(); drawSummary();
    const chips = $("chips");
    if (chips && state && state.status === "open") chips.hidden = true;
    let label = "";
    if (state) {
      label = "· " + interpolate(gettext("Hand #%(number)s"), { number: state.number }, true);
      if (state.status === "open") label += " · " + (STREETS[state.street] || state.street);
      else label += " (" + (STATUSES[state.status] || state.status) + ")";
    }
    $("hand-label").textContent = label;
    // The seat to act stays in sight on a small screen: scrolled to, never under the page's header.
    const acting = document.querySelector("#seats .seat.to-act");
    if (acting) acting.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
  // Seats around an oval that keeps every seat box inside the felt (dealer.css sizes the boxes per table).
  function place(node, seat) {
    const angle = Math.PI / 2 + (2 * Math.PI * (seat - 1)) / state.seat_count;
    const cos = Math.cos(angle).toFixed(4), sin = Math.sin(angle).toFixed(4);
    node.style.left = "calc(50% + " + cos + " * (50% - var(--seat-w) / 2 - 4px))";
    node.style.top = "calc(50% + " + sin + " * (50% - var(--seat-h) / 2 - 4px))";
  }
  function seatName(s) {
    const name = el("div", "name");
    name.append(el("span", "number", String(s.seat)), " · ", el("span", "player", names[s.seat] || s.name || ""));
    return name;
  }
  function drawSeats() {
    const box = $("seats"); box.replaceChildren();
    const felt = $("felt");
    felt.classList.toggle("many", !!state && state.seat_count > 6);
    felt.classList.toggle("club", !!state && state.game === "club_poker");
    if (!state) return;
    // Players seated but not dealt in: the dealer deals past them (away, or waiting for the big blind).
    (state.sitting_out || []).forEach((s) => {
      const node = el("div", "seat sitting-out"); node.id = "seat-" + s.seat; node.dataset.seat = s.seat;
      place(node, s.seat);
      node.append(seatName(s), el("div", "stack", fmt(s.stack)), el("div", "bet", gettext("sitting out")));
      box.appendChild(node);
    });
    state.seats.forEach((s) => {
      const node = el("div", "seat" + (state.to_act === s.seat ? " to-act" : "") + (s.folded ? " folded" : ""));
      node.id = "seat-" + s.seat; node.dataset.seat = s.seat;
      place(node, s.seat);
      const name = seatName(s);
      if (s.seat === state.button) {
        const chip = el("span", "dealer-button", "D"); chip.title = gettext("button");
        name.prepend(chip, " ");
      }
      node.append(name, el("div", "stack", fmt(s.stack) + (s.all_in ? " · " + gettext("all-in") : "")));
      const row = el("div", "bet-row");
      row.append(el("span", "bet", s.bet ? fmt(s.bet) : ""));
      const cards = el("span", "cards");
      cardsOf(s.cards).forEach((c) => cards.appendChild(face(c)));
      row.appendChild(cards);
      node.appendChild(row);
      box.appendChild(node);
    });
  }
  function drawCenter() {
    const board = $("board"); board.replaceChildren();
    const pots = $("pots"); pots.replaceChildren();
    if (!state) { $("prompt").textContent = gettext("No hand open"); return; }
    cardsOf(state.board).forEach((c) => board.appendChild(face(c)));
    if (state.status === "open") drawPots(pots);
    const prompts = {
      deal: gettext("Deal the cards"),
      action: interpolate(gettext("Seat %(seat)s to act"), { seat: state.to_act }, true),
      board: [gettext("Deal the flop"), gettext("Deal the turn"), gettext("Deal the river")][Math.min(state.board.length / 2 - 2 < 0 ? 0 : state.board.length / 2 - 2, 2)],
      draw: interpolate(gettext("Seat %(seat)s draws"), { seat: state.to_act }, true),
      showdown: gettext("Showdown"),
      tie: interpolate(gettext("Tie between seats %(seats)s"), { seats: state.tied_seats.join(", ") }, true),
      none: state.result && state.result.misdeal ? gettext("Misdeal") : gettext("Hand complete"),
    };
    // All in before the river: the hands are tabled during the run-out, before the remaining board (R17).
    const tabling = state.next === "board" && state.showdown_pending.length ? " · " + gettext("Showdown") : "";
    $("prompt").textContent = (prompts[state.next] || "") + tabling;
  }
  // The total, and only when a player is all-in its main and side pots; the parts always add up to the
  // total, chips only one player can win (a bet not called yet) shown as such.
  function drawPots(box) {
    const total = state.pot_total;
    const head = el("span", "pot-total", interpolate(gettext("Pot %(amount)s"), { amount: fmt(total) }, true));
    head.dataset.amount = total; box.dataset.total = total;
    box.appendChild(head);
    const contested = state.pots.filter((p) => p.eligible.length > 1);
    if (!state.seats.some((s) => s.all_in) || contested.length < 2) return;
    const parts = contested.map((p, i) => [i ? interpolate(gettext("side %(amount)s"), { amount: fmt(p.amount) }, true)
                                             : interpolate(gettext("main %(amount)s"), { amount: fmt(p.amount) }, true), p.amount]);
    const rest = total - contested.reduce((sum, p) => sum + p.amount, 0);
    if (rest > 0) parts.push([interpolate(gettext("not called yet %(amount)s"), { amount: fmt(rest) }, true), rest]);
    box.append(" = ");
    parts.forEach(([text, value], i) => {
      if (i) box.append(" + ");
      const part = el("span", "pot-part", text); part.dataset.amount = value;
      box.appendChild(part);
    });
  }

  // -- the end of a hand: who won which pot, how much, the fee, the final stacks; until the next hand ----
  function drawSummary() {
    const box = $("summary"); box.replaceChildren();
    const r = state && state.status !== "open" ? state.result : null;
    box.hidden = !r;
    if (!r) return;
    box.appendChild(el("h2", "", interpolate(gettext("Hand #%(number)s: result"), { number: state.number }, true)));
    const lines = el("ul", "summary-pots");
    if (r.misdeal) lines.appendChild(el("li", "", gettext("Misdeal: every chip goes back to its player.")));
    r.pots.forEach((pot, i) => {
      const title = r.pots.length === 1 ? gettext("Pot") : i ? interpolate(gettext("Side pot %(number)s"), { number: i }, true) : gettext("Main pot");
      const line = el("li", "pot-won"); line.dataset.pot = i;
      line.appendChild(el("strong", "", title + " " + fmt(pot.amount)));
      line.append(": ");
      if (pot.carried) line.append(gettext("carried to the replay"));
      else line.append(pot.winners.map((seat, k) => interpolate(gettext("seat %(seat)s %(name)s wins %(amount)s"),
        { seat, name: names[seat] || "", amount: fmt(pot.shares[k]) }, true)).join(", "));
      line.append(" · " + interpolate(gettext("fee %(amount)s"), { amount: fmt(pot.fee) }, true));
      lines.appendChild(line);
    });
    (r.returned || []).forEach(([seat, chips]) => lines.appendChild(el("li", "returned",
      interpolate(gettext("%(amount)s not called, back to seat %(seat)s"), { amount: fmt(chips), seat }, true))));
    const fee = el("li", "fee-total", interpolate(gettext("Fee in all: %(amount)s"), { amount: fmt(r.fees) }, true));
    fee.dataset.amount = r.fees; lines.appendChild(fee);
    box.appendChild(lines);
    box.appendChild(finalStacks(r));
  }
  function finalStacks(r) {
    const table = el("table", "list final-stacks");
    const head = el("tr");
    [gettext("Seat"), gettext("Player"), gettext("Start"), gettext("Final stack"), gettext("Change")].forEach((t, i) =>
      head.appendChild(el("th", i > 1 ? "num" : "", t)));
    table.appendChild(el("thead")).appendChild(head);
    const body = table.appendChild(el("tbody"));
    state.seats.forEach((s) => {
      const final = r.final_stacks[String(s.seat)] ?? s.stack, change = final - s.start_stack;
      const row = el("tr"); row.dataset.seat = s.seat; row.dataset.final = final;
      row.append(el("td", "", String(s.seat)), el("td", "player", names[s.seat] || s.name || ""), el("td", "num", fmt(s.start_stack)),
        el("td", "num final", fmt(final)), el("td", "num" + (change > 0 ? " up" : change < 0 ? " down" : ""), (change > 0 ? "+" : "") + fmt(change)));
      body.appendChild(row);
    });
    return table;
  }

  function drawActions() {
    const box = $("actions"); box.replaceChildren();
    $("amount-panel").hidden = true;
    const note = $("no-raise"); note.hidden = true; note.textContent = "";
    if (!state || state.status !== "open") {
      box.appendChild(button(state ? gettext("Next hand") : gettext("Start hand"), "n", start));
      if (state) box.appendChild(logLink());
      return;
    }
    const next = state.next, legal = state.legal;
    if (next === "deal") box.appendChild(button(gettext("Deal"), "d", () => send({ type: "deal", holes: {} })));
    if (next === "action" && legal) actionButtons(box, legal);
    if (next === "board") box.appendChild(button(gettext("Deal board"), "b enter", () => {
      if (chosen.length !== state.board_due) { say(interpolate(gettext("Pick %(count)s card(s)"), { count: state.board_due }, true), true); return; }
      send({ type: "board", cards: chosen.join("") });
    }, "", "B ↵"));
    if (next === "draw") drawButtons(box);
    if (next === "showdown" || next === "board") showdownButtons(box);
    if (next === "tie") {
      box.appendChild(button(gettext("Agree split"), "s", () => send({ type: "agree_split" })));
      box.appendChild(button(gettext("Replay"), "r", () => send({ type: "replay" })));
    }
    if (state.can_undo) box.appendChild(button(gettext("Undo"), "u", () => send(null, true), "secondary"));
    if (state.can_misdeal) box.appendChild(button(gettext("Misdeal"), "", () => send({ type: "misdeal", reason: "called by the dealer" }), "secondary"));
  }
  function logLink() {
    const a = el("a", "", gettext("Hand log")); a.href = url(root.dataset.logUrl, state.hand_id); a.id = "log-link";
    return a;
  }
  // Club Poker: each card bought costs the ante, paid into the bank; a draw the stack cannot pay is not offered.
  function drawButtons(box) {
    const seat = state.to_act, held = state.seats.find((s) => s.seat === seat);
    box.appendChild(button(gettext("Stand pat"), "0", () => send({ type: "draw", seat, discards: "", cards: "" })));
    [1, 2, 3].forEach((k) => {
      const price = k * (state.card_price || 0);
      const label = price ? interpolate(gettext("Draw %(count)s · %(price)s"), { count: k, price: fmt(price) }, true)
                          : interpolate(gettext("Draw %(count)s"), { count: k }, true);
      const b = button(label, String(k), () => send({ type: "draw", seat, discards: "??".repeat(k), cards: "??".repeat(k) }));
      b.dataset.price = price;
      if (held && price > held.stack) { b.disabled = true; b.title = gettext("The stack cannot pay for these cards"); }
      box.appendChild(b);
    });
  }

  function noRaiseText(legal) {
    const seat = legal.seat;
    const words = {
      opponents_all_in: gettext("Seat %(seat)s may not bet or raise: every opponent is all-in."),
      call_takes_all: gettext("Seat %(seat)s may not raise: calling takes every chip."),
      not_reopened: gettext("Seat %(seat)s may not raise: the betting was not reopened by a full raise."),
      capped: gettext("Seat %(seat)s may not raise: the betting is capped."),
      drew: gettext("Seat %(seat)s bought cards: after a draw a player may only check, call or fold, not bet or raise (Club Poker rules)."),
    }[legal.no_raise_code];
    return words ? interpolate(words, { seat }, true) : legal.no_raise_reason;
  }
  function actionButtons(box, legal) {
    const seat = legal.seat;
    box.appendChild(button(gettext("Fold"), "f", () => send({ type: "action", seat, kind: "fold" }), "fold"));
    if (legal.can_check) box.appendChild(button(gettext("Check"), "c", () => send({ type: "action", seat, kind: "check" })));
    else box.appendChild(button(interpolate(gettext("Call %(amount)s"), { amount: fmt(legal.call_amount) }, true), "c", () => send({ type: "action", seat, kind: "call" })));
    if (legal.raise_kind) {
      // One button bets or raises to the amount it shows: the minimum at first, so the minimum is one click.
      const bet = legal.raise_kind === "bet";
      const raise = button("", bet ? "b r enter" : "r b enter", () => {
        const to = Number(amount || legal.min_to);
        if (to !== legal.all_in_to) remember(to);
        send({ type: "action", seat, kind: legal.raise_kind, amount: major(to) });
      }, "", (bet ? "B" : "R") + " ↵");
      raise.id = "raise"; box.appendChild(raise);
      box.appendChild(button(interpolate(gettext("All-in %(amount)s"), { amount: fmt(legal.max_to) }, true), "a", () => send({ type: "action", seat, kind: legal.raise_kind, amount: major(legal.max_to) })));
      amountPanel(legal);
    } else if (legal.no_raise_reason) {
      const note = $("no-raise"); note.textContent = noRaiseText(legal); note.dataset.code = legal.no_raise_code || ""; note.hidden = false;
    }
  }
  function remember(to) {
    lastSize = to;
    try { if (store) store.setItem(LAST, String(to)); } catch (e) { /* storage full or refused: kept for this page */ }
  }
  // Each preset proposes an amount (the server's, within the legal range) for the bet/raise button to confirm:
  // two clicks, or two keys. The last size used is offered only while it is legal; otherwise it says why not.
  function amountPanel(legal) {
    $("amount-panel").hidden = false;
    if (!amount) { amount = String(legal.min_to); fresh = true; }
    const presets = $("presets"); presets.replaceChildren();
    const p = legal.presets || {};
    [
      [interpolate(gettext("Min %(amount)s"), { amount: fmt(p.min) }, true), "m", p.min],
      [interpolate(gettext("½ pot %(amount)s"), { amount: fmt(p.half_pot) }, true), "h", p.half_pot],
      [interpolate(gettext("Pot %(amount)s"), { amount: fmt(p.pot) }, true), "p", p.pot],
    ].forEach(([label, key, value]) => presets.appendChild(button(label, key, () => propose(value))));
    if (lastSize) {
      const last = button(interpolate(gettext("Last %(amount)s"), { amount: fmt(lastSize) }, true), "l", () => propose(lastSize));
      last.id = "last-size"; last.dataset.amount = lastSize;
      if (lastSize < legal.min_to || lastSize > legal.max_to) {
        last.disabled = true;
        last.title = interpolate(gettext("Not legal now: from %(min)s to %(max)s"), { min: fmt(legal.min_to), max: fmt(legal.max_to) }, true);
      }
      presets.appendChild(last);
    }
    const pad = $("keypad"); pad.replaceChildren();
    ["1", "2", "3", "4", "5", "6", "7", "8", "9", "000", "0", "⌫"].forEach((k) => {
      const b = button(k, k === "⌫" ? "backspace" : k.length === 1 ? k : "", () => key(k));
      delete b.dataset.hint; b.dataset.pad = k;
      pad.appendChild(b);
    });
    showAmount();
  }
  $("clear-amount").addEventListener("click", () => { amount = ""; fresh = true; showAmount(); });
  function propose(value) { amount = String(value); fresh = true; showAmount(); focusRaise(); }
  // After a preset or a key of the keypad the bet/raise button has the focus, so Enter (or Space) confirms.
  function focusRaise() { const r = $("raise"); if (r) r.focus({ preventScroll: true }); }
  function showAmount() {
    const value = amount || String(state.legal.min_to);
    $("amount").textContent = fmt(value); $("amount").dataset.amount = value;
    $("amount").classList.toggle("fresh", fresh);
    const r = $("raise");
    if (r) r.textContent = interpolate(state.legal.raise_kind === "bet" ? gettext("Bet %(amount)s") : gettext("Raise to %(amount)s"), { amount: fmt(value) }, true);
  }
  function key(k) {
    if (fresh) { amount = ""; fresh = false; }
    if (k === "⌫") amount = amount.slice(0, -1); else amount = (amount + k).replace(/^0+/, "");
    if (!amount) fresh = true;  // all typed away: the minimum is proposed again
    showAmount(); focusRaise();
  }
  // Every seat still to decide may show now, in or out of the proposed order (case 58); the proposed next
  // comes first and alone takes the keys. Muck only where the engine takes it (asked, or beaten by a shown hand).
  // At the showdown Enter shows the seat whose cards are being picked, else the proposed next; during a run-out
  // it deals the board. Muck is X: K is a king while cards are typed.
  function showdownButtons(box) {
    const confirm = state.next === "showdown" ? (pickerFor || state.showdown_pending[0]) : null;
    state.showdown_pending.forEach((seat, k) => {
      const held = state.seats.find((s) => s.seat === seat);
      const size = state.game === "club_poker" ? 5 : 2;
      const keys = (k ? "" : "s") + (seat === confirm ? " enter" : "");
      box.appendChild(button(interpolate(gettext("Show %(seat)s"), { seat }, true), keys.trim(), () => {
        const known = held && held.cards.indexOf("?") < 0 ? held.cards : null;
        if (known) { send({ type: "show", seat, cards: known }); return; }
        if (chosen.length !== size) {
          pickerFor = seat; say(interpolate(gettext("Pick seat %(seat)s's %(count)s cards, then Show"), { seat, count: size }, true), true);
          drawActions(); drawPicker(); return;
        }
        send({ type: "show", seat, cards: chosen.join("") });
      }, "", [k ? "" : "S", seat === confirm ? "↵" : ""].filter(Boolean).join(" ")));
      if (state.may_muck.indexOf(seat) >= 0) box.appendChild(button(interpolate(gettext("Muck %(seat)s"), { seat }, true), k ? "" : "x", () => send({ type: "muck", seat }), "secondary"));
    });
  }

  function drawPicker() {
    const box = $("picker"); box.replaceChildren();
    const wanted = state && state.status === "open" && (state.next === "board" || state.next === "showdown");
    box.hidden = !wanted;
    if (!wanted) return;
    const used = new Set(cardsOf(state.used_cards));
    SUITS.split("").forEach((suit) => RANKS.split("").forEach((rank) => {
      const card = rank + suit;
      const b = button(card, "", () => {
        const i = chosen.indexOf(card);
        if (i >= 0) chosen.splice(i, 1); else chosen.push(card);
        b.classList.toggle("chosen", chosen.indexOf(card) >= 0);
      }, /[hd]/.test(suit) ? "red" : "");
      b.dataset.card = card;
      if (used.has(card)) b.disabled = true;
      if (chosen.indexOf(card) >= 0) b.classList.add("chosen");
      box.appendChild(b);
    }));
  }

  load(root.dataset.hand);
})();
