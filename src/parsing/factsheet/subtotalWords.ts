/**
 * The words of asset-class and sector headings in holdings tables ("Equity & Equity related", "Banks",
 * "IT - Software", "Aktien", "Obligations", "Liquidità"), normalised: lower case, accents dropped. A row
 * whose name is made of these words only names a group of holdings, never an issuer: issuers carry a
 * name of their own ("HDFC Bank Ltd", "Infosys").
 *
 * English (with India's AMFI industry classes and GICS sectors), then German, French, Italian, Spanish,
 * Portuguese, Dutch and the Nordic languages. Plurals ending in "s" are matched through their singular
 * (see subtotals.ts), so only irregular ones are listed.
 */
const ASSET_CLASSES = [
  // en: asset classes and balance lines
  'equity equities equityshares share stock debt bond fixed income money market instrument cash equivalent',
  'liquidity deposit government security securities sovereign corporate treasury bill certificate commercial paper',
  'net receivable payable current asset liabilities liability other others total sub subtotal grand derivative',
  'future option repo reverse treps cblo triparty margin mutual fund unit reit invit listed unlisted awaiting',
  'listing exchange preference foreign domestic overseas real estate commodities commodity gold silver',
  'alternative convertible debenture non zero coupon floating rate state development loan sdl ncd investment',
  'trust traded etf index hedge hedging swap forward currency currencies portfolio holding position',
  // de
  'aktien aktie renten anleihen anleihe liquiditat kasse bankguthaben geldmarkt geldmarktinstrumente',
  'festverzinsliche wertpapiere derivate sonstige sonstiges summe gesamt zwischensumme investmentfonds',
  'fondsanteile zertifikate forderungen verbindlichkeiten ubrige termingelder',
  // fr
  'actions obligations liquidites liquidite monetaire monetaires tresorerie opcvm opc autres autre titres',
  'creances dettes sous disponibilites produits derives convertibles',
  // it
  'azioni azionario obbligazioni obbligazionario liquidita monetario altro altri totale derivati fondi',
  // es, pt
  'acciones renta variable fija bonos tesoreria efectivo otros otras derivados fondos acoes obrigacoes',
  // nl, nordic
  'aandelen obligaties liquiditeiten liquide middelen kas overige overig totaal aktier obligationer likviditet',
];

const SECTORS = [
  // en: GICS sectors and India's AMFI industries
  'financial financials finance services service bank banks banking insurance capital markets it software',
  'information technology technologies hardware pharmaceuticals pharma biotechnology healthcare health care',
  'automobiles automobile auto components ancillaries consumer durables discretionary staples goods fast moving',
  'fmcg diversified petroleum product oil gas consumable fuel power utilities utility energy cement',
  'construction material realty retailing retail leisure transport transportation infrastructure telecom',
  'telecommunication telecommunications communication media entertainment textiles textile apparel apparels',
  'chemicals chemical petrochemicals fertilizers fertilisers agrochemicals agricultural agriculture food',
  'beverage tobacco cigarettes household personal metal mining minerals ferrous steel aluminium industrial',
  'industrials industry manufacturing engineering electrical equipment machinery aerospace defense defence',
  'forest jute packaging logistics shipping airlines aviation hotels restaurants tourism education',
  'professional trading semiconductors semiconductor electronics electronic internet ecommerce water',
  'conglomerate vehicles supplies printing publication basic materials',
  // de
  'finanzwesen finanzen gesundheitswesen gesundheit industrie informationstechnologie versorger',
  'versorgungsbetriebe immobilien energie grundstoffe roh hilfs betriebsstoffe materialien nicht',
  'basiskonsumguter zyklische konsumguter kommunikationsdienste telekommunikation banken versicherungen',
  // fr
  'financieres financiers sante industriels collectivites immobilier materiaux consommation discretionnaire',
  'base cyclique banques assurances',
  // it
  'finanza finanziari finanziario sanita industriali tecnologia informazione servizi pubblica utilita',
  'immobiliare energia materiali beni voluttuari prima necessita comunicazione banche assicurazioni',
  // es
  'finanzas financiero financieros salud industriales informacion servicios publicos inmobiliario',
  'materiales consumo discrecional basico comunicacion bancos seguros',
  // nl
  'financiele dienstverlening gezondheidszorg informatietechnologie nutsbedrijven vastgoed materialen',
  'consumptiegoederen cyclische niet communicatiediensten verzekeringen',
];

/** Words that join the others ("Oil, Gas & Consumable Fuels", "Equity & Equity related", "Roh-, Hilfs- und ..."). */
const JOINERS =
  'and of the for in on to incl including related und et e y en de des du la le les l d di del della dei delle ed van het der die das o au aux';

const set = (lines: string[]): Set<string> => new Set(lines.join(' ').split(/\s+/));

export const HEADING_WORDS: ReadonlySet<string> = set([...ASSET_CLASSES, ...SECTORS]);
export const JOINER_WORDS: ReadonlySet<string> = set([JOINERS]);
