// @vitest-environment node
import type { Member, Role, Team } from '@rally/shared/api/teams';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher, type Dispatcher } from '../../lib/gateway/dispatcher';
import { queryKeys } from '../../lib/query-keys';
import { liveEvents } from '../shell/live-events';
import type { TeamChannelsData } from './channel-queries';
import { category, channel, member, role, team } from './testing';

/** The events that change who sees what (docs/gateway-protocol.md), through the dispatcher as the gateway client delivers them. */
describe('team live events', () => {
  let qc: QueryClient;
  let d: Dispatcher;
  beforeEach(() => {
    qc = new QueryClient();
    d = createDispatcher(qc, liveEvents);
    qc.setQueryData(queryKeys.me, { user: { id: '1' } });
    qc.setQueryData<Team[]>(queryKeys.teams, [team('10', { memberCount: 3 }), team('11')]);
    qc.setQueryData<TeamChannelsData>(queryKeys.teamChannels('10'), { channels: [channel('20', '10')], categories: [category('30', '10')] });
    qc.setQueryData<Role[]>(queryKeys.teamRoles('10'), [role('40', '10'), role('10', '10')]);
    qc.setQueryData<Member[]>(queryKeys.teamMembers('10'), [member('1'), member('2', { roles: ['40'] }), member('3')]);
  });

  const channels = (teamId = '10') => qc.getQueryData<TeamChannelsData>(queryKeys.teamChannels(teamId));
  const roles = () => qc.getQueryData<Member[]>(queryKeys.teamMembers('10'))?.map((m) => [m.id, m.roles]);

  it('CHANNEL_CREATED adds a channel the user may now view, once', () => {
    d.dispatch({ type: 'CHANNEL_CREATED', data: channel('21', '10') });
    d.dispatch({ type: 'CHANNEL_CREATED', data: channel('21', '10') });
    expect(channels()?.channels.map((c) => c.id)).toEqual(['20', '21']);
  });

  it('CHANNEL_UPDATED replaces the channel, or adds it when it just became visible', () => {
    d.dispatch({ type: 'CHANNEL_UPDATED', data: channel('20', '10', { name: 'renamed' }) });
    d.dispatch({ type: 'CHANNEL_UPDATED', data: channel('22', '10') });
    expect(channels()?.channels.map((c) => [c.id, c.name])).toEqual([
      ['20', 'renamed'],
      ['22', 'c22'],
    ]);
  });

  it('CHANNEL_DELETED removes a channel deleted or hidden from the user', () => {
    d.dispatch({ type: 'CHANNEL_DELETED', data: { id: '20', teamId: '10' } });
    expect(channels()).toEqual({ channels: [], categories: [category('30', '10')] });
  });

  it('CATEGORY_CREATED and CATEGORY_UPDATED add or replace a category; CATEGORY_DELETED removes it', () => {
    d.dispatch({ type: 'CATEGORY_CREATED', data: category('31', '10') });
    d.dispatch({ type: 'CATEGORY_UPDATED', data: category('30', '10', { name: 'Voice' }) });
    expect(channels()?.categories.map((c) => [c.id, c.name])).toEqual([
      ['30', 'Voice'],
      ['31', 'cat31'],
    ]);
    d.dispatch({ type: 'CATEGORY_DELETED', data: { id: '30', teamId: '10' } });
    expect(channels()?.categories.map((c) => c.id)).toEqual(['31']);
  });

  it('CHANNELS_PRIORITY_UPDATED gives the channels the user has their category and place; others are ignored', () => {
    d.dispatch({
      type: 'CHANNELS_PRIORITY_UPDATED',
      data: {
        teamId: '10',
        channels: [
          { id: '20', parentId: '30', priority: 3 },
          { id: '29', parentId: null, priority: 0 },
        ],
      },
    });
    expect(channels()?.channels.map((c) => [c.id, c.parentId, c.priority])).toEqual([['20', '30', 3]]);
  });

  it('CATEGORIES_PRIORITY_UPDATED gives the categories their places', () => {
    d.dispatch({ type: 'CATEGORY_CREATED', data: category('31', '10', { priority: 1 }) });
    d.dispatch({
      type: 'CATEGORIES_PRIORITY_UPDATED',
      data: {
        teamId: '10',
        categories: [
          { id: '31', priority: 0 },
          { id: '30', priority: 1 },
        ],
      },
    });
    expect(channels()?.categories.map((c) => [c.id, c.priority])).toEqual([
      ['30', 1],
      ['31', 0],
    ]);
  });

  it("USER_ROLE_ADDED and USER_ROLE_REMOVED change the member's roles in the loaded member list", () => {
    d.dispatch({ type: 'USER_ROLE_ADDED', data: { teamId: '10', userId: '3', roleId: '40' } });
    d.dispatch({ type: 'USER_ROLE_ADDED', data: { teamId: '10', userId: '3', roleId: '40' } });
    d.dispatch({ type: 'USER_ROLE_REMOVED', data: { teamId: '10', userId: '2', roleId: '40' } });
    expect(roles()).toEqual([
      ['1', []],
      ['2', []],
      ['3', ['40']],
    ]);
  });

  it('ROLE_CREATED adds the role once, in priority order (highest first)', () => {
    d.dispatch({ type: 'ROLE_CREATED', data: role('42', '10', { priority: 5 }) });
    d.dispatch({ type: 'ROLE_CREATED', data: role('42', '10', { priority: 5 }) });
    expect(qc.getQueryData<Role[]>(queryKeys.teamRoles('10'))?.map((r) => r.id)).toEqual(['42', '40', '10']);
    d.dispatch({ type: 'ROLE_CREATED', data: role('43', '11') });
    expect(qc.getQueryData<Role[]>(queryKeys.teamRoles('11'))).toBeUndefined();
  });

  it('ROLE_DELETED removes the role from the team and from every member', () => {
    d.dispatch({ type: 'ROLE_DELETED', data: { teamId: '10', roleId: '40' } });
    expect(qc.getQueryData<Role[]>(queryKeys.teamRoles('10'))?.map((r) => r.id)).toEqual(['10']);
    expect(roles()?.[1]).toEqual(['2', []]);
  });

  it("TEAM_ROLES_UPDATED replaces the team's roles", () => {
    d.dispatch({ type: 'TEAM_ROLES_UPDATED', data: { teamId: '10', roles: [role('41', '10', { priority: 2 }), role('10', '10')] } });
    expect(qc.getQueryData<Role[]>(queryKeys.teamRoles('10'))?.map((r) => r.id)).toEqual(['41', '10']);
  });

  it('TEAM_UPDATED replaces the team in the list', () => {
    d.dispatch({ type: 'TEAM_UPDATED', data: team('10', { name: 'Renamed', createdBy: '2' }) });
    expect(qc.getQueryData<Team[]>(queryKeys.teams)?.map((t) => [t.id, t.name, t.createdBy])).toEqual([
      ['10', 'Renamed', '2'],
      ['11', 'Team 11', '1'],
    ]);
  });

  it("TEAMS_PRIORITY_UPDATED puts the team list in the user's order", () => {
    d.dispatch({ type: 'TEAMS_PRIORITY_UPDATED', data: { teamIds: ['11', '10'] } });
    expect(qc.getQueryData<Team[]>(queryKeys.teams)?.map((t) => t.id)).toEqual(['11', '10']);
    const before = qc.getQueryData<Team[]>(queryKeys.teams);
    d.dispatch({ type: 'TEAMS_PRIORITY_UPDATED', data: { teamIds: ['11', '10'] } });
    expect(qc.getQueryData<Team[]>(queryKeys.teams)).toBe(before);
  });

  it('USER_LEFT_TEAM takes another member out of the list and the count; the user themself loses the team', () => {
    d.dispatch({ type: 'USER_LEFT_TEAM', data: { teamId: '10', userId: '3' } });
    expect(roles()?.map(([id]) => id)).toEqual(['1', '2']);
    expect(qc.getQueryData<Team[]>(queryKeys.teams)?.[0]?.memberCount).toBe(2);

    d.dispatch({ type: 'USER_LEFT_TEAM', data: { teamId: '10', userId: '1' } });
    expect(qc.getQueryData<Team[]>(queryKeys.teams)?.map((t) => t.id)).toEqual(['11']);
    expect(channels()).toBeUndefined();
    expect(qc.getQueryData(queryKeys.teamMembers('10'))).toBeUndefined();
  });

  it('TEAM_DELETED removes the team and what was cached of it', () => {
    d.dispatch({ type: 'TEAM_DELETED', data: { teamId: '10' } });
    expect(qc.getQueryData<Team[]>(queryKeys.teams)?.map((t) => t.id)).toEqual(['11']);
    expect(channels()).toBeUndefined();
    expect(qc.getQueryData(queryKeys.teamRoles('10'))).toBeUndefined();
  });
});
