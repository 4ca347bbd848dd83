/**
 * The lender form's live preview (issue 16, decision 0142): as the admin
 * types, the form goes to its own address as "Preview the offer cards"
 * sends it, and the page that comes back gives its preview (the borrower's
 * OfferCard, rendered by the server in every language) and its problems,
 * which replace those of this page. The form's fields are never replaced,
 * so focus, caret and what is typed stay. Without this script the preview
 * button does the same with a page load. Built alone (rollup.config.mjs),
 * served at /admin/lenders/preview.js under the form's CSP only.
 */

const WAIT_MS = 400;

const isFieldError = (element: Element) => element.classList.contains("field-error");

/** An element's children other than field errors: the form's shape, the same with or without them. */
const shapeOf = (parent: Element) => [...parent.children].filter((child) => !isFieldError(child));

/** Where an element sits in `root`, counting no field error: its index at each level down. */
function placeOf(element: Element, root: Element): number[] {
  const place: number[] = [];
  for (let node = element; node !== root && node.parentElement; node = node.parentElement) {
    const siblings = [...node.parentElement.children];
    place.unshift(siblings.slice(0, siblings.indexOf(node)).filter((s) => !isFieldError(s)).length);
  }
  return place;
}

/** The field errors and the fields' invalid state of `next` (the server's form) on `form`. */
function copyFieldErrors(form: HTMLFormElement, next: HTMLFormElement) {
  for (const old of form.querySelectorAll(".field-error")) old.remove();
  for (const error of next.querySelectorAll(".field-error")) {
    const place = placeOf(error, next);
    let parent: Element | undefined = form;
    for (const index of place.slice(0, -1)) parent = parent && shapeOf(parent)[index];
    if (!parent) continue;
    parent.insertBefore(
      document.importNode(error, true),
      shapeOf(parent)[place.at(-1) ?? 0] ?? null,
    );
  }
  for (const field of form.querySelectorAll("input, select, textarea")) {
    const twin = field.id ? next.querySelector(`#${CSS.escape(field.id)}`) : null;
    for (const name of ["aria-invalid", "aria-describedby"]) {
      const value = twin?.getAttribute(name);
      if (value) field.setAttribute(name, value);
      else field.removeAttribute(name);
    }
  }
}

/** Replaces the children of `id`'s box with those of the same box in `page`. */
function copyBox(page: Document, id: string) {
  const box = document.getElementById(id);
  const next = page.getElementById(id);
  if (box && next)
    box.replaceChildren(...[...next.childNodes].map((n) => document.importNode(n, true)));
}

function start() {
  const form = document.querySelector<HTMLFormElement>("form[data-live-preview]");
  const status = document.getElementById("lender-live-status");
  if (!form || !status) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending = false;
  let changedMeanwhile = false;

  const say = (text: string | undefined) => {
    // The same words again are still news: make the text differ so that it is read.
    status.textContent = text === status.textContent ? `${text}\u00a0` : (text ?? "");
  };

  const send = async () => {
    if (sending) {
      changedMeanwhile = true;
      return;
    }
    sending = true;
    const body = new FormData(form);
    // The preview does not read the logo: it stays in the browser until Save.
    body.delete("logo");
    body.set("intent", "preview");
    try {
      // A signed-out member is sent to sign in: that redirect is a failure, not a page to read.
      const res = await fetch(form.action, { method: "POST", body, redirect: "manual" });
      const page = new DOMParser().parseFromString(await res.text(), "text/html");
      const next = page.querySelector<HTMLFormElement>("form[data-live-preview]");
      if (!next || (res.status !== 200 && res.status !== 400)) throw new Error(`${res.status}`);
      const problems = page.querySelectorAll("#lender-problems li").length;
      copyBox(page, "lender-problems");
      // Announced once, politely, by the status below: not by an alert at every pause in typing.
      document.querySelector("#lender-problems [role=alert]")?.removeAttribute("role");
      copyFieldErrors(form, next);
      // With problems there is no preview: the last one stays, and the status says so.
      if (problems === 0) copyBox(page, "lender-preview");
      const { updated, problem, problems: many } = status.dataset;
      say(
        problems === 0
          ? updated
          : problems === 1
            ? problem
            : many?.replace("{count}", String(problems)),
      );
    } catch {
      say(status.dataset.failed);
    } finally {
      sending = false;
      if (changedMeanwhile) {
        changedMeanwhile = false;
        void send();
      }
    }
  };

  // "input" comes of typing and of choosing alike (selects, boxes, radios); "change" would
  // come again as a text field loses focus, for nothing new.
  form.addEventListener("input", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === "file") return;
    clearTimeout(timer);
    timer = setTimeout(() => void send(), WAIT_MS);
  });
}

start();
