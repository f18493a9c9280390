import type { ResourceLanguage } from 'i18next';

/**
 * One language's translations: every JSON file of its directory is a namespace named after the file
 * (so a feature adds locales/en/<feature>.json and locales/tr/<feature>.json, and nothing else), and
 * the server's error table (packages/shared i18n/errors) is the `errors` namespace, extended by
 * <language>/errors.json (client-only messages such as `network`).
 */
export function languageResources(files: Record<string, Record<string, unknown>>, errors: Record<string, string>): ResourceLanguage {
  const resources: ResourceLanguage = { errors: { ...errors } };
  for (const [path, json] of Object.entries(files)) {
    if (!path.endsWith('.json')) continue;
    const ns = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
    const existing = resources[ns];
    resources[ns] = existing && typeof existing === 'object' ? { ...existing, ...json } : json;
  }
  return resources;
}
