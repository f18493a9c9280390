/** Hosts the user chose to trust in the leaving-Rally dialog: their links open without asking (kept in this browser). */
const KEY = 'rally.trustedLinkDomains';
/** At most this many hosts are remembered (the oldest are forgotten). */
const MAX = 200;

function read(): string[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((h): h is string => typeof h === 'string') : [];
  } catch (err) {
    // Bad stored JSON is logged and ignored (spec 001 §8 Misc).
    console.warn('Ignoring unreadable trusted link domains', err);
    return [];
  }
}

export function isTrustedHost(host: string): boolean {
  return read().includes(host.toLowerCase());
}

export function trustHost(host: string): void {
  const hosts = [...read().filter((h) => h !== host.toLowerCase()), host.toLowerCase()].slice(-MAX);
  localStorage.setItem(KEY, JSON.stringify(hosts));
}
