/**
 * The walls inside the API, checked in `npm test` (`npm run lint`): no import circle, and the booking
 * core (bookings, payments, users) imports none of the features that listen to it (the waitlist, the
 * console, the mail, the trip day): it announces what happened (api/bookings/facts.ts), and they
 * are wired to listen in api/features.ts.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module that imports, through others, a module that imports it back.',
      from: { path: '^api/' },
      to: { circular: true },
    },
    {
      name: 'core-imports-no-feature',
      severity: 'error',
      comment: 'The booking core announces what happened; the features that listen are wired to it, never called by it.',
      from: { path: '^api/(bookings|payments|users)/' },
      to: { path: '^api/(waitlist|console|mail|trailhead)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|tests|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'api/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
