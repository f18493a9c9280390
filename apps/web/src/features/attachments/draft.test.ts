// @vitest-environment node
import type { Attachment } from '@rally/shared/api/attachments';
import { uploadLimitBytes } from '@rally/shared/api/uploads';
import { describe, expect, it } from 'vitest';
import { AttachmentDraft, draftState, type DraftDeps } from './draft';

const limit = uploadLimitBytes(false);

interface Call {
  file: File;
  size: { width: number; height: number } | null;
  signal: AbortSignal;
  progress: (fraction: number) => void;
  resolve: (a: Attachment) => void;
  reject: (err: Error) => void;
}

/** A draft whose uploads wait until the test settles them (one Call per upload, in order). */
function setup(overrides: Partial<DraftDeps> = {}) {
  const calls: Call[] = [];
  const revoked: string[] = [];
  const failed: string[] = [];
  let urls = 0;
  const draft = new AttachmentDraft({
    upload: (file, size, { signal, onProgress }) =>
      new Promise<Attachment>((resolve, reject) => {
        calls.push({ file, size, signal, progress: onProgress, resolve, reject });
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
    videoSize: () => Promise.resolve({ width: 1280, height: 720 }),
    createUrl: () => `blob:${++urls}`,
    revokeUrl: (url) => revoked.push(url),
    errorMessage: (err) => (err instanceof Error ? err.message : 'failed'),
    failed: (item) => failed.push(item.file.name),
    ...overrides,
  });
  return { draft, calls, revoked, failed };
}

const file = (name: string, type = '') => new File(['x'], name, { type });
const attachment = (id: string, name: string): Attachment => ({
  id,
  url: `/uploads/attachment/${id}.png`,
  name,
  fileSizeBytes: 1,
  type: 'image',
  contentType: 'image/png',
  width: 1,
  height: 1,
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('AttachmentDraft', () => {
  it('uploads accepted files at once, with progress, and hands the uploaded ones to a send', async () => {
    const { draft, calls, revoked } = setup();
    let changes = 0;
    draft.subscribe(() => changes++);
    const refused = draft.add([file('a.png', 'image/png'), file('b.txt'), file('c.exe')], 'pick', limit);
    expect(refused.map((r) => [r.file.name, r.reason])).toEqual([['c.exe', 'format']]);
    await flush();
    expect(calls.map((c) => c.file.name)).toEqual(['a.png', 'b.txt']);
    const [a, b] = draft.getItems();
    expect(a?.previewUrl).toBe('blob:1');
    expect(b?.previewUrl).toBeNull();
    expect(draftState(draft.getItems())).toEqual({ uploading: true, failed: false, ready: 0 });

    calls[0]!.progress(0.5);
    expect(draft.getItems()[0]?.progress).toBe(0.5);
    calls[0]!.resolve(attachment('1', 'a.png'));
    calls[1]!.resolve(attachment('2', 'b.txt'));
    await flush();
    expect(draftState(draft.getItems())).toEqual({ uploading: false, failed: false, ready: 2 });
    expect(changes).toBeGreaterThan(3);

    expect(draft.take().map((x) => x.id)).toEqual(['1', '2']);
    expect(draft.getItems()).toEqual([]);
    expect(revoked).toEqual(['blob:1']);
  });

  it("marks a failed upload with the server's message, and uploads it again on retry", async () => {
    const { draft, calls, failed } = setup();
    draft.add([file('shot.png')], 'drop', limit);
    await flush();
    calls[0]!.reject(new Error('This file type cannot be attached'));
    await flush();
    expect(draft.getItems()[0]).toMatchObject({ status: 'failed', error: 'This file type cannot be attached' });
    expect(failed).toEqual(['shot.png']);
    expect(draftState(draft.getItems()).failed).toBe(true);

    draft.retry(draft.getItems()[0]!.key);
    await flush();
    expect(draft.getItems()[0]).toMatchObject({ status: 'uploading', progress: 0, error: null });
    calls[1]!.resolve(attachment('9', 'shot.png'));
    await flush();
    expect(draft.getItems()[0]).toMatchObject({ status: 'done', attachment: { id: '9' } });
  });

  it('aborts the upload of a file taken off, and every upload when cleared', async () => {
    const { draft, calls, revoked, failed } = setup();
    draft.add([file('a.png'), file('b.pdf'), file('c.png')], 'pick', limit);
    await flush();
    draft.remove(draft.getItems()[0]!.key);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(revoked).toEqual(['blob:1']);
    expect(draft.getItems().map((i) => i.file.name)).toEqual(['b.pdf', 'c.png']);
    draft.clear();
    expect(calls.every((c) => c.signal.aborted)).toBe(true);
    expect(revoked).toEqual(['blob:1', 'blob:2']);
    await flush();
    // An aborted upload is no failure.
    expect(failed).toEqual([]);
    expect(draft.getItems()).toEqual([]);
  });

  it('keeps to 5 files, counting those attached already', async () => {
    const { draft } = setup();
    draft.add(
      [1, 2, 3].map((n) => file(`${n}.txt`)),
      'pick',
      limit,
    );
    const refused = draft.add(
      [4, 5, 6].map((n) => file(`${n}.txt`)),
      'paste',
      limit,
    );
    expect(draft.getItems()).toHaveLength(5);
    expect(refused.map((r) => [r.file.name, r.reason])).toEqual([['6.txt', 'tooMany']]);
    await flush();
  });

  it("sends a video's size with its upload", async () => {
    const { draft, calls } = setup();
    draft.add([file('clip.webm', 'video/webm'), file('a.png')], 'pick', limit);
    await flush();
    expect(calls.map((c) => [c.file.name, c.size])).toEqual([
      ['a.png', null],
      ['clip.webm', { width: 1280, height: 720 }],
    ]);
  });
});
