import { linkedInApiRules, linkedInSunset, linkedInVersionActive } from '../../contracts';
import { LINKEDIN_PINNED_VERSION } from './linkedin.settings';

const DAY_MS = 24 * 3600_000;

describe('LinkedIn-Version (contracts/linkedin/api-rules.json)', () => {
  it('pins the newest version of the migrations table', () => {
    const newest = [...linkedInApiRules().versions.table].sort((a, b) => b.version.localeCompare(a.version))[0]!;
    expect(LINKEDIN_PINNED_VERSION).toBe(newest.version);
  });

  // This test fails 60 days before LinkedIn stops answering the pinned version (426
  // NONEXISTENT_VERSION on every call): re-read the migrations page, add the newer versions to the
  // contract's table with their sunset days, and pin the newest.
  it('is answered for at least 60 more days', () => {
    const sunset = linkedInSunset(LINKEDIN_PINNED_VERSION);
    expect(sunset).toBeDefined();
    const daysLeft = Math.floor((sunset!.getTime() - Date.now()) / DAY_MS);
    expect(daysLeft).toBeGreaterThanOrEqual(60);
    expect(linkedInVersionActive(LINKEDIN_PINNED_VERSION, new Date(Date.now() + 60 * DAY_MS))).toBe(true);
  });
});
