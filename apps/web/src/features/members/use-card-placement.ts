import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';

const CARD_WIDTH = 300;
const GAP = 12;
const MARGIN = 8;

/** Where the popover goes: beside the anchor (left of it when there is room, else right), kept in the window. */
function popoverPosition(anchor: DOMRect, height: number): CSSProperties {
  const { innerWidth: w, innerHeight: h } = window;
  let left = anchor.left - CARD_WIDTH - GAP;
  if (left < MARGIN) left = Math.min(anchor.right + GAP, w - CARD_WIDTH - MARGIN);
  const top = Math.max(MARGIN, Math.min(anchor.top, h - height - MARGIN));
  return { left: Math.max(MARGIN, left), top };
}

/**
 * The profile card's placement and dismissal: focus moves into the card and back to the anchor when
 * it closes (unless the user moved on); Escape, or a pointer down outside card and anchor, closes
 * it; as a popover it sits beside the anchor and follows its own size and the window's. When the
 * anchor leaves the page (a role given on the card moves the member to another group of the list,
 * whose row is then drawn anew), the card stays beside the place the anchor last had.
 */
export function useCardPlacement(card: RefObject<HTMLElement | null>, anchor: HTMLElement, onClose: () => void, drawer: boolean, shown: boolean) {
  const [position, setPosition] = useState<CSSProperties>({ left: -9999, top: 0 });
  const lastAnchorRect = useRef<DOMRect | null>(null);

  useEffect(() => {
    if (!shown) return;
    const el = card.current;
    el?.focus();
    return () => {
      // Unless the user moved on to something else (a click on another control, Tab out of the card).
      const active = document.activeElement;
      if ((!active || active === document.body || el?.contains(active)) && document.contains(anchor)) anchor.focus();
    };
  }, [card, anchor, shown]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) {
        e.preventDefault();
        onClose();
      }
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!card.current?.contains(target) && !anchor.contains(target)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, [card, anchor, onClose]);

  useLayoutEffect(() => {
    if (drawer || !shown) return;
    const place = () => {
      // A detached element measures 0×0 at the window's corner: keep the last place it had.
      if (anchor.isConnected) lastAnchorRect.current = anchor.getBoundingClientRect();
      if (lastAnchorRect.current) setPosition(popoverPosition(lastAnchorRect.current, card.current?.offsetHeight ?? 0));
    };
    place();
    const observer = new ResizeObserver(place);
    if (card.current) observer.observe(card.current);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
    };
  }, [card, anchor, drawer, shown]);

  return position;
}
