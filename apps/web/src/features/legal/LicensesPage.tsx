import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/ui/TextField';
import { useDocumentTitle } from '../../lib/use-document-title';
import publicStyles from '../public/Public.module.css';
import styles from './Legal.module.css';
import licenses from './licenses.json';

/** /licenses: the third-party packages Rally runs with and their licences (written by `npm run licenses` from package-lock.json). */
export function LicensesPage() {
  const { t } = useTranslation(['pages', 'legal']);
  useDocumentTitle(t('pages:licenses'));
  const [filter, setFilter] = useState('');
  const query = useDeferredValue(filter.trim().toLowerCase());
  const shown = useMemo(
    () => (query ? licenses.filter((entry) => entry.name.toLowerCase().includes(query) || entry.license.toLowerCase().includes(query)) : licenses),
    [query],
  );
  return (
    <article className={publicStyles.pageShell}>
      <h1 className={publicStyles.pageTitle}>{t('pages:licenses')}</h1>
      <p className={styles.lead}>{t('legal:licenses.lead', { count: licenses.length })}</p>
      <TextField className={styles.licenseSearch} label={t('legal:licenses.filter')} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      <p className="visually-hidden" role="status">
        {t('legal:licenses.shown', { count: shown.length })}
      </p>
      <div className={`${styles.tableWrap} ${styles.licenses}`}>
        <table>
          <caption className="visually-hidden">{t('legal:licenses.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('legal:licenses.package')}</th>
              <th scope="col">{t('legal:licenses.version')}</th>
              <th scope="col">{t('legal:licenses.license')}</th>
              <th scope="col">{t('legal:licenses.usedBy')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((entry) => (
              <tr key={`${entry.name}@${entry.version}`}>
                <td>
                  <a href={entry.url} target="_blank" rel="noreferrer">
                    {entry.name}
                  </a>
                </td>
                <td>{entry.version}</td>
                <td>{entry.license}</td>
                <td>{entry.usedBy.map((part) => t(`legal:licenses.parts.${part}`)).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}
