/**
 * The side-by-side report of `BENCH_BASELINE` (baseline.ts): the figures of two benches read back
 * from what they printed, and the ratio current / baseline of each figure both printed.
 *
 * Every bench of this repository, old or new, prints its figures as Markdown tables (table.ts
 * markdownTable, or its copy in older commits' run.ts), each after a title line. So a run's stdout
 * is read as tables: the title is the last non-blank line above the header row, the header names
 * the columns (backends, or figures when the rows are phases), and each body row is a row label and
 * its cells. A figure is (table, row label, column); its cell may hold several numbers
 * ("2.7 / 12.1 / 15.9", "300 (0)"), each compared on its own.
 */
import { percentile } from './stats';
import { markdownTable } from './table';

export interface Figure {
  row: string;
  column: string;
  /** The cell as printed. */
  cell: string;
}

export interface BenchTable {
  /** The title line above the table. */
  title: string;
  /** What matches a table of the other run: the title up to its first colon (the rest holds sizes and knobs). */
  key: string;
  figures: Figure[];
}

const NUMBER = /-?\d[\d,]*(?:\.\d+)?|n\/a/g;
const SEPARATOR = /^\|[\s:|-]+\|$/;

/** The numbers of a cell, in order ("n/a" is NaN). */
export function cellNumbers(cell: string): number[] {
  return (cell.match(NUMBER) ?? []).map((token) => (token === 'n/a' ? Number.NaN : Number(token.replaceAll(',', ''))));
}

/** A cell that holds only figures (no words): a row whose first cell is one has no label. */
const isValueCell = (cell: string) => cell.replace(NUMBER, '').replace(/[\s/().%-]/g, '') === '' && /\d/.test(cell);

const splitRow = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

/** The Markdown tables of a bench's stdout, with their titles. */
export function parseTables(stdout: string): BenchTable[] {
  const lines = stdout.split('\n').map((line) => line.replace(/\r$/, ''));
  const tables: BenchTable[] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i + 1 < lines.length; i++) {
    const line = lines[i]!.trim(); // i < lines.length
    if (!line.startsWith('|') || !SEPARATOR.test(lines[i + 1]!.trim())) continue; // i + 1 < lines.length
    let titleAt = i - 1;
    while (titleAt >= 0 && lines[titleAt]!.trim() === '') titleAt--; // titleAt >= 0
    const title = titleAt >= 0 && !lines[titleAt]!.trim().startsWith('|') ? lines[titleAt]!.trim() : ''; // titleAt >= 0
    const header = splitRow(line);
    const body: string[][] = [];
    let end = i + 2;
    for (; end < lines.length && lines[end]!.trim().startsWith('|'); end++) body.push(splitRow(lines[end]!)); // end < lines.length
    // A table whose first column holds figures too (one row of timings) has no row labels.
    const unlabelled = body.length > 0 && body.every((row) => isValueCell(row[0] ?? ''));
    const figures: Figure[] = [];
    body.forEach((row, r) => {
      const label = unlabelled ? `row ${r + 1}` : (row[0] ?? '');
      row.forEach((cell, c) => {
        if (c === 0 && !unlabelled) return;
        figures.push({ row: label, column: header[c] ?? `column ${c + 1}`, cell });
      });
    });
    const base = title.split(':')[0]!.trim(); // split gives at least one part
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    tables.push({ title, key: count === 1 ? base : `${base} (${count})`, figures });
    i = end - 1;
  }
  return tables;
}

/** Which way a figure improves, from its row label and column; null where the bench's figure is a count or a set-up time. */
export type Better = 'lower' | 'higher' | null;

const DIRECTIONS: [RegExp, Better][] = [
  // Counts, sizes of the workload and the bench's own set-up: context, not a speed.
  [
    /load average|set-up|seeding|stored|per page|listed|connected|participants|forwarded streams|\(failed\)|\/ expected|clients|sender|events on|MESSAGE_READ|reactions|count|scrolled through|^frames\b|elements|rows in the page|frames per watcher/i,
    null,
  ],
  [/per (server )?CPU-second|per second|per core|\/s\b/i, 'higher'],
  [/latency|\bp\d\d\b|\bmax\b|\bmean\b|ms\b|CPU|RSS|memory|heap|KB|MiB|loss|over 50 ms|waiting|connect all sockets|health after/i, 'lower'],
];

