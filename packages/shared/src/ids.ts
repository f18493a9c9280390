/**
 * Snowflake ids: 64-bit, time-sortable, carried as decimal strings.
 * Layout: 42 bits milliseconds since RALLY_EPOCH | 10 bits worker | 12 bits sequence.
 */
export const RALLY_EPOCH = 1_767_225_600_000; // 2026-01-01T00:00:00Z

export const snowflakeSchemaPattern = /^\d{1,20}$/;

export function snowflakeTimestamp(id: string): number {
  return Number(BigInt(id) >> 22n) + RALLY_EPOCH;
}

/** The smallest id that could have been made at `ms` (for time-based keyset queries). */
export function snowflakeFromTimestamp(ms: number): string {
  return ((BigInt(ms - RALLY_EPOCH)) << 22n).toString();
}

export function compareSnowflakes(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
