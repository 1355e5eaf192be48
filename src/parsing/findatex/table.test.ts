import { fieldCode } from './table';

describe('fieldCode', () => {
  it.each([
    ['00030_Portfolio_Identifying_Data', '00030'],
    ['26_Valuation_weight', '26'],
    ['8b_Total_number_of_shares', '8b'],
    ['105a_SCR_mrkt_FX_up_weight_over_NAV', '105a'],
    ['1000_TPT_Version', '1000'],
    [' 01090_SRI', '01090'],
  ])('%s → %s', (header, code) => {
    expect(fieldCode(header)).toBe(code);
  });

  it.each(['NUM', 'Portfolio_Name', '2024_', '26', '', 42, null])('ignores %j', (header) => {
    expect(fieldCode(header)).toBeNull();
  });
});
