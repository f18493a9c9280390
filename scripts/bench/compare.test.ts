import { describe, expect, it } from 'vitest';
import { alternate, baselineOptions, benchEnv, nodeModulesDirs, unknownKnobs } from './baseline';
import { better, compareTables, comparisonReport, medianTables, parseTables } from './compare';

/** The end of a run of the foundation's bench (35d6221: one table, no sections). */
const BASELINE = `[18:00:01] machine: AMD EPYC, 2 cores, 8 GiB, Node v20.20.2
[18:00:40] PGlite (embedded): 500 reads of the latest 50 messages
\r  1,000,000 rows

Rally bench, 2026-11-21: AMD EPYC, 2 cores, 8 GiB, Node v20.20.2
1000 members in one team, all connected; 20 messages/s for 15 s from 20 senders; history over 1,000,000 messages

|                                        | PGlite (embedded) | PostgreSQL + Redis |
|----------------------------------------|------------------:|-------------------:|
| gateway sockets READY (failed)         |          1000 (0) |           1000 (0) |
| connect all sockets, s                 |               6.2 |                3.2 |
| server memory per idle socket, KB      |              65.8 |               10.4 |
| send->receive latency p99, ms          |              72.6 |               51.6 |
| deliveries per server CPU-second       |            37,736 |             48,780 |
| history: latest 50, p99 ms             |             19.50 |              14.80 |
| set-up: users+sessions / team+joins, s |         1.2 / 9.0 |          0.8 / 7.1 |

bench took 400 s (figures only; nothing is asserted)
`;

/** Today's bench: the same table with rows the old one did not have, and sections after it. */
const CURRENT = `[19:00:01] machine: AMD EPYC, 2 cores, 8 GiB, Node v20.20.2

Rally bench, 2026-11-28: AMD EPYC, 2 cores, 8 GiB, Node v20.20.2
1000 members in one team, all connected; 20 messages/s for 15 s from 20 senders; history over 1,000,000 messages

|                                        | PGlite (embedded) | PostgreSQL + Redis |
|----------------------------------------|------------------:|-------------------:|
| gateway sockets READY (failed)         |          1000 (0) |           1000 (0) |
| connect all sockets, s                 |              14.1 |               14.6 |
| server memory per idle socket, KB      |              59.4 |               98.5 |
| send->receive latency p99, ms          |             133.1 |               51.0 |
| deliveries per server CPU-second       |            28,599 |             50,100 |
| history: latest 50, p99 ms             |             24.30 |              13.20 |
| set-up: users+sessions / team+joins, s |         1.3 / 9.5 |          0.9 / 7.0 |
| MESSAGE_READ frames during fan-out     |              3000 |               3000 |

Hostile load, PGlite (embedded): 10 s per phase; measuring client: GET /api/v1/health one after another

| phase          | health p50 / p99 / max, ms | health ok (failed) |
|----------------|---------------------------:|-------------------:|
| baseline       |           2.7 / 12.1 / 15.9 |           350 (0) |

bench took 500 s (figures only; nothing is asserted)
`;

describe('reading a bench run back from its stdout', () => {
  it('finds each Markdown table with the title line above it, keyed by the title up to its first colon', () => {
    const tables = parseTables(CURRENT);
    expect(tables.map((t) => t.key)).toEqual([
      '1000 members in one team, all connected; 20 messages/s for 15 s from 20 senders; history over 1,000,000 messages',
      'Hostile load, PGlite (embedded)',
    ]);
    const [budgets, hostile] = tables;
    expect(budgets?.figures).toHaveLength(16);
    expect(budgets?.figures[2]).toEqual({ row: 'connect all sockets, s', column: 'PGlite (embedded)', cell: '14.1' });
    // Rows are phases and columns figures here.
    expect(hostile?.figures).toEqual([
      { row: 'baseline', column: 'health p50 / p99 / max, ms', cell: '2.7 / 12.1 / 15.9' },
      { row: 'baseline', column: 'health ok (failed)', cell: '350 (0)' },
    ]);
  });

  it('numbers the rows of a table whose first column is a figure too', () => {
    const [table] = parseTables(
      'Member list grouping (web client code in Node): 10,000 members\n\n| mean ms | p50 ms |\n|--------:|-------:|\n|   12.50 |  11.00 |\n',
    );
    expect(table?.key).toBe('Member list grouping (web client code in Node)');
    expect(table?.figures).toEqual([
      { row: 'row 1', column: 'mean ms', cell: '12.50' },
      { row: 'row 1', column: 'p50 ms', cell: '11.00' },
    ]);
  });

  it('knows which way the figures of the issue improve, and leaves counts and set-up times alone', () => {
    const of = (row: string, column = 'PGlite (embedded)') => better({ row, column });
    expect(of('send->receive latency p99, ms')).toBe('lower');
    expect(of('server CPU per request, ms')).toBe('lower');
    expect(of('server memory per idle socket, KB')).toBe('lower');
    expect(of('server RSS before / after sockets, MiB')).toBe('lower');
    expect(of('connect all sockets, s')).toBe('lower');
    expect(of('deliveries per server CPU-second')).toBe('higher');
    expect(of('deliveries per second')).toBe('higher');
    expect(of('baseline', 'health p50 / p99 / max, ms')).toBe('lower');
    expect(of('gateway sockets READY (failed)')).toBeNull();
    expect(of('CPU during fan-out: clients / sender, s')).toBeNull();
    expect(of('set-up: users+sessions / team+joins, s')).toBeNull();
    expect(of('1-minute load average after fan-out')).toBeNull();
  });
});

