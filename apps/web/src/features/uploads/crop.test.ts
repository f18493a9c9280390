import { describe, expect, it } from 'vitest';
import { clampCrop, cropRect, imagePlacement, initialCrop, MAX_ZOOM, panBy, visibleSize, zoomTo } from './crop';

const wide = { width: 1000, height: 500 };
const square = 1;
const banner = 16 / 9;

describe('image crop', () => {
  it('shows the largest rectangle of the frame aspect at zoom 1, centred', () => {
    expect(visibleSize(wide, square, 1)).toEqual({ width: 500, height: 500 });
    expect(cropRect(initialCrop(wide), wide, square)).toEqual({ x: 250, y: 0, width: 500, height: 500 });
    const r = cropRect(initialCrop(wide), wide, banner);
    expect(r.width).toBeCloseTo(888.89, 1);
    expect(r.height).toBeCloseTo(500, 5);
    expect(r.x).toBeCloseTo(55.56, 1);
  });

  it('zooming in shows less around the same centre', () => {
    const c = zoomTo(initialCrop(wide), 2, wide, square);
    expect(cropRect(c, wide, square)).toEqual({ x: 375, y: 125, width: 250, height: 250 });
  });

  it('keeps the zoom in range', () => {
    expect(zoomTo(initialCrop(wide), 10, wide, square).zoom).toBe(MAX_ZOOM);
    expect(zoomTo(initialCrop(wide), 0.2, wide, square).zoom).toBe(1);
  });

  it('pans by screen pixels scaled to the source and never past the edges', () => {
    // A 250 px wide frame shows 500 source px: 1 screen px = 2 source px. Dragging right by 50 shows 100 px more on the left.
    const moved = panBy(initialCrop(wide), 50, 0, 250, wide, square);
    expect(cropRect(moved, wide, square).x).toBe(150);
    const far = panBy(initialCrop(wide), 10_000, 10_000, 250, wide, square);
    expect(cropRect(far, wide, square)).toEqual({ x: 0, y: 0, width: 500, height: 500 });
    const other = panBy(initialCrop(wide), -10_000, 0, 250, wide, square);
    expect(cropRect(other, wide, square).x).toBe(500);
  });

  it('zooming out again pulls the crop back inside the image', () => {
    const zoomed = panBy(zoomTo(initialCrop(wide), 4, wide, square), 10_000, 10_000, 250, wide, square);
    const out = clampCrop({ ...zoomed, zoom: 1 }, wide, square);
    expect(cropRect(out, wide, square)).toEqual({ x: 0, y: 0, width: 500, height: 500 });
  });

  it('places the image in the frame in percent', () => {
    expect(imagePlacement(initialCrop(wide), wide, square)).toEqual({ width: 200, left: -50, top: 0 });
  });
});
