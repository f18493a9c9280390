import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import fieldStyles from '../../components/ui/Field.module.css';
import { INPUT_VOLUME, outputSelectable, voiceDevicePreferences } from './voice-devices';
import { changeVoiceDevices, useMediaDevices } from './voice-settings';
import styles from './VoiceSettings.module.css';

interface DeviceSelectProps {
  label: string;
  /** The chosen device's id; null: the system default. */
  value: string | null;
  devices: MediaDeviceInfo[];
  /** The browser has listed the devices (until then a saved one is not called unplugged). */
  listed: boolean;
  /** The n-th device's name while the browser hides device labels. */
  nameOf: (n: number) => string;
  onChange: (deviceId: string | null) => void;
  children?: ReactNode;
}

/** A device select: the default, the devices, and a saved one that is not plugged in now (still shown as chosen, so that it need not be chosen again). */
function DeviceSelect({ label, value, devices, listed, nameOf, onChange, children }: DeviceSelectProps) {
  const { t } = useTranslation('voice');
  const id = useId();
  const unplugged = listed && value !== null && !devices.some((d) => d.deviceId === value);
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select id={id} className={fieldStyles.select} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">{t('settings.default')}</option>
        {devices.map((device, i) => (
          <option key={device.deviceId} value={device.deviceId}>
            {device.label || nameOf(i + 1)}
          </option>
        ))}
        {unplugged && <option value={value}>{t('settings.unplugged')}</option>}
      </select>
      {children}
    </div>
  );
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
  const ids = { volume: useId(), volumeHint: useId() };

  const change = (update: Parameters<typeof changeVoiceDevices>[0]) => {
    setFailed(false);
    changeVoiceDevices(update).catch(() => setFailed(true));
  };

  return (
    <Dialog open={open} onClose={onClose} title={t('settings.title')} description={t('settings.description')}>
      <div className={styles.form}>
        <DeviceSelect
          label={t('settings.input')}
          value={prefs.input}
          devices={inputs}
          listed={listed}
          nameOf={(n) => t('settings.microphoneN', { n })}
          onChange={(input) => change({ input })}
        >
          {failed && (
            <p className={fieldStyles.error} role="alert">
              {t('settings.inputFailed')}
            </p>
          )}
        </DeviceSelect>
        {outputSelectable() && (
          <DeviceSelect
            label={t('settings.output')}
            value={prefs.output}
            devices={outputs}
            listed={listed}
            nameOf={(n) => t('settings.speakerN', { n })}
            onChange={(output) => change({ output })}
          />
        )}
        <div className={fieldStyles.field}>
          <div className={fieldStyles.labelRow}>
            <label htmlFor={ids.volume} className={fieldStyles.label}>
              {t('settings.inputVolume')}
            </label>
            <span className={fieldStyles.aside} aria-hidden="true">
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
          <p id={ids.volumeHint} className={fieldStyles.hint}>
            {t('settings.inputVolumeHint')}
          </p>
        </div>
      </div>
    </Dialog>
  );
}
