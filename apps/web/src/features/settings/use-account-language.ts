import { useEffect } from 'react';
import { setLanguage, storedLanguage } from '../../i18n';
import { useMe } from '../auth/queries';

/**
 * The account's language (settings.locale) on a device where no language was chosen yet: a first
 * sign-in on a new browser shows the language the user picked elsewhere. A choice made on this
 * device (the landing page's switch, the settings screen) is kept as it is; choices made signed in
 * are saved to the account as well (useUpdateSettings).
 */
export function useAccountLanguage(): void {
  const locale = useMe().data?.settings.locale;
  useEffect(() => {
    if (locale && storedLanguage() === null) void setLanguage(locale);
  }, [locale]);
}
