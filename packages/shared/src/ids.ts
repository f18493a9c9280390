/**
 * Snowflake ids: 64-bit, time-sortable, carried as decimal strings.
 * Layout: 42 bits milliseconds since RALLY_EPOCH | 10 bits worker | 12 bits sequence.
 */
export const RALLY_EPOCH = 1_767_225_600_000; // 2026-01-01T00:00:00Z

/** The largest id: ids are signed 64-bit integers in the database (bigint). */
export const MAX_SNOWFLAKE = '9223372036854775807';
/** A canonical id: decimal, no sign, no leading zero, at most 19 digits (check the value with isSnowflake). */
export const snowflakeSchemaPattern = /^(?:0|[1-9]\d{0,18})$/;

/** Whether `value` is a canonical id within the 64-bit range (ids beyond it overflowed the column: 500). */
export function isSnowflake(value: string): boolean {
  if (value.length > MAX_SNOWFLAKE.length || !snowflakeSchemaPattern.test(value)) return false;
  // Same length: decimal strings compare like their numbers.
  return value.length < MAX_SNOWFLAKE.length || value <= MAX_SNOWFLAKE;
}

export function snowflakeTimestamp(id: string): number {
  return Number(BigInt(id) >> 22n) + RALLY_EPOCH;
}

/** The smallest id that could have been made at `ms` (for time-based keyset queries). */
export function snowflakeFromTimestamp(ms: number): string {
  return (BigInt(ms - RALLY_EPOCH) << 22n).toString();
}

export function compareSnowflakes(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
