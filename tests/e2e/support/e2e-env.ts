/**
 * The demo catalogue the journeys run on (2,000 materials, seeded in about 20 s): 500 left out
 * words the search journeys need (a stem and its typo in de and it). The budgets at full size
 * (100,000) are measured by `npm run bench`. Read by playwright.config.ts and by
 * scripts/prepare-e2e-data.ts, which seeds the journeys' database before their server starts.
 */
export const E2E_DEMO_MATERIALS = 2000;
