import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import fieldStyles from '../../components/ui/Field.module.css';
import { INPUT_VOLUME, outputSelectable, voiceDevicePreferences } from './voice-devices';
import { changeVoiceDevices, useMediaDevices } from './voice-settings';
import styles from './VoiceSettings.module.css';

/** The option's text: the device's label, or its place in the list while the browser hides labels. */
function deviceName(device: MediaDeviceInfo, index: number, fallback: (n: number) => string): string {
  return device.label || fallback(index + 1);
}

/**
 * Voice settings (001 §2 voice bar "settings"): the microphone, the speakers (where the browser can
 * choose them) and the input volume, kept on this device and applied to the running call at once.
 */
export function VoiceSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('voice');
  const prefs = voiceDevicePreferences.useValue();
  const { inputs, outputs, listed } = useMediaDevices();
  const [failed, setFailed] = useState(false);
  const ids = { input: useId(), output: useId(), volume: useId(), volumeHint: useId() };

  const change = (update: Parameters<typeof changeVoiceDevices>[0]) => {
    setFailed(false);
    changeVoiceDevices(update).catch(() => setFailed(true));
  };
  // A saved device that is not plugged in now still shows as chosen, so that choosing it again is not needed.
  const missing = (id: string | null, list: MediaDeviceInfo[]) => listed && id !== null && !list.some((d) => d.deviceId === id);

  return (
    <Dialog open={open} onClose={onClose} title={t('settings.title')} description={t('settings.description')}>
      <div className={styles.form}>
        <div className={styles.field}>
          <label htmlFor={ids.input} className={fieldStyles.label}>
            {t('settings.input')}
          </label>
          <select id={ids.input} className={fieldStyles.select} value={prefs.input ?? ''} onChange={(e) => change({ input: e.target.value || null })}>
            <option value="">{t('settings.default')}</option>
            {inputs.map((device, i) => (
              <option key={device.deviceId} value={device.deviceId}>
                {deviceName(device, i, (n) => t('settings.microphoneN', { n }))}
              </option>
            ))}
            {missing(prefs.input, inputs) && <option value={prefs.input ?? ''}>{t('settings.unplugged')}</option>}
          </select>
          {failed && (
            <p className={styles.error} role="alert">
              {t('settings.inputFailed')}
            </p>
          )}
        </div>
        {outputSelectable() && (
          <div className={styles.field}>
            <label htmlFor={ids.output} className={fieldStyles.label}>
              {t('settings.output')}
            </label>
            <select id={ids.output} className={fieldStyles.select} value={prefs.output ?? ''} onChange={(e) => change({ output: e.target.value || null })}>
              <option value="">{t('settings.default')}</option>
              {outputs.map((device, i) => (
                <option key={device.deviceId} value={device.deviceId}>
                  {deviceName(device, i, (n) => t('settings.speakerN', { n }))}
                </option>
              ))}
              {missing(prefs.output, outputs) && <option value={prefs.output ?? ''}>{t('settings.unplugged')}</option>}
            </select>
          </div>
        )}
        <div className={styles.field}>
          <div className={styles.labelRow}>
            <label htmlFor={ids.volume} className={fieldStyles.label}>
              {t('settings.inputVolume')}
            </label>
            <span className={styles.value} aria-hidden="true">
              {t('settings.percent', { value: prefs.inputVolume })}
            </span>
          </div>
          <input
            id={ids.volume}
            type="range"
            className={styles.range}
            min={INPUT_VOLUME.min}
            max={INPUT_VOLUME.max}
            step={5}
            value={prefs.inputVolume}
            aria-valuetext={t('settings.percent', { value: prefs.inputVolume })}
            aria-describedby={ids.volumeHint}
            onChange={(e) => change({ inputVolume: Number(e.target.value) })}
          />
          <p id={ids.volumeHint} className={styles.hint}>
            {t('settings.inputVolumeHint')}
          </p>
        </div>
      </div>
    </Dialog>
  );
}
