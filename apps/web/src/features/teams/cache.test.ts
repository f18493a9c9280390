// @vitest-environment node
import type { Member, Role, Team } from '@rally/shared/api/teams';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import {
  removeCategory,
  removeChannel,
  removeMember,
  removeRole,
  removeTeamFromList,
  seedTeam,
  setCategoryPlaces,
  setChannelPlaces,
  setTeamList,
  setTeamListOrder,
  updateMember,
  updateMemberEverywhere,
  updateTeamInList,
  upsertCategory,
  upsertChannel,
  upsertMember,
  upsertTeamInList,
} from './cache';
import type { TeamChannelsData } from './channel-queries';
import { category, channel, member, role, team } from './testing';

let qc: QueryClient;
beforeEach(() => {
  qc = new QueryClient();
});
const teams = () => qc.getQueryData<Team[]>(queryKeys.teams);
const channels = (teamId: string) => qc.getQueryData<TeamChannelsData>(queryKeys.teamChannels(teamId));
const members = (teamId: string) => qc.getQueryData<Member[]>(queryKeys.teamMembers(teamId));

describe('the team list', () => {
  it('adds a team, or replaces the copy that the event or the answer put there first', () => {
    setTeamList(qc, [team('1')]);
    upsertTeamInList(qc, team('2'));
    upsertTeamInList(qc, team('2', { name: 'renamed' }));
    expect(teams()?.map((t) => t.name)).toEqual(['Team 1', 'renamed']);
  });

  it('leaves a list that is not loaded alone (it is fetched whole when needed)', () => {
    upsertTeamInList(qc, team('1'));
    updateTeamInList(qc, '1', (t) => ({ ...t, memberCount: 2 }));
    expect(teams()).toBeUndefined();
  });

  it('changes one team, and keeps the list as it is when the team is not in it', () => {
    setTeamList(qc, [team('1'), team('2')]);
    updateTeamInList(qc, '2', (t) => ({ ...t, memberCount: t.memberCount + 1 }));
    expect(teams()?.map((t) => t.memberCount)).toEqual([1, 2]);
    const before = teams();
    updateTeamInList(qc, '9', (t) => ({ ...t, memberCount: 0 }));
    expect(teams()).toBe(before);
  });

  it('removes a team with everything cached under it (channels, roles, members, invites, bans, audit log), not the other teams', () => {
    setTeamList(qc, [team('1'), team('2')]);
    seedTeam(qc, '2', { channels: [channel('20', '2')], categories: [], roles: [role('21', '2')] });
    seedTeam(qc, '1', { channels: [channel('10', '1')], categories: [], roles: [role('11', '1')] });
    qc.setQueryData(queryKeys.teamMembers('2'), [member('5')]);
    for (const key of [queryKeys.teamInvites('2'), queryKeys.teamBans('2'), queryKeys.teamAuditLog('2')]) qc.setQueryData(key, []);
    removeTeamFromList(qc, '2');
    expect(teams()?.map((t) => t.id)).toEqual(['1']);
    expect(channels('2')).toBeUndefined();
    expect(qc.getQueryData(queryKeys.teamRoles('2'))).toBeUndefined();
    expect(members('2')).toBeUndefined();
    for (const key of [queryKeys.teamInvites('2'), queryKeys.teamBans('2'), queryKeys.teamAuditLog('2')]) expect(qc.getQueryData(key)).toBeUndefined();
    expect(channels('1')?.channels).toHaveLength(1);
  });

  it("puts the list in the user's order; teams not named stay at the end; the same order keeps the same array", () => {
    setTeamList(qc, [team('1'), team('2'), team('3'), team('4')]);
    setTeamListOrder(qc, ['3', '1', 'unknown', '2']);
    expect(teams()?.map((t) => t.id)).toEqual(['3', '1', '2', '4']);
    const before = teams();
    setTeamListOrder(qc, ['3', '1', '2', '4']);
    expect(teams()).toBe(before);
  });
});

