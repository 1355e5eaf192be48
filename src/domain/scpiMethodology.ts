/**
 * The ASPIM definitions (Association française des Sociétés de Placement Immobilier) of the figures an
 * SCPI payload carries, as the methodology page states them. The computations in domain/scpi.ts follow
 * them; a figure a document states is quoted as stated.
 */
export const SCPI_DEFINITIONS: readonly (readonly [field: string, definition: string])[] = [
  [
    'performance.distributionRateByYear',
    'Taux de distribution (ASPIM, since 2022): the gross distribution per share paid for year N (before the tax withheld or paid abroad for the associate, exceptional distributions and distributed capital gains included), divided by the subscription price on 1 January of year N, in percent. Computed (kind "computed") only for a year no document states, from that year\'s distribution per share and the price in force on 1 January.',
  ],
  [
    'performance.distributionPerShareByYear',
    'Gross distribution per share paid for the year (dividende brut), in euros.',
  ],
  [
    'portfolio.financialOccupancyRatePct',
    "Taux d'occupation financier (TOF, ASPIM): rents and occupancy indemnities invoiced, divided by the rents that would be invoiced were the whole portfolio let, in percent; rent-free periods count as let.",
  ],
  [
    'portfolio.physicalOccupancyRatePct',
    "Taux d'occupation physique (TOP): let surface divided by the total surface of the portfolio, in percent.",
  ],
  [
    'performance.realisationValueEur',
    'Valeur de réalisation per share: the appraised value of the properties (independent expert) plus the net value of the other assets, divided by the number of shares.',
  ],
  [
    'performance.reconstitutionValueEur',
    'Valeur de reconstitution per share: the realisation value plus the costs of rebuilding the same portfolio (transfer duties, fees), divided by the number of shares.',
  ],
  [
    'performance.premiumToReconstitutionPct',
    'Share price against reconstitution value: (subscription price / reconstitution value - 1) x 100; positive is a premium (surcote), negative a discount (décote). Computed when no document states it.',
  ],
  [
    'performance.tri',
    'Taux de rentabilité interne over 5, 10 and 15 years (ASPIM): the annual rate that equates the price paid at the start of the period with the distributions received and the withdrawal value at its end; quoted as the annual report states it.',
  ],
  [
    'performance.pgaPct',
    'Performance globale annuelle (ASPIM), where a document states it: the distribution rate of the year plus the change of the share price over the year.',
  ],
  [
    'debt.debtRatioPct',
    "Taux d'endettement: borrowings divided by the value of the properties, in percent, as the bulletin states it.",
  ],
  ['keyFacts.capitalisationEur', 'Capitalisation: number of shares times the subscription price.'],
];