export function better(figure: Pick<Figure, 'row' | 'column'>): Better {
  const text = `${figure.row} | ${figure.column}`;
  for (const [pattern, direction] of DIRECTIONS) if (pattern.test(text)) return direction;
  return null;
}

/**
 * One table of several rounds of the same bench: each number of each cell is the median of the
 * rounds' (printed with the first round's cell as the pattern). A single round is returned as it is.
 */
export function medianTables(rounds: BenchTable[][]): BenchTable[] {
  const [first, ...rest] = rounds;
  if (!first) return [];
  if (!rest.length) return first;
  return first.map((table) => ({
    ...table,
    figures: table.figures.map((figure) => {
      const cells = [figure.cell];
      for (const round of rest) {
        const same = round.find((t) => t.key === table.key)?.figures.find((f) => f.row === figure.row && f.column === figure.column);
        if (same) cells.push(same.cell);
      }
      const numbers = cells.map(cellNumbers).filter((list) => list.length === cellNumbers(figure.cell).length);
      let k = 0;
      const cell = figure.cell.replace(NUMBER, (token) => {
        const values = numbers.map((list) => list[k]!).filter(Number.isFinite); // every list has this cell's length
        k++;
        if (!values.length) return token;
        return formatLike(
          token,
          percentile(
            values.sort((a, b) => a - b),
            50,
          ),
        );
      });
      return { ...figure, cell };
    }),
  }));
}

/** A number printed as `token` was: its decimals, and thousands separators when it had them. */
function formatLike(token: string, value: number): string {
  const decimals = token.includes('.') ? (token.split('.')[1]?.length ?? 0) : 0;
  return token.includes(',') ? value.toLocaleString('en', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }) : value.toFixed(decimals);
}

export type Verdict = 'regression' | 'improvement' | null;

export interface FigureComparison {
  row: string;
  column: string;
  baseline: string;
  current: string;
  /** current / baseline for each number of the cell (NaN where the baseline is 0 or either is n/a); empty when the cells hold different numbers of figures. */
  ratios: number[];
  better: Better;
  verdict: Verdict;
}

export interface TableComparison {
  key: string;
  title: string;
  baselineTitle: string;
  figures: FigureComparison[];
  onlyBaseline: Figure[];
  onlyCurrent: Figure[];
}

export interface Comparison {
  /** A figure worse than this factor (or its inverse, for higher-is-better figures) is a regression. */
  threshold: number;
  tables: TableComparison[];
  onlyBaseline: BenchTable[];
  onlyCurrent: BenchTable[];
}

function ratiosOf(baseline: string, current: string): number[] {
  const b = cellNumbers(baseline);
  const c = cellNumbers(current);
  if (b.length !== c.length) return [];
  return b.map((value, i) => {
    const now = c[i]!; // same length
    return value > 0 && now >= 0 ? now / value : Number.NaN;
  });
}

function verdictOf(ratios: number[], direction: Better, threshold: number): Verdict {
  const known = ratios.filter(Number.isFinite);
  if (!direction || !known.length) return null;
  const worse = direction === 'lower' ? (r: number) => r > threshold : (r: number) => r < 1 / threshold;
  const improved = direction === 'lower' ? (r: number) => r < 1 / threshold : (r: number) => r > threshold;
  if (known.some(worse)) return 'regression';
  return known.some(improved) ? 'improvement' : null;
}

const figureKey = (f: Pick<Figure, 'row' | 'column'>) => `${f.row}\u0000${f.column}`;

