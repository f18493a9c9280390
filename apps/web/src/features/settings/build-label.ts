/** Replaced by the build with the version of apps/web/package.json (vite.config.ts `define`). */
declare const __RALLY_VERSION__: string | undefined;

/** The build label at the foot of the settings menu (000 §2), e.g. "v0.1.0"; "dev" where the build did not set it (unit tests). */
export const BUILD_LABEL = typeof __RALLY_VERSION__ === 'string' ? `v${__RALLY_VERSION__}` : 'dev';
