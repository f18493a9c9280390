import { booleanAt, createLocalStore, stringAt } from '../../lib/local-store';

/**
 * The custom background (000 §2 App settings, §3; stored locally on this device): an image uploaded
 * with type customBackground, shown behind the app while `enabled`.
 */
export interface CustomBackground {
  enabled: boolean;
  /** The uploaded image's URL, or null when none was chosen. */
  url: string | null;
}

export const CUSTOM_BACKGROUND_DEFAULTS: CustomBackground = { enabled: false, url: null };

export const CUSTOM_BACKGROUND_KEY = 'rally.customBackground';

/** Only an address of this origin or of http(s) is taken as the image (anything else stored is ignored). */
function imageUrl(raw: unknown): string | null {
  const url = stringAt(raw, 'url');
  return url && /^(?:\/[^/\\]|https?:\/\/)/.test(url) ? url : null;
}

export function parseCustomBackground(raw: unknown): CustomBackground {
  const url = imageUrl(raw);
  return { enabled: url !== null && booleanAt(raw, 'enabled', false), url };
}

export const customBackgroundStore = createLocalStore(CUSTOM_BACKGROUND_KEY, CUSTOM_BACKGROUND_DEFAULTS, parseCustomBackground);

export const useCustomBackground = customBackgroundStore.useValue;

export function setCustomBackground(change: Partial<CustomBackground>): void {
  customBackgroundStore.set((current) => ({ ...current, ...change }));
}

/** The CSS `background-image` of the app while the background is on (a dark veil over it keeps text readable), or undefined. */
export function backgroundImageOf(background: CustomBackground): string | undefined {
  if (!background.enabled || !background.url) return undefined;
  const url = background.url.replace(/["\\\n\r]/g, (c) => encodeURIComponent(c));
  return `linear-gradient(rgb(11 13 19 / 70%), rgb(11 13 19 / 70%)), url("${url}")`;
}
