import { describe, expect, it } from 'vitest';
import { stillToChoose } from '../../src/features/booking/rules/booking-pages.ts';

const nothing = { selectedPriceId: null, dateId: null };

describe('what a booking page still asks the visitor to choose', () => {
  it('names on the class page a class and a date, never an end date or a party size', () => {
    expect(stillToChoose('winter-classes', nothing)).toBe('Choose a class and a date.');
    expect(stillToChoose('winter-classes', { selectedPriceId: 'price_class_moto', dateId: null })).toBe('Choose a date.');
  });

  it('names on the day tour page an activity and a date, as far as they are missing', () => {
    expect(stillToChoose('winter-day-tours', nothing)).toBe('Choose an activity and a date.');
    expect(stillToChoose('winter-day-tours', { selectedPriceId: null, dateId: 'tour-1' })).toBe('Choose an activity.');
    expect(stillToChoose('winter-day-tours', { selectedPriceId: 'price_tour_ski', dateId: null })).toBe('Choose a date.');
  });

  it('names on the mentorship page only a date, its one kind of day being chosen for the visitor', () => {
    expect(stillToChoose('winter-mentorship', nothing)).toBe('Choose a date.');
  });

  it('says nothing once all is chosen', () => {
    expect(stillToChoose('winter-classes', { selectedPriceId: 'price_class_moto', dateId: 'class-1' })).toBeNull();
  });
});
