import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LegalPage } from '@rally/shared/api/site';
import type { Locale } from '@rally/shared/i18n/errors';
import type { Config } from '../../env';
import { notFound } from '../../lib/errors';

/** Rally's own legal pages: content/legal/{locale}/{page}.md beside src/. */
export const BUNDLED_LEGAL_DIR = fileURLToPath(new URL('../../../content/legal/', import.meta.url));

type OperatorConfig = Pick<Config, 'OPERATOR_NAME' | 'OPERATOR_EMAIL' | 'OPERATOR_ADDRESS' | 'SECURITY_EMAIL' | 'PUBLIC_URL'>;

/** What {{operatorAddress}} says while OPERATOR_ADDRESS is unset. */
const NO_ADDRESS: Record<Locale, string> = { en: 'postal address not given yet', tr: 'posta adresi henüz belirtilmedi' };

/** The placeholders a legal page may use, from the configuration. */
export function operatorPlaceholders(config: OperatorConfig, locale: Locale): Record<string, string> {
  return {
    operatorName: config.OPERATOR_NAME,
    operatorEmail: config.OPERATOR_EMAIL,
    operatorAddress: config.OPERATOR_ADDRESS ?? NO_ADDRESS[locale],
    securityEmail: config.SECURITY_EMAIL ?? config.OPERATOR_EMAIL,
    siteUrl: config.PUBLIC_URL,
  };
}

/** Replace {{name}} with the value of name; an unknown placeholder stays as written. */
export function fillPlaceholders(markdown: string, values: Record<string, string>): string {
  return markdown.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

async function readIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * A legal page's markdown: the operator's own file (LEGAL_DIR/{locale}/{page}.md) when there is
 * one, else Rally's; the page is one of LEGAL_PAGES (the endpoint's schema), so no other path is
 * read. Placeholders take the operator's name and contacts.
 */
export async function legalPage(config: OperatorConfig & Pick<Config, 'LEGAL_DIR'>, page: LegalPage, locale: Locale): Promise<string> {
  const file = join(locale, `${page}.md`);
  const markdown = (config.LEGAL_DIR ? await readIfExists(join(config.LEGAL_DIR, file)) : null) ?? (await readIfExists(join(BUNDLED_LEGAL_DIR, file)));
  if (markdown === null) throw notFound('legal_page_not_found');
  return fillPlaceholders(markdown, operatorPlaceholders(config, locale));
}
