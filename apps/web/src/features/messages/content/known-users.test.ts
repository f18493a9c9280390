import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { knownUserName } from './known-users';

describe('knownUserName', () => {
  it('finds a user in any loaded member list, among friends, or as oneself', () => {
    const qc = new QueryClient();
    qc.setQueryData(queryKeys.teamMembers('7'), [{ id: '1', username: 'ada' }]);
    qc.setQueryData(queryKeys.friends, [{ user: { id: '2', username: 'bob' } }]);
    expect(knownUserName(qc, '1', undefined)).toBe('ada');
    expect(knownUserName(qc, '2', undefined)).toBe('bob');
    expect(knownUserName(qc, '3', { id: '3', username: 'me' })).toBe('me');
    expect(knownUserName(qc, '4', { id: '3', username: 'me' })).toBeNull();
  });
});
