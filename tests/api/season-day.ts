/** The day test catalogs are seeded for: a season wholly in the future, whatever today is, so every seeded date can be booked. */
export const seasonDay = () => new Date(Date.now() + 365 * 86_400_000);
