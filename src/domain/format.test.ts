import { percentFromFraction, yearsLabel } from './format';

describe('formatting', () => {
  it.each([
    [0.0025, '0.25%'],
    [0.000684, '0.07%'],
    [0, '0%'],
    [0.05, '5%'],
    [0.012345, '1.23%'],
    [null, ''],
    [Number.NaN, ''],
  ])('percentFromFraction(%p) = %p', (input, expected) => expect(percentFromFraction(input)).toBe(expected));

  it('keeps more decimals when asked', () => expect(percentFromFraction(0.000684, 4)).toBe('0.0684%'));

  it.each([
    [1, '1 year'],
    [5, '5 years'],
    [2.5, '2.5 years'],
    [0, ''],
    [-1, ''],
    [null, ''],
  ])('yearsLabel(%p) = %p', (input, expected) => expect(yearsLabel(input)).toBe(expected));
});
