import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PinIcon } from './PinIcon';
import { PinsPanel } from './PinsPanel';
import styles from './Pins.module.css';

/** The pins button of a channel's or a direct chat's header: opens and closes the pins panel (`teamId` null in a direct chat). */
export function PinsButton({ teamId, channelId }: { teamId: string | null; channelId: string }) {
  const { t } = useTranslation('pins');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`${styles.headerButton}${open ? ` ${styles.headerButtonOpen}` : ''}`}
        aria-label={t('button')}
        title={t('button')}
        aria-expanded={open}
        aria-controls={open ? 'pins-panel' : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <PinIcon size={20} />
      </button>
      {open && <PinsPanel teamId={teamId} channelId={channelId} anchor={button} onClose={close} />}
    </>
  );
}
