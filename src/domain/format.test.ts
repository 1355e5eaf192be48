import { percentFromFraction, yearsLabel } from './format';

describe('formatting', () => {
  it.each([
    [0.0025, '0.25%'],
    [0.002, '0.20%'],
    [0.000684, '0.0684%'],
    [0, '0.00%'],
    [0.05, '5.00%'],
    [0.012345, '1.2345%'],
    [0.0123456, '1.2346%'],
    [-0.00001, '-0.001%'],
    [-0.005, '-0.50%'],
    [-0.0000001, '0.00%'],
    [null, ''],
    [Number.NaN, ''],
  ])('percentFromFraction(%p) = %p', (input, expected) => expect(percentFromFraction(input)).toBe(expected));

  it.each([
    [1, '1 year'],
    [5, '5 years'],
    [2.5, '2.5 years'],
    [0, ''],
    [-1, ''],
    [null, ''],
  ])('yearsLabel(%p) = %p', (input, expected) => expect(yearsLabel(input)).toBe(expected));
});
