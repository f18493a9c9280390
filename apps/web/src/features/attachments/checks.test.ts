// @vitest-environment node
import { uploadLimitBytes } from '@rally/shared/api/uploads';
import { describe, expect, it } from 'vitest';
import { checkFiles, guessAttachmentType, isImageFile, looksLikeImage, type FileFacts } from './checks';

const MB = 1024 * 1024;
const file = (name: string, size = 1000, type = ''): FileFacts => ({ name, size, type });
const limitBytes = uploadLimitBytes(false);

describe('attachment checks (001 §7, §9)', () => {
  it('takes the formats of the spec, by name or declared type', () => {
    const files = ['a.png', 'b.JPEG', 'c.mp4', 'd.mp3', 'e.pdf', 'f.doc', 'g.docx', 'h.ppt', 'i.pptx', 'j.xls', 'k.xlsx', 'l.txt'].map((n) => file(n));
    const { accepted, rejected } = checkFiles(files.slice(0, 5), { count: 0, limitBytes, source: 'pick' });
    expect(accepted).toHaveLength(5);
    expect(rejected).toEqual([]);
    for (const f of files) expect(checkFiles([f], { count: 0, limitBytes, source: 'pick' }).accepted, f.name).toEqual([f]);
    expect(checkFiles([file('clipboard', 10, 'image/png')], { count: 0, limitBytes, source: 'paste' }).accepted).toHaveLength(1);
  });

  it('refuses programs, pages and other formats', () => {
    const bad = [file('setup.exe', 10, 'application/x-msdownload'), file('page.html', 10, 'text/html'), file('noextension'), file('archive.zip')];
    const { accepted, rejected } = checkFiles(bad, { count: 0, limitBytes, source: 'pick' });
    expect(accepted).toEqual([]);
    expect(rejected.map((r) => r.reason)).toEqual(['format', 'format', 'format', 'format']);
  });

  it("refuses a file over the user's limit: 20 MB, 50 MB with Plus", () => {
    const big = file('video.mp4', 21 * MB);
    expect(checkFiles([big], { count: 0, limitBytes, source: 'pick' }).rejected).toEqual([{ file: big, reason: 'tooLarge' }]);
    expect(checkFiles([big], { count: 0, limitBytes: uploadLimitBytes(true), source: 'pick' }).accepted).toEqual([big]);
    expect(checkFiles([file('edge.png', 20 * MB)], { count: 0, limitBytes, source: 'paste' }).accepted).toHaveLength(1);
    expect(checkFiles([file('huge.png', 51 * MB)], { count: 0, limitBytes: uploadLimitBytes(true), source: 'paste' }).rejected[0]?.reason).toBe('tooLarge');
  });

  it('takes at most 5 files per message, counting those attached already', () => {
    const six = Array.from({ length: 6 }, (_, i) => file(`f${i}.txt`));
    const first = checkFiles(six, { count: 0, limitBytes, source: 'pick' });
    expect(first.accepted.map((f) => f.name)).toEqual(['f0.txt', 'f1.txt', 'f2.txt', 'f3.txt', 'f4.txt']);
    expect(first.rejected).toEqual([{ file: six[5], reason: 'tooMany' }]);
    const later = checkFiles(six.slice(0, 2), { count: 4, limitBytes, source: 'pick' });
    expect(later.accepted).toHaveLength(1);
    expect(later.rejected.map((r) => r.reason)).toEqual(['tooMany']);
    // A refused file does not take a place.
    const mixed = checkFiles([file('x.exe'), file('a.txt')], { count: 4, limitBytes, source: 'pick' });
    expect(mixed.accepted.map((f) => f.name)).toEqual(['a.txt']);
  });

  it('takes only images from a drop', () => {
    const { accepted, rejected } = checkFiles([file('shot.webp'), file('notes.txt'), file('clip.mp4'), file('p', 5, 'image/gif')], {
      count: 0,
      limitBytes,
      source: 'drop',
    });
    expect(accepted.map((f) => f.name)).toEqual(['shot.webp', 'p']);
    expect(rejected.map((r) => [r.file.name, r.reason])).toEqual([
      ['notes.txt', 'notImage'],
      ['clip.mp4', 'notImage'],
    ]);
  });

  it('guesses what a file will show as', () => {
    expect(guessAttachmentType({ name: 'a.JPG', type: '' })).toBe('image');
    expect(guessAttachmentType({ name: 'a.mov', type: '' })).toBe('video');
    expect(guessAttachmentType({ name: 'voice', type: 'audio/ogg' })).toBe('audio');
    expect(guessAttachmentType({ name: 'a.pdf', type: 'application/pdf' })).toBe('file');
    expect(guessAttachmentType({ name: 'x', type: '' })).toBe('file');
    expect(isImageFile({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isImageFile({ name: 'a.svg', type: 'image/svg+xml' })).toBe(false);
  });
});

describe('looksLikeImage', () => {
  const bytes = (...parts: (number[] | string)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)));
  it('knows the four image formats by their first bytes', () => {
    expect(looksLikeImage(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe(true);
    expect(looksLikeImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(looksLikeImage(bytes('GIF89a', [1, 0]))).toBe(true);
    expect(looksLikeImage(bytes('GIF87a'))).toBe(true);
    expect(looksLikeImage(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe(true);
  });

  it('refuses anything else, a program named .png or a WAV among them', () => {
    expect(looksLikeImage(bytes('MZ', [0x90, 0]))).toBe(false);
    expect(looksLikeImage(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBe(false);
    expect(looksLikeImage(bytes('<html>'))).toBe(false);
    expect(looksLikeImage(new Uint8Array(0))).toBe(false);
  });
});
