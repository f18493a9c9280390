import { internalPath, parseHttpUrl } from '@rally/shared/markdown/links';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLinkDialog, openExternal } from './ExternalLinkDialog';
import { isTrustedHost } from './trusted-domains';
import styles from './MessageContent.module.css';

/**
 * A link in a message. To Rally itself under an in-app prefix (spec 001 §2): a router link, no page
 * load. Elsewhere: opens in a new tab (noopener, noreferrer) after the leaving-Rally confirmation,
 * unless the user trusts the host. The href is checked again here: anything but http(s) is text.
 */
export function ContentLink({ href, children }: { href: string; children: ReactNode }) {
  const [confirming, setConfirming] = useState<URL | null>(null);
  const url = parseHttpUrl(href);
  if (!url) return <>{children}</>;
  const path = internalPath(url, window.location.origin);
  if (path !== null) {
    return (
      <Link to={path} className={styles.link}>
        {children}
      </Link>
    );
  }
  return (
    <>
      <a
        href={url.href}
        target="_blank"
        rel="noopener noreferrer"
        className={styles.link}
        title={url.href}
        onClick={(e) => {
          // Modified clicks (new tab, new window) still ask: the confirmation is the point.
          e.preventDefault();
          e.stopPropagation();
          if (isTrustedHost(url.hostname)) openExternal(url);
          else setConfirming(url);
        }}
      >
        {children}
      </a>
      {confirming && <ExternalLinkDialog url={confirming} onClose={() => setConfirming(null)} />}
    </>
  );
}
