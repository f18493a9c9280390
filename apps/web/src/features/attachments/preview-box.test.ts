// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PREVIEW_MAX, previewBox } from './preview-box';

describe('previewBox', () => {
  it('keeps a small image at its own size', () => {
    expect(previewBox(120, 80)).toEqual({ width: 120, height: 80 });
  });

  it('scales a large one down to fit 400×300, keeping its aspect ratio', () => {
    expect(previewBox(1920, 1080)).toEqual({ width: 400, height: 225 });
    expect(previewBox(1080, 1920)).toEqual({ width: 169, height: 300 });
    expect(previewBox(800, 600)).toEqual({ width: 400, height: 300 });
    expect(previewBox(5000, 10)).toEqual({ width: 400, height: 1 });
  });

  it('reserves the whole box when the size is unknown', () => {
    expect(previewBox(null, null)).toEqual(PREVIEW_MAX);
    expect(previewBox(100, null)).toEqual(PREVIEW_MAX);
  });
});
