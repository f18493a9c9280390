import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TourState } from '@rally/shared/api/onboarding';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from '../users/repository';

/** Set the birthdate of a user who has none; null when the user already has one (it never changes). */
export async function setBirthdateOnce(db: Executor, userId: string, birthdate: string): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ birthdate })
    .where(and(eq(users.id, userId), isNull(users.birthdate)))
    .returning();
  return row ?? null;
}

/** Clear private flag bits (an unchanged row writes the same value); the row after, or null when no such user. */
export async function clearPrivateFlags(db: Executor, userId: string, bits: number): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ privateFlags: sql`${users.privateFlags} & ~${bits}::int` })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

/**
 * Merge one tour step's status into users.app_tour and set app_tour_is_finished when `finished`
 * says so for the merged state (it is computed in SQL from the stored document, so that two
 * concurrent steps both count).
 */
export async function recordTourStep(db: Executor, userId: string, change: TourState, finishAll: boolean, steps: readonly string[]): Promise<UserRow | null> {
  const merged = sql`${users.appTour} || ${JSON.stringify(change)}::jsonb`;
  const everyStep = sql`(${merged}) ?& array[${sql.join(
    steps.map((step) => sql`${step}`),
    sql`, `,
  )}]::text[]`;
  const [row] = await db
    .update(users)
    .set({ appTour: merged, appTourIsFinished: finishAll ? sql`true` : sql`${users.appTourIsFinished} or ${everyStep}` })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}
