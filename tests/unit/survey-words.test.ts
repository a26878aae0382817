import { describe, expect, it } from 'vitest';
import { gearText } from '../../src/lib/survey-words.ts';

describe('the avalanche gear a customer carries, in words', () => {
  it('names all three when they carry all three', () => {
    expect(gearText({ beacon: 'Yes', shovel: 'Yes', probe: 'Yes' })).toBe('Beacon, shovel and probe');
  });

  it('says what is missing', () => {
    expect(gearText({ beacon: 'Yes', shovel: 'No', probe: 'Yes' })).toBe('Beacon and probe (no shovel)');
    expect(gearText({ beacon: 'No', shovel: 'Yes', probe: 'No' })).toBe('Shovel (no beacon or probe)');
  });

  it('says None when they carry none', () => {
    expect(gearText({ beacon: 'No', shovel: 'No', probe: 'No' })).toBe('None');
  });
});
