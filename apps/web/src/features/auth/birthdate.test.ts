import { describe, expect, it } from 'vitest';
import { dayOptions, daysInMonth, keepDay, monthNames, yearOptions } from './birthdate';

describe('birthdate options', () => {
  it('offers 124 years, newest first, ending this year', () => {
    const years = yearOptions(new Date(Date.UTC(2026, 10, 21)));
    expect(years).toHaveLength(124);
    expect(years[0]).toBe(2026);
    expect(years[123]).toBe(1903);
  });

  it('knows the length of each month, leap years included', () => {
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2025, 4)).toBe(30);
    expect(daysInMonth(2025, 12)).toBe(31);
  });

  it('offers 31 days until the month is known, and 29 for February without a year', () => {
    expect(dayOptions(null, null)).toHaveLength(31);
    expect(dayOptions(null, 2)).toHaveLength(29);
    expect(dayOptions(2023, 2).at(-1)).toBe(28);
  });

  it('drops a day that no longer exists after the month or year changes', () => {
    expect(keepDay(31, 2024, 4)).toBeNull();
    expect(keepDay(29, 2023, 2)).toBeNull();
    expect(keepDay(29, 2024, 2)).toBe(29);
    expect(keepDay(15, null, null)).toBe(15);
    expect(keepDay(null, 2024, 2)).toBeNull();
  });

  it('names the months in the UI language', () => {
    expect(monthNames('en')[0]).toBe('January');
    expect(monthNames('tr')[0]).toBe('Ocak');
    expect(monthNames('en')).toHaveLength(12);
  });
});
