import { LIMITS } from '@rally/shared/limits';
import { describe, expect, it } from 'vitest';
import { previewText } from './dm-names';

describe('previewText', () => {
  it('shows team emoji as their :name:, on one line, cut with an ellipsis', () => {
    expect(previewText('gg <:party:123>\n\nsee you')).toBe('gg :party: see you');
    const long = 'a'.repeat(LIMITS.dm.previewLength + 5);
    expect(previewText(long)).toBe(`${'a'.repeat(LIMITS.dm.previewLength)}…`);
  });
});
