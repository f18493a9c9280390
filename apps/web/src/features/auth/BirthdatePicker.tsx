import { useId, useMemo, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import fieldStyles from '../../components/ui/Field.module.css';
import styles from './AuthForms.module.css';
import { dayOptions, keepDay, monthNames, yearOptions } from './birthdate';

interface Value {
  day: number | null;
  month: number | null;
  year: number | null;
}

interface Props extends Value {
  onChange: (next: Value) => void;
  /** Focus left the whole picker. */
  onLeave: () => void;
  error: string | null;
}

/** Day, month and year selects (years over the last 124 years), grouped under one legend. */
export function BirthdatePicker({ day, month, year, onChange, onLeave, error }: Props) {
  const { t, i18n } = useTranslation('auth');
  const id = useId();
  const errorId = `${id}-error`;
  const years = useMemo(() => yearOptions(), []);
  const months = useMemo(() => monthNames(i18n.resolvedLanguage ?? 'en'), [i18n.resolvedLanguage]);
  const days = dayOptions(year, month);
  const num = (v: string) => (v ? Number(v) : null);

  const onBlur = (e: FocusEvent<HTMLFieldSetElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) onLeave();
  };
  const selectProps = {
    className: `${fieldStyles.select} ${styles.select} ${error ? fieldStyles.invalid : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };

  return (
    <fieldset className={styles.fieldset} onBlur={onBlur}>
      <legend className={fieldStyles.label}>{t('register.birthdate')}</legend>
      <div className={styles.birthdateRow}>
        <div className={styles.selectWrap}>
          <label htmlFor={`${id}-day`} className="visually-hidden">
            {t('register.day')}
          </label>
          <select id={`${id}-day`} name="day" value={day ?? ''} onChange={(e) => onChange({ day: num(e.target.value), month, year })} {...selectProps}>
            <option value="">{t('register.day')}</option>
            {days.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </div>
        <div className={`${styles.selectWrap} ${styles.grow}`}>
          <label htmlFor={`${id}-month`} className="visually-hidden">
            {t('register.month')}
          </label>
          <select
            id={`${id}-month`}
            name="month"
            value={month ?? ''}
            onChange={(e) => {
              const m = num(e.target.value);
              onChange({ day: keepDay(day, year, m), month: m, year });
            }}
            {...selectProps}
          >
            <option value="">{t('register.month')}</option>
            {months.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.selectWrap}>
          <label htmlFor={`${id}-year`} className="visually-hidden">
            {t('register.year')}
          </label>
          <select
            id={`${id}-year`}
            name="year"
            value={year ?? ''}
            onChange={(e) => {
              const y = num(e.target.value);
              onChange({ day: keepDay(day, y, month), month, year: y });
            }}
            {...selectProps}
          >
            <option value="">{t('register.year')}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <p id={errorId} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
