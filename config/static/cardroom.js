// Behaviour the pages ask for with data- attributes: the Content Security Policy runs no inline
// script and no onclick=/onchange= handler. Listening on the document also covers htmx swaps.
(function () {
  "use strict";
  // <select data-submit-on-change>: the language switch submits its form as soon as a language is picked.
  document.addEventListener("change", (event) => {
    const field = event.target;
    if (field instanceof HTMLSelectElement && field.form && field.hasAttribute("data-submit-on-change")) field.form.submit();
  });
  // <form data-confirm="...">: an irreversible action (expel, close a table, close a drawer or a gaming
  // day, void a hand...) asks before it is sent; the message names what will happen.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
    const message = submitter?.getAttribute("data-confirm") || form.getAttribute("data-confirm");
    if (message && !window.confirm(message)) event.preventDefault();
  }, true);
  // <button data-print>: receipts, shift reports, fee reports and table signs print the page.
  document.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("[data-print]")) window.print();
  });
})();
