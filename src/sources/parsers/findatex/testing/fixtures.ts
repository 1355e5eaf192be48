/** FinDatEx files for the unit tests: a CSV builder and one row of each template. */

export const buf = (text: string) => Buffer.from(text, 'utf8');

/** A CSV from header → value objects, quoting as a spreadsheet export does. */
export function table(rows: Record<string, string | number>[], delimiter = ','): Buffer {
  const headers = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: string | number | undefined) => {
    const s = v === undefined ? '' : String(v);
    return s.includes(delimiter) || s.includes('"') ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return buf([headers.join(delimiter), ...rows.map((r) => headers.map((h) => cell(r[h])).join(delimiter))].join('\n'));
}

export const EPT_ROW = {
  '00001_EPT_Version': 'V21',
  '00010_Portfolio_Manufacturer_Name': 'Sample Asset Management',
  '00030_Portfolio_Identifying_Data': 'zz0000000017',
  '00050_Portfolio_Name': 'Sample Bond Fund D',
  '00060_Portfolio_Or_Share_Class_Currency': 'eur',
  '00070_PRIIPs_KID_Publication_Date': '2024-02-16',
  '01090_SRI': 2,
  '01100_MRM': 2,
  '01120_Recommended_Holding_Period': 2,
  '03010_One_Off_Cost_Portfolio_Entry_Cost': '',
  '03020_One_Off_Costs_Portfolio_Exit_Cost_At_RHP': '',
  '03030_One_Off_Costs_Portfolio_Exit_Cost_At_1_Year': 0.01,
  '03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs': 0.0025,
  '03080_Ongoing_Costs_Portfolio_Transaction_Costs': 0.000684,
  '03090_Existing_Incidental_Costs_Portfolio': 'N',
  '07020_RIY_1_Year_Or_First_Call': 0.012,
  '07060_RIY_RHP': 0.004,
};

export const EMT_ROW = {
  '00001_EMT_Version': 'V4.3',
  '00010_Financial_Instrument_Identifying_Data': 'ZZ0000000017',
  '00030_Financial_Instrument_Name': 'Sample Equity Fund A',
  '00040_Financial_Instrument_Currency': 'EUR',
  '00045_Financial_Instrument_Performance_Fee': 'N',
  '00050_General_Reference_Date': '2025-12-31',
  '00060_Financial_Instrument_Product_Type': 'U',
  '00070_Financial_Instrument_Manufacturer_Name': 'Sample Asset Management',
  '01010_Investor_Type_Retail': 'Y',
  '01020_Investor_Type_Professional': 'Y',
  '01030_Investor_Type_Eligible_Counterparty': 'Neutral',
  '02010_Basic_Investor': 'Y',
  '03020_Compatible_With_Clients_Who_Can_Bear_Limited_Capital_Loss': 'Y',
  '03030_Limited_Capital_Loss_Level': 0.5,
  '04010_Risk_Tolerance_PRIIPS_Methodology': 4,
  '04020_Risk_Tolerance_UCITS_Methodology': 5,
  '05020_Return_Profile_Client_Looking_For_Capital_Growth': 'yes',
  '05080_Minimum_Recommended_Holding_Period': 5,
  '05105_Does_This_Financial_Instrument_Consider_End_Client_Sustainability_Preferences': 'Neutral',
  '06030_Investment_Advice': 'R',
  '07020_Gross_One-off_Cost_Financial_Instrument_Maximum_Entry_Cost_Non_Acquired': 0.05,
  '07050_One-off_Costs_Financial_Instrument_Maximum_Exit_Cost_Non_Acquired': '',
  '07070_One-off_Costs_Financial_Instrument_Maximum_Exit_Cost_Acquired': 0.01,
  '07100_Financial_Instrument_Gross_Ongoing_Costs': 0.0115,
  '07110_Financial_Instrument_Management_Fee': 0.01,
  '07120_Financial_Instrument_Distribution_Fee': 0.0015,
  '07130_Financial_Instrument_Transaction_Costs_Ex_Ante': 0.0008,
  '07160_Ex_Ante_Costs_Reference_Date': '2025-12-31',
  '08030_Financial_Instrument_Ongoing_Costs_Ex_Post': 0.0112,
};

/** TPT rows share the portfolio fields; each adds its position fields. */
export function tptRow(position: Record<string, string | number>, portfolio: Record<string, string | number> = {}): Record<string, string | number> {
  return {
    '1_Portfolio_identifying_data': 'ZZ0000000017',
    '3_Portfolio_name': 'Sample Bond Fund',
    '4_Portfolio_currency_(B)': 'EUR',
    '5_Net_asset_valuation_of_the_portfolio_or_the_share_class_in_portfolio_currency': 1000,
    '6_Valuation_date': '2025-08-29',
    '7_Reporting_date': '2025-09-05',
    '9_Cash_ratio': 0.05,
    '1000_TPT_Version': 'V7.0',
    ...portfolio,
    ...position,
  };
}

export const TPT_POSITIONS: Record<string, string | number>[] = [
  { '12_CIC_code_of_the_instrument': 'DE12', '14_Identification_code_of_the_instrument': 'DE0001102580', '15_Type_of_identification_code_for_the_instrument': 1, '17_Instrument_name': 'Bund 0% 2032', '21_Quotation_currency_(A)': 'EUR', '24_Market_valuation_in_portfolio_currency_(B)': 300, '26_Valuation_weight': 0.3, '39_Maturity_date': '2032-02-15', '52_Issuer_country': 'DE', '59_Credit_quality_step': 0, '112_Credit_rating': 'AAA' },
  { '12_CIC_code_of_the_instrument': 'FR21', '14_Identification_code_of_the_instrument': 'FR0000000001', '15_Type_of_identification_code_for_the_instrument': 1, '17_Instrument_name': 'Corp 3% 2026', '21_Quotation_currency_(A)': 'EUR', '26_Valuation_weight': 0.25, '39_Maturity_date': '2026-08-28', '52_Issuer_country': 'FR', '112_Credit_rating': 'Baa2' },
  { '12_CIC_code_of_the_instrument': 'XS22', '14_Identification_code_of_the_instrument': 'XS0000000009', '15_Type_of_identification_code_for_the_instrument': 1, '17_Instrument_name': 'HY 7% 2045', '21_Quotation_currency_(A)': 'USD', '24_Market_valuation_in_portfolio_currency_(B)': 150, '39_Maturity_date': '2045-01-01', '52_Issuer_country': 'US', '59_Credit_quality_step': 4 },
  { '12_CIC_code_of_the_instrument': 'US31', '14_Identification_code_of_the_instrument': '037833100', '15_Type_of_identification_code_for_the_instrument': 2, '17_Instrument_name': 'Apple', '21_Quotation_currency_(A)': 'USD', '26_Valuation_weight': 0.2, '52_Issuer_country': 'US' },
  { '12_CIC_code_of_the_instrument': 'XL71', '17_Instrument_name': 'Cash EUR', '21_Quotation_currency_(A)': 'EUR', '26_Valuation_weight': 0.05, '52_Issuer_country': 'SE', '112_Credit_rating': 'AA' },
  { '12_CIC_code_of_the_instrument': 'XLF1', '17_Instrument_name': 'CDX HY', '21_Quotation_currency_(A)': 'USD', '26_Valuation_weight': 0.05, '30_Market_exposure_in_weight': 0.6, '39_Maturity_date': '2030-06-20', '52_Issuer_country': 'FR' },
  { '12_CIC_code_of_the_instrument': 'bad', '17_Instrument_name': 'Unknown thing', '26_Valuation_weight': '' },
];
