/** The last viewed channel per team (spec 001 §2/§3: localStorage lastViewedChannelByTeamId). */
const KEY = 'lastViewedChannelByTeamId';

function read(): Record<string, string> {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return {};
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
  } catch (err) {
    console.warn('lastViewedChannelByTeamId: ignoring bad stored value', err);
    return {};
  }
}

function write(map: Record<string, string>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(map));
  } catch {
    // storage full or unavailable: not worth bothering the user
  }
}

export function getLastViewedChannel(teamId: string): string | undefined {
  const v = read()[teamId];
  return typeof v === 'string' ? v : undefined;
}

export function setLastViewedChannel(teamId: string, channelId: string): void {
  const map = read();
  if (map[teamId] === channelId) return;
  map[teamId] = channelId;
  write(map);
}

export function removeLastViewedChannel(teamId: string): void {
  const map = read();
  if (!(teamId in map)) return;
  delete map[teamId];
  write(map);
}

/**
 * The channel to open for /teams/:teamId: the stored last viewed one when it still exists (as a
 * text channel), else the first text channel by priority. `dropStored`: the stored entry is stale.
 */
export function pickDefaultChannel(
  channels: ReadonlyArray<{ id: string; type: string; priority: number; parentId?: string | null }>,
  stored: string | undefined,
): { target: string | undefined; dropStored: boolean } {
  const storedOk = !!stored && channels.some((c) => c.id === stored && c.type === 'text');
  if (storedOk) return { target: stored, dropStored: false };
  const first = channels.filter((c) => c.type === 'text').sort((a, b) => a.priority - b.priority)[0];
  return { target: first?.id, dropStored: !!stored };
}
