import type { Team } from '@rally/shared/api/teams';
import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { lazyNamed } from '../../app/lazy';
import { useTeamMembers } from '../teams/members-queries';
import { useTeamRoles } from '../teams/queries';
import type { TeamActions } from '../teams/team-actions';
import { topDisplayedRole } from './member-groups';
import { ProfileCardContext, type ProfileCardApi } from './profile-card-context';

const ProfileCard = lazyNamed(() => import('./ProfileCard'), 'ProfileCard');

interface Props {
  team: Team;
  /** Opens the team's dialogs (kick, ban). */
  openDialog: TeamActions;
  children: ReactNode;
}

/**
 * Holds the open profile card of a team's screen: the member list and the chat open it through
 * `useProfileCard()`, which also tells a member's name colour (their top displayed role).
 */
export function ProfileCardHost({ team, openDialog, children }: Props) {
  const [card, setCard] = useState<{ userId: string; anchor: HTMLElement } | null>(null);
  const members = useTeamMembers(team.id).data;
  const roles = useTeamRoles(team.id).data;

  const displayRoles = useMemo(() => {
    const byId = new Map((roles ?? []).map((r) => [r.id, r]));
    return new Map((members ?? []).map((m) => [m.id, topDisplayedRole(m.roles, byId)]));
  }, [members, roles]);

  const open = useCallback(
    (userId: string, anchor: HTMLElement) => setCard((current) => (current?.userId === userId && current.anchor === anchor ? null : { userId, anchor })),
    [],
  );
  const api = useMemo<ProfileCardApi>(() => ({ open, displayRoleOf: (userId) => displayRoles.get(userId) ?? null }), [open, displayRoles]);

  return (
    <ProfileCardContext.Provider value={api}>
      {children}
      {card && (
        <Suspense fallback={null}>
          <ProfileCard
            key={card.userId}
            team={team}
            userId={card.userId}
            anchor={card.anchor}
            onClose={() => setCard(null)}
            openDialog={(dialog) => {
              setCard(null);
              openDialog(dialog);
            }}
          />
        </Suspense>
      )}
    </ProfileCardContext.Provider>
  );
}
