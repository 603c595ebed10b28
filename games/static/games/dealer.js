// The dealer's screen: draws the hand from the API's state and offers only what the engine allows.
// Every event is posted with the hand's sequence and a fresh client event id (crypto.randomUUID);
// the response's state redraws the screen, a 409 reloads it. Plain JS, no build step.
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
  let state = null, names = {}, amount = "", chosen = [], pickerFor = null, busy = false;

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
  function button(label, key, onClick, cls) {
    const b = document.createElement("button");
    b.type = "button"; b.textContent = label; b.dataset.key = key || ""; if (cls) b.className = cls;
    b.addEventListener("click", onClick);
    return b;
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
    state = data; amount = ""; chosen = []; pickerFor = null;
    root.dataset.hand = data.hand_id; draw();
  }

  async function start() {
    if (busy) return; busy = true;
    const { status, data } = await call("POST", root.dataset.startUrl, { table_id: Number(root.dataset.table) });
    busy = false;
    if (status === 201) { learnNames(data); setState(data); say(interpolate(gettext("Hand #%(number)s started"), { number: data.number }, true)); }
    else say(data && data.error ? data.error.message : gettext("Refused"), true);
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
  const fmt = (n) => Number(n).toLocaleString("en-US");
  function draw() {
    drawSeats(); drawCenter(); drawActions(); drawPicker();
    $("hand-label").textContent = state ? "· " + (state.status !== "open"
      ? interpolate(gettext("Hand #%(number)s (%(status)s)"), { number: state.number, status: state.status }, true)
      : interpolate(gettext("Hand #%(number)s"), { number: state.number }, true)) : "";
  }
  function place(el, seat) {
    const angle = Math.PI / 2 + (2 * Math.PI * (seat - 1)) / state.seat_count;
    // Seat cards hang below their anchor, so the oval's lower half is squeezed to keep them on the felt.
    el.style.left = 50 + 42 * Math.cos(angle) + "%"; el.style.top = 42 + (Math.sin(angle) > 0 ? 30 : 36) * Math.sin(angle) + "%";
  }
  // Seat labels carry players' names as typed by the floor: built as text nodes, never parsed as HTML.
  function div(className, text) {
    const el = document.createElement("div");
    el.className = className; el.textContent = text;
    return el;
  }
  function seatName(s) { return div("name", s.seat + " · " + (names[s.seat] || s.name || "")); }
  function drawSeats() {
    const box = $("seats"); box.replaceChildren();
    if (!state) return;
    // Players seated but not dealt in: the dealer deals past them (away, or waiting for the big blind).
    (state.sitting_out || []).forEach((s) => {
      const el = document.createElement("div");
      el.className = "seat sitting-out"; el.id = "seat-" + s.seat; el.dataset.seat = s.seat;
      place(el, s.seat);
      el.append(seatName(s), div("stack", fmt(s.stack)), div("bet", gettext("sitting out")));
      box.appendChild(el);
    });
    state.seats.forEach((s) => {
      const el = document.createElement("div");
      el.className = "seat" + (state.to_act === s.seat ? " to-act" : "") + (s.folded ? " folded" : "");
      el.id = "seat-" + s.seat; el.dataset.seat = s.seat;
      place(el, s.seat);
      const name = seatName(s);
      if (s.seat === state.button) {
        const chip = document.createElement("span");
        chip.className = "dealer-button"; chip.title = gettext("button"); chip.textContent = "D";
        name.append(" ", chip);
      }
      el.append(name, div("stack", fmt(s.stack) + (s.all_in ? " " + gettext("all-in") : "")), div("bet", s.bet ? fmt(s.bet) : ""));
      const cards = document.createElement("div");
      cardsOf(s.cards).forEach((c) => cards.appendChild(face(c)));
      el.appendChild(cards);
      box.appendChild(el);
    });
  }
  function drawCenter() {
    const board = $("board"); board.replaceChildren();
    if (!state) { $("pots").textContent = ""; $("prompt").textContent = gettext("No hand open"); return; }
    cardsOf(state.board).forEach((c) => board.appendChild(face(c)));
    // A "pot" only one seat can win is an uncalled bet on its way back, not a side pot.
    const contested = state.pots.filter((p) => p.eligible.length > 1);
    const split = contested.length > 1 ? " (" + contested.map((p, i) =>
      interpolate(i ? gettext("side %(amount)s") : gettext("main %(amount)s"), { amount: fmt(p.amount) }, true)).join(" · ") + ")" : "";
    $("pots").textContent = interpolate(gettext("Pot %(amount)s"), { amount: fmt(state.pot_total) }, true) + split;
    $("pots").dataset.total = state.pot_total;
    const prompts = {
      deal: gettext("Deal the cards"),
      action: interpolate(gettext("Seat %(seat)s to act"), { seat: state.to_act }, true),
      board: [gettext("Deal the flop"), gettext("Deal the turn"), gettext("Deal the river")][Math.min(state.board.length / 2 - 2 < 0 ? 0 : state.board.length / 2 - 2, 2)],
      draw: interpolate(gettext("Seat %(seat)s draws"), { seat: state.to_act }, true),
      showdown: gettext("Showdown"),
      tie: interpolate(gettext("Tie between seats %(seats)s"), { seats: state.tied_seats.join(", ") }, true),
      none: state.result ? interpolate(gettext("Fee %(fees)s"), { fees: state.result.fees }, true) : "",
    };
    // All in before the river: the hands are tabled during the run-out, before the remaining board (R17).
    const tabling = state.next === "board" && state.showdown_pending.length ? " · " + gettext("Showdown") : "";
    $("prompt").textContent = (prompts[state.next] || "") + tabling;
  }

  function drawActions() {
    const box = $("actions"); box.replaceChildren();
    $("amount-panel").hidden = true;
    if (!state || state.status !== "open") {
      box.appendChild(button(state ? gettext("Next hand") : gettext("Start hand"), "n", start));
      if (state) box.appendChild(logLink());
      return;
    }
    const next = state.next, legal = state.legal;
    if (next === "deal") box.appendChild(button(gettext("Deal"), "d", () => send({ type: "deal", holes: {} })));
    if (next === "action" && legal) actionButtons(box, legal);
    if (next === "board") box.appendChild(button(gettext("Deal board"), "b", () => {
      if (chosen.length !== state.board_due) { say(interpolate(gettext("Pick %(count)s card(s)"), { count: state.board_due }, true), true); return; }
      send({ type: "board", cards: chosen.join("") });
    }));
    if (next === "draw") {
      const seat = state.to_act;
      box.appendChild(button(gettext("Stand pat"), "0", () => send({ type: "draw", seat, discards: "", cards: "" })));
      [1, 2, 3].forEach((k) => box.appendChild(button(interpolate(gettext("Draw %(count)s"), { count: k }, true), String(k), () =>
        send({ type: "draw", seat, discards: "??".repeat(k), cards: "??".repeat(k) }))));
    }
    if (next === "showdown" || next === "board") showdownButtons(box);
    if (next === "tie") {
      box.appendChild(button(gettext("Agree split"), "s", () => send({ type: "agree_split" })));
      box.appendChild(button(gettext("Replay"), "r", () => send({ type: "replay" })));
    }
    if (state.can_undo) box.appendChild(button(gettext("Undo"), "u", () => send(null, true), "secondary"));
    if (state.can_misdeal) box.appendChild(button(gettext("Misdeal"), "", () => send({ type: "misdeal", reason: "called by the dealer" }), "secondary"));
  }
  function logLink() {
    const a = document.createElement("a"); a.href = url(root.dataset.logUrl, state.hand_id); a.textContent = gettext("Hand log"); a.id = "log-link";
    return a;
  }

  function actionButtons(box, legal) {
    const seat = legal.seat;
    box.appendChild(button(gettext("Fold"), "f", () => send({ type: "action", seat, kind: "fold" }), "fold"));
    if (legal.can_check) box.appendChild(button(gettext("Check"), "c", () => send({ type: "action", seat, kind: "check" })));
    else box.appendChild(button(interpolate(gettext("Call %(amount)s"), { amount: legal.call_amount }, true), "c", () => send({ type: "action", seat, kind: "call" })));
    if (legal.raise_kind) {
      const word = legal.raise_kind === "bet" ? gettext("Bet") : gettext("Raise to");
      const go = () => {
        const to = Number(amount || legal.min_to);
        send({ type: "action", seat, kind: legal.raise_kind, amount: to });
      };
      const raise = button(word, "r", go); raise.id = "raise"; box.appendChild(raise);
      box.appendChild(button(interpolate(gettext("All-in %(amount)s"), { amount: legal.max_to }, true), "a", () => send({ type: "action", seat, kind: legal.raise_kind, amount: legal.max_to })));
      amountPanel(legal);
    } else if (legal.no_raise_reason) {
      const note = document.createElement("small"); note.textContent = legal.no_raise_reason; box.appendChild(note);
    }
  }
  function amountPanel(legal) {
    $("amount-panel").hidden = false;
    amount = amount || String(legal.min_to);
    $("amount").textContent = amount;
    const presets = $("presets"); presets.replaceChildren();
    const p = legal.presets || {};
    [
      [interpolate(gettext("Min %(amount)s"), { amount: p.min }, true), "m", p.min],
      [interpolate(gettext("½ pot %(amount)s"), { amount: p.half_pot }, true), "h", p.half_pot],
      [interpolate(gettext("Pot %(amount)s"), { amount: p.pot }, true), "p", p.pot],
    ].forEach(([label, key, value]) =>
      presets.appendChild(button(label, key, () => { amount = String(value); $("amount").textContent = amount; })));
    const pad = $("keypad"); pad.replaceChildren();
    ["1", "2", "3", "4", "5", "6", "7", "8", "9", "C", "0", "⌫"].forEach((k) => pad.appendChild(button(k, "", () => key(k))));
  }
  function key(k) {
    if (k === "C") amount = ""; else if (k === "⌫") amount = amount.slice(0, -1); else amount = (amount === "0" ? "" : amount) + k;
    $("amount").textContent = amount || "0";
  }
  // Every seat still to decide may show now, in or out of the proposed order (case 58); the proposed next
  // comes first and alone takes the keys. Muck only where the engine takes it (asked, or beaten by a shown hand).
  function showdownButtons(box) {
    state.showdown_pending.forEach((seat, k) => {
      const held = state.seats.find((s) => s.seat === seat);
      const size = state.game === "club_poker" ? 5 : 2;
      box.appendChild(button(interpolate(gettext("Show %(seat)s"), { seat }, true), k ? "" : "s", () => {
        const known = held && held.cards.indexOf("?") < 0 ? held.cards : null;
        if (known) { send({ type: "show", seat, cards: known }); return; }
        if (chosen.length !== size) { pickerFor = seat; say(interpolate(gettext("Pick seat %(seat)s's %(count)s cards, then Show"), { seat, count: size }, true), true); drawPicker(); return; }
        send({ type: "show", seat, cards: chosen.join("") });
      }));
      if (state.may_muck.indexOf(seat) >= 0) box.appendChild(button(interpolate(gettext("Muck %(seat)s"), { seat }, true), k ? "" : "k", () => send({ type: "muck", seat }), "secondary"));
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

  document.addEventListener("keydown", (e) => {
    if (e.target && /INPUT|TEXTAREA|SELECT/.test(e.target.tagName)) return;
    if (/^[0-9]$/.test(e.key) && !$("amount-panel").hidden) { key(e.key); e.preventDefault(); return; }
    if (e.key === "Backspace" && !$("amount-panel").hidden) { key("⌫"); e.preventDefault(); return; }
    if (e.key === "Enter" && $("raise")) { $("raise").click(); e.preventDefault(); return; }
    // Escaped: a key such as " would otherwise break the selector and throw.
    const k = CSS.escape(e.key);
    const target = document.querySelector('#actions button[data-key="' + k + '"], #presets button[data-key="' + k + '"]');
    if (target && !target.disabled) { target.click(); e.preventDefault(); }
  });

  load(root.dataset.hand);
})();
