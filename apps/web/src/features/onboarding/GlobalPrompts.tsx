import type { TourStep } from '@rally/shared/api/onboarding';
import { PrivateFlags } from '@rally/shared/api/users';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '../auth/mutations';
import { useMeUser } from '../auth/queries';
import { FriendInviteDialog } from '../friends/FriendInviteDialog';
import { AppTourDialog } from './AppTourDialog';
import { BirthdatePrompt } from './BirthdatePrompt';
import { PolicyReviewDialog } from './PolicyReviewDialog';

/**
 * The signed-in user's global dialogs (000 §2), mounted once in the app shell, one at a time:
 * the birthdate prompt (mustSetBirthdate), then the policy review (privateFlags bit 0), then the
 * app tour (until appTourIsFinished). The tour steps aside while its action's own dialog is open
 * (`busy`: the create-team dialog of the shell; the friend-invite dialog here).
 */
export function GlobalPrompts({ busy, onCreateTeam }: { busy: boolean; onCreateTeam: () => void }) {
  const user = useMeUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const [tourDismissed, setTourDismissed] = useState(false);
  const [inviteOpen, setInviteOpen] = useState(false);
  if (!user) return null;
  const signOut = () => logout.mutate(undefined, { onSuccess: () => void navigate('/') });

  let prompt = null;
  if (user.mustSetBirthdate) prompt = <BirthdatePrompt onSignOut={signOut} />;
  else if (user.privateFlags & PrivateFlags.POLICY_REVIEW_REQUIRED) prompt = <PolicyReviewDialog onSignOut={signOut} />;
  else if (!user.appTourIsFinished && !tourDismissed && !busy && !inviteOpen)
    prompt = (
      <AppTourDialog
        state={user.appTour}
        handle={user.slug}
        onAction={(step: TourStep) => (step === 'createTeam' ? onCreateTeam() : setInviteOpen(true))}
        onDismiss={() => setTourDismissed(true)}
      />
    );
  return (
    <>
      {prompt}
      <FriendInviteDialog open={inviteOpen} onClose={() => setInviteOpen(false)} />
    </>
  );
}
