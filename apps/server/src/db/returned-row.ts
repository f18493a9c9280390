/**
 * The one row an `INSERT … RETURNING` (without ON CONFLICT DO NOTHING), or an `UPDATE … RETURNING`
 * of a row locked in the same transaction, gave back: the database always returns it, so an empty
 * result is a bug and is thrown as one.
 */
export function returnedRow<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('INSERT … RETURNING gave back no row');
  return row;
}
