import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultSecondColor, GRADIENT_PRESETS, SOLID_PRESETS, swatchBackground } from './presets';
import styles from './RolesTab.module.css';

export interface ColorPickerProps {
  color: string;
  color2: string | null;
  disabled: boolean;
  onChange: (color: string, color2: string | null) => void;
}

/**
 * A role's colour: solid or gradient (switching to gradient sets a default second colour, spec 001
 * §2), 16 presets of each (§5) and a custom colour input per colour.
 */
export function ColorPicker({ color, color2, disabled, onChange }: ColorPickerProps) {
  const { t } = useTranslation('roles');
  const id = useId();
  const gradient = color2 !== null;
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>{t('editor.color')}</legend>
      <div className={styles.segmented} role="radiogroup" aria-label={t('editor.mode')}>
        <button type="button" role="radio" aria-checked={!gradient} className={styles.segment} onClick={() => gradient && onChange(color, null)}>
          {t('editor.solid')}
        </button>
        <button
          type="button"
          role="radio"
          aria-checked={gradient}
          className={styles.segment}
          onClick={() => !gradient && onChange(color, defaultSecondColor(color))}
        >
          {t('editor.gradient')}
        </button>
      </div>

      {gradient ? (
        <div className={styles.swatches} role="group" aria-label={t('editor.gradientPresets')}>
          {GRADIENT_PRESETS.map(([first, second]) => (
            <button
              key={`${first}${second}`}
              type="button"
              className={styles.swatch}
              style={{ background: swatchBackground(first, second) }}
              aria-pressed={same(first, color) && same(second, color2)}
              aria-label={t('editor.gradientPreset', { color: first, color2: second })}
              title={`${first} → ${second}`}
              onClick={() => onChange(first, second)}
            />
          ))}
        </div>
      ) : (
        <div className={styles.swatches} role="group" aria-label={t('editor.solidPresets')}>
          {SOLID_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className={styles.swatch}
              style={{ background: preset }}
              aria-pressed={same(preset, color)}
              aria-label={t('editor.preset', { color: preset })}
              title={preset}
              onClick={() => onChange(preset, null)}
            />
          ))}
        </div>
      )}

      <div className={styles.customRow}>
        <label className={styles.customColor} htmlFor={`${id}-c1`}>
          <input id={`${id}-c1`} type="color" value={color} onChange={(e) => onChange(e.target.value, color2)} />
          <span>{t('editor.custom')}</span>
          <code className={styles.hex}>{color}</code>
        </label>
        {gradient && (
          <label className={styles.customColor} htmlFor={`${id}-c2`}>
            <input id={`${id}-c2`} type="color" value={color2} onChange={(e) => onChange(color, e.target.value)} />
            <span>{t('editor.custom2')}</span>
            <code className={styles.hex}>{color2}</code>
          </label>
        )}
      </div>
    </fieldset>
  );
}
