import type { BlockNode } from '@rally/shared/markdown/ast';
import { useMemo } from 'react';
import { InvitePreview } from './InvitePreview';
import { MessageLinkPreview } from './MessageLinkPreview';
import { linkPreviews } from './previews';
import styles from './Previews.module.css';

/** The cards of a message's links to messages and invites of Rally, at most 3 and 5 (001 §9). */
export function LinkPreviews({ blocks }: { blocks: BlockNode[] }) {
  const found = useMemo(() => linkPreviews(blocks, window.location.origin), [blocks]);
  if (found.messages.length === 0 && found.invites.length === 0) return null;
  return (
    <div className={styles.previews}>
      {found.messages.map((target) => (
        <MessageLinkPreview key={target.messageId} target={target} />
      ))}
      {found.invites.map((code) => (
        <InvitePreview key={code} code={code} />
      ))}
    </div>
  );
}
