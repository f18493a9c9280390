import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@rally/shared/api/teams';
import type { VoiceRegion } from '@rally/shared/voice/regions';
import { Button } from '../../components/ui/Button';
import { SaveBar } from '../../components/ui/SaveBar';
import { useSetVoiceRegion } from './mutations';
import { useVoiceRegions } from './queries';
import type { RegionLatency } from './region-probe';
import { useRegionLatencies } from './use-region-latencies';
import voiceStyles from './Voice.module.css';
import { pingColour } from './VoiceBar';
import fieldStyles from '../../components/ui/Field.module.css';
import channelStyles from '../channels/ChannelSettings.module.css';
import styles from './VoiceSettings.module.css';

interface Props {
  teamId: string;
  channel: Channel;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * A voice channel's region (001 §2 channel settings, §9): the 17 regions, each with its latency as
 * this browser measures it (coloured as the ping: under 100 ms green, under 200 ms yellow, else
 * orange), the current one marked; a choice is held until Save (SaveBar).
 */
export function VoiceRegionTab({ teamId, channel, onDirtyChange }: Props) {
  const { t } = useTranslation('voice');
  const regions = useVoiceRegions();
  const [round, setRound] = useState(0);
  const latencies = useRegionLatencies(regions.data, round);
  const [chosen, setChosen] = useState<VoiceRegion>(channel.region);
  const save = useSetVoiceRegion(teamId);
  const ids = { heading: useId(), hint: useId() };
  const dirty = chosen !== channel.region;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const latencyText = (latency: RegionLatency | undefined) => {
    if (!latency) return { text: t('region.measuring'), tone: '' };
    if (latency.kind === 'noServer') return { text: t('region.noServer'), tone: '' };
    if (latency.kind === 'unreachable') return { text: t('region.unreachable'), tone: voiceStyles.pingPoor };
    return { text: t('region.ms', { ms: latency.ms }), tone: voiceStyles[pingColour(latency.ms)] };
  };

  return (
    <div className={channelStyles.tab}>
      <h3 id={ids.heading} className={channelStyles.heading}>
        {t('region.heading')}
      </h3>
      <div className={styles.actions}>
        <p id={ids.hint} className={fieldStyles.hint}>
          {t('region.hint')}
        </p>
        <Button variant="secondary" size="sm" onClick={() => setRound((n) => n + 1)} disabled={!regions.data}>
          {t('region.measureAgain')}
        </Button>
      </div>
      {regions.isError && (
        <p className={fieldStyles.error} role="alert">
          {t('region.loadFailed')}
        </p>
      )}
      <fieldset className={styles.regions} aria-labelledby={ids.heading} aria-describedby={ids.hint} aria-busy={regions.isPending || undefined}>
        {(regions.data ?? []).map(({ region }) => {
          const latency = latencyText(latencies[region]);
          return (
            <label key={region} className={styles.region}>
              <input type="radio" name={`region-${channel.id}`} value={region} checked={chosen === region} onChange={() => setChosen(region)} />
              <span className={styles.regionText}>
                <span className={styles.regionName}>{t(`region.names.${region}`)}</span>
                <span className={styles.regionCode}>
                  {region}
                  {channel.region === region && <span className={styles.current}> · {t('region.current')}</span>}
                </span>
              </span>
              <span className={`${styles.latency} ${latency.tone}`}>{latency.text}</span>
            </label>
          );
        })}
      </fieldset>
      <SaveBar
        visible={dirty}
        onReset={() => {
          save.reset();
          setChosen(channel.region);
        }}
        onSave={() => save.mutate({ channel, region: chosen })}
        saving={save.isPending}
        error={save.error?.message ?? null}
      />
    </div>
  );
}
