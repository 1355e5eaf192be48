/** How KIDs and KIIDs are worded in one language: see samples/keyDocumentWording.ts. */
export interface KeyDocumentWording {
  locale: string;
  /** "0,20 %" (French, Spanish, German banks) or "0,20%". */
  percentSpace: boolean;
  kid: {
    title: string;
    purposeHeading: string;
    purpose: string;
    productHeading: string;
    /** The product paragraph: the name, its ISIN and who makes it. */
    product: (name: string, isin: string, manager: string) => string[];
    dated: (date: string) => string;
    whatHeading: string;
    type: (securityType: string) => string;
    objectives: string;
    benchmark: string;
    sfdr: (article: 6 | 8 | 9) => string;
    risksHeading: string;
    riskIndicator: string;
    lowerHigher: [string, string];
    assumption: (years: string) => string;
    classified: (sri: number) => string;
    rhp: string;
    example: string;
    years: (n: number) => string;
    scenarios: [string, string, string, string, string];
    exitAfter: (years: string) => string;
    averageReturn: string;
    costsHeading: string;
    costsOverTime: string;
    totalCosts: string;
    annualImpact: string;
    footnote: (before: string, after: string) => string;
    composition: string;
    oneOff: string;
    entry: string;
    entryText: (pct: string | null) => string;
    exit: string;
    exitText: (pct: string | null) => string;
    ongoingHeading: string;
    /** The management-fee label as the template wraps it, one line per entry. */
    management: string[];
    perYear: (pct: string) => string;
    transaction: string;
    transactionText: (pct: string) => string;
    incidental: string;
    performanceFee: string;
    performanceFeeText: (pct: string | null) => string;
    holdHeading: string;
    complaintsHeading: string;
    otherHeading: string;
  };
  kiid: {
    title: string;
    intro: string;
    managementCompany: string;
    objectivesHeading: string;
    benchmark: string;
    riskHeading: string;
    lowerHigher: [string, string];
    category: (srri: number) => string;
    chargesHeading: string;
    oneOff: string;
    entry: string;
    exit: string;
    none: string;
    yearly: string;
    /** The ongoing-charges label, split where two-column KIIDs break it. */
    ongoing: [string, string];
    conditional: string;
    performanceFee: string;
    practicalHeading: string;
    accurate: (date: string) => string;
  };
}
