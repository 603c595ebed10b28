// The floor's pages: live regions that do not wipe a form being filled in, the player picker, and a
// confirmation named by the option chosen. Static file: the Content Security Policy runs no inline script.
(function () {
  "use strict";

  const FIELDS = "input, select, textarea";

  // A control holds something the user typed or chose: it differs from what the server rendered.
  function changed(field) {
    if (field instanceof HTMLInputElement) {
      if (field.type === "hidden" || field.type === "submit" || field.type === "button") return false;
      if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
      return field.value !== field.defaultValue;
    }
    if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue;
    if (field instanceof HTMLSelectElement) {
      return Array.from(field.options).some((option) => option.selected !== option.defaultSelected);
    }
    return false;
  }

  // <div data-live hx-trigger="every 10s">: a refresh would replace the forms inside it. It waits while
  // one of its fields has the focus or unsent input, or a refused form (data-dirty) is shown again.
  function busy(region) {
    const active = document.activeElement;
    if (active instanceof Element && region.contains(active) && active.matches(FIELDS)) return true;
    if (region.querySelector("form[data-dirty]")) return true;
    return Array.from(region.querySelectorAll(FIELDS)).some(changed);
  }

  document.addEventListener("htmx:beforeRequest", (event) => {
    const region = event.detail && event.detail.elt;
    if (!(region instanceof Element) || !region.hasAttribute("data-live")) return;
    if (!busy(region)) return;
    event.preventDefault();
    paused(region);
  });

  // A refresh sent while the region was idle may come back after the user started typing: it is
  // dropped then, as if it had waited, and the next one is asked for when the form is done.
  document.addEventListener("htmx:beforeSwap", (event) => {
    const region = event.detail && event.detail.elt;
    if (!(region instanceof Element) || !region.hasAttribute("data-live")) return;
    if (!busy(region)) return;
    event.detail.shouldSwap = false;
    paused(region);
  });

  function paused(region) {
    const note = region.querySelector("[data-live-paused]");
    if (note) note.hidden = false;
  }

  // A sent form is no longer waiting to be kept.
  document.addEventListener("submit", (event) => {
    if (event.defaultPrevented || !(event.target instanceof HTMLFormElement)) return;
    event.target.removeAttribute("data-dirty");
  });

  // The picker's search box: Enter searches (htmx's "search" trigger) instead of sending the form.
  document.addEventListener("keydown", (event) => {
    const field = event.target;
    if (event.key === "Enter" && field instanceof HTMLInputElement && field.hasAttribute("data-player-search")) {
      event.preventDefault();
    }
  });

  // <form data-confirm-option>: the chosen <option data-confirm="..."> asks first (a dealer dealing at
  // another table, who leaves it without a dealer).
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-confirm-option")) return;
    const chosen = form.querySelector("select option:checked");
    const message = chosen ? chosen.getAttribute("data-confirm") : null;
    if (message && !window.confirm(message)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
})();
