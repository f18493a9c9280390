/** Number formats and the Markdown tables the bench prints. */

export const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
export const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');
export const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
export const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : 'n/a');
/** `value` as a multiple of `baseline` ("1.25×"; a phase's latency against the baseline phase's), or — when either is missing. */
export const times = (value: number | undefined, baseline: number | undefined) =>
  value !== undefined && baseline !== undefined && baseline > 0 && Number.isFinite(value) ? `${f2(value / baseline)}×` : '—';

/** A Markdown table: the first column (or the first `leftColumns`) left-aligned, the others right-aligned. */
export function markdownTable(header: string[], body: string[][], leftColumns = 1): string {
  const widths = header.map((_, i) => Math.max(...[header, ...body].map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => (i < leftColumns ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i < leftColumns ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...body.map(line)].join('\n');
}
