import i18n, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, detectLanguage, isLanguage, type Language } from './lib/language';

/**
 * Translations load per language, on demand: locales/<language>/index.ts gathers that language's
 * namespaces (its JSON files and the shared error table, see locales/resources.ts) into one chunk.
 * The active language's chunk is fetched before the first render (main.tsx awaits `i18nReady`), the
 * other one only when the visitor switches to it. English stays the fallback language; a Turkish
 * page has every key without it (locales/locales.test.ts keeps en and tr key for key the same).
 */
const languageModules = import.meta.glob<ResourceLanguage>('./locales/*/index.ts', { import: 'default' });

const loading = new Map<Language, Promise<ResourceLanguage>>();

/** The language's resources, fetched once (a failed fetch is tried again next time). */
function fetchLanguage(lng: Language): Promise<ResourceLanguage> {
  let promise = loading.get(lng);
  if (!promise) {
    const load = languageModules[`./locales/${lng}/index.ts`];
    promise = load ? load() : Promise.reject(new Error(`No translations for ${lng}`));
    promise.catch(() => loading.delete(lng));
    loading.set(lng, promise);
  }
  return promise;
}

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The language chosen on this device (null when none was, or storage is unavailable). */
export function storedLanguage(): Language | null {
  const stored = readStoredLanguage();
  return isLanguage(stored) ? stored : null;
}

function applyDocumentLanguage(lng: string) {
  document.documentElement.lang = lng;
}

/** Resolves once i18next is initialised with the active language's translations (never rejects). */
export const i18nReady: Promise<void> = (async () => {
  const lng = detectLanguage(readStoredLanguage(), typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
  let bundle: ResourceLanguage = {};
  try {
    bundle = await fetchLanguage(lng);
  } catch (err) {
    console.error('Could not load the translations', err); // the page still renders, with keys for texts
  }
  await i18n.use(initReactI18next).init({
    resources: { [lng]: bundle },
    partialBundledLanguages: true,
    lng,
    fallbackLng: 'en',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: Object.keys(bundle),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  applyDocumentLanguage(i18n.resolvedLanguage ?? i18n.language);
  i18n.on('languageChanged', applyDocumentLanguage);
})();

/**
 * Switch the UI language and remember the choice on this device. The language's translations are
 * fetched first (once), so the page changes in one step; when they cannot be fetched, it stays as is.
 */
export async function setLanguage(lng: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    /* storage unavailable (private mode): the choice lasts for this visit */
  }
  try {
    const bundle = await fetchLanguage(lng);
    await i18nReady;
    for (const [ns, resources] of Object.entries(bundle)) {
      if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, resources);
    }
    await i18n.changeLanguage(lng);
  } catch (err) {
    console.error(`Could not switch the language to ${lng}`, err);
  }
}

export default i18n;
