import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, isLanguage, type Language } from '../../lib/language';
import { useChooseLanguage } from './use-choose-language';
import styles from './SettingsPanels.module.css';

/** Language (000 §3 settings.locale): English or Turkish, applied at once and saved to the account. */
export function LanguagePanel() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const choose = useChooseLanguage();
  const headingId = useId();
  // The choice shows at once (its translations may still be loading); a refusal shows the language the page went back to.
  const [chosen, setChosen] = useState<Language | null>(null);
  const current = chosen ?? (isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en');
  const pick = (lng: Language) => {
    setChosen(lng);
    choose(lng, () => setChosen(null));
  };
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {t('tabs.language')}
      </h3>
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>{t('language.legend')}</legend>
        {SUPPORTED_LANGUAGES.map((lng) => (
          <label key={lng} className={styles.choice}>
            <input type="radio" className={styles.radio} name={`${headingId}-language`} value={lng} checked={current === lng} onChange={() => pick(lng)} />
            <span className={styles.choiceText}>
              <span className={styles.choiceName} lang={lng}>
                {t(`common:languages.${lng}`)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className={styles.hint}>{t('language.hint')}</p>
    </section>
  );
}
