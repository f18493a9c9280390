import { scheduledAtSchema } from '@rally/shared/api/scheduled-messages';
import { z } from 'zod';
import { requestForm } from '../../lib/form/request-form';

/** The schedule dialog's values: a local date (YYYY-MM-DD) and time (HH:MM or HH:MM:SS), as the inputs give them. */
export interface ScheduleValues {
  date: string;
  time: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(?::\d{2})?$/;

/** The instant a local date and time name (in the browser's time zone), or null when they name none. */
export function scheduledInstant({ date, time }: ScheduleValues): Date | null {
  if (!DATE.test(date) || !TIME.test(time)) return null;
  const at = new Date(`${date}T${time}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as the local value of a date input. */
export function localDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The values a new schedule starts from: one hour from `now`, on a whole five minutes. */
export function defaultScheduleValues(now: Date = new Date()): ScheduleValues {
  const at = new Date(now.getTime() + 60 * 60_000);
  at.setMinutes(Math.ceil(at.getMinutes() / 5) * 5, 0, 0);
  return { date: localDate(at), time: `${pad(at.getHours())}:${pad(at.getMinutes())}` };
}

/** The dialog's check: the shared rule of a send's `scheduledAt` (future, at most 365 days ahead), on the instant the inputs name. */
export const scheduleFormSchema = requestForm(z.object({ scheduledAt: scheduledAtSchema }), (v: ScheduleValues) => ({
  scheduledAt: scheduledInstant(v)?.toISOString() ?? '',
}));

/** Date and time show their error under both, as one value. */
export const SCHEDULE_ERROR_FIELDS = { date: 'scheduledAt', time: 'scheduledAt' } as const;
