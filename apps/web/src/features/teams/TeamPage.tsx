import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { MobilePanels, type PanelId } from '../../components/layout/MobilePanels';
import { ProfileCardHost } from '../members/ProfileCardHost';
import { ChatView } from '../messages/ChatView';
import { ChannelHeader } from './ChannelHeader';
import { ChannelSidebar } from './ChannelSidebar';
import { useTeamChannels } from './channel-queries';
import { getLastViewedChannel, pickDefaultChannel, removeLastViewedChannel, setLastViewedChannel } from './last-viewed-channel';
import { MemberList } from './MemberList';
import { useTeams } from './queries';
import type { TeamDialog } from './team-actions';
import { TeamDialogs } from './TeamDialogs';
import { VoicePanel } from '../voice/VoicePanel';
import styles from './TeamPage.module.css';

/** Channel types whose screen hides the member list (spec 001 §2). */
const NO_MEMBER_LIST = new Set(['voice', 'watchstream']);

/**
 * /teams/:teamId and /teams/:teamId/channels/:channelId: the team's channels, the open channel and
 * the member list. Without a channel in the URL, the last viewed one of the team opens (a stale
 * entry is dropped), else the first text channel. Non-members are sent home.
 */
export function TeamPage() {
  const { teamId = '', channelId } = useParams();
  const { t } = useTranslation('teams-page');
  // The shell's team list (Team[]); READY and live events keep it current.
  const teams = useTeams();
  const team = teams.data?.find((x) => x.id === teamId);
  // A team missing from a loaded team list is not ours: no need to ask for its channels.
  const channelsQuery = useTeamChannels(teamId, !teams.data || !!team);
  // The open dialog (team settings, create channel, …), asked for by the sidebar and member list.
  const [dialog, setDialog] = useState<TeamDialog | null>(null);
  // The panel shown on narrow screens; picking a channel shows it (state adjusted while rendering,
  // as React's docs do it for a changed prop, rather than in an effect after a stale render).
  const [panel, setPanel] = useState<PanelId>('content');
  const [panelChannelId, setPanelChannelId] = useState(channelId);
  if (panelChannelId !== channelId) {
    setPanelChannelId(channelId);
    setPanel('content');
  }

  const channels = channelsQuery.data?.channels;
  const channel = channelId ? channels?.find((c) => c.id === channelId) : undefined;

  // Remember the open channel for this team.
  useEffect(() => {
    if (channel?.type === 'text') setLastViewedChannel(teamId, channel.id);
  }, [teamId, channel]);

  useEffect(() => {
    if (team) document.title = channel ? `#${channel.name} | ${team.name} | Rally` : `${team.name} | Rally`;
  }, [team, channel]);

  if (teams.data && !team) return <Navigate to="/" replace />;
  const channelsStatus = channelsQuery.isError ? (channelsQuery.error as { status?: number }).status : undefined;
  if (channelsStatus === 403 || channelsStatus === 404) return <Navigate to="/" replace />;

  // No channel chosen (or one that does not exist any more): pick one.
  if (channels && (!channelId || !channel)) {
    const { target, dropStored } = pickDefaultChannel(channels, getLastViewedChannel(teamId));
    if (dropStored) removeLastViewedChannel(teamId);
    if (target && target !== channelId) return <Navigate to={`/teams/${teamId}/channels/${target}`} replace />;
  }

  if (!team || !channelsQuery.data) {
    return (
      <div className={styles.loading} role="status">
        {channelsQuery.isError ? channelsQuery.error.message : t('loading')}
      </div>
    );
  }

  const list = (
    <ChannelSidebar
      team={team}
      channels={channelsQuery.data.channels}
      categories={channelsQuery.data.categories}
      activeChannelId={channel?.id}
      open={setDialog}
    />
  );
  const content = (
    <div className={styles.content}>
      {channel ? (
        <>
          <ChannelHeader channel={channel} />
          {channel.type === 'text' && <ChatView teamId={team.id} channelId={channel.id} place={{ kind: 'channel', name: channel.name }} />}
          {channel.type === 'voice' && <VoicePanel team={team} channel={channel} />}
        </>
      ) : (
        <div className={styles.noChannel}>
          <p>{t('noTextChannel')}</p>
        </div>
      )}
    </div>
  );
  const members = channel && NO_MEMBER_LIST.has(channel.type) ? null : <MemberList team={team} channel={channel} />;

  return (
    <>
      <ProfileCardHost team={team} openDialog={setDialog}>
        <MobilePanels list={list} content={content} members={members} active={panel} onActiveChange={setPanel} />
      </ProfileCardHost>
      <TeamDialogs team={team} dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
