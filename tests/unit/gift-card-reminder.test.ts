import { describe, expect, it } from 'vitest';
import { denverInstant } from '../../shared/rules/dates.ts';
import { reminderDue } from '../../shared/rules/gift-card-reminder.ts';

describe('the reminder before a season', () => {
  it('is due in the two weeks before the season’s first day, Kamas time, for cards in use before they began', () => {
    expect(reminderDue(denverInstant('2026-11-16', 23, 59))).toBeNull();
    expect(reminderDue(denverInstant('2026-11-17', 0, 0))).toEqual({
      season: { start: '2026-12-01', end: '2027-03-31', label: '2026-27' },
      issuedBefore: denverInstant('2026-11-17'),
    });
    expect(reminderDue(denverInstant('2026-11-30', 23, 59))?.season.label).toBe('2026-27');
    expect(reminderDue(denverInstant('2026-12-01', 0, 0))).toBeNull();
    expect(reminderDue(denverInstant('2027-02-10', 9))).toBeNull();
  });
});
