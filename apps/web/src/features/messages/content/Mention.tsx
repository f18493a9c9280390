import type { InlineNode } from '@rally/shared/markdown/ast';
import { useQueryClient } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useProfileCard } from '../../members/profile-card-context';
import { useTeamChannels } from '../../teams/channel-queries';
import { useTeamMembers } from '../../teams/members-queries';
import { useTeamRoles } from '../../teams/queries';
import { useMeUser } from '../../auth/queries';
import { knownUserName } from './known-users';
import styles from './MessageContent.module.css';

type MentionNode = Extract<InlineNode, { type: 'userMention' | 'roleMention' | 'channelMention' }>;

/** A user, role or channel mention in the open team: a chip with its name, or the spec's invalid text (001 §8). */
export function Mention({ node }: { node: MentionNode }) {
  const { t } = useTranslation('message-content');
  const { teamId } = useParams();
  // Outside a team (a direct message): users are named from what the client knows; there is no role or channel list.
  if (!teamId) return node.type === 'userMention' ? <OtherUserMention id={node.id} /> : <Invalid text={t(INVALID[node.type])} />;
  if (node.type === 'userMention') return <UserMention teamId={teamId} id={node.id} />;
  if (node.type === 'roleMention') return <RoleMention teamId={teamId} id={node.id} />;
  return <ChannelMention teamId={teamId} id={node.id} />;
}

const INVALID = { userMention: 'invalidUser', roleMention: 'invalidRole', channelMention: 'invalidChannel' } as const;

function Invalid({ text }: { text: string }) {
  return <span className={`${styles.mention} ${styles.invalidMention}`}>{text}</span>;
}

function UserMention({ teamId, id }: { teamId: string; id: string }) {
  const card = useProfileCard();
  const members = useTeamMembers(teamId);
  const member = members.data?.find((m) => m.id === id);
  if (!member) return <OtherUserMention id={id} />;
  const label = `@${member.username}`;
  if (!card) return <span className={styles.mention}>{label}</span>;
  return (
    <button type="button" className={`${styles.mention} ${styles.mentionButton}`} onClick={(e) => card.open(member.id, e.currentTarget)}>
      {label}
    </button>
  );
}

/** A user who is not a member of the open team (or a mention outside a team): named if the client knows them. */
function OtherUserMention({ id }: { id: string }) {
  const { t } = useTranslation('message-content');
  const queryClient = useQueryClient();
  const name = knownUserName(queryClient, id, useMeUser());
  return name === null ? <Invalid text={t(INVALID.userMention)} /> : <span className={styles.mention}>@{name}</span>;
}

function RoleMention({ teamId, id }: { teamId: string; id: string }) {
  const { t } = useTranslation('message-content');
  const roles = useTeamRoles(teamId);
  // The default role is @everyone, not a role to mention by id.
  const role = id !== teamId ? roles.data?.find((r) => r.id === id) : undefined;
  if (!role) return <Invalid text={t(INVALID.roleMention)} />;
  const style = role.color ? ({ '--mention-color': role.color } as CSSProperties) : undefined;
  return (
    <span className={`${styles.mention} ${role.color ? styles.roleMention : ''}`} style={style}>
      @{role.name}
    </span>
  );
}

function ChannelMention({ teamId, id }: { teamId: string; id: string }) {
  const { t } = useTranslation('message-content');
  const channels = useTeamChannels(teamId);
  const channel = channels.data?.channels.find((c) => c.id === id);
  if (!channel) return <Invalid text={t(INVALID.channelMention)} />;
  return (
    <Link to={`/teams/${teamId}/channels/${channel.id}`} className={`${styles.mention} ${styles.mentionButton}`}>
      #{channel.name}
    </Link>
  );
}
