import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref holding the latest `value`, for callbacks that effects and event handlers call without
 * re-running when the caller passes a new function on each render. Written after each render
 * (a layout effect: before the browser paints and any event runs), never during it.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
