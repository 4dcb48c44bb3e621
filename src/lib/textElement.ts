// Leaflet sets a string tooltip, popup or icon as innerHTML (issue 34 finding 3): every text of a user
// (names of feature areas, projects, types) reaches Leaflet as an element whose textContent it is.

/** A span showing `text` as text, never as HTML. */
export function textElement(text: string): HTMLElement {
  const span = document.createElement('span');
  span.textContent = text;
  return span;
}
