/** The site's public settings as unit tests see them (Astro provides `astro:env/client` in a build). */
export const PUBLIC_SITE_URL = 'https://www.kamasbackcountry.com';
export const PUBLIC_API_URL = 'http://api.test';
export const PUBLIC_FIREBASE_API_KEY = 'demo-api-key';
export const PUBLIC_FIREBASE_AUTH_DOMAIN = 'demo-kamas.firebaseapp.com';
export const PUBLIC_FIREBASE_PROJECT_ID = 'demo-kamas';
export const PUBLIC_FIREBASE_AUTH_EMULATOR_URL = 'http://127.0.0.1:9099';
export const PUBLIC_STRIPE_PUBLISHABLE_KEY: string | undefined = undefined;
export const PUBLIC_GOOGLE_MAPS_API_KEY: string | undefined = undefined;
