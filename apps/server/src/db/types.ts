import { customType } from 'drizzle-orm/pg-core';

/** A snowflake id: bigint in the database, decimal string in code (PGlite and pg differ in how they return int8). */
export const snowflake = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  fromDriver: (value) => String(value),
  toDriver: (value) => value,
});

/** A full-text search document (read only as a filter: it is never selected into code). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
