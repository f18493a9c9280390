import { useTranslation } from 'react-i18next';
import styles from './AuthForms.module.css';

export interface NeededField {
  field: string;
  label: string;
}

interface Props {
  /** Referenced by the submit button's aria-describedby. */
  id: string;
  /** The fields that still keep the submit button disabled, in the form's order; nothing shows without any. */
  fields: readonly NeededField[];
  /** Go to a field: its error shows and it takes the focus. */
  onPick: (field: string) => void;
}

/** Under a form whose submit button stays disabled until every check passes: what is still missing, each a button to its field. */
export function StillNeeded({ id, fields, onPick }: Props) {
  const { t } = useTranslation('auth');
  if (fields.length === 0) return null;
  return (
    <div id={id} className={styles.stillNeeded}>
      <span>{t('stillNeeded')}</span>{' '}
      <ul className={styles.stillNeededList}>
        {fields.map(({ field, label }) => (
          <li key={field}>
            <button type="button" className={styles.linkButton} onClick={() => onPick(field)}>
              {label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
