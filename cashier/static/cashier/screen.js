// The cashier's screen (templates/cashier/index.html): choosing a player found by the search fills the
// registry number of both the sale and the redemption forms. The Content Security Policy runs no inline
// script, so the result buttons only carry data- attributes and this file listens on the document.
(function () {
  "use strict";
  function choose(id, name) {
    for (const fieldId of ["sale-player", "redeem-player"]) {
      const field = document.getElementById(fieldId);
      if (!(field instanceof HTMLInputElement)) continue;
      field.value = id;
      // The sale's player field asks the server for the large-cash warning on input (htmx).
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
    const chosen = document.getElementById("player-chosen");
    if (chosen) chosen.textContent = name + " · " + (chosen.getAttribute("data-number") || "") + " " + id;
    const amount = document.getElementById("sale-amount");
    if (amount instanceof HTMLInputElement) amount.focus();
  }
  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("[data-pick-player]") : null;
    if (button) choose(button.getAttribute("data-pick-player") || "", button.getAttribute("data-player-name") || "");
  });
  // A number typed by hand replaces the chosen name: the field, not the label, is what is sent.
  document.addEventListener("input", (event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement) || !event.isTrusted) return;
    if (field.id !== "sale-player" && field.id !== "redeem-player") return;
    const chosen = document.getElementById("player-chosen");
    if (!chosen) return;
    const number = (chosen.getAttribute("data-number") || "") + " " + field.value;
    chosen.textContent = field.value ? number : chosen.getAttribute("data-none") || "";
  });
})();
