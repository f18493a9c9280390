import { useEffect, useRef, useState, type DragEvent } from 'react';

function carriesFiles(e: DragEvent): boolean {
  return Array.from(e.dataTransfer.types).includes('Files');
}

/**
 * Dropping files on an area (the chat): `dragging` while files are dragged over it (for the
 * overlay), `onFiles` with what was dropped. Drags of anything else (text, links) pass through.
 * Off when `enabled` is false (a chat without a composer).
 */
export function useFileDrop(enabled: boolean, onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when the pointer left the area.
  const depth = useRef(0);
  const stop = () => {
    depth.current = 0;
    setDragging(false);
  };
  if (!enabled) return { dragging: false, handlers: {} };
  return {
    dragging,
    handlers: {
      onDragEnter: (e: DragEvent) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        depth.current += 1;
        setDragging(true);
      },
      onDragOver: (e: DragEvent) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave: (e: DragEvent) => {
        if (!carriesFiles(e)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      },
      onDrop: (e: DragEvent) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        stop();
        const files = Array.from(e.dataTransfer.files);
        if (files.length) onFiles(files);
      },
    },
  };
}

/**
 * Files dropped anywhere else in the signed-in app are ignored, instead of the browser leaving
 * Rally to open them (an area that takes files, useFileDrop, handles its own drops first).
 */
export function useIgnoreStrayFileDrops(): void {
  useEffect(() => {
    const ignore = (e: globalThis.DragEvent) => {
      if (e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files')) e.preventDefault();
    };
    window.addEventListener('dragover', ignore);
    window.addEventListener('drop', ignore);
    return () => {
      window.removeEventListener('dragover', ignore);
      window.removeEventListener('drop', ignore);
    };
  }, []);
}
