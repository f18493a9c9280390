import { KeyboardSensor, MouseSensor, TouchSensor, useSensor, useSensors, type Modifier, type ScreenReaderInstructions } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What every drag-and-drop list shares (channels, categories, team icons): a mouse drag starts after
 * 6 px (a click still opens the link), a touch drag after holding the finger still for a quarter of a
 * second (a swipe still scrolls the list), and the keyboard picks the focused item up with Space
 * (Enter keeps opening a link), moves it with the arrows, drops it with Space or Enter and cancels with Escape.
 */
const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter', 'Tab'] };

export function useSortSensors() {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, keyboardCodes: KEYBOARD_CODES }),
  );
}

/** The lists are vertical: what is dragged moves up and down only. */
export const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * Whether a drag's "over" event says something new: not while the item is still over its own place
 * just after it was picked up (that would talk over "picked up"). Call with the active id at the start.
 */
export function newPlaceTracker() {
  let last: string | null = null;
  return {
    start: (activeId: string | number) => {
      last = String(activeId);
    },
    moved: (overId: string | number) => {
      const changed = String(overId) !== last;
      last = String(overId);
      return changed;
    },
  };
}

/** The instructions a screen reader reads on a draggable item, translated. */
export function useDragInstructions(): ScreenReaderInstructions {
  const { t } = useTranslation('reorder');
  return useMemo(() => ({ draggable: t('instructions') }), [t]);
}

/**
 * After a mouse drag the browser still sends a click to the link under the pointer; dnd-kit stops its
 * propagation, so the router never sees it and the browser would follow the link itself. Called when a
 * drag ends, this cancels that one click.
 */
export function swallowClickAfterDrag(): void {
  const cancel = (e: MouseEvent) => e.preventDefault();
  window.addEventListener('click', cancel, true);
  setTimeout(() => window.removeEventListener('click', cancel, true), 0);
}
