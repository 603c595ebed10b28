// Behaviour the pages ask for with data- attributes: the Content Security Policy runs no inline
// script and no onclick=/onchange= handler. Listening on the document also covers htmx swaps.
(function () {
  "use strict";
  // <select data-submit-on-change>: the language switch submits its form as soon as a language is picked.
  document.addEventListener("change", (event) => {
    const field = event.target;
    if (field instanceof HTMLSelectElement && field.form && field.hasAttribute("data-submit-on-change")) field.form.submit();
  });
  // <button data-print>: receipts, shift reports, fee reports and table signs print the page.
  document.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("[data-print]")) window.print();
  });
})();
