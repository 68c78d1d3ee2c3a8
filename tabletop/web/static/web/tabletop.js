// The pages' few behaviours beyond htmx. They live here, not in on* attributes, because the
// Content-Security-Policy runs no inline script. Listeners sit on the document, so they keep
// working on controls that htmx swaps in.

// A slider that goes where it is let go (the history's move slider): its <output> follows
// while dragging, and letting go submits the form.
document.addEventListener("input", (event) => {
  const slider = event.target;
  if (!(slider instanceof HTMLInputElement) || !slider.hasAttribute("data-submit-on-change")) {
    return;
  }
  const output = slider.nextElementSibling;
  if (output instanceof HTMLOutputElement) {
    output.value = slider.value;
  }
});

document.addEventListener("change", (event) => {
  const slider = event.target;
  if (slider instanceof HTMLInputElement && slider.hasAttribute("data-submit-on-change")) {
    slider.form.requestSubmit();
  }
});
