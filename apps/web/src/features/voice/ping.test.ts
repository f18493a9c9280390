import { describe, expect, it } from 'vitest';
import { pingColour } from './VoiceBar';

describe('pingColour', () => {
  it('is green under 100 ms, yellow under 200 ms, orange from there (001 §9)', () => {
    expect([0, 99, 100, 199, 200, 900].map(pingColour)).toEqual(['pingGood', 'pingGood', 'pingFair', 'pingFair', 'pingPoor', 'pingPoor']);
  });
});
