/**
 * The image cropper's maths (pure, tested without a DOM). A crop is the centre of the visible part
 * in the source image's pixels and a zoom: at zoom 1 the frame is covered by the image (the largest
 * rectangle of the frame's aspect that fits the image); zooming in shows less of it. Everything is
 * independent of the frame's size on screen, so the same crop draws on any screen and in the canvas.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Crop {
  /** Centre of the visible part, in source pixels. */
  cx: number;
  cy: number;
  zoom: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** The part of the image that the frame shows at this zoom (source pixels), of the frame's aspect (width / height). */
export function visibleSize(image: Size, aspect: number, zoom: number): Size {
  const width = Math.min(image.width, image.height * aspect) / zoom;
  return { width, height: width / aspect };
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** The crop kept inside the image (the frame never shows beyond its edges) and the zoom in range. */
export function clampCrop(crop: Crop, image: Size, aspect: number): Crop {
  const zoom = clamp(crop.zoom, MIN_ZOOM, MAX_ZOOM);
  const v = visibleSize(image, aspect, zoom);
  return {
    zoom,
    cx: clamp(crop.cx, v.width / 2, image.width - v.width / 2),
    cy: clamp(crop.cy, v.height / 2, image.height - v.height / 2),
  };
}

/** The starting crop: centred, zoom 1 (the whole width or height of the image). */
export function initialCrop(image: Size): Crop {
  return { cx: image.width / 2, cy: image.height / 2, zoom: MIN_ZOOM };
}

/**
 * Move the image by (dx, dy) screen pixels in a frame `frameWidth` pixels wide: dragging the image
 * right shows more of its left side.
 */
export function panBy(crop: Crop, dx: number, dy: number, frameWidth: number, image: Size, aspect: number): Crop {
  const perPixel = visibleSize(image, aspect, crop.zoom).width / frameWidth;
  return clampCrop({ ...crop, cx: crop.cx - dx * perPixel, cy: crop.cy - dy * perPixel }, image, aspect);
}

/** Change the zoom around the centre of the frame. */
export function zoomTo(crop: Crop, zoom: number, image: Size, aspect: number): Crop {
  return clampCrop({ ...crop, zoom }, image, aspect);
}

/** The source rectangle to draw into the output canvas. */
export function cropRect(crop: Crop, image: Size, aspect: number): Rect {
  const v = visibleSize(image, aspect, crop.zoom);
  return { x: crop.cx - v.width / 2, y: crop.cy - v.height / 2, width: v.width, height: v.height };
}

/**
 * Where the image sits in the frame, in percent of the frame (CSS `left`/`top`/`width` of an
 * absolutely placed <img>; `left` and `width` percentages are of the frame's width, `top` of its height).
 */
export function imagePlacement(crop: Crop, image: Size, aspect: number): { left: number; top: number; width: number } {
  const v = visibleSize(image, aspect, crop.zoom);
  return {
    width: (image.width / v.width) * 100,
    left: (0.5 - crop.cx / v.width) * 100,
    top: (0.5 - crop.cy / v.height) * 100,
  };
}
