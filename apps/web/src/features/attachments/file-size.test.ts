// @vitest-environment node
import { UPLOAD_LIMITS } from '@rally/shared/api/uploads';
import { describe, expect, it } from 'vitest';
import { formatFileSize, limitMegabytes } from './file-size';

describe('formatFileSize', () => {
  it('counts in steps of 1024 with one decimal under 10', () => {
    expect(formatFileSize(512, 'en')).toBe('512 bytes');
    expect(formatFileSize(1, 'en')).toBe('1 byte');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(20 * 1024 * 1024, 'en')).toBe('20 MB');
    expect(formatFileSize(2.25 * 1024 * 1024, 'en')).toBe('2.3 MB');
    expect(formatFileSize(3 * 1024 ** 3, 'en')).toBe('3 GB');
  });

  it("uses the language's number format", () => {
    expect(formatFileSize(1536, 'tr')).toBe('1,5 kB');
    expect(formatFileSize(1.5 * 1024 * 1024, 'tr')).toBe('1,5 MB');
  });

  it('names the upload limits in whole megabytes', () => {
    expect(limitMegabytes(UPLOAD_LIMITS.maxBytes)).toBe(20);
    expect(limitMegabytes(UPLOAD_LIMITS.premiumMaxBytes)).toBe(50);
  });
});