describe('the side-by-side report', () => {
  const comparison = compareTables(parseTables(BASELINE), parseTables(CURRENT), 1.1);
  const figure = (row: string, column: string) => comparison.tables[0]?.figures.find((f) => f.row === row && f.column === column);

  it('gives current / baseline for each figure both runs printed, number by number', () => {
    expect(figure('connect all sockets, s', 'PGlite (embedded)')).toMatchObject({ baseline: '6.2', current: '14.1', better: 'lower', verdict: 'regression' });
    expect(figure('connect all sockets, s', 'PGlite (embedded)')?.ratios[0]).toBeCloseTo(14.1 / 6.2, 6);
    expect(figure('deliveries per server CPU-second', 'PGlite (embedded)')?.ratios[0]).toBeCloseTo(28_599 / 37_736, 6);
    expect(figure('set-up: users+sessions / team+joins, s', 'PGlite (embedded)')?.ratios.map((r) => r.toFixed(3))).toEqual([
      (1.3 / 1.2).toFixed(3),
      (9.5 / 9).toFixed(3),
    ]);
    // 0 failed sockets before and after: no ratio, no verdict.
    const ready = figure('gateway sockets READY (failed)', 'PostgreSQL + Redis');
    expect(ready?.ratios[0]).toBe(1);
    expect(ready?.ratios[1]).toBeNaN();
    expect(ready?.verdict).toBeNull();
  });

  it('flags a figure worse than the threshold in its own direction, and one as far better', () => {
    expect(figure('deliveries per server CPU-second', 'PGlite (embedded)')?.verdict).toBe('regression'); // 0.76, higher is better
    expect(figure('deliveries per server CPU-second', 'PostgreSQL + Redis')?.verdict).toBeNull(); // 1.03
    expect(figure('send->receive latency p99, ms', 'PostgreSQL + Redis')?.verdict).toBeNull(); // 0.99
    expect(figure('server memory per idle socket, KB', 'PostgreSQL + Redis')?.verdict).toBe('regression'); // 9.5×
    expect(figure('server memory per idle socket, KB', 'PGlite (embedded)')?.verdict).toBe('improvement'); // 0.90, under 1 / 1.10
    expect(figure('history: latest 50, p99 ms', 'PGlite (embedded)')?.verdict).toBe('regression'); // 1.25
    const lenient = compareTables(parseTables(BASELINE), parseTables(CURRENT), 1.3).tables[0]?.figures;
    expect(lenient?.find((f) => f.row === 'history: latest 50, p99 ms' && f.column === 'PGlite (embedded)')?.verdict).toBeNull();
    expect(lenient?.find((f) => f.row === 'server memory per idle socket, KB' && f.column === 'PGlite (embedded)')?.verdict).toBeNull();
  });

  it('lists the rows and tables only one run printed', () => {
    expect(comparison.tables[0]?.onlyCurrent.map((f) => `${f.row} | ${f.column}`)).toEqual([
      'MESSAGE_READ frames during fan-out | PGlite (embedded)',
      'MESSAGE_READ frames during fan-out | PostgreSQL + Redis',
    ]);
    expect(comparison.tables[0]?.onlyBaseline).toEqual([]);
    expect(comparison.onlyCurrent.map((t) => t.key)).toEqual(['Hostile load, PGlite (embedded)']);
    expect(comparison.onlyBaseline).toEqual([]);
  });

  it('prints one table per section, the unmatched figures and the regressions by name', () => {
    const report = comparisonReport(comparison, { baseline: '35d6221', current: 'this tree' });
    expect(report).toContain(
      '| connect all sockets, s                 | PGlite (embedded)  |       6.2 |      14.1 |               2.27 |  lower | REGRESSION |',
    );
    expect(report).toContain(
      '| set-up: users+sessions / team+joins, s | PostgreSQL + Redis | 0.8 / 7.1 | 0.9 / 7.0 |        1.13 / 0.99 |        |            |',
    );
    expect(report).toContain('only in the current tree: MESSAGE_READ frames during fan-out — PGlite (embedded): 3000');
    expect(report).toContain('tables only in the current tree: Hostile load, PGlite (embedded): 10 s per phase');
    expect(report).toMatch(/6 regressions beyond ×1\.1:\n {2}1000 members in one team, all connected: connect all sockets, s — PGlite \(embedded\) ×2\.27\n/);
    expect(report).toContain('server memory per idle socket, KB — PostgreSQL + Redis ×9.47');
  });

  it('says so when nothing regressed', () => {
    const same = compareTables(parseTables(CURRENT), parseTables(CURRENT), 1.1);
    expect(comparisonReport(same, { baseline: 'a', current: 'b' })).toMatch(/no regression beyond ×1\.1 among the 11 figures whose better direction is known$/);
  });
});

