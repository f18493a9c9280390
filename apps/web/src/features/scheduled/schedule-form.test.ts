import { describe, expect, it } from 'vitest';
import { checkValues } from '../../lib/form/state';
import { defaultScheduleValues, localDate, scheduledInstant, scheduleFormSchema } from './schedule-form';

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** The local date and time inputs of an instant. */
const inputsOf = (d: Date) => ({ date: localDate(d), time: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` });

describe('the schedule form', () => {
  it('reads the local date and time inputs as an instant', () => {
    const at = scheduledInstant({ date: '2031-02-03', time: '04:05' });
    expect(at && [at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes()]).toEqual([2031, 1, 3, 4, 5]);
    expect(scheduledInstant({ date: '2031-02-03', time: '04:05:06' })?.getSeconds()).toBe(6);
    expect(scheduledInstant({ date: '', time: '04:05' })).toBeNull();
    expect(scheduledInstant({ date: '2031-02-03', time: '4pm' })).toBeNull();
  });

  it('starts an hour ahead, on a whole five minutes, and that is valid', () => {
    const now = new Date(2030, 5, 1, 10, 2, 30);
    expect(defaultScheduleValues(now)).toEqual({ date: '2030-06-01', time: '11:05' });
    const { errors, data } = checkValues(scheduleFormSchema, defaultScheduleValues());
    expect(errors).toEqual({});
    expect(data && Date.parse(data.scheduledAt)).toBeGreaterThan(Date.now());
  });

  it('builds the request time from the inputs', () => {
    const at = new Date(Math.floor((Date.now() + DAY_MS) / 1000) * 1000);
    expect(checkValues(scheduleFormSchema, inputsOf(at)).data).toEqual({ scheduledAt: at.toISOString() });
  });

  it('refuses a missing, past or too distant time with the server’s codes', () => {
    expect(checkValues(scheduleFormSchema, { date: '', time: '' }).errors).toEqual({ scheduledAt: 'errors:message_schedule_invalid' });
    expect(checkValues(scheduleFormSchema, inputsOf(new Date(Date.now() - 60_000))).errors).toEqual({ scheduledAt: 'errors:message_schedule_past' });
    expect(checkValues(scheduleFormSchema, inputsOf(new Date(Date.now() + 366 * DAY_MS))).errors).toEqual({
      scheduledAt: 'errors:message_schedule_too_far',
    });
  });
});
