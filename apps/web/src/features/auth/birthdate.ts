import { LIMITS } from '@rally/shared/limits';

/** Years offered by the birthdate picker: this year and the ones before, LIMITS.birthdateYears in all, newest first. */
export function yearOptions(today: Date = new Date(), span: number = LIMITS.birthdateYears): number[] {
  const current = today.getUTCFullYear();
  return Array.from({ length: span }, (_, i) => current - i);
}

export const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Days in a month; 31 while the month is unknown, 29 for February while the year is unknown. */
export function daysInMonth(year: number | null, month: number | null): number {
  if (!month) return 31;
  if (month === 2 && !year) return 29;
  return new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate();
}

export function dayOptions(year: number | null, month: number | null): number[] {
  return Array.from({ length: daysInMonth(year, month) }, (_, i) => i + 1);
}

/** The chosen day if it still exists after the month or year changed, else null (asks again). */
export function keepDay(day: number | null, year: number | null, month: number | null): number | null {
  if (!day) return null;
  return day <= daysInMonth(year, month) ? day : null;
}

/** Localised month names, January first. */
export function monthNames(locale: string): string[] {
  const fmt = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return MONTHS.map((m) => fmt.format(new Date(Date.UTC(2000, m - 1, 1))));
}
