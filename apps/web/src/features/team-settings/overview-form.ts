import { updateTeamRequestSchema, type UpdateTeamRequest } from '@rally/shared/api/team-settings';
import type { Team } from '@rally/shared/api/teams';
import { requestForm } from '../../lib/form/request-form';

/** The overview tab's values: the team's editable fields as the controls hold them. */
export interface OverviewValues {
  name: string;
  description: string;
  isSafeForTeen: boolean;
  profilePicture: string | null;
  banner: string | null;
}

export function overviewValues(team: Team): OverviewValues {
  return {
    name: team.name,
    description: team.description ?? '',
    isSafeForTeen: team.isSafeForTeen,
    profilePicture: team.profilePicture,
    banner: team.banner,
  };
}

/** Only what differs from the stored team goes into the request (an empty description removes it). */
export function overviewChanges(team: Team, values: OverviewValues): UpdateTeamRequest {
  const body: UpdateTeamRequest = {};
  if (values.name.trim() !== team.name) body.name = values.name;
  if (values.description.trim() !== (team.description ?? '')) body.description = values.description.trim() === '' ? null : values.description;
  if (values.isSafeForTeen !== team.isSafeForTeen) body.isSafeForTeen = values.isSafeForTeen;
  if (values.profilePicture !== team.profilePicture) body.profilePicture = values.profilePicture;
  if (values.banner !== team.banner) body.banner = values.banner;
  return body;
}

/** The form's schema: the update request of the changed fields (the server's own checks, so that they agree). */
export function overviewForm(team: Team) {
  return requestForm(updateTeamRequestSchema, (values: OverviewValues) => overviewChanges(team, values));
}