describe('several rounds', () => {
  it('takes the median of each number of a cell, printed as the first round printed it', () => {
    const run = (p99: string, setup: string) =>
      parseTables(
        `Member list: a team\n\n| | PGlite |\n|-|-:|\n| GET members p99, ms | ${p99} |\n| set-up: users, team, members, s | ${setup} |\n| response, KB | 1,200 |\n`,
      );
    const [table] = medianTables([run('40.0', '1.00 / 2.00'), run('10.0', '3.00 / 1.00'), run('20.0', 'n/a / 1.50')]);
    expect(table?.figures.map((f) => f.cell)).toEqual(['20.0', '1.00 / 1.50', '1,200']);
  });

  it('runs the baseline, then the current tree, in each round', async () => {
    const order: string[] = [];
    const outputs = await alternate(2, async (side, round) => {
      order.push(`${side} ${round}`);
      return `${side} output ${round}`;
    });
    expect(order).toEqual(['baseline 1', 'current 1', 'baseline 2', 'current 2']);
    expect(outputs).toEqual({ baseline: ['baseline output 1', 'baseline output 2'], current: ['current output 1', 'current output 2'] });
  });
});

describe('the comparison settings', () => {
  it('are off without BENCH_BASELINE or BENCH_BASELINE_ROOT, and default to one round and ×1.10', () => {
    expect(baselineOptions({ BENCH_SECTIONS: 'members' })).toBeNull();
    expect(baselineOptions({ BENCH_BASELINE: 'HEAD~3' })).toEqual({ ref: 'HEAD~3', root: null, rounds: 1, threshold: 1.1 });
    expect(baselineOptions({ BENCH_BASELINE_ROOT: '/tmp/old', BENCH_ROUNDS: '3', BENCH_REGRESSION: '1.25' })).toEqual({
      ref: null,
      root: '/tmp/old',
      rounds: 3,
      threshold: 1.25,
    });
  });

  it('refuse what cannot be meant', () => {
    expect(() => baselineOptions({ BENCH_BASELINE: 'HEAD~3', BENCH_BASELINE_ROOT: '/tmp/old' })).toThrow(/set one of them/);
    expect(() => baselineOptions({ BENCH_BASELINE: 'HEAD~3', BENCH_SERVER_ROOT: '/tmp/old' })).toThrow(/BENCH_SERVER_ROOT/);
    expect(() => baselineOptions({ BENCH_BASELINE: 'HEAD~3', BENCH_ROUNDS: '0' })).toThrow(/BENCH_ROUNDS/);
    expect(() => baselineOptions({ BENCH_BASELINE: 'HEAD~3', BENCH_ROUNDS: '1.5' })).toThrow(/BENCH_ROUNDS/);
    expect(() => baselineOptions({ BENCH_BASELINE: 'HEAD~3', BENCH_REGRESSION: '0.9' })).toThrow(/BENCH_REGRESSION/);
  });

  it('pass the same environment to both benches, without the comparison’s own knobs', () => {
    const env = { BENCH_BASELINE: 'HEAD~3', BENCH_ROUNDS: '2', BENCH_REGRESSION: '1.2', BENCH_SECTIONS: 'members', BENCH_MEMBERS: '500', PATH: '/usr/bin' };
    expect(benchEnv(env)).toEqual({ BENCH_SECTIONS: 'members', BENCH_MEMBERS: '500', PATH: '/usr/bin' });
  });

  it('name the knobs set here that the baseline’s bench does not read', () => {
    const oldSources = "const USERS = num('BENCH_USERS', 1000);\nconst BACKENDS = process.env.BENCH_BACKENDS;";
    expect(
      unknownKnobs(
        { BENCH_BASELINE: '35d6221', BENCH_USERS: '100', BENCH_BACKENDS: 'pglite', BENCH_SECTIONS: 'budgets', BENCH_READERS: '0', HOME: '/root' },
        oldSources,
      ),
    ).toEqual(['BENCH_READERS', 'BENCH_SECTIONS']);
  });

  it('copy every node_modules directory npm installed for the lockfile', () => {
    const lock = JSON.stringify({
      packages: {
        '': {},
        'apps/web': {},
        'node_modules/zod': {},
        'node_modules/@rally/shared': { link: true },
        'node_modules/a/node_modules/b': {},
        'apps/web/node_modules/vite': {},
      },
    });
    expect(nodeModulesDirs(lock)).toEqual(['apps/web/node_modules', 'node_modules']);
  });
});
