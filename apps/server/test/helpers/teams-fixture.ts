import { makeChannel, makeTeam, type TeamFixture as MadeTeam, type WithDb, type Who } from './factories';

export interface TeamFixture extends MadeTeam {
  /** A text channel hidden from everyone but the owner (everyone role denied VIEW_CHANNEL). */
  staffId: string;
}

/**
 * makeTeam plus a hidden #staff: the team of the gateway tests (kept for the abuse and
 * multi-process tests; new tests use makeTeam and makeChannel from ./factories).
 */
export async function insertTeam(app: WithDb, owner: Who, members: Who[] = [], name = 'Raiders'): Promise<TeamFixture> {
  const team = await makeTeam(app, owner, { name, members });
  const staffId = await makeChannel(app, team.teamId, { name: 'staff', parentId: team.categoryId, priority: 1, hiddenFrom: [team.teamId] });
  return { ...team, staffId };
}
