// Shows the widget's events as a partner would receive them. Kept in a file
// (not inline) so the strict-CSP page can use it too.
const log = document.getElementById("events-log");
for (const name of ["loan-change", "loan-eligibility", "loan-offer-select", "loan-apply"]) {
  document.addEventListener(name, (event) => {
    if (!log) return;
    const line = document.createElement("li");
    line.textContent = `${name} ${JSON.stringify(event.detail)}`;
    line.dataset.event = name;
    log.append(line);
  });
}
