const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * A file size for people, in the UI language's number format: bytes, then KB, MB, GB in steps of
 * 1024 (as the 20 MB limit is counted), one decimal under 10 ("1.5 MB", "1,5 MB" in Turkish).
 */
export function formatFileSize(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: UNITS[unit], // Bytes in full words ('512 bytes'; the short form reads '512 byte'), the rest short ('1.5 MB').
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: digits,
  }).format(value);
}

/** The whole megabytes of a limit in bytes (20 for uploadLimitBytes(false)), for 'File size exceeds {{max}}MB.'. */
export function limitMegabytes(bytes: number): number {
  return Math.floor(bytes / (1024 * 1024));
}
