/** How long a message jumped to stays highlighted (spec 001 §9: reply highlight 2 s). */
export const HIGHLIGHT_MS = 2000;

/** The element id of a message in the chat view. */
export const messageElementId = (messageId: string) => `message-${messageId}`;

/**
 * Scroll a loaded message into view, focus it and highlight it for HIGHLIGHT_MS (its
 * `data-highlight` attribute); false when the message is not in the page.
 */
export function jumpToMessage(messageId: string): boolean {
  const el = document.getElementById(messageElementId(messageId));
  if (!el) return false;
  el.scrollIntoView({ block: 'center' });
  el.focus({ preventScroll: true });
  el.dataset.highlight = 'true';
  window.setTimeout(() => {
    delete el.dataset.highlight;
  }, HIGHLIGHT_MS);
  return true;
}
