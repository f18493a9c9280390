import { describe, expect, it } from 'vitest';
import { encodeMentions, type MentionNames } from './encode-mentions';

const names: MentionNames = {
  users: [
    { id: '1', username: 'ada' },
    { id: '2', username: 'ada_l' },
  ],
  roles: [
    { id: '10', name: 'Raid Leaders' },
    { id: '11', name: 'everyone' },
  ],
  channels: [
    { id: '20', name: 'general' },
    { id: '21', name: 'off topic' },
  ],
};

describe('encodeMentions', () => {
  it('turns known names into the wire syntax, longest first, case-insensitively', () => {
    expect(encodeMentions('hi @ada and @ADA_L, @raid leaders to #general / #off topic!', names)).toBe('hi <@1> and <@2>, <@&10> to <#20> / <#21>!');
  });

  it('leaves unknown names, e-mail addresses, @everyone / @here, existing syntax and code alone', () => {
    expect(encodeMentions('@bob a@ada.example @everyone @here <@1> `@ada` ```\n#general\n```', names)).toBe(
      '@bob a@ada.example @everyone @here <@1> `@ada` ```\n#general\n```',
    );
    expect(encodeMentions('@adam #generally', names)).toBe('@adam #generally');
  });
});
