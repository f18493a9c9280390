/**
 * Header that the web client adds to every state-changing call (CSRF defence with the Origin check).
 * Kept free of zod so that the landing page can import it without the schema library.
 */
export const CSRF_HEADER = 'x-rally-request';
