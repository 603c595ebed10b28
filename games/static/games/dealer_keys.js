// The dealer's screen with the keyboard alone: each key presses the button that names it in data-keys (dealer.js),
// so a key does exactly what the button does and offers nothing the screen does not. While the card picker is
// shown a card is typed as its rank then its suit (A s, T d, 9 c); digits type the amount on the keypad; Enter
// confirms (the bet or raise, the board, the show); Esc cancels (the amount typed, the cards picked).
// Keys are read as the letters of a Latin keyboard; on an Armenian or Lithuanian layout, where a key gives a
// letter of its own (or the number row gives letters), the key's place on the keyboard is read instead.
(function () {
  "use strict";
  const gettext = window.gettext || ((text) => text);
  const interpolate = window.interpolate || ((fmt, obj) => fmt.replace(/%\(\w+\)s/g, (m) => String(obj[m.slice(2, -2)])));
  const root = document.getElementById("dealer");
  if (!root) return;
  const RANKS = "akqjt98765432", SUITS = "shdc";
  let rank = "";  // the rank of a card being typed, waiting for its suit

  function keyName(e) {
    if (e.key.length === 1 && /[!-~]/.test(e.key)) return e.key.toLowerCase();
    const place = /^(?:Key([A-Z])|Digit(\d)|Numpad(\d))$/.exec(e.code || "");
    if (e.key.length === 1 && place) return (place[1] || place[2] || place[3]).toLowerCase();
    return e.key.toLowerCase();
  }
  const shown = (node) => !!node && node.getClientRects().length > 0;
  function press(selector) {
    const target = Array.from(root.querySelectorAll(selector)).find(shown);
    if (!target || target.disabled) return false;
    target.click();
    return true;
  }
  function typing(next) {
    rank = next;
    root.querySelectorAll("#picker button").forEach((b) => b.classList.toggle("typing", !!rank && b.dataset.card[0].toLowerCase() === rank));
  }
  function say(text) { const m = document.getElementById("message"); m.textContent = text; m.className = "error"; }

  function card(k) {
    if (!shown(document.getElementById("picker"))) return false;
    if (rank && SUITS.indexOf(k) >= 0) {
      const code = rank.toUpperCase() + k, target = root.querySelector('#picker button[data-card="' + code + '"]');
      typing("");
      if (target && target.disabled) say(interpolate(gettext("%(card)s is already dealt or shown"), { card: code }, true));
      else if (target) target.click();
      return true;
    }
    if (RANKS.indexOf(k) >= 0) { typing(k); return true; }
    typing("");
    return false;
  }

  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
    if (e.target && e.target.closest && e.target.closest("input, textarea, select, [contenteditable]")) return;
    const k = keyName(e);
    // A focused button or link takes Enter and Space itself (the raise button has the focus after a preset).
    if ((k === "enter" || k === " ") && e.target.closest && e.target.closest("button, a")) return;
    let done = card(k);
    if (!done && k === "escape") {
      root.querySelectorAll("#picker button.chosen").forEach((b) => b.click());
      press('button[data-keys~="escape"]');
      done = true;
    }
    if (!done && /^[a-z0-9]$|^enter$|^backspace$/.test(k)) done = press('button[data-keys~="' + k + '"]');
    if (done) e.preventDefault();
  });
})();