describe("a team's channels, categories and roles", () => {
  it("seeds one team's share of lists that hold several teams", () => {
    seedTeam(qc, '1', {
      channels: [channel('10', '1'), channel('20', '2')],
      categories: [category('11', '1'), category('21', '2')],
      roles: [role('12', '1'), role('22', '2')],
    });
    expect(channels('1')).toEqual({ channels: [channel('10', '1')], categories: [category('11', '1')] });
    expect(qc.getQueryData(queryKeys.teamRoles('1'))).toEqual([role('12', '1')]);
  });

  it('adds, replaces and removes channels and categories of a loaded team', () => {
    seedTeam(qc, '1', { channels: [channel('10', '1')], categories: [], roles: [] });
    upsertChannel(qc, channel('11', '1'));
    upsertChannel(qc, channel('10', '1', { name: 'renamed' }));
    upsertCategory(qc, category('12', '1'));
    expect(channels('1')?.channels.map((c) => c.name)).toEqual(['renamed', 'c11']);
    removeChannel(qc, '1', '10');
    removeCategory(qc, '1', '12');
    expect(channels('1')).toEqual({ channels: [channel('11', '1')], categories: [] });
  });

  it('keeps the cached object when nothing changes, and leaves teams not loaded alone', () => {
    seedTeam(qc, '1', { channels: [channel('10', '1')], categories: [], roles: [] });
    const before = channels('1');
    removeChannel(qc, '1', '99');
    expect(channels('1')).toBe(before);
    upsertChannel(qc, channel('30', '3'));
    expect(channels('3')).toBeUndefined();
  });

  it('gives named channels and categories their places; the same places keep the same object; unknown ids and teams not loaded are left alone', () => {
    seedTeam(qc, '1', {
      channels: [channel('10', '1', { parentId: '30', priority: 0 }), channel('11', '1', { parentId: '30', priority: 1 }), channel('12', '1')],
      categories: [category('30', '1', { priority: 0 }), category('31', '1', { priority: 1 })],
      roles: [],
    });
    setChannelPlaces(qc, '1', [
      { id: '11', parentId: '30', priority: 0 },
      { id: '10', parentId: '31', priority: 4 },
      { id: '99', parentId: null, priority: 0 },
    ]);
    expect(channels('1')?.channels.map((c) => [c.id, c.parentId, c.priority])).toEqual([
      ['10', '31', 4],
      ['11', '30', 0],
      ['12', null, 0],
    ]);
    setCategoryPlaces(qc, '1', [
      { id: '31', priority: 0 },
      { id: '30', priority: 1 },
    ]);
    expect(channels('1')?.categories.map((c) => [c.id, c.priority])).toEqual([
      ['30', 1],
      ['31', 0],
    ]);
    const before = channels('1');
    setChannelPlaces(qc, '1', [{ id: '11', parentId: '30', priority: 0 }]);
    setCategoryPlaces(qc, '1', [{ id: '31', priority: 0 }]);
    expect(channels('1')).toBe(before);
    setChannelPlaces(qc, '3', [{ id: '11', parentId: null, priority: 0 }]);
    expect(channels('3')).toBeUndefined();
  });

  it('takes a deleted role off the roles and off every member who had it', () => {
    seedTeam(qc, '1', { channels: [], categories: [], roles: [role('7', '1'), role('8', '1')] });
    qc.setQueryData(queryKeys.teamMembers('1'), [member('5', { roles: ['7', '8'] }), member('6')]);
    removeRole(qc, '1', '7');
    expect(qc.getQueryData<Role[]>(queryKeys.teamRoles('1'))?.map((r) => r.id)).toEqual(['8']);
    expect(members('1')?.map((m) => m.roles)).toEqual([['8'], []]);
  });
});

describe('members', () => {
  it('adds a member to a loaded list and says whether it had them already', () => {
    qc.setQueryData(queryKeys.teamMembers('1'), [member('5')]);
    expect(upsertMember(qc, '1', member('6'))).toBe(false);
    expect(upsertMember(qc, '1', member('6', { roles: ['7'] }))).toBe(true);
    expect(members('1')?.map((m) => [m.id, m.roles])).toEqual([
      ['5', []],
      ['6', ['7']],
    ]);
    expect(upsertMember(qc, '2', member('6'))).toBe(false);
    expect(members('2')).toBeUndefined();
  });

  it('changes and removes one member', () => {
    qc.setQueryData(queryKeys.teamMembers('1'), [member('5'), member('6')]);
    updateMember(qc, '1', '6', (m) => ({ ...m, roles: ['7'] }));
    removeMember(qc, '1', '5');
    expect(members('1')).toEqual([member('6', { roles: ['7'] })]);
  });

  it("changes a user in every team's member list", () => {
    qc.setQueryData(queryKeys.teamMembers('1'), [member('5'), member('6')]);
    qc.setQueryData(queryKeys.teamMembers('2'), [member('5')]);
    qc.setQueryData(queryKeys.teamRoles('3'), [role('9', '3')]);
    updateMemberEverywhere(qc, '5', (m) => ({ ...m, presence: 1 }));
    expect(members('1')?.map((m) => m.presence)).toEqual([1, 0]);
    expect(members('2')?.map((m) => m.presence)).toEqual([1]);
    expect(qc.getQueryData(queryKeys.teamRoles('3'))).toEqual([role('9', '3')]);
  });
});
