import { errorMessages } from '@rally/shared/i18n/errors';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, detectLanguage, type Language } from './lib/language';

/**
 * Every JSON file under locales/<language>/ is a namespace named after the file, so a feature adds
 * its strings by adding locales/en/<feature>.json and locales/tr/<feature>.json — no change here.
 * The server's error table (packages/shared i18n/errors) is the `errors` namespace, extended by
 * locales/<language>/errors.json (client-only messages such as `network`).
 */
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });

export function buildResources(input: Record<string, Record<string, unknown>>): Resource {
  const resources: Resource = {};
  for (const lng of SUPPORTED_LANGUAGES) resources[lng] = { errors: { ...errorMessages[lng] } };
  for (const [path, json] of Object.entries(input)) {
    const m = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!m) continue;
    const [, lng, ns] = m;
    resources[lng] ??= {};
    const existing = resources[lng][ns];
    resources[lng][ns] = existing && typeof existing === 'object' ? { ...existing, ...json } : json;
  }
  return resources;
}

const resources = buildResources(files);
const namespaces = Array.from(new Set(Object.values(resources).flatMap((r) => Object.keys(r))));

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(readStoredLanguage(), typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]),
  fallbackLng: 'en',
  supportedLngs: [...SUPPORTED_LANGUAGES],
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function applyDocumentLanguage(lng: string) {
  document.documentElement.lang = lng;
}
applyDocumentLanguage(i18n.resolvedLanguage ?? i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

/** Switch the UI language and remember the choice on this device. */
export function setLanguage(lng: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    /* storage unavailable (private mode): the choice lasts for this visit */
  }
  void i18n.changeLanguage(lng);
}

export default i18n;
