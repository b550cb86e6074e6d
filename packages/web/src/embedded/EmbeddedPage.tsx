/** /embedded/{uuid}: a dashboard alone for an iframe. OWNER: embedded web helper. */
export function EmbeddedPage() {
  return null;
}
