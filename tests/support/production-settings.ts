/** The public settings a production build refuses while they hold a local or demo default, each named in its message. */
export const SETTINGS_WITHOUT_LOCAL_DEFAULTS = [
  'PUBLIC_SITE_URL',
  'PUBLIC_API_URL',
  'PUBLIC_FIREBASE_PROJECT_ID',
  'PUBLIC_FIREBASE_API_KEY',
  'PUBLIC_FIREBASE_AUTH_DOMAIN',
] as const;
