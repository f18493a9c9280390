import { KeyboardSensor, PointerSensor, useSensor, useSensors, type ScreenReaderInstructions } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What every drag-and-drop list shares (channels, categories, team icons): a mouse or touch drag starts
 * after 6 px (a click still opens the link), and the keyboard picks the focused item up with Space
 * (Enter keeps opening a link), moves it with the arrows, drops it with Space or Enter and cancels with Escape.
 */
const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter', 'Tab'] };

export function useSortSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, keyboardCodes: KEYBOARD_CODES }),
  );
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
