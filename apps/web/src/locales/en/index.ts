import { clientErrorMessages } from '@rally/shared/i18n/errors';
import { languageResources } from '../resources';

/** English, loaded on demand as one chunk (see i18n.ts). */
export default languageResources(import.meta.glob('./*.json', { eager: true, import: 'default' }), clientErrorMessages('en'));
