/** Whether this browser runs on Windows (the only system the desktop app is built for, 000 §2 download page). */
export function isWindows(nav: { userAgent: string; platform?: string; userAgentData?: { platform?: string } }): boolean {
  const platform = nav.userAgentData?.platform ?? nav.platform ?? '';
  return /^win/i.test(platform) || /\bWindows NT\b/.test(nav.userAgent);
}
