import { deleteTeamRequestSchema } from '@rally/shared/api/team-settings';
import { requestForm } from '../../lib/form/request-form';

/** The delete tab's form: the typed name must be the team's exact name (001 §5); it submits {id, name}. */
export function deleteTeamForm(team: { id: string; name: string }) {
  return requestForm(
    deleteTeamRequestSchema,
    (values: { name: string }) => ({ id: team.id, name: values.name }),
    (values) => (values.name === team.name ? [] : [['name', 'team-settings:delete.mismatch']]),
  );
}
