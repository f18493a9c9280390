import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n';
import { SUPPORTED_LANGUAGES, isLanguage, type Language } from '../lib/language';
import styles from './LanguageSwitch.module.css';

interface Props {
  compact?: boolean;
  className?: string;
  /** What a choice does: by default the page changes and the choice is remembered on this device; signed in, it is saved to the account too. */
  onChoose?: (lng: Language) => void;
}

/** Language picker (a labelled native select). */
export function LanguageSwitch({ compact = false, className, onChoose = (lng) => void setLanguage(lng) }: Props) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <div className={`${styles.wrap} ${compact ? styles.compact : ''} ${className ?? ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {t('language')}
      </label>
      <svg className={styles.globe} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" fill="none" stroke="currentColor" strokeWidth="1.8" />
      </svg>
      <select
        id={id}
        className={styles.select}
        value={current}
        onChange={(e) => {
          if (isLanguage(e.target.value)) onChoose(e.target.value);
        }}
      >
        {SUPPORTED_LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {compact ? t(`languageShort.${lng}`) : t(`languages.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