/** Each table and figure both runs printed, with its ratio; what only one printed, listed. */
export function compareTables(baseline: BenchTable[], current: BenchTable[], threshold: number): Comparison {
  const tables: TableComparison[] = [];
  for (const now of current) {
    const before = baseline.find((t) => t.key === now.key);
    if (!before) continue;
    const old = new Map(before.figures.map((f) => [figureKey(f), f]));
    const shared = new Set<string>();
    const figures: FigureComparison[] = [];
    for (const f of now.figures) {
      const b = old.get(figureKey(f));
      if (!b) continue;
      shared.add(figureKey(f));
      const ratios = ratiosOf(b.cell, f.cell);
      const direction = better(f);
      figures.push({
        row: f.row,
        column: f.column,
        baseline: b.cell,
        current: f.cell,
        ratios,
        better: direction,
        verdict: verdictOf(ratios, direction, threshold),
      });
    }
    tables.push({
      key: now.key,
      title: now.title,
      baselineTitle: before.title,
      figures,
      onlyBaseline: before.figures.filter((f) => !shared.has(figureKey(f))),
      onlyCurrent: now.figures.filter((f) => !shared.has(figureKey(f))),
    });
  }
  return {
    threshold,
    tables,
    onlyBaseline: baseline.filter((t) => !current.some((c) => c.key === t.key)),
    onlyCurrent: current.filter((t) => !baseline.some((b) => b.key === t.key)),
  };
}

const ratioText = (ratios: number[]) => (ratios.length ? ratios.map((r) => (Number.isFinite(r) ? r.toFixed(2) : 'n/a')).join(' / ') : '–');
const VERDICT_TEXT: Record<'regression' | 'improvement', string> = { regression: 'REGRESSION', improvement: 'better' };
const figureName = (f: Figure) => `${f.row} — ${f.column}: ${f.cell}`;

/** The report: one table per section, what did not match, and the regressions named at the end. */
export function comparisonReport(comparison: Comparison, labels: { baseline: string; current: string }): string {
  const { threshold } = comparison;
  const out: string[] = [
    `Side by side: baseline ${labels.baseline}, current ${labels.current}. Ratio = current / baseline for each number of a cell;`,
    `REGRESSION: worse than ×${threshold} (lower-is-better figures above ${threshold.toFixed(2)}, higher-is-better below ${(1 / threshold).toFixed(2)}); better: as far the other way.`,
  ];
  const regressions: string[] = [];
  for (const table of comparison.tables) {
    out.push('', table.title || '(untitled table)');
    if (table.baselineTitle !== table.title) out.push(`baseline's title: ${table.baselineTitle}`);
    out.push('');
    out.push(
      markdownTable(
        ['row', 'column', 'baseline', 'current', 'current / baseline', 'better', ''],
        table.figures.map((f) => [f.row, f.column, f.baseline, f.current, ratioText(f.ratios), f.better ?? '', f.verdict ? VERDICT_TEXT[f.verdict] : '']),
        2,
      ),
    );
    for (const f of table.figures)
      if (f.verdict === 'regression') regressions.push(`${table.key.split(';')[0]}: ${f.row} — ${f.column} ×${ratioText(f.ratios)}`);
    if (table.onlyBaseline.length) out.push(`only in the baseline: ${table.onlyBaseline.map(figureName).join('; ')}`);
    if (table.onlyCurrent.length) out.push(`only in the current tree: ${table.onlyCurrent.map(figureName).join('; ')}`);
  }
  if (comparison.onlyBaseline.length) out.push('', `tables only in the baseline: ${comparison.onlyBaseline.map((t) => t.title || t.key).join('; ')}`);
  if (comparison.onlyCurrent.length) out.push('', `tables only in the current tree: ${comparison.onlyCurrent.map((t) => t.title || t.key).join('; ')}`);
  if (!comparison.tables.length) out.push('', 'no table of one run matched a table of the other');
  const judged = comparison.tables.reduce((n, t) => n + t.figures.filter((f) => f.better && f.ratios.some(Number.isFinite)).length, 0);
  out.push(
    '',
    regressions.length
      ? `${regressions.length} regression${regressions.length === 1 ? '' : 's'} beyond ×${threshold}:\n${regressions.map((r) => `  ${r}`).join('\n')}`
      : `no regression beyond ×${threshold} among the ${judged} figures whose better direction is known`,
  );
  return out.join('\n');
}
