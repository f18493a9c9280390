/**
 * The web client's member list work for a large team, in Node: groupMembers
 * (apps/web/src/features/members/member-groups.ts) over 10,000 members — the VIEW_CHANNEL filter
 * on a channel with role, category and user overwrites, grouping under the top displayed role,
 * sorting — as the member list runs it whenever the members, roles or channel change. Prints
 * figures; asserts nothing. BENCH_MEMBER_LIST_MEMBERS (10000), BENCH_MEMBER_LIST_RUNS (50).
 */
import type { Category, Channel, Member, Role } from '@rally/shared/api/teams';
import { ChannelPermission } from '@rally/shared/permissions';
import { groupMembers } from '../../apps/web/src/features/members/member-groups';
import { summarize, type Summary } from './stats';
import { f2, int, markdownTable } from './table';

export interface MemberListFigures {
  members: number;
  roles: number;
  listed: number;
  runs: number;
  /** Milliseconds per groupMembers call (after warm-up). */
  timing: Summary;
}

const TEAM = '100000';
const VIEW = ChannelPermission.VIEW_CHANNEL;

function role(i: number, fields: Partial<Role>): Role {
  return {
    id: String(200000 + i),
    teamId: TEAM,
    name: `Role ${i}`,
    color: '#ff5c8a',
    color2: null,
    priority: i,
    permissions: 0,
    iconEmojiId: null,
    isDisplayedSeparately: false,
    mentionable: false,
    isSelfAssignable: false,
    description: null,
    botUserId: null,
    ...fields,
  };
}

/** A team as large teams look: 30 roles (10 displayed separately), members holding 0–3 of them, a third online. */
function fixture(count: number) {
  const roles = [
    role(0, { id: TEAM, name: 'everyone', color: null }),
    ...Array.from({ length: 30 }, (_, i) => role(i + 1, { isDisplayedSeparately: i % 3 === 0 })),
  ];
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const members: Member[] = Array.from({ length: count }, (_, i) => {
    const held = new Set<string>();
    const n = Math.floor(random() * 4);
    for (let k = 0; k < n; k++) held.add(roles[1 + Math.floor(random() * 30)]!.id); // 1..30: a role of the list
    return {
      id: String(1_000_000 + i),
      username: `player_${Math.floor(random() * 1e9).toString(36)}`,
      subdomain: `p${i}`,
      profilePicture: null,
      bot: i % 500 === 0,
      system: false,
      roles: [...held],
      permissions: 0,
      joinedAt: '2026-01-01T00:00:00.000Z',
      presence: random() < 0.33 ? 1 : 0,
      userStatus: null,
      userRPC: null,
    };
  });
  const userOverwrites = Object.fromEntries(members.slice(0, 50).map((m) => [m.id, { allow: 0, deny: VIEW }]));
  const channel: Pick<Channel, 'type' | 'permissions' | 'parentId'> = {
    type: 'text',
    parentId: '300000',
    permissions: {
      role: { [TEAM]: { allow: 0, deny: VIEW }, [roles[5]!.id]: { allow: VIEW, deny: 0 }, [roles[9]!.id]: { allow: VIEW, deny: 0 } },
      user: userOverwrites,
    },
  };
  const category: Pick<Category, 'permissions'> = { permissions: { role: { [roles[2]!.id]: { allow: VIEW, deny: 0 } }, user: {} } };
  return { roles, members, channel, category };
}

export function runMemberListBench(
  count = Number(process.env.BENCH_MEMBER_LIST_MEMBERS ?? 10_000),
  runs = Number(process.env.BENCH_MEMBER_LIST_RUNS ?? 50),
): MemberListFigures {
  const { roles, members, channel, category } = fixture(count);
  // A team under 1000 members lists offline members too; above, only online ones (the spec's rule): both measured as the client runs them.
  const team = { id: TEAM, createdBy: members[1]!.id, memberCount: count };
  const input = { team, members, roles, channel, category };
  for (let i = 0; i < 5; i++) groupMembers(input);
  const times: number[] = [];
  let listed = 0;
  for (let i = 0; i < runs; i++) {
    // A fresh array each run, as a presence or role change gives the list (no cached result to reuse).
    const fresh = { ...input, members: members.slice() };
    const start = performance.now();
    const rows = groupMembers(fresh);
    times.push(performance.now() - start);
    listed = rows.filter((r) => r.kind === 'member').length;
  }
  return { members: count, roles: roles.length, listed, runs, timing: summarize(times) };
}

export function memberListReport(f: MemberListFigures): string {
  return [
    `Member list grouping (web client code in Node): ${int(f.members)} members, ${f.roles} roles, channel with role, category and user overwrites; ${int(f.listed)} listed; ${f.runs} runs`,
    '',
    markdownTable(
      ['mean ms', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'],
      [[f2(f.timing.mean), f2(f.timing.p50), f2(f.timing.p90), f2(f.timing.p99), f2(f.timing.max)]],
    ),
  ].join('\n');
}
