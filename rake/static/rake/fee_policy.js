// The fee policy form shows only the fieldset of the kind picked (percentage or hourly).
(function () {
  "use strict";
  const form = document.getElementById("fee-policy-form");
  if (!form) return;
  const kind = form.querySelector("[name=kind]");
  function show() {
    form.querySelectorAll("fieldset[data-kind]").forEach((set) => { set.hidden = set.dataset.kind !== kind.value; });
  }
  kind.addEventListener("change", show);
  show();
})();
